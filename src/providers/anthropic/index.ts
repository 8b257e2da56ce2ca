/**
 * The Anthropic messages provider; the messages model itself is the kit
 * shared with the hosted variants (`src/providers/anthropic-family/`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Anthropic from "./Anthropic.ts"
/** @since 0.1.0 */
export * as AnthropicApi from "../anthropic-family/AnthropicApi.ts"
/** @since 0.1.0 */
export * as AnthropicLanguageModel from "../anthropic-family/AnthropicLanguageModel.ts"
/** @since 0.1.0 */
export * as AnthropicOptions from "../anthropic-family/AnthropicOptions.ts"
