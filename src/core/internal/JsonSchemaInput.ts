/**
 * A JSON Schema given directly as a tool input schema (upstream `jsonSchema(schema, {validate})`),
 * and `InputSchema`, the union with Effect Schemas. Re-exported by `Tool.ts`; here so that the
 * validation helpers of `internal/` depend on no public core module.
 *
 * @internal
 */
import type { Effect, Schema } from "effect"
import type { JsonSchema7 } from "../../contract/CallOptions.ts"

const JsonSchemaInputTypeId: unique symbol = Symbol.for("aimux/Tool/JsonSchemaInput")

/**
 * A JSON Schema given directly, with an optional validation (upstream `jsonSchema(schema,
 * {validate})`). Without `validate` every value is accepted as is.
 *
 * @since 0.1.0
 */
export interface JsonSchemaInput<A> {
  readonly [JsonSchemaInputTypeId]: typeof JsonSchemaInputTypeId
  readonly jsonSchema: JsonSchema7
  readonly validate?: ((value: unknown) => Effect.Effect<A, unknown>) | undefined
}

/**
 * Wraps a JSON Schema (and an optional validation Effect) as a tool input schema.
 *
 * @since 0.1.0
 */
export const jsonSchema = <A = unknown>(
  schema: JsonSchema7,
  options?: { readonly validate?: ((value: unknown) => Effect.Effect<A, unknown>) | undefined }
): JsonSchemaInput<A> => ({
  [JsonSchemaInputTypeId]: JsonSchemaInputTypeId,
  jsonSchema: schema,
  validate: options?.validate
})

/**
 * True for a value made by {@link jsonSchema}.
 *
 * @since 0.1.0
 */
export const isJsonSchemaInput = (u: unknown): u is JsonSchemaInput<unknown> =>
  typeof u === "object" && u !== null && JsonSchemaInputTypeId in u

/**
 * A tool input (or output) schema: an Effect Schema decoding the model's JSON to `A`, or a JSON
 * Schema given directly.
 *
 * @since 0.1.0
 */
export type InputSchema<A> = Schema.Decoder<A> | JsonSchemaInput<A>
