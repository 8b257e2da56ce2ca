/**
 * The Groq chat provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Groq from "./Groq.ts"
/** @since 0.1.0 */
export * as GroqApi from "./GroqApi.ts"
/** @since 0.1.0 */
export * as GroqLanguageModel from "./GroqLanguageModel.ts"
/** @since 0.1.0 */
export * as GroqOptions from "./GroqOptions.ts"
/** @since 0.1.0 */
export * as GroqTranscriptionModel from "./GroqTranscriptionModel.ts"
/** @since 0.1.0 */
export * as GroqTools from "./GroqTools.ts"
