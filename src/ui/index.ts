/**
 * UI messages (upstream `ai/src/ui`, `ai/src/ui-message-stream`): so far the steering message's
 * UI chunk, part and model message.
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as SteeringMessage from "./SteeringMessage.ts"
