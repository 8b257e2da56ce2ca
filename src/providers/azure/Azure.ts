/**
 * The Azure OpenAI provider (upstream `createAzure` of `@ai-sdk/azure` 4.0.85): the OpenAI
 * kit's models on Azure's URLs and `api-key` header, with the behaviours of the `@ai-sdk/openai`
 * 4.0.81 that the pin bundles (`VersionSkew.v4_0_81`). `Azure.model(deploymentId)` is the
 * Responses model, as upstream's `azure(deploymentId)`; `Azure.chat` the chat completions model.
 *
 * @since 0.1.0
 */
import { Config, Effect, Option, Redacted } from "effect"
import type { Context } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as Http from "../../provider-utils/Http.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import type * as OpenAIChatLanguageModel from "../kits/openai/OpenAIChatLanguageModel.ts"
import * as OpenAIChatModel from "../kits/openai/OpenAIChatLanguageModel.ts"
import * as OpenAIResponsesLanguageModel from "../kits/openai/responses/OpenAIResponsesLanguageModel.ts"
import * as VersionSkew from "../kits/openai/VersionSkew.ts"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import * as ImageModelNs from "../../ImageModel.ts"
import * as SpeechModelNs from "../../SpeechModel.ts"
import * as TranscriptionModelNs from "../../TranscriptionModel.ts"
import * as OpenAIEmbeddingModel from "../kits/openai/OpenAIEmbeddingModel.ts"
import * as OpenAIImageModel from "../kits/openai/OpenAIImageModel.ts"
import * as OpenAITools from "../kits/openai/OpenAITools.ts"
import * as OpenAISpeechModel from "../kits/openai/OpenAISpeechModel.ts"
import * as OpenAITranscriptionModel from "../kits/openai/OpenAITranscriptionModel.ts"

/**
 * Provider settings, as upstream's `AzureOpenAIProviderSettings` (`fetch`: see `ModelConstructors`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** The Azure resource (a DNS label): `https://{resourceName}.openai.azure.com/openai`; default `AZURE_RESOURCE_NAME`. */
  readonly resourceName?: string | undefined
  /** A URL prefix instead of the resource name (a trailing `/` is dropped); wins over `resourceName`. */
  readonly baseURL?: string | undefined
  /** Sent as the `api-key` header; default the `AZURE_API_KEY` config value. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /**
   * A Microsoft Entra ID (Azure AD) access token, run before every request and sent as
   * `authorization: Bearer <token>` unless the request has an `authorization` header; instead of
   * `apiKey` (no `api-key` header then). A failure fails the request with `APICallError`.
   */
  readonly tokenProvider?: (() => Effect.Effect<string | Redacted.Redacted<string>, unknown>) | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** The `api-version` query parameter; default `v1`. */
  readonly apiVersion?: string | undefined
  /** Legacy URLs `{baseURL}/deployments/{deploymentId}{path}?api-version=…` instead of `{baseURL}/v1{path}`. */
  readonly useDeploymentBasedUrls?: boolean | undefined
}

/**
 * The `@ai-sdk/azure` version this provider ports (user agent `ai-sdk-azure/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.85"

/**
 * The provider-utils version the pin bundles, which its user agent names (`ai-sdk-provider-utils/<version>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const PROVIDER_UTILS_VERSION = "5.0.51"

/**
 * The `@ai-sdk/openai` behaviours Azure's models follow: those of the 4.0.81 the pin bundles.
 *
 * @since 0.1.0
 * @category constants
 */
export const skew: VersionSkew.VersionSkew = VersionSkew.v4_0_81

/**
 * Azure's provider tools (upstream `azure.tools`): the OpenAI Responses tools the pin re-exports,
 * for the Responses model.
 *
 * @since 0.1.0
 * @category tools
 */
export const tools = {
  codeInterpreter: OpenAITools.codeInterpreter,
  fileSearch: OpenAITools.fileSearch,
  imageGeneration: OpenAITools.imageGeneration,
  webSearch: OpenAITools.webSearch,
  webSearchPreview: OpenAITools.webSearchPreview
} as const

/**
 * Builds a request URL from an API path (`/responses`) and the deployment id (upstream's `url`).
 *
 * @since 0.1.0
 * @category models
 */
export type UrlBuilder = (options: { readonly path: string; readonly modelId: string }) => string

/** What upstream's `getAzureOpenAIBaseURLInfo` reads off the base URL. */
interface BaseURLInfo {
  readonly isAzureOpenAI: boolean
  readonly isFoundryProject: boolean
  readonly isVersioned: boolean
}

