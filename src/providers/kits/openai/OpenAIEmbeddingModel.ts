/**
 * The OpenAI embedding model (`@ai-sdk/openai` 4.0.118 `OpenAIEmbeddingModel`) as an
 * `EmbeddingModel` service: `text-embedding-3-*` and `text-embedding-ada-002` on `/embeddings`,
 * 2048 values and 300,000 UTF-8 input bytes per call, parallel calls; provider options
 * `openai.dimensions` (over the call's `dimensions`), `openai.user`, and aimux's
 * `openai.encodingFormat` (`"base64"` to receive packed float32 vectors).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { HttpClient } from "effect/http"
import type * as EmbeddingModel from "../../../EmbeddingModel.ts"
import * as OpenAIFamilyErrorData from "./ErrorData.ts"
import * as Embeddings from "./Embeddings.ts"
import * as ParseProviderOptions from "../../../provider-utils/ParseProviderOptions.ts"
import type * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"
import { OpenAIErrorData } from "./OpenAIChatApi.ts"
import * as VersionSkew from "./VersionSkew.ts"

/**
 * What the embedding model needs besides the `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Config {
  /** The provider name, e.g. `openai.embedding`. */
  readonly provider: string
  readonly modelId: string
  /** `<baseURL>/embeddings`. */
  readonly url: string
  readonly headers: RequestHeaders.Input
  /** The `@ai-sdk/openai` version's behaviours (default 4.0.118's; Azure: 4.0.81's). */
  readonly skew?: VersionSkew.VersionSkew | undefined
}

/**
 * Values per call (upstream `maxEmbeddingsPerCall`).
 *
 * @since 0.1.0
 * @category constants
 */
export const maxEmbeddingsPerCall = 2048

/**
 * UTF-8 input bytes per call (upstream `EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL`).
 *
 * @since 0.1.0
 * @category constants
 */
export const maxInputBytesPerCall = 300_000

/**
 * Builds the model on the environment's `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: Config): Effect.Effect<EmbeddingModel.Service, never, HttpClient.HttpClient> =>
  Embeddings.make({
    ...config,
    maxEmbeddingsPerCall,
    maxInputBytesPerCall,
    supportsParallelCalls: true,
    failedResponseHandler: OpenAIFamilyErrorData.failedResponseHandler(OpenAIErrorData),
    options: (providerOptions) =>
      Effect.map(
        ParseProviderOptions.parseProviderOptions("openai", providerOptions, Embeddings.EmbeddingOptions),
        (options) => ({ options: options ?? {}, warnings: [] })
      ),
    countBeforeOptions: true,
    passProviderMetadata: false,
    callDimensions: (config.skew ?? VersionSkew.v4_0_118).embeddingCallDimensions
  })
