/**
 * The Groq provider options (`providerOptions.groq`), as upstream's `groqLanguageModelOptions`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * Groq provider options (`providerOptions.groq`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const GroqChatOptions = Schema.Struct({
  reasoningFormat: Schema.optional(Schema.Literals(["parsed", "raw", "hidden"])),
  reasoningEffort: Schema.optional(Schema.Literals(["none", "default", "low", "medium", "high"])),
  parallelToolCalls: Schema.optional(Schema.Boolean),
  user: Schema.optional(Schema.String),
  structuredOutputs: Schema.optional(Schema.Boolean),
  strictJsonSchema: Schema.optional(Schema.Boolean),
  serviceTier: Schema.optional(Schema.Literals(["on_demand", "performance", "flex", "auto"]))
})

/**
 * Groq provider options.
 *
 * @since 0.1.0
 * @category models
 */
export type GroqChatOptions = typeof GroqChatOptions.Type