const baseURLInfo = (baseURL: string | undefined): Effect.Effect<BaseURLInfo, InvalidArgumentError> => {
  if (baseURL === undefined) return Effect.succeed({ isAzureOpenAI: true, isFoundryProject: false, isVersioned: false })
  if (!URL.canParse(baseURL)) {
    return Effect.fail(new InvalidArgumentError({ argument: "baseURL", message: `Invalid URL: ${baseURL}` }))
  }
  const url = new URL(baseURL)
  const host = url.hostname
  const isAzureOpenAI = host.endsWith(".openai.azure.com") || host.endsWith(".services.ai.azure.com") ||
    host.endsWith(".cognitiveservices.azure.com")
  const pathname = url.pathname.replace(/\/+$/, "")
  return Effect.succeed({
    isAzureOpenAI,
    isFoundryProject: host.endsWith(".services.ai.azure.com") && pathname.startsWith("/api/projects/"),
    isVersioned: isAzureOpenAI && pathname.toLowerCase().endsWith("/openai/v1")
  })
}

const optionalConfig = (name: string) =>
  Effect.map(Effect.orElseSucceed(Config.option(Config.String(name)), Option.none), Option.getOrUndefined)

/**
 * Upstream `getResourceName`: the setting, else `AZURE_RESOURCE_NAME`, a single DNS label.
 *
 * @since 0.1.0
 * @category configuration
 */
export const resourceName = Effect.fn("Azure.resourceName")(function*(settings: Settings) {
  const name = settings.resourceName ?? (yield* optionalConfig("AZURE_RESOURCE_NAME"))
  if (name === undefined) {
    return yield* new LoadSettingError({
      message: "Azure OpenAI resource name setting is missing. " +
        "Pass it using the 'resourceName' parameter or the AZURE_RESOURCE_NAME environment variable."
    })
  }
  // The resource name becomes part of the request host, so only a DNS label is accepted.
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(name)) {
    return yield* new InvalidArgumentError({
      argument: "resourceName",
      message:
        "Invalid Azure resource name. Expected a single DNS label (letters, digits, and hyphens). Use `baseURL` for custom endpoints."
    })
  }
  return name
})

/**
 * Upstream's `url` function with the settings resolved: `{prefix}/v1{path}?api-version=…`, the
 * deployment-based form, or a custom gateway's / complete v1 URL's `{prefix}{path}`. Also tells
 * whether the base URL is a Foundry project (its Responses input items carry `type: "message"`).
 *
 * @since 0.1.0
 * @category configuration
 */
export const urlBuilder = Effect.fn("Azure.urlBuilder")(function*(settings: Settings) {
  const info = yield* baseURLInfo(settings.baseURL)
  const prefix = (settings.baseURL ?? `https://${yield* resourceName(settings)}.openai.azure.com/openai`)
    .replace(/\/$/, "")
  const apiVersion = settings.apiVersion ?? "v1"
  const deploymentBased = settings.useDeploymentBasedUrls === true
  const url: UrlBuilder = ({ modelId, path }) => {
    const full = new URL(
      deploymentBased
        ? `${prefix}/deployments/${modelId}${path}`
        : !info.isAzureOpenAI || info.isVersioned
        ? `${prefix}${path}`
        : `${prefix}/v1${path}`
    )
    if (deploymentBased || (info.isAzureOpenAI && !info.isVersioned && !info.isFoundryProject)) {
      full.searchParams.set("api-version", apiVersion)
    }
    return full.toString()
  }
  return { url, isFoundryProject: info.isFoundryProject }
})

/**
 * Upstream `getHeaders()`: the key as `api-key`, the settings' headers, the `ai-sdk-azure/<VERSION>` user agent.
 *
 * @since 0.1.0
 * @category configuration
 */
export const headers = Effect.fn("Azure.headers")(function*(settings: Settings) {
  if (settings.tokenProvider !== undefined) {
    if (settings.apiKey !== undefined && settings.apiKey !== "") {
      return yield* new InvalidArgumentError({
        argument: "apiKey/tokenProvider",
        message: "Both apiKey and tokenProvider were provided. Please use only one authentication method."
      })
    }
    return RequestHeaders.withUserAgentSuffix(settings.headers, `ai-sdk-azure/${VERSION}`)
  }
  const key = yield* ApiKey.loadApiKey({
    apiKey: settings.apiKey,
    environmentVariableName: "AZURE_API_KEY",
    description: "Azure OpenAI"
  })
  return RequestHeaders.withUserAgentSuffix(
    { "api-key": Redacted.make(Redacted.value(key)), ...settings.headers },
    `ai-sdk-azure/${VERSION}`
  )
})

