/**
 * Finish reason: the unified value plus the provider's raw string.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { undefinedOr } from "./Fields.ts"

/**
 * The unified finish reasons (`interrupted` since provider 4.0.32).
 *
 * @since 0.1.0
 * @category schemas
 */
export const UnifiedFinishReason = Schema.Literals([
  "stop",
  "length",
  "content-filter",
  "tool-calls",
  "error",
  "interrupted",
  "other"
])

/**
 * The unified finish reasons.
 *
 * @since 0.1.0
 * @category models
 */
export type UnifiedFinishReason = typeof UnifiedFinishReason.Type

/**
 * Why a model call finished: `{ unified, raw }`, `raw` possibly undefined (key always present).
 *
 * @since 0.1.0
 * @category schemas
 */
export const FinishReason = Schema.Struct({
  unified: UnifiedFinishReason,
  raw: undefinedOr(Schema.String)
})

/**
 * Why a model call finished.
 *
 * @since 0.1.0
 * @category models
 */
export type FinishReason = typeof FinishReason.Type
