/**
 * Upstream `standardizePrompt` checks of a generation's prompt: `instructions` (upstream's new
 * name of `system`, which wins), no empty message list, and no system message in `prompt` /
 * `messages` unless `allowSystemInMessages` (upstream's prompt-injection guard).
 *
 * @internal
 */
import { Effect } from "effect"
import { InvalidPromptError } from "../../contract/errors/InvalidPromptError.ts"
import type { ModelMessage } from "../ModelMessage.ts"

/** The prompt options upstream standardizes. @internal */
export interface PromptOptions {
  readonly system?: string | undefined
  readonly instructions?: string | undefined
  readonly prompt?: string | ReadonlyArray<ModelMessage> | undefined
  readonly messages?: ReadonlyArray<ModelMessage> | undefined
  readonly allowSystemInMessages?: boolean | undefined
}

/** `system` as the generation uses it: `instructions` when given (upstream). @internal */
export const withInstructions = <O extends PromptOptions>(options: O): O =>
  options.instructions === undefined ? options : { ...options, system: options.instructions }

/** Fails as upstream's `standardizePrompt` throws. @internal */
export const standardizePrompt = (options: PromptOptions): Effect.Effect<void, InvalidPromptError> => {
  const messages: ReadonlyArray<ModelMessage> = options.prompt == null
    ? options.messages ?? []
    : typeof options.prompt === "string"
    ? [{ role: "user", content: options.prompt }]
    : options.prompt
  if (messages.length === 0) {
    return Effect.fail(new InvalidPromptError({ prompt: options.prompt, message: "messages must not be empty" }))
  }
  if (options.allowSystemInMessages !== true && messages.some((message) => message.role === "system")) {
    return Effect.fail(
      new InvalidPromptError({
        prompt: options.prompt,
        message: "System messages are not allowed in the prompt or messages fields. Use the instructions option instead."
      })
    )
  }
  return Effect.void
}
