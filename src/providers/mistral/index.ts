/**
 * The Mistral provider (chat completions and embeddings APIs).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Mistral from "./Mistral.ts"
/** @since 0.1.0 */
export * as MistralApi from "./MistralApi.ts"
/** @since 0.1.0 */
export * as MistralEmbeddingModel from "./MistralEmbeddingModel.ts"
/** @since 0.1.0 */
export * as MistralLanguageModel from "./MistralLanguageModel.ts"
/** @since 0.1.0 */
export * as MistralOptions from "./MistralOptions.ts"
