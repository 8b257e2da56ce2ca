/**
 * The DeepSeek chat provider.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as DeepSeek from "./DeepSeek.ts"
