/**
 * The Azure OpenAI provider: the Responses model (the default, as upstream's `azure(deploymentId)`)
 * and chat completions, the OpenAI kit's models on Azure's URLs.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Azure from "./Azure.ts"
/** @since 0.1.0 */
export * as OpenAIChatOptions from "../kits/openai/OpenAIChatOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesOptions from "../kits/openai/responses/OpenAIResponsesOptions.ts"
/** @since 0.1.0 */
export * as OpenAIResponsesTools from "../kits/openai/responses/OpenAIResponsesTools.ts"
