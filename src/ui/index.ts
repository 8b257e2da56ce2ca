/**
 * UI messages (upstream `ai/src/ui`, `ai/src/ui-message-stream`): the chunk and message Schemas,
 * `toUIMessageStream`, `createUIMessageStream`, the SSE response, `readUIMessageStream`,
 * `convertToModelMessages`, validation, the agent's UI stream, and the steering message's UI
 * chunk, part and model message.
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
/** @since 0.3.0 */
export * as CreateUIMessageStream from "./CreateUIMessageStream.ts"
/** @since 0.3.0 */
export * as ConvertToModelMessages from "./ConvertToModelMessages.ts"
/** @since 0.3.0 */
export * as ValidateUIMessages from "./ValidateUIMessages.ts"
/** @since 0.3.0 */
export * as AgentUIStream from "./AgentUIStream.ts"
