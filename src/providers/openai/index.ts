/**
 * The OpenAI provider: the Responses model (the default, as upstream's `openai(modelId)`) and chat completions.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as OpenAI from "./OpenAI.ts"
/** @since 0.1.0 */
export * as OpenAIChatApi from "./OpenAIChatApi.ts"
/** @since 0.1.0 */
export * as OpenAIChatLanguageModel from "./OpenAIChatLanguageModel.ts"
/** @since 0.1.0 */
export * as OpenAIChatOptions from "./OpenAIChatOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesApi from "./responses/OpenAIResponsesApi.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesLanguageModel from "./responses/OpenAIResponsesLanguageModel.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesOptions from "./responses/OpenAIResponsesOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesTools from "./responses/OpenAIResponsesTools.ts"
/** @since 0.1.0 */
export * as OpenAITools from "./OpenAITools.ts"
/** @since 0.1.0 */
export * as OpenAIEmbeddingModel from "./OpenAIEmbeddingModel.ts"
/** @since 0.1.0 */
export * as OpenAIImageModel from "./OpenAIImageModel.ts"
/** @since 0.1.0 */
export * as OpenAISpeechModel from "./OpenAISpeechModel.ts"
/** @since 0.1.0 */
export * as OpenAITranscriptionModel from "./OpenAITranscriptionModel.ts"
