/**
 * The xAI provider (Responses API with server-side tools).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as XAI from "./XAI.ts"
/** @since 0.1.0 */
export * as XAIApi from "./XAIApi.ts"
/** @since 0.1.0 */
export * as XAILanguageModel from "./XAILanguageModel.ts"
/** @since 0.1.0 */
export * as XAIOptions from "./XAIOptions.ts"
/** @since 0.1.0 */
export * as XAIImageModel from "./XAIImageModel.ts"
/** @since 0.1.0 */
export * as XAITools from "./XAITools.ts"
