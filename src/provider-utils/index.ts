/**
 * Provider streaming machinery: HTTP, SSE, JSON event streams, the streaming
 * tool-call tracker, id generation.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as ApiKey from "./ApiKey.ts"
/** @since 0.1.0 */
export * as Http from "./Http.ts"
/** @since 0.1.0 */
export * as IdGenerator from "./IdGenerator.ts"
/** @since 0.1.0 */
export * as JsonEventStream from "./JsonEventStream.ts"
/** @since 0.1.0 */
export * as ParseJson from "./ParseJson.ts"
/** @since 0.1.0 */
export * as RequestHeaders from "./RequestHeaders.ts"
/** @since 0.1.0 */
export * as RetryAfter from "./RetryAfter.ts"
/** @since 0.1.0 */
export * as Sse from "./Sse.ts"
/** @since 0.1.0 */
export * as StreamingToolCallTracker from "./StreamingToolCallTracker.ts"
/** @since 0.1.0 */
export * as StreamTransform from "./StreamTransform.ts"
