/**
 * The DeepSeek provider options (`providerOptions.deepseek`), as upstream's.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * DeepSeek provider options (`providerOptions.deepseek`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeepSeekChatOptions = Schema.Struct({
  logprobs: Schema.optional(Schema.Boolean),
  topLogprobs: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 20 }))),
  userId: Schema.optional(
    Schema.String.check(Schema.isPattern(/^[a-zA-Z0-9_-]+$/), Schema.isMaxLength(512))
  ),
  thinking: Schema.optional(Schema.Struct({
    type: Schema.optional(Schema.Literals(["adaptive", "enabled", "disabled"]))
  })),
  reasoningEffort: Schema.optional(Schema.Literals(["low", "medium", "high", "xhigh", "max"])),
  strictJsonSchema: Schema.optional(Schema.Boolean)
})

/**
 * DeepSeek provider options.
 *
 * @since 0.1.0
 * @category models
 */
export type DeepSeekChatOptions = typeof DeepSeekChatOptions.Type

