/**
 * Wire Schemas of the Groq chat completions API: Effect Schema ports of
 * upstream's zod schemas (`groq-chat-language-model.ts`, `groq-error.ts`).
 * zod `object` drops unknown keys, and so do these structs.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullish } from "../../contract/Fields.ts"


/**
 * Token usage (strict object: unknown keys dropped; reported as `usage.raw`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TokenUsage = Schema.Struct({
  prompt_tokens: nullish(Schema.Number),
  completion_tokens: nullish(Schema.Number),
  total_tokens: nullish(Schema.Number),
  prompt_tokens_details: nullish(Schema.Struct({ cached_tokens: nullish(Schema.Number) })),
  completion_tokens_details: nullish(Schema.Struct({ reasoning_tokens: nullish(Schema.Number) }))
})

/**
 * Token usage.
 *
 * @since 0.1.0
 * @category models
 */
export type TokenUsage = typeof TokenUsage.Type

/**
 * Groq's error payload.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = Schema.Struct({
  error: Schema.Struct({ message: Schema.String, type: Schema.String })
})

/**
 * Groq's error payload.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorData = typeof ErrorData.Type

/**
 * A streamed tool-call delta (`index` required, `type` optional but not null).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCallDelta = Schema.Struct({
  index: Schema.Number,
  id: nullish(Schema.String),
  type: Schema.optional(Schema.Literal("function")),
  function: Schema.Struct({ name: nullish(Schema.String), arguments: nullish(Schema.String) })
})

/**
 * A chunk of a streamed chat completion.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChunkBase = Schema.Struct({
  id: nullish(Schema.String),
  created: nullish(Schema.Number),
  model: nullish(Schema.String),
  choices: Schema.Array(Schema.Struct({
    delta: nullish(Schema.Struct({
      content: nullish(Schema.String),
      reasoning: nullish(Schema.String),
      tool_calls: nullish(Schema.Array(ToolCallDelta))
    })),
    finish_reason: nullish(Schema.String),
    index: Schema.Number
  })),
  x_groq: nullish(Schema.Struct({ usage: nullish(TokenUsage) }))
})

/**
 * A chunk of a streamed chat completion.
 *
 * @since 0.1.0
 * @category models
 */
export type ChunkBase = typeof ChunkBase.Type

/**
 * A stream chunk: a completion chunk or an error payload.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Chunk = Schema.Union([ChunkBase, ErrorData])

/**
 * A non-streamed chat completion.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatResponse = Schema.Struct({
  id: nullish(Schema.String),
  created: nullish(Schema.Number),
  model: nullish(Schema.String),
  choices: Schema.Array(Schema.Struct({
    message: Schema.Struct({
      content: nullish(Schema.String),
      reasoning: nullish(Schema.String),
      tool_calls: nullish(Schema.Array(Schema.Struct({
        id: nullish(Schema.String),
        type: Schema.Literal("function"),
        function: Schema.Struct({ name: Schema.String, arguments: Schema.String })
      })))
    }),
    index: Schema.Number,
    finish_reason: nullish(Schema.String)
  })),
  usage: nullish(TokenUsage)
})

/**
 * A non-streamed chat completion.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatResponse = typeof ChatResponse.Type
