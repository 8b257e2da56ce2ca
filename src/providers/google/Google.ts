/**
 * The Google Generative AI (Gemini API) provider (upstream `createGoogle` of
 * `@ai-sdk/google` 4.0.121): settings and Layers providing the Gemini model
 * as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Config as EffectConfig, Effect, Layer, type Redacted } from "effect"
import type { HttpClient } from "effect/http"
import type { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import * as ImageModel from "../../ImageModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import type * as LanguageModelNs from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as CustomFetch from "../../provider-utils/CustomFetch.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import * as GeminiImageModel from "../kits/gemini/GeminiImageModel.ts"
import * as GeminiLanguageModel from "../kits/gemini/GeminiLanguageModel.ts"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import * as GoogleEmbeddingModel from "./GoogleEmbeddingModel.ts"

/**
 * Provider settings, as upstream's `GoogleProviderSettings` (no `fetch`: the
 * `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** URL prefix; default `https://generativelanguage.googleapis.com/v1beta`, a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Sent as `x-goog-api-key`; default the `GOOGLE_GENERATIVE_AI_API_KEY` config value, read per request. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  /** Provider name; default `google.generative-ai`. */
  readonly name?: string | undefined
  /** Id generator of tool calls and sources (default random). */
  readonly generateId?: (() => string) | undefined
}

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://generativelanguage.googleapis.com/v1beta"

/**
 * The `@ai-sdk/google` version this provider ports (user agent `ai-sdk-google/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.121"

const supportedExternalUrlMediaTypes = [
  "text/html",
  "text/css",
  "text/plain",
  "text/xml",
  "text/csv",
  "text/rtf",
  "text/javascript",
  "application/json",
  "application/pdf",
  "image/bmp",
  "image/jpeg",
  "image/png",
  "image/webp",
  "video/mp4",
  "video/mpeg",
  "video/quicktime",
  "video/avi",
  "video/x-flv",
  "video/mpg",
  "video/webm",
  "video/wmv",
  "video/3gpp"
]

/**
 * Upstream `getSupportedUrls`: the Files API, YouTube and (except Gemini 2.0) HTTPS URLs of the listed types.
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls = (modelId: string, baseURL: string): LanguageModelNs.SupportedUrls => {
  const external = /(^|\/)gemini-/.test(modelId) && !/(^|\/)gemini-2\.0/.test(modelId)
  return {
    "*": [
      /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/files\/.*$/,
      new RegExp(`^${baseURL}/files/.*$`),
      /^https:\/\/(?:www\.)?youtube\.com\/watch\?v=[\w-]+(?:&[\w=&.-]*)?$/,
      /^https:\/\/youtu\.be\/[\w-]+(?:\?[\w=&.-]*)?$/
    ],
    ...(external ? Object.fromEntries(supportedExternalUrlMediaTypes.map((type) => [type, [/^https:\/\/.*$/]])) : {})
  }
}

/** Upstream's `loadApiKey` options of this provider. */
const apiKeyOptions = (settings: Settings): ApiKey.LoadOptions => ({
  apiKey: settings.apiKey,
  environmentVariableName: "GOOGLE_GENERATIVE_AI_API_KEY",
  description: "Google Generative AI"
})

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): GeminiLanguageModel.Config => {
  const baseURL = settings.baseURL?.replace(/\/$/, "") ?? defaultBaseURL
  return {
    provider: settings.name ?? "google.generative-ai",
    modelId,
    baseURL,
    // read per request, as upstream's `getHeaders`
    headers: Effect.map(
      ApiKey.loadApiKey(apiKeyOptions(settings)),
      (apiKey) =>
        RequestHeaders.withUserAgentSuffix({ "x-goog-api-key": apiKey, ...settings.headers }, `ai-sdk-google/${VERSION}`)
    ),
    supportedUrls: supportedUrls(modelId, baseURL),
    generateId: settings.generateId
  }
}

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    // the key is loaded when the model is built: a missing or empty one fails the layer (LoadAPIKeyError)
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* GeminiLanguageModel.make(modelConfig(modelId, { ...settings, apiKey }))
  }),
  {}
)

/**
 * The Gemini model for `modelId` as a service; a missing or empty API key fails it with `LoadAPIKeyError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Gemini model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("GOOGLE_GENERATIVE_AI_API_KEY") }` (a `Config` of the whole
 * settings, or a record of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

const embeddingConstructors = ModelConstructors.make(
  EmbeddingModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    const config = modelConfig(modelId, { ...settings, apiKey })
    return yield* GoogleEmbeddingModel.make({ provider: config.provider, modelId, baseURL: config.baseURL, headers: config.headers })
  }),
  {}
)

/**
 * The embedding model (the provider name, base URL and headers of `modelConfig`) for `modelId` as a service (upstream `google.embedding(modelId)`).
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

/**
 * The Gemini image model for `modelId` (upstream `google.image(modelId, { maxImagesPerCall })`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const image = (
  modelId: string,
  settings: Settings & CustomFetch.Setting = {},
  imageSettings: { readonly maxImagesPerCall?: number | undefined } = {}
): Effect.Effect<ImageModel.Service, LoadAPIKeyError, HttpClient.HttpClient> =>
  Effect.map(model(modelId, settings), (languageModel) =>
    GeminiImageModel.make({
      provider: settings.name ?? "google.generative-ai",
      modelId,
      languageModel,
      flavour: "google",
      maxImagesPerCall: imageSettings.maxImagesPerCall ?? 1
    }))

/**
 * A Layer providing {@link image} as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayer = (
  modelId: string,
  settings: Settings & CustomFetch.Setting = {},
  imageSettings: { readonly maxImagesPerCall?: number | undefined } = {}
): Layer.Layer<ImageModel.ImageModel, LoadAPIKeyError, HttpClient.HttpClient> =>
  Layer.effect(ImageModel.ImageModel, image(modelId, settings, imageSettings))
