/**
 * The DeepSeek chat provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as DeepSeek from "./DeepSeek.ts"
/** @since 0.1.0 */
export * as DeepSeekApi from "./DeepSeekApi.ts"
/** @since 0.1.0 */
export * as DeepSeekLanguageModel from "./DeepSeekLanguageModel.ts"
/** @since 0.1.0 */
export * as DeepSeekOptions from "./DeepSeekOptions.ts"
