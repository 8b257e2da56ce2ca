/**
 * The OpenAI provider: settings (upstream `createOpenAI`'s `OpenAIProviderSettings`)
 * and Layers providing the chat model as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Config, Effect, Option, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import * as ImageModelNs from "../../ImageModel.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import * as SpeechModelNs from "../../SpeechModel.ts"
import * as TranscriptionModelNs from "../../TranscriptionModel.ts"
import * as OpenAIChatLanguageModel from "../kits/openai/OpenAIChatLanguageModel.ts"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import * as OpenAIEmbeddingModel from "../kits/openai/OpenAIEmbeddingModel.ts"
import * as OpenAIImageModel from "../kits/openai/OpenAIImageModel.ts"
import * as OpenAIResponsesLanguageModel from "../kits/openai/responses/OpenAIResponsesLanguageModel.ts"
import * as OpenAISpeechModel from "../kits/openai/OpenAISpeechModel.ts"
import * as OpenAITranscriptionModel from "../kits/openai/OpenAITranscriptionModel.ts"

/**
 * Provider settings, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Base URL of the API; default `OPENAI_BASE_URL`, else `https://api.openai.com/v1`. */
  readonly baseURL?: string | undefined
  /** API key sent as a bearer token; default the `OPENAI_API_KEY` config value. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** OpenAI organization (`OpenAI-Organization` header). */
  readonly organization?: string | undefined
  /** OpenAI project (`OpenAI-Project` header). */
  readonly project?: string | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  /** Provider name prefix; default `openai` (the chat model reports `<name>.chat`). */
  readonly name?: string | undefined
}

/**
 * The `@ai-sdk/openai` version this provider ports (its `ai-sdk-openai/<version>` user-agent part).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.118"

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://api.openai.com/v1"

const withoutTrailingSlash = (url: string): string => url.endsWith("/") ? url.slice(0, -1) : url

/**
 * Resolves settings into the chat model's config: the API key (setting, else
 * `Config.Redacted("OPENAI_API_KEY")`), the base URL (setting, else
 * `OPENAI_BASE_URL`, else the default) and the headers (upstream's, with the
 * `ai-sdk-openai/<version>` user agent; the key as a `Redacted` value).
 *
 * @since 0.1.0
 * @category configuration
 */
export const chatConfig = Effect.fn("OpenAI.chatConfig")(function*(modelId: string, settings: Settings = {}) {
  const baseURLSetting = settings.baseURL ??
    Option.getOrUndefined(yield* Effect.orElseSucceed(Config.option(Config.String("OPENAI_BASE_URL")), Option.none))
  if (baseURLSetting?.trim() === "") {
    return yield* new InvalidArgumentError({ argument: "baseURL", message: "baseURL must be a non-empty string." })
  }
  const baseURL = baseURLSetting === undefined ? defaultBaseURL : withoutTrailingSlash(baseURLSetting)
  const key = yield* ApiKey.loadApiKey({
    apiKey: settings.apiKey,
    environmentVariableName: "OPENAI_API_KEY",
    description: "OpenAI"
  })
  // Upstream `getHeaders`; the key stays `Redacted` until `postJsonToApi`
  // builds the request.
  const headers = RequestHeaders.withUserAgentSuffix(
    {
      Authorization: Redacted.make(`Bearer ${Redacted.value(key)}`),
      "OpenAI-Organization": settings.organization,
      "OpenAI-Project": settings.project,
      ...settings.headers
    },
    `ai-sdk-openai/${VERSION}`
  )
  const config: OpenAIChatLanguageModel.Config = {
    provider: `${settings.name ?? "openai"}.chat`,
    modelId,
    url: `${baseURL}/chat/completions`,
    headers
  }
  return config
})

const chatConstructors = ModelConstructors.make(
  LanguageModel,
  (modelId: string, settings: Settings) => Effect.flatMap(chatConfig(modelId, settings), OpenAIChatLanguageModel.make),
  {}
)

/**
 * The chat model service for `modelId`, on the environment's `HttpClient` (upstream
 * `openai.chat(modelId)`).
 *
 * @since 0.1.0
 * @category models
 */
export const chat = chatConstructors.model

/**
 * A Layer providing the chat model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const chatLayer = chatConstructors.layer

/**
 * {@link chatLayer} with settings from effect `Config`, e.g. `{ apiKey: Config.Redacted("OPENAI_API_KEY") }`.
 *
 * @since 0.1.0
 * @category layers
 */
export const chatLayerConfig = chatConstructors.layerConfig

const chatPath = "/chat/completions"

