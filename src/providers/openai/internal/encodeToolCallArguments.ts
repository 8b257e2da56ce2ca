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
import { Result } from "effect"
import { secureJsonParse } from "../../../provider-utils/ParseJson.ts"

const isPlainObject = (u: unknown): boolean => typeof u === "object" && u !== null && !Array.isArray(u)

/** @internal */
export const encodeToolCallArguments = (input: unknown): string => {
  if (typeof input === "string") {
    const parsed = secureJsonParse(input)
    return Result.isSuccess(parsed) && isPlainObject(parsed.success) ? input : "{}"
  }
  return stringifyWithBigIntAndCycles(isPlainObject(input) ? input : {})
}

/**
 * Upstream `stringifyWithBigIntAndCycles`: BigInt as decimal strings, ancestor
 * cycles as `"[Circular]"`.
 *
 * @internal
 */
export const stringifyWithBigIntAndCycles = (value: unknown): string => {
  const ancestors: Array<unknown> = []
  return JSON.stringify(value, function(this: unknown, _key, v: unknown) {
    if (typeof v === "bigint") return v.toString()
    if (typeof v !== "object" || v === null) return v
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop()
    if (ancestors.includes(v)) return "[Circular]"
    ancestors.push(v)
    return v
  })
}
