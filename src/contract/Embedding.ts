/**
 * The embedding model contract (`EmbeddingModelV4`, `@ai-sdk/provider` 4.0.38
 * `src/embedding-model/v4/*`): call options, the embedding vector, the result of `doEmbed`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HeadersWithUndefined } from "./CallOptions.ts"
import { optional } from "./Fields.ts"
import { UnknownValue } from "./Json.ts"
import { Headers, ProviderMetadata, ProviderOptions } from "./ProviderMetadata.ts"
import { Warning } from "./Warning.ts"

const isNumberArray = (u: unknown): u is ReadonlyArray<number> => {
  if (!Array.isArray(u)) return false
  // a plain indexed loop: vectors have thousands of entries and arrive by the hundred
  for (let i = 0; i < u.length; i++) {
    if (typeof u[i] !== "number") return false
  }
  return true
}

/**
 * An embedding vector (`EmbeddingModelV4Embedding`: `Array<number>`). Checked with one loop per
 * vector rather than a Schema per element, as vectors are large and many.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Embedding = Schema.declare(isNumberArray, { expected: "array of numbers" })

/**
 * An embedding vector.
 *
 * @since 0.1.0
 * @category models
 */
export type Embedding = typeof Embedding.Type

/**
 * Call options of `doEmbed` (`EmbeddingModelV4CallOptions`); no `abortSignal`: cancelling is
 * interrupting the fiber.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingCallOptions = Schema.Struct({
  values: Schema.Array(Schema.String),
  dimensions: optional(Schema.Number),
  providerOptions: optional(ProviderOptions),
  headers: optional(HeadersWithUndefined)
})

/**
 * Call options of `doEmbed`.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingCallOptions = typeof EmbeddingCallOptions.Type

/**
 * Token usage of an embedding call (only input tokens).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingUsage = Schema.Struct({ tokens: Schema.Number })

/**
 * Token usage of an embedding call.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingUsage = typeof EmbeddingUsage.Type

/**
 * Response information of an embedding call (headers and the raw body).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingResponse = Schema.Struct({
  headers: optional(Headers),
  body: optional(UnknownValue)
})

/**
 * Response information of an embedding call.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingResponse = typeof EmbeddingResponse.Type

/**
 * The result of `doEmbed` (`EmbeddingModelV4Result`): embeddings in the order of the values.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmbeddingResult = Schema.Struct({
  embeddings: Schema.Array(Embedding),
  usage: optional(EmbeddingUsage),
  providerMetadata: optional(ProviderMetadata),
  response: optional(EmbeddingResponse),
  warnings: Schema.Array(Warning)
})

/**
 * The result of `doEmbed`.
 *
 * @since 0.1.0
 * @category models
 */
export type EmbeddingResult = typeof EmbeddingResult.Type
