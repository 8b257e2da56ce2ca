/**
 * The Cohere provider (upstream `createCohere` of `@ai-sdk/cohere` 4.0.52,
 * whose `cohere(modelId)` is the v2 chat model): settings and Layers
 * providing the chat model as the `LanguageModel` service, the embedding
 * model as the `EmbeddingModel` service and the reranking model as the
 * `RerankingModel` service.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import { RerankingModel } from "../../RerankingModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import * as CohereEmbeddingModel from "./CohereEmbeddingModel.ts"
import * as CohereLanguageModel from "./CohereLanguageModel.ts"
import * as CohereRerankingModel from "./CohereRerankingModel.ts"

/**
 * Provider settings, as upstream's `CohereProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Base URL; default `https://api.cohere.com/v2`, a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Bearer key; default the `COHERE_API_KEY` config value. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Generates source ids; default the `IdGenerator` service, else random ids. */
  readonly generateId?: (() => string) | undefined
}

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://api.cohere.com/v2"

/**
 * The `@ai-sdk/cohere` version this provider ports (user agent `ai-sdk-cohere/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.52"

/** Upstream's `loadApiKey` options of this provider. */
const apiKeyOptions = (settings: Settings): ApiKey.LoadOptions => ({
  apiKey: settings.apiKey,
  environmentVariableName: "COHERE_API_KEY",
  description: "Cohere"
})

const baseURLOf = (settings: Settings): string => (settings.baseURL ?? defaultBaseURL).replace(/\/$/, "")

const headersOf = (settings: Settings): Effect.Effect<RequestHeaders.Input, ModelError> =>
  Effect.map(
    ApiKey.loadApiKey(apiKeyOptions(settings)),
    (apiKey) =>
      RequestHeaders.withUserAgentSuffix(
        { Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`), ...settings.headers },
        `ai-sdk-cohere/${VERSION}`
      )
  )

/**
 * Resolves settings into the chat model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): CohereLanguageModel.Config => ({
  provider: "cohere.chat",
  modelId,
  baseURL: baseURLOf(settings),
  headers: headersOf(settings),
  generateId: settings.generateId
})

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    // every model loads the key when it is built: a missing or empty one fails the layer (LoadAPIKeyError)
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* CohereLanguageModel.make(modelConfig(modelId, { ...settings, apiKey }))
  }),
  {}
)

/**
 * The chat model for `modelId` as a service (upstream `cohere(modelId)`); a missing or empty API
 * key fails it with `LoadAPIKeyError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the chat model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("COHERE_API_KEY") }`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

const embeddingConstructors = ModelConstructors.make(
  EmbeddingModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* CohereEmbeddingModel.make({
      provider: "cohere.textEmbedding",
      modelId,
      baseURL: baseURLOf(settings),
      headers: headersOf({ ...settings, apiKey })
    })
  }),
  {}
)

/**
 * The embedding model for `modelId` as a service (upstream `cohere.embedding(modelId)`).
 *
 * @since 0.1.0
 * @category models
 */
export const embedding = embeddingConstructors.model

/**
 * A Layer providing {@link embedding} as the `EmbeddingModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const embeddingLayer = embeddingConstructors.layer

/**
 * {@link embeddingLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const embeddingLayerConfig = embeddingConstructors.layerConfig

const rerankingConstructors = ModelConstructors.make(
  RerankingModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* CohereRerankingModel.make({
      provider: "cohere.reranking",
      modelId,
      baseURL: baseURLOf(settings),
      headers: headersOf({ ...settings, apiKey })
    })
  }),
  {}
)

/**
 * The reranking model for `modelId` as a service (upstream `cohere.reranking(modelId)`).
 *
 * @since 0.1.0
 * @category models
 */
export const reranking = rerankingConstructors.model

/**
 * A Layer providing {@link reranking} as the `RerankingModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const rerankingLayer = rerankingConstructors.layer

/**
 * {@link rerankingLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const rerankingLayerConfig = rerankingConstructors.layerConfig
