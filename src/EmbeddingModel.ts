/**
 * The embedding model contract (`EmbeddingModelV4`) as an Effect service.
 *
 * Shape, and why:
 * - `embed(options)` is upstream's `doEmbed`: an `Effect` of the V4 `EmbeddingResult`, failures
 *   typed. No `abortSignal`: cancelling is interrupting the fiber, and providers tie the HTTP
 *   request to it.
 * - `maxEmbeddingsPerCall` and `supportsParallelCalls` are plain values (upstream allows a promise
 *   there; an Effect service resolves them when it is built).
 * - `maxInputBytesPerCall` and `providerOptionsTransformer` are upstream's two experimental symbol
 *   properties (`EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL`,
 *   `EXPERIMENTAL_EMBEDDING_MODEL_PROVIDER_OPTIONS_TRANSFORMER`) that `embedMany` reads to chunk
 *   by UTF-8 size and to slice per-value provider options for each chunk.
 *
 * @since 0.1.0
 */
import { Context, Effect, Schema } from "effect"
import { EmbeddingCallOptions } from "./contract/Embedding.ts"
import type { EmbeddingResult } from "./contract/Embedding.ts"
import type { ModelError, TooManyEmbeddingValuesForCallError } from "./contract/errors/index.ts"
import { InvalidPromptError } from "./contract/errors/index.ts"
import type { ProviderOptions } from "./contract/ProviderMetadata.ts"

/**
 * The failures of `embed`.
 *
 * @since 0.1.0
 * @category errors
 */
export type EmbeddingError = ModelError | TooManyEmbeddingValuesForCallError

/**
 * What a provider options transformer sees: the whole call's options and values, and the range
 * of the chunk about to be sent.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProviderOptionsTransformerArgs {
  readonly providerOptions: ProviderOptions | undefined
  readonly values: ReadonlyArray<string>
  readonly startIndex: number
  readonly endIndex: number
}

/**
 * The service shape of an embedding model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  /** Values per call; `undefined` or `Infinity` for no limit. */
  readonly maxEmbeddingsPerCall: number | undefined
  readonly supportsParallelCalls: boolean
  /** UTF-8 bytes of values per call; `undefined` or `Infinity` for no limit. */
  readonly maxInputBytesPerCall?: number | undefined
  /** Per-chunk provider options of `embedMany` (upstream's experimental transformer). */
  readonly providerOptionsTransformer?:
    | ((args: ProviderOptionsTransformerArgs) => Effect.Effect<ProviderOptions | undefined, EmbeddingError>)
    | undefined
  readonly embed: (options: EmbeddingCallOptions) => Effect.Effect<EmbeddingResult, EmbeddingError>
}

/**
 * The embedding model service (the V4 `doEmbed` contract).
 *
 * @since 0.1.0
 * @category services
 */
export class EmbeddingModel extends Context.Service<EmbeddingModel, Service>()("aimux/EmbeddingModel") {}

const decodeOptions = Schema.decodeUnknownEffect(EmbeddingCallOptions)

/**
 * Checks embedding call options that come from outside the type system; a value that does not
 * decode fails with `InvalidPromptError`, never a defect.
 *
 * @since 0.1.0
 * @category validation
 */
export const validateCallOptions = (options: unknown): Effect.Effect<EmbeddingCallOptions, InvalidPromptError> =>
  decodeOptions(options).pipe(
    Effect.mapError((issue) =>
      new InvalidPromptError({
        prompt: options,
        message: `Invalid embedding call options: ${issue.message}`,
        cause: issue
      })
    )
  )

/**
 * Builds an embedding model service (adds `specificationVersion`). The implementation's `embed`
 * receives options as typed; {@link validateCallOptions} is for options from outside.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion">): Service => ({ specificationVersion: "v4", ...impl })
