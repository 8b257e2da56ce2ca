/**
 * The Google Vertex AI provider (Gemini models).
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as GoogleVertex from "./GoogleVertex.ts"
/** @since 0.2.0 */
export * as ServiceAccountAuth from "./ServiceAccountAuth.ts"
