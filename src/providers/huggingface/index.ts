/**
 * The Hugging Face provider (Responses API at the Hugging Face router).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as HuggingFace from "./HuggingFace.ts"
/** @since 0.1.0 */
export * as HuggingFaceApi from "./HuggingFaceApi.ts"
/** @since 0.1.0 */
export * as HuggingFaceLanguageModel from "./HuggingFaceLanguageModel.ts"
/** @since 0.1.0 */
export * as HuggingFaceOptions from "./HuggingFaceOptions.ts"
