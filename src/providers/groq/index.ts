/**
 * The Groq chat provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Groq from "./Groq.ts"
