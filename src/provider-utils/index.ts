/**
 * Provider streaming machinery (HTTP, SSE, JSON event streams, the streaming
 * tool-call tracker, stream transforms) and the request-encoding helpers every
 * provider shares (provider options, reasoning mapping, media types, base64,
 * JSON serialization, provider references, response metadata). `IdGenerator`,
 * `ParseJson` and `RetryAfter` live in `src/runtime/` (core and reliability use
 * them too) and are re-exported here for providers' convenience. The
 * OpenAI-family chat pieces are in `src/providers/kits/openai/`.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as ApiKey from "./ApiKey.ts"
/** @since 0.1.0 */
export * as Base64 from "./Base64.ts"
/** @since 0.1.0 */
export * as CustomFetch from "./CustomFetch.ts"
/** @since 0.1.0 */
export * as DetectMediaType from "./DetectMediaType.ts"
/** @since 0.1.0 */
export * as EarlyError from "./EarlyError.ts"
/** @since 0.1.0 */
export * as ElementTransformer from "./ElementTransformer.ts"
/** @since 0.1.0 */
export * as FormData from "./FormData.ts"
/** @since 0.1.0 */
export * as Http from "./Http.ts"
/** @since 0.1.0 */
export * as IdGenerator from "../runtime/IdGenerator.ts"
/** @since 0.1.0 */
export * as JsonEventStream from "./JsonEventStream.ts"
/** @since 0.1.0 */
export * as MapReasoningToProvider from "./MapReasoningToProvider.ts"
/** @since 0.1.0 */
export * as OptionalPeer from "./OptionalPeer.ts"
/** @since 0.1.0 */
export * as ParseJson from "../runtime/ParseJson.ts"
/** @since 0.1.0 */
export * as ParseProviderOptions from "./ParseProviderOptions.ts"
/** @since 0.1.0 */
export * as RequestHeaders from "./RequestHeaders.ts"
/** @since 0.1.0 */
export * as ResolveFullMediaType from "./ResolveFullMediaType.ts"
/** @since 0.1.0 */
export * as ResolveProviderOptions from "./ResolveProviderOptions.ts"
/** @since 0.1.0 */
export * as ResolveProviderReference from "./ResolveProviderReference.ts"
/** @since 0.1.0 */
export * as ResponseMetadata from "./ResponseMetadata.ts"
/** @since 0.1.0 */
export * as RetryAfter from "../runtime/RetryAfter.ts"
/** @since 0.1.0 */
export * as SerializeToolCallArguments from "./SerializeToolCallArguments.ts"
/** @since 0.1.0 */
export * as Sse from "./Sse.ts"
/** @since 0.1.0 */
export * as StreamStart from "./StreamStart.ts"
/** @since 0.1.0 */
export * as StreamingToolCallTracker from "./StreamingToolCallTracker.ts"
/** @since 0.1.0 */
export * as StreamTransform from "./StreamTransform.ts"
/** @since 0.1.0 */
export * as JsonResponseToolStream from "./JsonResponseToolStream.ts"
/** @since 0.1.0 */
export * as StringifyWithBigIntAndCycles from "./StringifyWithBigIntAndCycles.ts"
/** @since 0.1.0 */
export * as ToolOutputText from "./ToolOutputText.ts"
/** @since 0.1.0 */
export * as InjectJsonInstruction from "./InjectJsonInstruction.ts"
/** @since 0.1.0 */
export * as IsUrlSupported from "./IsUrlSupported.ts"
/** @since 0.1.0 */
export * as ToolNameMapping from "./ToolNameMapping.ts"
/** @since 0.1.0 */
export * as ModelConstructors from "./ModelConstructors.ts"
/** @since 0.1.0 */
export * as MaxEmbeddingsPerCall from "./MaxEmbeddingsPerCall.ts"
/** @since 0.1.0 */
export * as JsonEndpoint from "./JsonEndpoint.ts"
/** @since 0.1.0 */
export * as BearerSettings from "./BearerSettings.ts"
