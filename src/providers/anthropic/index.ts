/**
 * The Anthropic messages provider; the messages model itself is the kit
 * shared with the hosted variants (`src/providers/kits/anthropic/`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Anthropic from "./Anthropic.ts"
/** @since 0.1.0 */
export * as AnthropicApi from "../kits/anthropic/AnthropicApi.ts"
/** @since 0.1.0 */
export * as AnthropicLanguageModel from "../kits/anthropic/AnthropicLanguageModel.ts"
/** @since 0.1.0 */
export * as AnthropicOptions from "../kits/anthropic/AnthropicOptions.ts"
/** @since 0.1.0 */
export * as AnthropicTools from "../kits/anthropic/AnthropicToolFactories.ts"
