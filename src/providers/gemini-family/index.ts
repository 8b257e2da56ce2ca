/**
 * The Gemini model kit shared by the Google Generative AI and Vertex providers.
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as ConvertToGeminiMessages from "./ConvertToGeminiMessages.ts"
/** @since 0.2.0 */
export * as GeminiApi from "./GeminiApi.ts"
/** @since 0.2.0 */
export * as GeminiLanguageModel from "./GeminiLanguageModel.ts"
/** @since 0.2.0 */
export * as GeminiOptions from "./GeminiOptions.ts"
/** @since 0.2.0 */
export * as ModelCapabilities from "./ModelCapabilities.ts"
/** @since 0.2.0 */
export * as PrepareTools from "./PrepareTools.ts"
/** @since 0.2.0 */
export * as RequestArgs from "./RequestArgs.ts"
/** @since 0.2.0 */
export * as DownloadToolResultFiles from "./DownloadToolResultFiles.ts"
