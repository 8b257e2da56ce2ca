/**
 * The Anthropic messages provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Anthropic from "./Anthropic.ts"
/** @since 0.1.0 */
export * as AnthropicApi from "./AnthropicApi.ts"
/** @since 0.1.0 */
export * as AnthropicLanguageModel from "./AnthropicLanguageModel.ts"
/** @since 0.1.0 */
export * as AnthropicOptions from "./AnthropicOptions.ts"
