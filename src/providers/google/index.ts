/**
 * The Google Generative AI (Gemini API) provider; the Gemini model itself is
 * the kit shared with Vertex (`src/providers/gemini-family/`).
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as Google from "./Google.ts"
/** @since 0.2.0 */
export * as GoogleLanguageModel from "../gemini-family/GeminiLanguageModel.ts"
/** @since 0.2.0 */
export * as GoogleApi from "../gemini-family/GeminiApi.ts"
/** @since 0.2.0 */
export * as GoogleOptions from "../gemini-family/GeminiOptions.ts"
/** @since 0.2.0 */
export * as GoogleTools from "../gemini-family/PrepareTools.ts"