const ourAgent = `ai-sdk-provider-utils/${Http.PROVIDER_UTILS_VERSION} `
const pinAgent = `ai-sdk-provider-utils/${PROVIDER_UTILS_VERSION} `

const bearer = (tokenProvider: NonNullable<Settings["tokenProvider"]>) => (request: HttpClientRequest.HttpClientRequest) =>
  request.headers["authorization"] !== undefined ? Effect.succeed(request) : tokenProvider().pipe(
    Effect.map((token) =>
      HttpClientRequest.setHeader(request, "authorization", `Bearer ${Redacted.isRedacted(token) ? Redacted.value(token) : token}`)
    ),
    Effect.mapError((cause) => new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) }))
  )

/**
 * What the pin's fetch path does to every request (upstream's `tokenProvider` fetch wrapper): the
 * user agent names the bundled provider-utils, and the `tokenProvider`'s bearer token is added.
 *
 * @since 0.1.0
 * @category configuration
 */
export const httpClient = (settings: Settings) => (client: HttpClient.HttpClient): HttpClient.HttpClient => {
  const agent = HttpClient.mapRequest(client, (request) => {
    const userAgent = request.headers["user-agent"]
    return userAgent === undefined || !userAgent.includes(ourAgent)
      ? request
      : HttpClientRequest.setHeader(request, "user-agent", userAgent.replace(ourAgent, pinAgent))
  })
  return settings.tokenProvider === undefined ? agent : HttpClient.mapRequestEffect(agent, bearer(settings.tokenProvider))
}

