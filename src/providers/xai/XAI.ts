/**
 * The xAI provider (upstream `createXai` of `@ai-sdk/xai` 5.0.12, whose
 * `xai(modelId)` is the Responses model): settings and Layers providing the
 * Responses model as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Config as EffectConfig, Effect, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import * as ImageModel from "../../ImageModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import * as XAIImageModel from "./XAIImageModel.ts"
import * as XAILanguageModel from "./XAILanguageModel.ts"

/**
 * Provider settings, as upstream's `XaiProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Base URL; default `https://api.x.ai/v1`, a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Bearer key; default the `XAI_API_KEY` config value, read per request as upstream. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://api.x.ai/v1"

/**
 * The `@ai-sdk/xai` version this provider ports (user agent `ai-sdk-xai/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "5.0.12"

/** Upstream's `loadApiKey` options of xAI (its description is `xAI API key`, as upstream). */
const apiKeyOptions = (settings: Settings): ApiKey.LoadOptions => ({
  apiKey: settings.apiKey,
  environmentVariableName: "XAI_API_KEY",
  description: "xAI API key"
})

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): XAILanguageModel.Config => ({
  provider: "xai.responses",
  modelId,
  baseURL: (settings.baseURL ?? defaultBaseURL).replace(/\/$/, ""),
  headers: Effect.map(
    ApiKey.loadApiKey(apiKeyOptions(settings)),
    (apiKey) =>
      RequestHeaders.withUserAgentSuffix(
        { Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`), ...settings.headers },
        `ai-sdk-xai/${VERSION}`
      )
  )
})

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    // the key is loaded when the model is built: a missing one fails the layer (LoadAPIKeyError)
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* XAILanguageModel.make(modelConfig(modelId, { ...settings, apiKey }))
  }),
  {}
)

/**
 * The Responses model for `modelId` as a service; a missing or empty API key fails it with
 * `LoadAPIKeyError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Responses model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("XAI_API_KEY") }`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

const imageConstructors = ModelConstructors.make(
  ImageModel.ImageModel,
  (modelId: string, settings: Settings) => XAIImageModel.make({ ...modelConfig(modelId, settings), provider: "xai.image" }),
  {}
)

/**
 * The image model for `modelId` (upstream `xai.image(modelId)`); the API key is loaded per request.
 *
 * @since 0.1.0
 * @category constructors
 */
export const image = imageConstructors.model

/**
 * A layer providing {@link image} as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayer = imageConstructors.layer
