/**
 * Validation of tool inputs against a tool's schema (upstream `validate-types.ts`,
 * `parse-json.ts` with a schema). The secure parse itself is the runtime's
 * (`src/runtime/ParseJson.ts`); what is core's is the tool-schema side (an Effect Schema or a
 * JSON Schema with its own `validate`). Failures are returned, not thrown.
 *
 * @internal
 */
import { Cause, Effect, Schema } from "effect"
import * as ParseJson from "../../runtime/ParseJson.ts"
import { JSONParseError } from "../../contract/errors/JSONParseError.ts"
import { TypeValidationError, type TypeValidationContext } from "../../contract/errors/TypeValidationError.ts"
import type { InputSchema } from "./JsonSchemaInput.ts"
import { isJsonSchemaInput } from "./JsonSchemaInput.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/** Outcome of a parse or a validation (upstream `ParseResult`). */
export type ParseResult<A> = ParseJson.ParseResult<A>

/**
 * Secure `JSON.parse` without a schema (upstream `safeParseJSON({text})`): the runtime's one.
 *
 * @internal
 */
export const safeParseJson: (text: string) => ParseResult<unknown> = ParseJson.safeParseJson

const decoders = new WeakMap<object, (u: unknown) => Effect.Effect<unknown, Schema.SchemaError>>()

const decoderOf = (schema: Schema.Decoder<unknown>) => {
  let decode = decoders.get(schema)
  if (decode === undefined) {
    decode = Schema.decodeUnknownEffect(schema)
    decoders.set(schema, decode)
  }
  return decode
}

/**
 * Validates a value against a tool schema (upstream `safeValidateTypes`): an Effect Schema
 * decodes it, a JSON Schema input runs its `validate` (none: accepted as is). Any failure or
 * defect of the validation becomes a `TypeValidationError` (as upstream catches everything);
 * interruption stays interruption.
 *
 * @internal
 */
export const safeValidate = (
  value: unknown,
  schema: InputSchema<unknown> | undefined,
  text?: string,
  context?: TypeValidationContext
): Effect.Effect<ParseResult<unknown>> => {
  if (schema === undefined) return Effect.succeed({ success: true, value, rawValue: value })
  let validation: Effect.Effect<unknown, unknown>
  if (isJsonSchemaInput(schema)) {
    const validate = schema.validate
    if (validate === undefined) return Effect.succeed({ success: true, value, rawValue: value })
    validation = Effect.suspend(() => validate(value))
  } else {
    validation = decoderOf(schema)(value)
  }
  return validation.pipe(
    Effect.map((decoded): ParseResult<unknown> => ({ success: true, value: decoded, rawValue: value })),
    Effect.catchCause((cause) =>
      Cause.hasInterrupts(cause)
        ? Effect.interrupt
        : Effect.sync(() => validationFailure(value, Cause.squash(cause), text, context))
    )
  )
}

// Upstream's TypeValidationError prints the value in its constructor; a value nested too deep to
// print throws a RangeError there, which upstream's safeParseJSON turns into a JSONParseError of
// the text (checked here only for a value nested over a thousand levels, iteratively).
const validationFailure = (
  value: unknown,
  cause: unknown,
  text: string | undefined,
  context: TypeValidationContext | undefined
): ParseResult<unknown> => {
  const unprintable = WireJson.unprintableFailure(value, text)
  if (unprintable !== undefined) return { success: false, error: unprintable, rawValue: undefined }
  return { success: false, error: TypeValidationError.wrap({ value, cause, context }), rawValue: value }
}

/**
 * Secure parse, then validation (upstream `safeParseJSON({text, schema})`).
 *
 * @internal
 */
export const safeParseJsonWith = (
  text: string,
  schema: InputSchema<unknown> | undefined
): Effect.Effect<ParseResult<unknown>> => {
  const parsed = safeParseJson(text)
  return parsed.success ? safeValidate(parsed.value, schema, text) : Effect.succeed(parsed)
}
