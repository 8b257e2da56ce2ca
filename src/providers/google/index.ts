/**
 * The Google Generative AI (Gemini API) provider.
 *
 * @since 0.2.0
 */

/** @since 0.2.0 */
export * as Google from "./Google.ts"
