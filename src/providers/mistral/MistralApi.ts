/**
 * Wire Schemas of the Mistral chat completions and embeddings APIs: the chat
 * response, the stream chunk, the embeddings response and the error body.
 * Ports of upstream's zod schemas in `@ai-sdk/mistral` 4.0.87
 * (`mistral-chat-language-model.ts`, `convert-mistral-usage.ts`,
 * `mistral-embedding-model.ts`, `mistral-error.ts`); like them they declare
 * only what the models read, undeclared object keys are dropped on decode
 * (zod `z.object`), except in `usage` and its token details (`.catchall`),
 * which keep every key (the usage is returned as `usage.raw`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Embedding } from "../../contract/Embedding.ts"
import { nullishKey } from "../../contract/Fields.ts"

const loose = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Json)])

const PromptTokensDetails = loose({
  messages: nullishKey(Schema.Array(Schema.Json)),
  cached_tokens: nullishKey(Schema.Number),
  audio_tokens: nullishKey(Schema.Number)
})

/**
 * Token usage, every key kept (upstream `mistralUsageSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Usage = loose({
  prompt_tokens: Schema.Number,
  completion_tokens: Schema.Number,
  total_tokens: Schema.Number,
  prompt_audio_seconds: nullishKey(Schema.Number),
  request_count: nullishKey(Schema.Number),
  service_tier: nullishKey(Schema.String),
  num_cached_tokens: nullishKey(Schema.Number),
  prompt_tokens_details: nullishKey(PromptTokensDetails),
  prompt_token_details: nullishKey(PromptTokensDetails),
  completion_tokens_details: nullishKey(loose({ reasoning_tokens: nullishKey(Schema.Number) }))
})

/**
 * Token usage.
 *
 * @since 0.1.0
 * @category models
 */
export type Usage = typeof Usage.Type

const TextChunk = Schema.Struct({ type: Schema.Literal("text"), text: Schema.String })

/**
 * A message content: a string, or chunks of text, images, references and thinking (upstream
 * `mistralContentSchema`; any other chunk type fails validation).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Content = Schema.Union([
  Schema.String,
  Schema.Array(Schema.Union([
    TextChunk,
    Schema.Struct({
      type: Schema.Literal("image_url"),
      image_url: Schema.Union([Schema.String, Schema.Struct({ url: Schema.String, detail: Schema.NullOr(Schema.String) })])
    }),
    Schema.Struct({ type: Schema.Literal("reference"), reference_ids: Schema.Array(Schema.Union([Schema.String, Schema.Number])) }),
    Schema.Struct({ type: Schema.Literal("thinking"), thinking: Schema.Array(TextChunk) })
  ]))
])

/**
 * A message content.
 *
 * @since 0.1.0
 * @category models
 */
export type Content = typeof Content.Type

/**
 * The non-streamed chat response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatResponse = Schema.Struct({
  id: nullishKey(Schema.String),
  created: nullishKey(Schema.Number),
  model: nullishKey(Schema.String),
  choices: Schema.Array(Schema.Struct({
    message: Schema.Struct({
      role: Schema.Literal("assistant"),
      content: nullishKey(Content),
      tool_calls: nullishKey(Schema.Array(Schema.Struct({
        id: Schema.String,
        function: Schema.Struct({ name: Schema.String, arguments: Schema.String })
      })))
    }),
    index: Schema.Number,
    finish_reason: nullishKey(Schema.String)
  })),
  object: Schema.Literal("chat.completion"),
  usage: Usage
})

/**
 * The non-streamed chat response.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatResponse = typeof ChatResponse.Type

/**
 * One streamed tool-call delta.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCallDelta = Schema.Struct({
  index: nullishKey(Schema.Number),
  id: nullishKey(Schema.String),
  function: Schema.Struct({ name: nullishKey(Schema.String), arguments: nullishKey(Schema.String) })
})

/**
 * One streamed tool-call delta.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCallDelta = typeof ToolCallDelta.Type

/**
 * One chat stream chunk.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatChunk = Schema.Struct({
  id: nullishKey(Schema.String),
  created: nullishKey(Schema.Number),
  model: nullishKey(Schema.String),
  choices: Schema.Array(Schema.Struct({
    delta: Schema.Struct({
      role: Schema.optionalKey(Schema.Literal("assistant")),
      content: nullishKey(Content),
      tool_calls: nullishKey(Schema.Array(ToolCallDelta))
    }),
    finish_reason: nullishKey(Schema.String),
    index: Schema.Number
  })),
  usage: nullishKey(Usage)
})

/**
 * One chat stream chunk.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatChunk = typeof ChatChunk.Type

/**
 * The embeddings response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingResponse = Schema.Struct({
  // one loop per vector (`Embedding`), not a Schema per number: vectors are large and many
  data: Schema.Array(Schema.Struct({ embedding: Embedding })),
  usage: nullishKey(Schema.Struct({ prompt_tokens: Schema.Number }))
})

/**
 * The embeddings response.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingResponse = typeof EmbeddingResponse.Type

/**
 * The error body (upstream `mistralErrorDataSchema`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = Schema.Struct({
  object: Schema.Literal("error"),
  message: Schema.String,
  type: Schema.String,
  param: Schema.NullOr(Schema.String),
  code: Schema.NullOr(Schema.String)
})

/**
 * The error body.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorData = typeof ErrorData.Type
