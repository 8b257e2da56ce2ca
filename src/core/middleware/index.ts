/**
 * Language-model middleware and upstream's built-in middlewares.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Middleware from "./Middleware.ts"
/** @since 0.1.0 */
export * as DefaultSettings from "./DefaultSettings.ts"
/** @since 0.1.0 */
export * as DefaultInstructions from "./DefaultInstructions.ts"
/** @since 0.1.0 */
export * as ExtractReasoning from "./ExtractReasoning.ts"
/** @since 0.1.0 */
export * as ExtractJson from "./ExtractJson.ts"
/** @since 0.1.0 */
export * as SimulateStreaming from "./SimulateStreaming.ts"
/** @since 0.1.0 */
export * as AddToolInputExamples from "./AddToolInputExamples.ts"
/** @since 0.1.0 */
export * as EmbeddingMiddleware from "./EmbeddingMiddleware.ts"
/** @since 0.1.0 */
export * as ImageMiddleware from "./ImageMiddleware.ts"
