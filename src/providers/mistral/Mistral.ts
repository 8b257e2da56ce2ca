/**
 * The Mistral provider (upstream `createMistral` of `@ai-sdk/mistral` 4.0.87,
 * whose `mistral(modelId)` is the chat model): settings and Layers providing
 * the chat model as the `LanguageModel` service and the embedding model as the
 * `EmbeddingModel` service.
 *
 * @since 0.1.0
 */
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as BearerSettings from "../../provider-utils/BearerSettings.ts"
import * as MistralEmbeddingModel from "./MistralEmbeddingModel.ts"
import * as MistralLanguageModel from "./MistralLanguageModel.ts"

/**
 * Provider settings, as upstream's `MistralProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests): `baseURL` defaults to
 * `https://api.mistral.ai/v1`, `apiKey` to the `MISTRAL_API_KEY` config value.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings extends BearerSettings.Settings {
  /** Generates reasoning block ids and missing tool-call ids; default the `IdGenerator` service, else random ids. */
  readonly generateId?: (() => string) | undefined
}

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://api.mistral.ai/v1"

/**
 * The `@ai-sdk/mistral` version this provider ports (user agent `ai-sdk-mistral/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.87"

const bearer = BearerSettings.make({
  defaultBaseURL,
  environmentVariableName: "MISTRAL_API_KEY",
  description: "Mistral",
  userAgentSuffix: `ai-sdk-mistral/${VERSION}`
})

/**
 * Resolves settings into the chat model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): MistralLanguageModel.Config =>
  bearer.config("mistral.chat", modelId, settings)

const constructors = bearer.constructors(
  LanguageModel,
  (modelId: string, settings: Settings) => MistralLanguageModel.make(modelConfig(modelId, settings)),
  {}
)

/**
 * The chat model for `modelId` as a service (upstream `mistral(modelId)`, `mistral.chat(modelId)`);
 * a missing or empty API key fails it with `LoadAPIKeyError`.
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
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("MISTRAL_API_KEY") }`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

/**
 * Resolves settings into the embedding model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const embeddingConfig = (modelId: string, settings: Settings = {}): MistralEmbeddingModel.Config =>
  bearer.config("mistral.embedding", modelId, settings)

const embeddingConstructors = bearer.constructors(
  EmbeddingModel,
  (modelId: string, settings: Settings) => MistralEmbeddingModel.make(embeddingConfig(modelId, settings)),
  {}
)

/**
 * The embedding model for `modelId` as a service (upstream `mistral.embedding(modelId)`).
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
