/**
 * Provider options of the OpenAI chat model (`providerOptions.openai`), the
 * Schema port of upstream `openaiLanguageModelChatOptions` and
 * `openaiChatMessageProviderOptions` (`@ai-sdk/openai` 4.0.118).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const maxLength = (n: number) => Schema.String.check(Schema.isMaxLength(n))

/**
 * Call-level options read from `providerOptions.openai` (and `azure` for Azure providers).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIChatOptions = Schema.Struct({
  logitBias: Schema.optional(Schema.Record(Schema.String, Schema.Number)),
  logprobs: Schema.optional(Schema.Union([Schema.Boolean, Schema.Number])),
  parallelToolCalls: Schema.optional(Schema.Boolean),
  user: Schema.optional(Schema.String),
  reasoningEffort: Schema.optional(Schema.Literals(["none", "minimal", "low", "medium", "high", "xhigh", "max"])),
  maxCompletionTokens: Schema.optional(Schema.Number),
  store: Schema.optional(Schema.Boolean),
  metadata: Schema.optional(Schema.Record(maxLength(64), maxLength(512))),
  prediction: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
  serviceTier: Schema.optional(Schema.Literals(["auto", "flex", "priority", "fast", "ultrafast", "default"])),
  strictJsonSchema: Schema.optional(Schema.Boolean),
  textVerbosity: Schema.optional(Schema.Literals(["low", "medium", "high"])),
  promptCacheKey: Schema.optional(Schema.String),
  promptCacheOptions: Schema.optional(Schema.Struct({
    mode: Schema.optional(Schema.Literals(["implicit", "explicit"])),
    ttl: Schema.optional(Schema.Literal("30m"))
  })),
  promptCacheRetention: Schema.optional(Schema.Literals(["in_memory", "24h"])),
  safetyIdentifier: Schema.optional(Schema.String),
  systemMessageMode: Schema.optional(Schema.Literals(["system", "developer", "remove"])),
  forceReasoning: Schema.optional(Schema.Boolean)
})

/**
 * Call-level OpenAI chat options.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatOptions = typeof OpenAIChatOptions.Type

/**
 * Message-level options (`providerOptions.openai` on a prompt message).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIChatMessageOptions = Schema.Struct({
  name: Schema.optional(Schema.String)
})

/**
 * Message-level options.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIChatMessageOptions = typeof OpenAIChatMessageOptions.Type
