/**
 * The OpenAI-compatible chat provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as OpenAICompatible from "./OpenAICompatible.ts"
/** @since 0.1.0 */
export * as OpenAICompatibleApi from "./OpenAICompatibleApi.ts"
/** @since 0.1.0 */
export * as OpenAICompatibleLanguageModel from "./OpenAICompatibleLanguageModel.ts"
/** @since 0.1.0 */
export * as OpenAICompatibleOptions from "./OpenAICompatibleOptions.ts"
/** @since 0.1.0 */
export * as OpenAICompatibleEmbeddingModel from "./OpenAICompatibleEmbeddingModel.ts"
/** @since 0.1.0 */
export * as OpenAICompatiblePresets from "./OpenAICompatiblePresets.ts"
