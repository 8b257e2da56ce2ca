/**
 * Cohere provider options (`providerOptions.cohere`), as Schemas (upstream
 * `cohere-chat-language-model-options.ts`, `cohere-embedding-model-options.ts`
 * and `reranking/cohere-reranking-model-options.ts` of `@ai-sdk/cohere` 4.0.52).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const opt = Schema.optionalKey

/**
 * Call options of the chat model: `thinking` (`type` `enabled` | `disabled`, `tokenBudget`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatOptions = Schema.Struct({
  thinking: opt(Schema.Struct({
    type: opt(Schema.Literals(["enabled", "disabled"])),
    tokenBudget: opt(Schema.Number)
  }))
})

/**
 * Call options of the chat model.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatOptions = typeof ChatOptions.Type

/**
 * Options of an image part of the prompt: `detail` (`image_url.detail`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImagePartOptions = Schema.Struct({
  detail: opt(Schema.Literals(["auto", "low", "high"]))
})

/**
 * Options of an image part of the prompt.
 *
 * @since 0.1.0
 * @category models
 */
export type ImagePartOptions = typeof ImagePartOptions.Type

/**
 * Call options of the embedding model: `inputType` (default `search_query`), `truncate`, `outputDimension`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingOptions = Schema.Struct({
  inputType: opt(Schema.Literals(["search_document", "search_query", "classification", "clustering"])),
  truncate: opt(Schema.Literals(["NONE", "START", "END"])),
  outputDimension: opt(Schema.Literals([256, 512, 1024, 1536]))
})

/**
 * Call options of the embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingOptions = typeof EmbeddingOptions.Type

/**
 * Call options of the reranking model: `maxTokensPerDoc`, `priority`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RerankingOptions = Schema.Struct({
  maxTokensPerDoc: opt(Schema.Number),
  priority: opt(Schema.Number)
})

/**
 * Call options of the reranking model.
 *
 * @since 0.1.0
 * @category models
 */
export type RerankingOptions = typeof RerankingOptions.Type
