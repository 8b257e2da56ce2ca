/**
 * aimux: the Vercel AI SDK's V4 model contract, core generation semantics and providers, in Effect.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as LanguageModel from "./LanguageModel.ts"
/** @since 0.1.0 */
export * as DecisionModel from "./DecisionModel.ts"
/** @since 0.1.0 */
export * from "./spec/index.ts"
/** @since 0.1.0 */
export * as Errors from "./spec/errors/index.ts"
/** @since 0.1.0 */
export * from "./core/index.ts"
/** @since 0.1.0 */
export * as ProviderUtils from "./provider-utils/index.ts"
/** @since 0.1.0 */
export * from "./providers/openai/index.ts"
/** @since 0.1.0 */
export * from "./providers/openai-compatible/index.ts"
/** @since 0.1.0 */
export * from "./providers/groq/index.ts"
/** @since 0.1.0 */
export * from "./providers/deepseek/index.ts"
/** @since 0.1.0 */
export * from "./providers/anthropic/index.ts"
/** @since 0.1.0 */
export * from "./reliability/index.ts"
