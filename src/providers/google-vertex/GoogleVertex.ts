/**
 * The Google Vertex AI provider for Gemini models (upstream
 * `createGoogleVertex` of `@ai-sdk/google-vertex` 5.0.141, edge flavour):
 * express mode with an API key (`x-goog-api-key`, base URL
 * `https://aiplatform.googleapis.com/v1/publishers/google`) or a service
 * account (WebCrypto-signed JWT → bearer token), project/location URLs, and
 * provider metadata under `googleVertex` and `vertex`.
 *
 * @since 0.1.0
 */
import { Config as EffectConfig, Effect, Option, Redacted } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import { LanguageModel } from "../../LanguageModel.ts"
import type * as LanguageModelNs from "../../LanguageModel.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import type { APICallError } from "../../contract/errors/APICallError.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import * as ImageModelNs from "../../ImageModel.ts"
import * as GeminiImageModel from "../kits/gemini/GeminiImageModel.ts"
import * as GeminiLanguageModel from "../kits/gemini/GeminiLanguageModel.ts"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import * as GoogleVertexEmbeddingModel from "./GoogleVertexEmbeddingModel.ts"
import * as ApplicationDefaultCredentials from "./ApplicationDefaultCredentials.ts"
import { generateAuthToken, type GoogleCredentials } from "./ServiceAccountAuth.ts"

/**
 * Provider settings, as upstream's edge `GoogleVertexProviderSettings` (no
 * `fetch`: the `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Express mode key (`x-goog-api-key`); default the `GOOGLE_VERTEX_API_KEY` config value. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Default `GOOGLE_VERTEX_LOCATION` (not needed with an API key or a `baseURL`). */
  readonly location?: string | undefined
  /** Default `GOOGLE_VERTEX_PROJECT` (not needed with an API key or a `baseURL`). */
  readonly project?: string | undefined
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  readonly baseURL?: string | undefined
  /** Service account; default the `GOOGLE_CLIENT_EMAIL` / `GOOGLE_PRIVATE_KEY` config values. */
  readonly googleCredentials?: GoogleCredentials | undefined
  /**
   * With neither an API key nor service account credentials, requests use Application Default
   * Credentials through the optional peer `google-auth-library` (upstream's node path); these are
   * its `GoogleAuthOptions`, passed as they are.
   */
  readonly googleAuthOptions?: object | undefined
  readonly generateId?: (() => string) | undefined
  /** Downloads of tool-result file URLs sent as inline data: at most `maxBytes` per file (default 7 MiB). */
  readonly toolResultDownloads?: { readonly maxBytes?: number | undefined } | undefined
}

/**
 * The `@ai-sdk/google-vertex` version this provider ports (user agent `ai-sdk-google-vertex/<VERSION>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "5.0.141"

/**
 * The express mode base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const expressModeBaseURL = "https://aiplatform.googleapis.com/v1/publishers/google"

/**
 * URLs Vertex reads itself: HTTP(S) and Cloud Storage.
 *
 * @since 0.1.0
 * @category constants
 */
export const supportedUrls: LanguageModelNs.SupportedUrls = { "*": [/^https?:\/\/.*$/, /^gs:\/\/.*$/] }

const optionalConfig = (name: string) =>
  Effect.map(
    Effect.orElseSucceed(EffectConfig.option(EffectConfig.String(name)), () => Option.none<string>()),
    Option.getOrUndefined
  )


const loadSetting = (value: string | undefined, settingName: string, variable: string, description: string) =>
  value !== undefined
    ? Effect.succeed(value)
    : Effect.flatMap(optionalConfig(variable), (fromEnv) =>
      fromEnv !== undefined ? Effect.succeed(fromEnv) : Effect.fail(
        new LoadSettingError({
          message: `${description} setting is missing. ` +
            `Pass it using the '${settingName}' parameter or the ${variable} environment variable.`
        })
      ))

const host = (region: string): string =>
  region === "global"
    ? "aiplatform.googleapis.com"
    : region === "eu" || region === "us"
    ? `aiplatform.${region}.rep.googleapis.com`
    : `${region}-aiplatform.googleapis.com`

const isSet = (name: string) =>
  Effect.map(optionalConfig(name), (value) => value !== undefined)

// Service account credentials (given, or either variable set: a missing half is reported as
// before), else Application Default Credentials; the environment is read per request, as upstream.
const authTokenOf = (settings: Settings, userAgent: string, client: HttpClient.HttpClient) =>
  Effect.map(
    ApplicationDefaultCredentials.make({ googleAuthOptions: settings.googleAuthOptions, project: settings.project }),
    (adc) => {
      const serviceAccount = Effect.provideService(generateAuthToken(settings.googleCredentials, userAgent), HttpClient.HttpClient, client)
      return settings.googleCredentials !== undefined ? serviceAccount : Effect.flatMap(
        Effect.zipWith(isSet("GOOGLE_CLIENT_EMAIL"), isSet("GOOGLE_PRIVATE_KEY"), (email, key) => email || key),
        (hasServiceAccount): Effect.Effect<Redacted.Redacted<string>, LoadSettingError | APICallError> => hasServiceAccount ? serviceAccount : adc
      )
    }
  )

