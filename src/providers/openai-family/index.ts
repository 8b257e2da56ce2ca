/**
 * The OpenAI-family chat kit: what the OpenAI-style chat-completions providers (OpenAI chat,
 * OpenAI-compatible, Groq, DeepSeek, and later xAI and Hugging Face where they share it) have in
 * common — the one chat stream transformer, text/reasoning blocks, tools, usage, finish reason,
 * error data and endpoint. Not a provider: it provides no model.
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as ChatEndpoint from "./ChatEndpoint.ts"
/** @since 0.2.0 */
export * as ChatStream from "./ChatStream.ts"
/** @since 0.2.0 */
export * as ChatStreamText from "./ChatStreamText.ts"
/** @since 0.2.0 */
export * as ErrorData from "./ErrorData.ts"
/** @since 0.2.0 */
export * as ErrorTypeMetadata from "./ErrorTypeMetadata.ts"
/** @since 0.2.0 */
export * as FinishReason from "./FinishReason.ts"
/** @since 0.2.0 */
export * as FirstChoice from "./FirstChoice.ts"
/** @since 0.2.0 */
export * as ResponseFormatBody from "./ResponseFormatBody.ts"
/** @since 0.2.0 */
export * as Tools from "./Tools.ts"
/** @since 0.2.0 */
export * as Usage from "./Usage.ts"
