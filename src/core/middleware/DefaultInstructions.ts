/**
 * `defaultInstructionsMiddleware`: system messages put before the prompt of every call whose
 * prompt has no system message yet (upstream `ai/src/middleware/default-instructions-middleware.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { ProviderOptions } from "../../contract/ProviderMetadata.ts"
import type { Message } from "../../contract/Prompt.ts"
import type { Middleware } from "./Middleware.ts"

/**
 * One system message of the instructions.
 *
 * @since 0.1.0
 * @category models
 */
export interface SystemMessage {
  readonly role: "system"
  readonly content: string
  readonly providerOptions?: ProviderOptions | undefined
}

/**
 * Upstream's `Instructions`: a text, a system message, or several.
 *
 * @since 0.1.0
 * @category models
 */
export type Instructions = string | SystemMessage | ReadonlyArray<SystemMessage>

const isMany = (instructions: Instructions): instructions is ReadonlyArray<SystemMessage> => Array.isArray(instructions)

const toMessages = (instructions: Instructions): ReadonlyArray<Message> =>
  typeof instructions === "string"
    ? [{ role: "system", content: instructions }]
    : (isMany(instructions) ? instructions : [instructions]).map((message): Message =>
      message.providerOptions === undefined
        ? { role: "system", content: message.content }
        : { role: "system", content: message.content, providerOptions: message.providerOptions }
    )

/**
 * The middleware adding `instructions` where the prompt has no system message.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (instructions: Instructions): Middleware => {
  const defaults = toMessages(instructions)
  return {
    transformParams: ({ params }) =>
      Effect.succeed(
        defaults.length === 0 || params.prompt.some((message) => message.role === "system")
          ? params
          : { ...params, prompt: [...defaults, ...params.prompt] }
      )
  }
}
