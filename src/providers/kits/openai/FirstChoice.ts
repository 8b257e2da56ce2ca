/**
 * The first choice of a chat-completions response, which is all the OpenAI
 * family reads; a response without choices fails as upstream's `doGenerate`.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"

/**
 * `choices[0]`, or `InvalidResponseDataError("Response did not contain any
 * choices.")` carrying the raw response body.
 *
 * @since 0.1.0
 * @category utils
 */
export const firstChoice = <C>(
  response: { readonly choices: ReadonlyArray<C> },
  rawValue: unknown
): Effect.Effect<C, InvalidResponseDataError> => {
  const choice = response.choices[0]
  return choice == null
    ? Effect.fail(new InvalidResponseDataError({ data: rawValue, message: "Response did not contain any choices." }))
    : Effect.succeed(choice)
}
