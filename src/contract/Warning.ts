/**
 * Call warnings (`SharedV4Warning`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"

/**
 * A feature the model does not support; the call went on without it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UnsupportedWarning = Schema.Struct({
  type: Schema.Literal("unsupported"),
  feature: Schema.String,
  details: optional(Schema.String)
})

/**
 * A feature used in a compatibility mode that may behave differently.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CompatibilityWarning = Schema.Struct({
  type: Schema.Literal("compatibility"),
  feature: Schema.String,
  details: optional(Schema.String)
})

/**
 * A deprecated setting.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeprecatedWarning = Schema.Struct({
  type: Schema.Literal("deprecated"),
  setting: Schema.String,
  message: Schema.String
})

/**
 * Any other warning.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OtherWarning = Schema.Struct({
  type: Schema.Literal("other"),
  message: Schema.String
})

/**
 * A warning returned with a model call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Warning = Schema.Union([UnsupportedWarning, CompatibilityWarning, DeprecatedWarning, OtherWarning])

/**
 * A warning returned with a model call.
 *
 * @since 0.1.0
 * @category models
 */
export type Warning = typeof Warning.Type
