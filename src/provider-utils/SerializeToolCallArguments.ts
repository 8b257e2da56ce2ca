/**
 * A tool call's input as the `function.arguments` of a replayed assistant
 * message, as openai-compatible and Groq encode it (spec §4; OpenAI chat and
 * DeepSeek use other rules).
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import { secureJsonParse } from "../runtime/ParseJson.ts"
import { stringifyWithBigIntAndCycles } from "./StringifyWithBigIntAndCycles.ts"

/**
 * A string that parses as JSON (any JSON) is sent as it is, another string is
 * JSON-quoted, anything else is stringified (`undefined` stays `undefined`, so
 * the key disappears from the body).
 *
 * @since 0.1.0
 * @category utils
 */
export const serializeToolCallArguments = (input: unknown): string | undefined => {
  if (typeof input === "string") {
    return Result.isSuccess(secureJsonParse(input)) ? input : JSON.stringify(input)
  }
  return stringifyWithBigIntAndCycles(input)
}
