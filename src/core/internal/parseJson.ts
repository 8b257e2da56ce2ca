/**
 * Secure JSON parsing and validation for tool inputs, ported from `@ai-sdk/provider-utils`
 * (`secure-json-parse.ts`, `parse-json.ts`, `validate-types.ts`). It lives in core because core
 * may not import provider-utils.
 *
 * The secure parse rejects objects with a `__proto__` key, or a `constructor` key whose value has
 * a `prototype` key, with a `SyntaxError` (adapted from fastify/secure-json-parse, BSD-3-Clause,
 * as upstream). Failures are returned, not thrown.
 *
 * @internal
 */
import { Cause, Effect, Schema } from "effect"
import { JSONParseError } from "../../spec/errors/JSONParseError.ts"
import { TypeValidationError } from "../../spec/errors/TypeValidationError.ts"
import type { InputSchema } from "../Tool.ts"
import { isJsonSchemaInput } from "../Tool.ts"

const suspectProtoRx =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/
const suspectConstructorRx =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/

const hasOwn = (u: object, key: string): boolean => Object.prototype.hasOwnProperty.call(u, key)

/** Breadth-first scan for forbidden prototype keys, in upstream's order. */
const hasForbiddenKeys = (root: object): boolean => {
  let next: Array<object> = [root]
  while (next.length > 0) {
    const nodes = next
    next = []
    for (const node of nodes) {
      if (hasOwn(node, "__proto__")) return true
      const ctor: unknown = hasOwn(node, "constructor") ? Reflect.get(node, "constructor") : undefined
      if (ctor !== null && typeof ctor === "object" && hasOwn(ctor, "prototype")) return true
      for (const key in node) {
        const value: unknown = Reflect.get(node, key)
        if (value && typeof value === "object") next.push(value)
      }
    }
  }
  return false
}

/** Outcome of a parse or a validation (upstream `ParseResult`). */
export type ParseResult<A> =
  | { readonly success: true; readonly value: A; readonly rawValue: unknown }
  | { readonly success: false; readonly error: JSONParseError | TypeValidationError; readonly rawValue: unknown }

const jsonParse = (text: string): { readonly ok: true; readonly value: unknown } | {
  readonly ok: false
  readonly cause: unknown
} => {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (cause) {
    return { ok: false, cause }
  }
}

/**
 * Secure `JSON.parse` without a schema (upstream `safeParseJSON({text})`).
 *
 * @internal
 */
export const safeParseJson = (text: string): ParseResult<unknown> => {
  const parsed = jsonParse(text)
  if (!parsed.ok) return { success: false, error: new JSONParseError({ text, cause: parsed.cause }), rawValue: undefined }
  const value = parsed.value
  if (
    value !== null && typeof value === "object" &&
    (suspectProtoRx.test(text) || suspectConstructorRx.test(text)) && hasForbiddenKeys(value)
  ) {
    const cause = new SyntaxError("Object contains forbidden prototype property")
    return { success: false, error: new JSONParseError({ text, cause }), rawValue: undefined }
  }
  return { success: true, value, rawValue: value }
}

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
  schema: InputSchema<unknown> | undefined
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
        : Effect.succeed<ParseResult<unknown>>({
          success: false,
          error: TypeValidationError.wrap({ value, cause: Cause.squash(cause) }),
          rawValue: value
        })
    )
  )
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
  return parsed.success ? safeValidate(parsed.value, schema) : Effect.succeed(parsed)
}
