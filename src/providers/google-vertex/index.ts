/**
 * The Google Vertex AI provider (Gemini models); the model is the Gemini kit
 * shared with the Gemini API provider (`src/providers/kits/gemini/`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as GoogleVertex from "./GoogleVertex.ts"
/** @since 0.1.0 */
export * as ServiceAccountAuth from "./ServiceAccountAuth.ts"
/** @since 0.1.0 */
export * as GoogleVertexLanguageModel from "../kits/gemini/GeminiLanguageModel.ts"
/** @since 0.1.0 */
export * as GoogleVertexOptions from "../kits/gemini/GeminiOptions.ts"
/** @since 0.1.0 */
export * as GoogleVertexTools from "../kits/gemini/GeminiToolFactories.ts"
/** @since 0.1.0 */
export * as ApplicationDefaultCredentials from "./ApplicationDefaultCredentials.ts"
/** @since 0.1.0 */
export * as GoogleVertexAnthropic from "./GoogleVertexAnthropic.ts"
/** @since 0.1.0 */
export * as GoogleVertexEmbeddingModel from "./GoogleVertexEmbeddingModel.ts"
