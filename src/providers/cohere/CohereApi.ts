/**
 * Wire Schemas of the Cohere v2 API: the chat response, the chat stream
 * events, the embed and rerank responses and the error body. Ports of
 * upstream's zod schemas in `@ai-sdk/cohere` 4.0.52 (`cohere-chat-language-model.ts`,
 * `cohere-embedding-model.ts`, `reranking/cohere-reranking-api.ts`,
 * `cohere-error.ts`); like them they declare only what the models read,
 * undeclared object keys are dropped on decode (zod `z.object`), except in
 * `usage` and its token objects (`z.looseObject`), which keep every key
 * (the usage is returned as `usage.raw`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Embedding } from "../../contract/Embedding.ts"
import { nullishKey } from "../../contract/Fields.ts"

const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

const loose = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Json)])

const Tokens = loose({ input_tokens: Schema.Number, output_tokens: Schema.Number })

/**
 * Token usage, every key kept.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Usage = loose({
  billed_units: nullishKey(Tokens),
  tokens: Tokens,
  cached_tokens: nullishKey(Schema.Number)
})

/**
 * Token usage.
 *
 * @since 0.1.0
 * @category models
 */
export type Usage = typeof Usage.Type

const TextContent = Schema.Struct({ type: Schema.Literal("text"), text: Schema.String })
const ThinkingContent = Schema.Struct({ type: Schema.Literal("thinking"), thinking: Schema.String })

const ToolCall = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("function"),
  function: Schema.Struct({ name: Schema.String, arguments: Schema.String })
})

/**
 * A citation of the chat response, with the documents it cites.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Citation = Schema.Struct({
  start: Schema.Number,
  end: Schema.Number,
  text: Schema.String,
  sources: Schema.Array(Schema.Struct({
    type: optional(Schema.String),
    id: optional(Schema.String),
    document: Schema.Struct({ id: optional(Schema.String), text: Schema.String, title: Schema.String })
  })),
  type: optional(Schema.String)
})

/**
 * A citation of the chat response.
 *
 * @since 0.1.0
 * @category models
 */
export type Citation = typeof Citation.Type

/**
 * The non-streamed chat response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatResponse = Schema.Struct({
  generation_id: nullishKey(Schema.String),
  message: Schema.Struct({
    role: Schema.String,
    content: nullishKey(Schema.Array(Schema.Union([TextContent, ThinkingContent]))),
    tool_plan: nullishKey(Schema.String),
    tool_calls: nullishKey(Schema.Array(ToolCall)),
    citations: nullishKey(Schema.Array(Citation))
  }),
  finish_reason: Schema.String,
  usage: Usage
})

/**
 * The non-streamed chat response.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatResponse = typeof ChatResponse.Type

const deltaMessage = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ message: Schema.Struct(fields) })

/**
 * One chat stream event (upstream's discriminated union: any other `type` fails validation).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatChunk = Schema.Union([
  Schema.Struct({ type: Schema.Literal("citation-start") }),
  Schema.Struct({ type: Schema.Literal("citation-end") }),
  Schema.Struct({
    type: Schema.Literal("content-start"),
    index: Schema.Number,
    delta: deltaMessage({ content: Schema.Union([TextContent, ThinkingContent]) })
  }),
  Schema.Struct({
    type: Schema.Literal("content-delta"),
    index: Schema.Number,
    delta: deltaMessage({
      // zod union order: a content with both keys decodes as text
      content: Schema.Union([Schema.Struct({ text: Schema.String }), Schema.Struct({ thinking: Schema.String })])
    })
  }),
  Schema.Struct({ type: Schema.Literal("content-end"), index: Schema.Number }),
  Schema.Struct({ type: Schema.Literal("message-start"), id: nullishKey(Schema.String) }),
  Schema.Struct({
    type: Schema.Literal("message-end"),
    delta: Schema.Struct({ finish_reason: Schema.String, usage: Usage })
  }),
  Schema.Struct({ type: Schema.Literal("tool-plan-delta"), delta: deltaMessage({ tool_plan: Schema.String }) }),
  Schema.Struct({ type: Schema.Literal("tool-call-start"), delta: deltaMessage({ tool_calls: ToolCall }) }),
  Schema.Struct({
    type: Schema.Literal("tool-call-delta"),
    delta: deltaMessage({ tool_calls: Schema.Struct({ function: Schema.Struct({ arguments: Schema.String }) }) })
  }),
  Schema.Struct({ type: Schema.Literal("tool-call-end") })
])

/**
 * One chat stream event.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatChunk = typeof ChatChunk.Type

/**
 * The embed response (float embeddings only, as upstream requests).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbedResponse = Schema.Struct({
  // one loop per vector (`Embedding`), not a Schema per number: vectors are large and many
  embeddings: Schema.Struct({ float: Schema.Array(Embedding) }),
  meta: Schema.Struct({ billed_units: Schema.Struct({ input_tokens: Schema.Number }) })
})

/**
 * The embed response.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbedResponse = typeof EmbedResponse.Type

/**
 * The rerank response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RerankResponse = Schema.Struct({
  id: nullishKey(Schema.String),
  results: Schema.Array(Schema.Struct({ index: Schema.Number, relevance_score: Schema.Number })),
  meta: Schema.Unknown
})

/**
 * The rerank response.
 *
 * @since 0.1.0
 * @category models
 */
export type RerankResponse = typeof RerankResponse.Type

/**
 * The error body (`{ message }`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorData = Schema.Struct({ message: Schema.String })

/**
 * The error body.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorData = typeof ErrorData.Type
