/**
 * The reranking model contract (`RerankingModelV4`, `@ai-sdk/provider` 4.0.38
 * `src/reranking-model/v4/*`): call options and the result of `doRerank`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HeadersWithUndefined } from "./CallOptions.ts"
import { optional } from "./Fields.ts"
import { JsonObject, UnknownValue } from "./Json.ts"
import { Headers, ProviderMetadata, ProviderOptions } from "./ProviderMetadata.ts"
import { Warning } from "./Warning.ts"

/**
 * Documents to rerank: texts, or JSON objects.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RerankingDocuments = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text"), values: Schema.Array(Schema.String) }),
  Schema.Struct({ type: Schema.Literal("object"), values: Schema.Array(JsonObject) })
])

/**
 * Documents to rerank.
 *
 * @since 0.1.0
 * @category models
 */
export type RerankingDocuments = typeof RerankingDocuments.Type

/**
 * Call options of `doRerank` (`RerankingModelV4CallOptions`); no `abortSignal`: cancelling is
 * interrupting the fiber.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RerankingCallOptions = Schema.Struct({
  documents: RerankingDocuments,
  query: Schema.String,
  topN: optional(Schema.Number),
  providerOptions: optional(ProviderOptions),
  headers: optional(HeadersWithUndefined)
})

/**
 * Call options of `doRerank`.
 *
 * @since 0.1.0
 * @category models
 */
export type RerankingCallOptions = typeof RerankingCallOptions.Type

/**
 * One ranked document: its index before reranking and its relevance score.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RankedDocument = Schema.Struct({ index: Schema.Number, relevanceScore: Schema.Number })

/**
 * One ranked document.
 *
 * @since 0.1.0
 * @category models
 */
export type RankedDocument = typeof RankedDocument.Type

/**
 * The result of `doRerank` (`RerankingModelV4Result`): the ranking by descending relevance.
 * `response.timestamp` is a `Date` in memory and an ISO-8601 string in JSON form.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RerankingResult = Schema.Struct({
  ranking: Schema.Array(RankedDocument),
  providerMetadata: optional(ProviderMetadata),
  warnings: optional(Schema.Array(Warning)),
  response: optional(Schema.Struct({
    id: optional(Schema.String),
    timestamp: optional(Schema.Date),
    modelId: optional(Schema.String),
    headers: optional(Headers),
    body: optional(UnknownValue)
  }))
})

/**
 * The result of `doRerank`.
 *
 * @since 0.1.0
 * @category models
 */
export type RerankingResult = typeof RerankingResult.Type
