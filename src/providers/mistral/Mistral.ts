/**
 * The Mistral provider (upstream `createMistral` of `@ai-sdk/mistral` 4.0.87,
 * whose `mistral(modelId)` is the chat model): settings and Layers providing
 * the chat model as the `LanguageModel` service and the embedding model as the
 * `EmbeddingModel` service.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import * as MistralEmbeddingModel from "./MistralEmbeddingModel.ts"
import * as MistralLanguageModel from "./MistralLanguageModel.ts"

/**
 * Provider settings, as upstream's `MistralProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Base URL; default `https://api.mistral.ai/v1`, a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Bearer key; default the `MISTRAL_API_KEY` config value. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
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

/** Upstream's `loadApiKey` options of this provider. */
const apiKeyOptions = (settings: Settings): ApiKey.LoadOptions => ({
  apiKey: settings.apiKey,
  environmentVariableName: "MISTRAL_API_KEY",
  description: "Mistral"
})

const baseURLOf = (settings: Settings): string => (settings.baseURL ?? defaultBaseURL).replace(/\/$/, "")

const headersOf = (settings: Settings): Effect.Effect<RequestHeaders.Input, ModelError> =>
  Effect.map(
    ApiKey.loadApiKey(apiKeyOptions(settings)),
    (apiKey) =>
      RequestHeaders.withUserAgentSuffix(
        { Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`), ...settings.headers },
        `ai-sdk-mistral/${VERSION}`
      )
  )

/**
 * Resolves settings into the chat model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): MistralLanguageModel.Config => ({
  provider: "mistral.chat",
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
    return yield* MistralLanguageModel.make(modelConfig(modelId, { ...settings, apiKey }))
  }),
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
export const embeddingConfig = (modelId: string, settings: Settings = {}): MistralEmbeddingModel.Config => ({
  provider: "mistral.embedding",
  modelId,
  baseURL: baseURLOf(settings),
  headers: headersOf(settings)
})

const embeddingConstructors = ModelConstructors.make(
  EmbeddingModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* MistralEmbeddingModel.make(embeddingConfig(modelId, { ...settings, apiKey }))
  }),
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
