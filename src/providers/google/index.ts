/**
 * The Google Generative AI (Gemini API) provider; the Gemini model itself is
 * the kit shared with Vertex (`src/providers/kits/gemini/`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Google from "./Google.ts"
/** @since 0.1.0 */
export * as GoogleLanguageModel from "../kits/gemini/GeminiLanguageModel.ts"
/** @since 0.1.0 */
export * as GoogleApi from "../kits/gemini/GeminiApi.ts"
/** @since 0.1.0 */
export * as GoogleOptions from "../kits/gemini/GeminiOptions.ts"
/** @since 0.1.0 */
export * as GooglePrepareTools from "../kits/gemini/GeminiTools.ts"
/** @since 0.1.0 */
export * as GoogleTools from "../kits/gemini/GeminiToolFactories.ts"
/** @since 0.1.0 */
export * as GoogleEmbeddingModel from "./GoogleEmbeddingModel.ts"
