/**
 * Mistral provider options (`providerOptions.mistral`), as Schemas (upstream
 * `mistral-chat-language-model-options.ts` and
 * `mistral-embedding-model-options.ts` of `@ai-sdk/mistral` 4.0.87).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const opt = Schema.optionalKey

/**
 * Call options of the chat model: `safePrompt`, `documentImageLimit`, `documentPageLimit`,
 * `structuredOutputs` (default true), `strictJsonSchema` (default false), `parallelToolCalls`,
 * `promptCacheKey`, `reasoningEffort`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ChatOptions = Schema.Struct({
  safePrompt: opt(Schema.Boolean),
  documentImageLimit: opt(Schema.Number),
  documentPageLimit: opt(Schema.Number),
  structuredOutputs: opt(Schema.Boolean),
  strictJsonSchema: opt(Schema.Boolean),
  parallelToolCalls: opt(Schema.Boolean),
  promptCacheKey: opt(Schema.String),
  reasoningEffort: opt(Schema.Literals(["high", "none", "low", "medium", "max"]))
})

/**
 * Call options of the chat model.
 *
 * @since 0.1.0
 * @category models
 */
export type ChatOptions = typeof ChatOptions.Type

/**
 * A reasoning effort of the chat model.
 *
 * @since 0.1.0
 * @category models
 */
export type ReasoningEffort = NonNullable<ChatOptions["reasoningEffort"]>

/**
 * Call options of the embedding model: `metadata`, `outputDimension` (a positive integer, over the
 * call's `dimensions`), `outputDtype`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingOptions = Schema.Struct({
  metadata: opt(Schema.Record(Schema.String, Schema.Unknown)),
  outputDimension: opt(Schema.Int.check(Schema.isGreaterThan(0))),
  outputDtype: opt(Schema.Literals(["float", "int8", "uint8", "binary", "ubinary"]))
})

/**
 * Call options of the embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingOptions = typeof EmbeddingOptions.Type