/**
 * Resolves settings into the Responses model's config (upstream
 * `createResponsesModel`): the chat config's key, base URL and headers,
 * provider `<name>.responses`, URL `<baseURL>/responses`, file ids prefixed `file-`.
 *
 * @since 0.1.0
 * @category configuration
 */
export const responsesConfig = Effect.fn("OpenAI.responsesConfig")(function*(modelId: string, settings: Settings = {}) {
  const chatModel = yield* chatConfig(modelId, settings)
  const config: OpenAIResponsesLanguageModel.Config = {
    provider: `${settings.name ?? "openai"}.responses`,
    modelId,
    url: `${chatModel.url.slice(0, chatModel.url.length - chatPath.length)}/responses`,
    headers: chatModel.headers,
    fileIdPrefixes: ["file-"]
  }
  return config
})

const responsesConstructors = ModelConstructors.make(
  LanguageModel,
  (modelId: string, settings: Settings) =>
    Effect.flatMap(responsesConfig(modelId, settings), OpenAIResponsesLanguageModel.make),
  {}
)

/**
 * The Responses model service for `modelId`, on the environment's `HttpClient`
 * (upstream `openai.responses(modelId)`).
 *
 * @since 0.1.0
 * @category models
 */
export const responses = responsesConstructors.model

/**
 * A Layer providing the Responses model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const responsesLayer = responsesConstructors.layer

/**
 * {@link responsesLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const responsesLayerConfig = responsesConstructors.layerConfig

/**
 * The default model for `modelId` as a service: the Responses model, as
 * upstream's `openai(modelId)`. A missing or empty API key fails it with `LoadAPIKeyError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = responsesConstructors.model

/**
 * A Layer providing {@link model} (the Responses model) as the `LanguageModel` service; the chat
 * model's is {@link chatLayer}.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = responsesConstructors.layer

/**
 * {@link layer} with settings from effect `Config`, e.g. `{ apiKey: Config.Redacted("OPENAI_API_KEY") }`
 * (a `Config` of the whole settings, or a record of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = responsesConstructors.layerConfig

// upstream `createEmbeddingModel`: provider `<name>.embedding`, `<baseURL>/embeddings`, the chat config's key and headers
const embeddingConstructors = ModelConstructors.make(
  EmbeddingModel,
  (modelId: string, settings: Settings) =>
    Effect.flatMap(chatConfig(modelId, settings), (chatModel) =>
      OpenAIEmbeddingModel.make({
        provider: `${settings.name ?? "openai"}.embedding`,
        modelId,
        url: `${chatModel.url.slice(0, chatModel.url.length - chatPath.length)}/embeddings`,
        headers: chatModel.headers
      })),
  {}
)

/**
 * The embedding model for `modelId` as a service (upstream `openai.embedding(modelId)`).
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

// The media models: the chat config's key, base URL and headers, upstream's `<name>.<kind>` provider.
const mediaConfig = (modelId: string, settings: Settings, kind: string) =>
  Effect.map(chatConfig(modelId, settings), (chat) => ({
    provider: `${settings.name ?? "openai"}.${kind}`,
    modelId,
    baseURL: chat.url.slice(0, chat.url.length - chatPath.length),
    headers: chat.headers
  }))

const imageConstructors = ModelConstructors.make(
  ImageModelNs.ImageModel,
  (modelId: string, settings: Settings) => Effect.flatMap(mediaConfig(modelId, settings, "image"), OpenAIImageModel.make),
  {}
)

/**
 * The image model service (upstream `openai.image(modelId)`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const image = imageConstructors.model

/**
 * A Layer providing {@link image} as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayer = imageConstructors.layer

const speechConstructors = ModelConstructors.make(
  SpeechModelNs.SpeechModel,
  (modelId: string, settings: Settings) => Effect.flatMap(mediaConfig(modelId, settings, "speech"), OpenAISpeechModel.make),
  {}
)

/**
 * The speech model service (upstream `openai.speech(modelId)`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const speech = speechConstructors.model

/**
 * A Layer providing {@link speech} as the `SpeechModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const speechLayer = speechConstructors.layer

const transcriptionConstructors = ModelConstructors.make(
  TranscriptionModelNs.TranscriptionModel,
  (modelId: string, settings: Settings) =>
    Effect.flatMap(mediaConfig(modelId, settings, "transcription"), OpenAITranscriptionModel.make),
  {}
)

/**
 * The transcription model service (upstream `openai.transcription(modelId)`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const transcription = transcriptionConstructors.model

/**
 * A Layer providing {@link transcription} as the `TranscriptionModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const transcriptionLayer = transcriptionConstructors.layer
