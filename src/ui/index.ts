/**
 * UI messages (upstream `ai/src/ui`, `ai/src/ui-message-stream`): the chunk and message Schemas,
 * `toUIMessageStream`, the SSE response, and the steering message's UI chunk, part and model
 * message.
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as SteeringMessage from "./SteeringMessage.ts"
/** @since 0.3.0 */
export * as UIMessageChunk from "./UIMessageChunk.ts"
/** @since 0.3.0 */
export * as UIMessage from "./UIMessage.ts"
/** @since 0.3.0 */
export * as ToUIMessageStream from "./ToUIMessageStream.ts"
/** @since 0.3.0 */
export * as UIMessageStreamResponse from "./UIMessageStreamResponse.ts"
/** @since 0.3.0 */
export * as ReadUIMessageStream from "./ReadUIMessageStream.ts"
