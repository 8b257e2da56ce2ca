/**
 * aimux: the Vercel AI SDK's V4 model contract, core generation semantics and providers, in Effect.
 *
 * The root entry holds the contract (Schemas and the model services), the core (tools,
 * generateText, streamText) and the errors. Providers are subpaths, so a program that uses one
 * provider loads only that one: `aimux/openai`, `aimux/anthropic`, `aimux/groq`, ... (the package's
 * `exports`); also `aimux/reliability`, `aimux/testing`, `aimux/interop`, `aimux/provider-utils`.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as LanguageModel from "./LanguageModel.ts"
/** @since 0.1.0 */
export * as DecisionModel from "./DecisionModel.ts"
/** @since 0.1.0 */
export * as ImageModel from "./ImageModel.ts"
/** @since 0.1.0 */
export * as SpeechModel from "./SpeechModel.ts"
/** @since 0.1.0 */
export * as TranscriptionModel from "./TranscriptionModel.ts"
/** @since 0.1.0 */
export * from "./contract/index.ts"
/** @since 0.1.0 */
export * as Errors from "./contract/errors/index.ts"
/** @since 0.1.0 */
export * from "./core/index.ts"
/** @since 0.2.0 */
export * from "./ui/index.ts"
/** @since 0.1.0 */
export * as EmbeddingModel from "./EmbeddingModel.ts"
/** @since 0.1.0 */
export * as RerankingModel from "./RerankingModel.ts"
