/**
 * The events of `embed` and `embedMany` (upstream `ai/src/embed/embed-events.ts`, 7.0.173):
 * `onStart` / `onEnd` for the operation, `onEmbedStart` / `onEmbedEnd` (upstream's telemetry
 * integration callbacks) for each model call attempt.
 *
 * @since 0.1.0
 */
import type { Embedding, EmbeddingResponse, EmbeddingUsage } from "../contract/Embedding.ts"
import type { ProviderMetadata, ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { Warning } from "../contract/Warning.ts"

/**
 * `onStart`: the operation begins, before the model is called.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedStartEvent {
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly callId: string
  readonly operationId: "ai.embed" | "ai.embedMany"
  readonly provider: string
  readonly modelId: string
  /** A string for embed, an array for embedMany. */
  readonly value: string | ReadonlyArray<string>
  readonly dimensions: number | undefined
  readonly maxRetries: number
  readonly headers: Readonly<Record<string, string>>
  readonly providerOptions: ProviderOptions | undefined
}

/**
 * `onEnd`: the operation completed.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbedEndEvent {
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly callId: string
  readonly operationId: "ai.embed" | "ai.embedMany"
  readonly provider: string
  readonly modelId: string
  readonly value: string | ReadonlyArray<string>
  /** One vector for embed, an array for embedMany. */
  readonly embedding: Embedding | ReadonlyArray<Embedding>
  readonly usage: EmbeddingUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly providerMetadata: ProviderMetadata | undefined
  /** One response for embed, one per chunk for embedMany. */
  readonly response: EmbeddingResponse | ReadonlyArray<EmbeddingResponse | undefined> | undefined
}

/**
 * `onEmbedStart`: one model call attempt begins.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbeddingModelCallStartEvent {
  readonly callId: string
  /** Distinguishes the attempts and the parallel chunks. */
  readonly embedCallId: string
  readonly operationId: "ai.embed.doEmbed" | "ai.embedMany.doEmbed"
  readonly provider: string
  readonly modelId: string
  readonly values: ReadonlyArray<string>
  readonly dimensions: number | undefined
}

/**
 * `onEmbedEnd`: one model call returned.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbeddingModelCallEndEvent {
  readonly callId: string
  readonly embedCallId: string
  readonly operationId: "ai.embed.doEmbed" | "ai.embedMany.doEmbed"
  readonly provider: string
  readonly modelId: string
  readonly values: ReadonlyArray<string>
  readonly embeddings: ReadonlyArray<Embedding>
  readonly usage: EmbeddingUsage
}