const onAzureClient = <A, E>(settings: Settings, effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
  Effect.updateService(effect, HttpClient.HttpClient, httpClient(settings))

/**
 * Resolves settings into the chat model's config (upstream `createChatModel`): provider
 * `azure.chat`, options and metadata under `openai` (the 4.0.81 chat model reads no other key).
 *
 * @since 0.1.0
 * @category configuration
 */
export const chatConfig = Effect.fn("Azure.chatConfig")(function*(deploymentId: string, settings: Settings = {}) {
  const { url } = yield* urlBuilder(settings)
  const config: OpenAIChatLanguageModel.Config = {
    provider: "azure.chat",
    modelId: deploymentId,
    url: url({ path: "/chat/completions", modelId: deploymentId }),
    headers: yield* headers(settings),
    skew
  }
  return config
})

/**
 * Resolves settings into the Responses model's config (upstream `createResponsesModel`):
 * provider `azure.responses` (options and metadata under `azure`), file ids prefixed
 * `assistant-`, message items typed on Foundry project URLs.
 *
 * @since 0.1.0
 * @category configuration
 */
export const responsesConfig = Effect.fn("Azure.responsesConfig")(function*(
  deploymentId: string,
  settings: Settings = {}
) {
  const { isFoundryProject, url } = yield* urlBuilder(settings)
  const config: OpenAIResponsesLanguageModel.Config = {
    provider: "azure.responses",
    modelId: deploymentId,
    url: url({ path: "/responses", modelId: deploymentId }),
    headers: yield* headers(settings),
    explicitMessageItemType: isFoundryProject,
    fileIdPrefixes: ["assistant-"],
    skew
  }
  return config
})

/**
 * One model kind's constructors: its config from the settings, the kit's `make` on Azure's client.
 */
const constructors = <I, S, C, E>(
  key: Context.Key<I, S>,
  config: (deploymentId: string, settings: Settings) => Effect.Effect<C, E>,
  make: (config: C) => Effect.Effect<S, never, HttpClient.HttpClient>
) =>
  ModelConstructors.make(
    key,
    (deploymentId: string, settings: Settings) => onAzureClient(settings, Effect.flatMap(config(deploymentId, settings), make)),
    {}
  )

const responsesConstructors = constructors(LanguageModel, responsesConfig, OpenAIResponsesLanguageModel.make)

const chatConstructors = constructors(LanguageModel, chatConfig, OpenAIChatModel.make)

/**
 * The default model for a deployment: the Responses model, as upstream's `azure(deploymentId)`.
 * A missing or empty API key fails it with `LoadAPIKeyError`, a missing resource name with `LoadSettingError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = responsesConstructors.model

/**
 * A Layer providing {@link model} (the Responses model) as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = responsesConstructors.layer

/**
 * {@link layer} with settings from effect `Config`, e.g. `{ apiKey: Config.Redacted("AZURE_API_KEY") }`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = responsesConstructors.layerConfig

/**
 * The Responses model (upstream `azure.responses(deploymentId)`, the same as {@link model}).
 *
 * @since 0.1.0
 * @category models
 */
export const responses = responsesConstructors.model

/**
 * A Layer providing {@link responses} as the `LanguageModel` service.
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
 * The chat completions model (upstream `azure.chat(deploymentId)`).
 *
 * @since 0.1.0
 * @category models
 */
export const chat = chatConstructors.model

/**
 * A Layer providing {@link chat} as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const chatLayer = chatConstructors.layer

/**
 * {@link chatLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const chatLayerConfig = chatConstructors.layerConfig

// upstream `createEmbeddingModel`: provider `azure.embeddings`, `/embeddings` on Azure's URL
const embeddingConfig = Effect.fnUntraced(function*(deploymentId: string, settings: Settings) {
  const { url } = yield* urlBuilder(settings)
  const config: OpenAIEmbeddingModel.Config = {
    provider: "azure.embeddings",
    modelId: deploymentId,
    url: url({ path: "/embeddings", modelId: deploymentId }),
    headers: yield* headers(settings),
    skew
  }
  return config
})

const embeddingConstructors = constructors(EmbeddingModel, embeddingConfig, OpenAIEmbeddingModel.make)

/**
 * The embedding model (upstream `azure.embedding(deploymentId)`, provider `azure.embeddings`).
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
 * The media models' config (upstream's `azure.<kind>` models): Azure's URL of each API path, the
 * `api-key` headers.
 *
 * @since 0.1.0
 * @category configuration
 */
export const mediaConfig = Effect.fn("Azure.mediaConfig")(function*(
  deploymentId: string,
  settings: Settings,
  kind: "image" | "speech" | "transcription"
) {
  const { url } = yield* urlBuilder(settings)
  return {
    provider: `azure.${kind}`,
    modelId: deploymentId,
    baseURL: url({ path: "", modelId: deploymentId }),
    url: (path: string) => url({ path, modelId: deploymentId }),
    headers: yield* headers(settings)
  }
})

const mediaConfigOf = (kind: "image" | "speech" | "transcription") => (deploymentId: string, settings: Settings) =>
  mediaConfig(deploymentId, settings, kind)

const imageConstructors = constructors(ImageModelNs.ImageModel, mediaConfigOf("image"), OpenAIImageModel.make)

/**
 * The image model (upstream `azure.image(deploymentId)`): generations as JSON, edits as multipart.
 *
 * @since 0.1.0
 * @category models
 */
export const image = imageConstructors.model

/**
 * A Layer providing {@link image} as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayer = imageConstructors.layer

/**
 * {@link imageLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const imageLayerConfig = imageConstructors.layerConfig

const speechConstructors = constructors(SpeechModelNs.SpeechModel, mediaConfigOf("speech"), OpenAISpeechModel.make)

/**
 * The speech model (upstream `azure.speech(deploymentId)`, `/audio/speech`).
 *
 * @since 0.1.0
 * @category models
 */
export const speech = speechConstructors.model

/**
 * A Layer providing {@link speech} as the `SpeechModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const speechLayer = speechConstructors.layer

/**
 * {@link speechLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const speechLayerConfig = speechConstructors.layerConfig

const transcriptionConstructors = constructors(
  TranscriptionModelNs.TranscriptionModel,
  mediaConfigOf("transcription"),
  (config) => OpenAITranscriptionModel.make({ ...config, skew })
)

/**
 * The transcription model on the OpenAI API (upstream `azure.transcription(deploymentId)` for every
 * deployment but MAI-Transcribe-2, `/audio/transcriptions`, multipart).
 *
 * @since 0.1.0
 * @category models
 */
export const transcription = transcriptionConstructors.model

/**
 * A Layer providing {@link transcription} as the `TranscriptionModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const transcriptionLayer = transcriptionConstructors.layer

/**
 * {@link transcriptionLayer} with settings from effect `Config`.
 *
 * @since 0.1.0
 * @category layers
 */
export const transcriptionLayerConfig = transcriptionConstructors.layerConfig
