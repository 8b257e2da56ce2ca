/**
 * Per-type decoding of Responses stream events, as upstream's zod union:
 * a modeled type is validated by its own Schema (a failure is a
 * `TypeValidationError` of the raw value), an unmodeled type (or an output
 * item event whose item type is unmodeled) becomes `unknown_chunk`. One
 * compiled validator per event type keeps the hot `output_text.delta` path
 * on the generated fast decoder.
 *
 * @internal
 */
import { Predicate } from "effect"
import { makeSafeValidate, type ParseResult } from "../../../../../runtime/ParseJson.ts"
import { JSONParseError } from "../../../../../contract/errors/JSONParseError.ts"
import { TypeValidationError } from "../../../../../contract/errors/TypeValidationError.ts"
import { type Chunk, chunkSchemas, modeledOutputItemTypes } from "../OpenAIResponsesApi.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

type Validator = (value: unknown) => ParseResult<Chunk>

// Built on an event type's first use, not at import: compiling all of them cost about 10 ms of a
// program's start (`npm run bench`, workload C), and most programs see a handful of types.
const schemas = new Map(Object.entries(chunkSchemas))
const validators = new Map<string, Validator>()
const validatorOf = (type: string): Validator | undefined => {
  const known = validators.get(type)
  if (known !== undefined) return known
  const schema = schemas.get(type)
  if (schema === undefined) return undefined
  const validator = makeSafeValidate(schema)
  validators.set(type, validator)
  return validator
}

const isModeled = (value: object, type: string): boolean => {
  if (!schemas.has(type)) return false
  if (type !== "response.output_item.added" && type !== "response.output_item.done") return true
  const item: unknown = Reflect.get(value, "item")
  if (!Predicate.isObject(item) || Array.isArray(item)) return true
  const itemType: unknown = Reflect.get(item, "type")
  return typeof itemType !== "string" || modeledOutputItemTypes.has(itemType)
}

/**
 * Decodes one parsed event.
 *
 * @internal
 */
export const decodeChunk = (raw: unknown): ParseResult<Chunk> => {
  if (Predicate.isObject(raw) && !Array.isArray(raw)) {
    const type: unknown = Reflect.get(raw, "type")
    if (typeof type === "string") {
      if (!isModeled(raw, type)) return { success: true, value: { type: "unknown_chunk", message: type }, rawValue: raw }
      const validator = validatorOf(type)
      if (validator !== undefined) return validator(raw)
    }
  }
  return invalidEvent(raw)
}

// Upstream's TypeValidationError prints the value; one nested too deep to print throws a RangeError
// there, which its safeParseJSON turns into a JSONParseError (never a defect here).
const invalidEvent = (raw: unknown): ParseResult<Chunk> => {
  const unprintable = WireJson.unprintableFailure(raw)
  if (unprintable !== undefined) return { success: false, error: unprintable, rawValue: undefined }
  return { success: false, error: new TypeValidationError({ value: raw, cause: new Error("Invalid Responses stream event") }), rawValue: raw }
}
