/**
 * The OpenAI-compatible provider options (`providerOptions.openaiCompatible` / `<name>`), as upstream's
 * `openaiCompatibleLanguageModelChatOptions`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * The provider options upstream reads (`openaiCompatibleLanguageModelChatOptions`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatOptions = Schema.Struct({
  user: Schema.optional(Schema.String),
  reasoningEffort: Schema.optional(Schema.NullOr(Schema.String)),
  textVerbosity: Schema.optional(Schema.String),
  strictJsonSchema: Schema.optional(Schema.Boolean)
})

/**
 * The provider options upstream reads.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatOptions = typeof ChatOptions.Type

