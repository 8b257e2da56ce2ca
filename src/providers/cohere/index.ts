/**
 * The Cohere provider (v2 chat, embed and rerank APIs).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Cohere from "./Cohere.ts"
/** @since 0.1.0 */
export * as CohereApi from "./CohereApi.ts"
/** @since 0.1.0 */
export * as CohereEmbeddingModel from "./CohereEmbeddingModel.ts"
/** @since 0.1.0 */
export * as CohereLanguageModel from "./CohereLanguageModel.ts"
/** @since 0.1.0 */
export * as CohereOptions from "./CohereOptions.ts"
/** @since 0.1.0 */
export * as CohereRerankingModel from "./CohereRerankingModel.ts"
