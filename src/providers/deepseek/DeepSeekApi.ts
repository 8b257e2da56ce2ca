/**
 * Wire Schemas of the DeepSeek chat completions API: Effect Schema ports of
 * upstream's zod schemas (`deepseek-chat-api-types.ts`). Usage is loose
 * (unknown keys kept, reported as `usage.raw`); everything else drops unknown keys.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { OpenAIFamilyErrorData } from "../kits/openai/ErrorData.ts"
import { nullish } from "../../contract/Fields.ts"

const Rest = Schema.Record(Schema.String, Schema.Json)

/**
 * Token usage (loose).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TokenUsage = Schema.StructWithRest(
  Schema.Struct({
    prompt_tokens: nullish(Schema.Number),
    completion_tokens: nullish(Schema.Number),
    prompt_cache_hit_tokens: nullish(Schema.Number),
    prompt_cache_miss_tokens: nullish(Schema.Number),
    total_tokens: nullish(Schema.Number),
    prompt_tokens_details: nullish(Schema.StructWithRest(Schema.Struct({ cached_tokens: nullish(Schema.Number) }), [Rest])),
    completion_tokens_details: nullish(
      Schema.StructWithRest(Schema.Struct({ reasoning_tokens: nullish(Schema.Number) }), [Rest])
    )
  }),
  [Rest]
)

/**
 * Token usage.
 *
 * @since 0.1.0
 * @category models
 */
export type TokenUsage = typeof TokenUsage.Type

/**
 * DeepSeek's error payload (the OpenAI-family one, as upstream's `deepSeekErrorSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = OpenAIFamilyErrorData

/**
 * DeepSeek's error payload.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorData = typeof ErrorData.Type

/**
 * One token's log probability.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Logprob = Schema.Struct({
  token: Schema.String,
  logprob: Schema.Number,
  bytes: Schema.NullOr(Schema.Array(Schema.Number)),
  top_logprobs: Schema.Array(Schema.Struct({
    token: Schema.String,
    logprob: Schema.Number,
    bytes: Schema.NullOr(Schema.Array(Schema.Number))
  }))
})

/**
 * One token's log probability.
 *
 * @since 0.1.0
 * @category models
 */
export type Logprob = typeof Logprob.Type

const Logprobs = nullish(Schema.Struct({
  content: nullish(Schema.Array(Logprob)),
  reasoning_content: nullish(Schema.Array(Logprob))
}))

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
  object: nullish(Schema.Literal("chat.completion.chunk")),
  system_fingerprint: nullish(Schema.String),
  choices: Schema.Array(Schema.Struct({
    index: nullish(Schema.Number),
    delta: nullish(Schema.Struct({
      role: nullish(Schema.Literal("assistant")),
      content: nullish(Schema.String),
      reasoning_content: nullish(Schema.String),
      tool_calls: nullish(Schema.Array(Schema.Struct({
        index: Schema.Number,
        id: nullish(Schema.String),
        type: nullish(Schema.Literal("function")),
        function: Schema.Struct({ name: nullish(Schema.String), arguments: nullish(Schema.String) })
      })))
    })),
    logprobs: Logprobs,
    finish_reason: nullish(Schema.String)
  })),
  usage: nullish(TokenUsage)
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
  object: nullish(Schema.Literal("chat.completion")),
  system_fingerprint: nullish(Schema.String),
  choices: Schema.Array(Schema.Struct({
    index: nullish(Schema.Number),
    message: Schema.Struct({
      role: nullish(Schema.Literal("assistant")),
      content: nullish(Schema.String),
      reasoning_content: nullish(Schema.String),
      tool_calls: nullish(Schema.Array(Schema.Struct({
        id: nullish(Schema.String),
        type: nullish(Schema.Literal("function")),
        function: Schema.Struct({ name: Schema.String, arguments: Schema.String })
      })))
    }),
    logprobs: Logprobs,
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
