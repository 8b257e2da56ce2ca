/**
 * The OpenAI chat tool-input encoder (spec §4): the `arguments` string sent
 * for an assistant tool call, upstream `serializeToolCallArguments`.
 *
 * A string is sent as-is when it parses (securely) to a plain object, else
 * `'{}'`; a plain object is serialized; anything else (null, numbers, arrays,
 * undefined) becomes `'{}'`.
 *
 * @internal
 */
import { Predicate, Result } from "effect"
import { secureJsonParse } from "../../../../runtime/ParseJson.ts"
import { stringifyWithBigIntAndCycles } from "../../../../provider-utils/StringifyWithBigIntAndCycles.ts"

/**
 * `undefined` only where `JSON.stringify` gives it, a plain object whose
 * `toJSON` returns `undefined` (the key then leaves the body, as upstream).
 *
 * @internal
 */
export const encodeToolCallArguments = (input: unknown): string | undefined => {
  if (typeof input === "string") {
    const parsed = secureJsonParse(input)
    return Result.isSuccess(parsed) && Predicate.isObject(parsed.success) ? input : "{}"
  }
  return stringifyWithBigIntAndCycles(Predicate.isObject(input) ? input : {})
}
