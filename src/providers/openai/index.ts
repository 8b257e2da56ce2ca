/**
 * The OpenAI provider: the Responses model (the default, as upstream's `openai(modelId)`) and chat completions.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as OpenAI from "./OpenAI.ts"
/** @since 0.1.0 */
export * as OpenAIChatApi from "../kits/openai/OpenAIChatApi.ts"
/** @since 0.1.0 */
export * as OpenAIChatLanguageModel from "../kits/openai/OpenAIChatLanguageModel.ts"
/** @since 0.1.0 */
export * as OpenAIChatOptions from "../kits/openai/OpenAIChatOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesApi from "../kits/openai/responses/OpenAIResponsesApi.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesLanguageModel from "../kits/openai/responses/OpenAIResponsesLanguageModel.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesOptions from "../kits/openai/responses/OpenAIResponsesOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesTools from "../kits/openai/responses/OpenAIResponsesTools.ts"
/** @since 0.1.0 */
export * as OpenAITools from "../kits/openai/OpenAITools.ts"
/** @since 0.1.0 */
export * as OpenAIEmbeddingModel from "../kits/openai/OpenAIEmbeddingModel.ts"
/** @since 0.1.0 */
export * as OpenAIImageModel from "../kits/openai/OpenAIImageModel.ts"
/** @since 0.1.0 */
export * as OpenAISpeechModel from "../kits/openai/OpenAISpeechModel.ts"
/** @since 0.1.0 */
export * as OpenAITranscriptionModel from "../kits/openai/OpenAITranscriptionModel.ts"
