/**
 * `StringifyJson`: `JSON.stringify` of a value that came from the network, bounded with a typed
 * failure. V8's `JSON.parse` does not recurse, so a body can decode to a value nested 10^5 deep
 * that `JSON.stringify` then overflows the stack on; here that `RangeError` is an
 * `AI_JSONParseError` (the error upstream's `safeParseJSON` gives for a value too deep to
 * validate), never a defect.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import { JSONParseError } from "../contract/errors/JSONParseError.ts"

/** The text of a JSONParseError for a value that could not be printed. */
const unprintable = "[value nested too deeply to print]"

/**
 * The JSON text of `value`, or a `JSONParseError` (cause: what `JSON.stringify` threw, or a
 * `TypeError` when `value` has no JSON text, as `undefined` or a function).
 *
 * @since 0.1.0
 * @category parsing
 */
export const stringifyJson = (value: unknown): Result.Result<string, JSONParseError> => {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (cause) {
    return Result.fail(new JSONParseError({ text: unprintable, cause }))
  }
  return text === undefined
    ? Result.fail(new JSONParseError({ text: unprintable, cause: new TypeError("value has no JSON text") }))
    : Result.succeed(text)
}
