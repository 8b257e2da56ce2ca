/**
 * The Amazon Bedrock provider (Converse / ConverseStream).
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as AmazonBedrock from "./AmazonBedrock.ts"
/** @since 0.2.0 */
export * as AmazonBedrockApi from "./AmazonBedrockApi.ts"
/** @since 0.2.0 */
export * as AmazonBedrockLanguageModel from "./AmazonBedrockLanguageModel.ts"
/** @since 0.2.0 */
export * as AmazonBedrockOptions from "./AmazonBedrockOptions.ts"
/** @since 0.2.0 */
export * as EventStream from "./EventStream.ts"
/** @since 0.2.0 */
export * as SigV4 from "./SigV4.ts"
/** @since 0.2.0 */
export * as AmazonBedrockAnthropic from "./AmazonBedrockAnthropic.ts"
/** @since 0.2.0 */
export * as AnthropicTransport from "./AnthropicTransport.ts"
/** @since 0.1.0 */
export * as AmazonBedrockEmbeddingModel from "./AmazonBedrockEmbeddingModel.ts"
/** @since 0.1.0 */
export * as AmazonBedrockRerankingModel from "./AmazonBedrockRerankingModel.ts"
/** @since 0.1.0 */
export * as AmazonBedrockImageModel from "./AmazonBedrockImageModel.ts"
