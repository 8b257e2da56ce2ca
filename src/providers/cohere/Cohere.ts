/**
 * The Cohere provider (upstream `createCohere` of `@ai-sdk/cohere` 4.0.52,
 * whose `cohere(modelId)` is the v2 chat model): settings and Layers
 * providing the chat model as the `LanguageModel` service, the embedding
 * model as the `EmbeddingModel` service and the reranking model as the
 * `RerankingModel` service.
 *
 * @since 0.1.0
 */
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import { RerankingModel } from "../../RerankingModel.ts"
import * as BearerSettings from "../../provider-utils/BearerSettings.ts"
import * as CohereEmbeddingModel from "./CohereEmbeddingModel.ts"
import * as CohereLanguageModel from "./CohereLanguageModel.ts"
import * as CohereRerankingModel from "./CohereRerankingModel.ts"

/**
 * Provider settings, as upstream's `CohereProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests): `baseURL` defaults to
 * `https://api.cohere.com/v2`, `apiKey` to the `COHERE_API_KEY` config value.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings extends BearerSettings.Settings {
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

const bearer = BearerSettings.make({
  defaultBaseURL,
  environmentVariableName: "COHERE_API_KEY",
  description: "Cohere",
  userAgentSuffix: `ai-sdk-cohere/${VERSION}`
})

/**
 * Resolves settings into the chat model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): CohereLanguageModel.Config =>
  bearer.config("cohere.chat", modelId, settings)

const constructors = bearer.constructors(
  LanguageModel,
  (modelId: string, settings: Settings) => CohereLanguageModel.make(modelConfig(modelId, settings)),
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

const embeddingConstructors = bearer.constructors(
  EmbeddingModel,
  (modelId: string, settings: Settings) =>
    CohereEmbeddingModel.make(bearer.config("cohere.textEmbedding", modelId, settings)),
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

const rerankingConstructors = bearer.constructors(
  RerankingModel,
  (modelId: string, settings: Settings) =>
    CohereRerankingModel.make(bearer.config("cohere.reranking", modelId, settings)),
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
