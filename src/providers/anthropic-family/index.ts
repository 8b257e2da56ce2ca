/**
 * The Anthropic messages model kit shared by the Anthropic provider and the
 * hosted variants (Anthropic on Google Vertex, Anthropic on Amazon Bedrock).
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as AnthropicApi from "./AnthropicApi.ts"
/** @since 0.2.0 */
export * as AnthropicLanguageModel from "./AnthropicLanguageModel.ts"
/** @since 0.2.0 */
export * as AnthropicOptions from "./AnthropicOptions.ts"
/** @since 0.2.0 */
export * as SchemaConstraints from "./SchemaConstraints.ts"