/**
 * Resolves settings into the model config. Without an API key requests carry a
 * service-account bearer token fetched through `client`.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = Effect.fn("GoogleVertex.modelConfig")(function*(
  modelId: string,
  settings: Settings = {},
  client?: HttpClient.HttpClient
) {
  const apiKey = settings.apiKey ?? (yield* optionalConfig("GOOGLE_VERTEX_API_KEY")) ?? undefined
  const hasKey = apiKey !== undefined && (typeof apiKey !== "string" || apiKey !== "")
  // tuned models are addressed by their deployed endpoint, without `/publishers/google`
  const endpoint = modelId.startsWith("endpoints/")
  if (endpoint && hasKey) {
    return yield* new InvalidArgumentError({
      argument: "modelId",
      message:
        "Google Vertex tuned models do not support Express Mode API keys. Use standard Google Cloud credentials instead."
    })
  }
  const trimmed = settings.baseURL?.replace(/\/$/, "")
  let baseURL: string
  if (hasKey) {
    baseURL = trimmed ?? expressModeBaseURL
  } else if (trimmed !== undefined) {
    baseURL = trimmed
  } else {
    const region = yield* loadSetting(settings.location, "location", "GOOGLE_VERTEX_LOCATION", "Google Vertex location")
    if (!/^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(region)) {
      return yield* new InvalidArgumentError({
        argument: "location",
        message:
          "Invalid Google Vertex location. Expected a single DNS label (letters, digits, and hyphens). Use `baseURL` for custom endpoints."
      })
    }
    const project = yield* loadSetting(settings.project, "project", "GOOGLE_VERTEX_PROJECT", "Google Vertex project")
    baseURL = `https://${host(region)}/v1beta1/projects/${project}/locations/${region}${endpoint ? "" : "/publishers/google"}`
  }
  const userAgent = `ai-sdk-google-vertex/${VERSION}`
  const userHeaders = settings.headers ?? {}
  const authToken = hasKey || client === undefined ? undefined : yield* authTokenOf(settings, userAgent, client)
  const headers: GeminiLanguageModel.Config["headers"] = hasKey || authToken === undefined
    ? Effect.succeed(RequestHeaders.withUserAgentSuffix(userHeaders, userAgent))
    : Effect.map(
      authToken,
      (token) =>
        RequestHeaders.withUserAgentSuffix(
          { Authorization: Redacted.make(`Bearer ${Redacted.value(token)}`), ...userHeaders },
          userAgent
        )
    )
  const key = hasKey ? (typeof apiKey === "string" ? Redacted.make(apiKey) : apiKey) : undefined
  const config: GeminiLanguageModel.Config = {
    provider: "google.vertex.chat",
    modelId,
    baseURL,
    headers,
    // upstream's express-mode fetch sets the key over every other header
    finalHeaders: key === undefined ? undefined : Effect.succeed({ "x-goog-api-key": key }),
    supportedUrls,
    supportsGoogleCloudStorageUrls: true,
    toolResultDownloads: { maxBytes: settings.toolResultDownloads?.maxBytes ?? 7 * 1024 * 1024 },
    generateId: settings.generateId
  }
  return config
})

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const client = yield* HttpClient.HttpClient
    const config = yield* modelConfig(modelId, settings, client)
    return yield* GeminiLanguageModel.make(config)
  }),
  {}
)

/**
 * The Gemini model on Vertex for `modelId` as a service.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Gemini model on Vertex as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from `Config` (e.g. `Config.redacted("GOOGLE_VERTEX_API_KEY")` for the key).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig

const embeddingConstructors = ModelConstructors.make(
  EmbeddingModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const client = yield* HttpClient.HttpClient
    const config = yield* modelConfig(modelId, settings, client)
    return yield* GoogleVertexEmbeddingModel.make({
      provider: "google.vertex.embedding",
      modelId,
      baseURL: config.baseURL,
      headers: config.headers,
      finalHeaders: config.finalHeaders
    })
  }),
  {}
)

/**
 * The text embedding model (provider `google.vertex.embedding`, the base URL, headers and credentials of `modelConfig`) for `modelId` as a service (upstream `vertex.embeddingModel(modelId)`).
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

const imageConstructors = ModelConstructors.make(
  ImageModelNs.ImageModel,
  (modelId: string, settings: Settings) =>
    Effect.gen(function*() {
      const client = yield* HttpClient.HttpClient
      const config = yield* modelConfig(modelId, settings, client)
      const languageModel = yield* GeminiLanguageModel.make({ ...config, provider: "google.vertex.image", supportedUrls })
      return GeminiImageModel.make({ provider: "google.vertex.image", modelId, languageModel, flavour: "vertex", maxImagesPerCall: 1 })
    }),
  {}
)

/**
 * The Gemini image model on Vertex for `modelId` (upstream `vertex.image(modelId)`): the Gemini
 * model with provider `google.vertex.image`.
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
