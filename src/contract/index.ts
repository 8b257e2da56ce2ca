/**
 * The V4 model contract as Schemas.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as CallOptions from "./CallOptions.ts"
/** @since 0.1.0 */
export * as Content from "./Content.ts"
/** @since 0.1.0 */
export * as Decision from "./Decision.ts"
/** @since 0.1.0 */
export * as FileData from "./FileData.ts"
/** @since 0.1.0 */
export * as FinishReason from "./FinishReason.ts"
/** @since 0.1.0 */
export * as Image from "./Image.ts"
/** @since 0.1.0 */
export * as Json from "./Json.ts"
/** @since 0.1.0 */
export * as Prompt from "./Prompt.ts"
/** @since 0.1.0 */
export * as ProviderMetadata from "./ProviderMetadata.ts"
/** @since 0.1.0 */
export * as ResponseMetadata from "./ResponseMetadata.ts"
/** @since 0.1.0 */
export * as Results from "./Results.ts"
/** @since 0.1.0 */
export * as Speech from "./Speech.ts"
/** @since 0.1.0 */
export * as StreamPart from "./StreamPart.ts"
/** @since 0.1.0 */
export * as Transcription from "./Transcription.ts"
/** @since 0.1.0 */
export * as Usage from "./Usage.ts"
/** @since 0.1.0 */
export * as Warning from "./Warning.ts"
/** @since 0.1.0 */
export * as Embedding from "./Embedding.ts"
/** @since 0.1.0 */
export * as Reranking from "./Reranking.ts"
