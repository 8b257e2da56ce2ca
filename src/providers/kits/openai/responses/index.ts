/**
 * The OpenAI Responses sub-provider: the Responses model, its wire Schemas, provider options and
 * provider tools (its constructors are the parent's `OpenAI.responses` / `responsesLayer` /
 * `responsesLayerConfig`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as OpenAIResponsesApi from "./OpenAIResponsesApi.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesLanguageModel from "./OpenAIResponsesLanguageModel.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesOptions from "./OpenAIResponsesOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesTools from "./OpenAIResponsesTools.ts"
