/**
 * The Google Vertex AI provider (Gemini models); the model is the Gemini kit
 * shared with the Gemini API provider (`src/providers/gemini-family/`).
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as GoogleVertex from "./GoogleVertex.ts"
/** @since 0.2.0 */
export * as ServiceAccountAuth from "./ServiceAccountAuth.ts"
/** @since 0.2.0 */
export * as GoogleVertexLanguageModel from "../gemini-family/GeminiLanguageModel.ts"
/** @since 0.2.0 */
export * as GoogleVertexOptions from "../gemini-family/GeminiOptions.ts"
/** @since 0.2.0 */
export * as ApplicationDefaultCredentials from "./ApplicationDefaultCredentials.ts"
/** @since 0.2.0 */
export * as GoogleVertexAnthropic from "./GoogleVertexAnthropic.ts"
