/**
 * The OpenAI-compatible chat provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as OpenAICompatible from "./OpenAICompatible.ts"
