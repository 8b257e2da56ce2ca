/**
 * Anthropic models on Google Vertex AI (upstream `createGoogleVertexAnthropic`
 * of `@ai-sdk/google-vertex/anthropic` 5.0.141, edge flavour): the Anthropic
 * messages model of the shared kit (`src/providers/kits/anthropic/`) with
 * Vertex's project/location URLs (`:rawPredict`, `:streamRawPredict`), a
 * service-account bearer token, `anthropic_version: "vertex-2023-10-16"` in
 * place of `model`, `x-vertex-ai-labels` from `providerOptions.vertex.labels`,
 * no URL sources, and options and metadata under `googleVertex`.
 *
 * @since 0.1.0
 */
import { Config as EffectConfig, Effect, Option, Redacted, Schema } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as Base64 from "../../provider-utils/Base64.ts"
import { parseProviderOptions } from "../../provider-utils/ParseProviderOptions.ts"
import type * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import * as AnthropicLanguageModel from "../kits/anthropic/AnthropicLanguageModel.ts"
import { VERSION } from "./GoogleVertex.ts"
import * as ApplicationDefaultCredentials from "./ApplicationDefaultCredentials.ts"
import { generateAuthToken, type GoogleCredentials } from "./ServiceAccountAuth.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * Provider settings, as upstream's edge `GoogleVertexAnthropicProviderSettings`
 * (no `fetch`: the `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Default `GOOGLE_VERTEX_PROJECT` (unused with a `baseURL`). */
  readonly project?: string | undefined
  /** Default `GOOGLE_VERTEX_LOCATION` (unused with a `baseURL`). */
  readonly location?: string | undefined
  /**
   * Native structured output in `structuredOutputMode: "auto"` for Claude 4.5
   * and newer; default `false` (Google Cloud's organization policy must allow it).
   */
  readonly supportsNativeStructuredOutput?: boolean | undefined
  /** Base URL; default `https://<location host>/v1/projects/<project>/locations/<location>/publishers/anthropic/models`. */
  readonly baseURL?: string | undefined
  /** Extra headers of every request (they win over the bearer header). */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  /** Service account; default the `GOOGLE_CLIENT_EMAIL` / `GOOGLE_PRIVATE_KEY` config values. */
  readonly googleCredentials?: GoogleCredentials | undefined
  /**
   * Without a service account: `google-auth-library`'s `GoogleAuthOptions` for
   * Application Default Credentials (the optional peer, as upstream's node entry).
   */
  readonly googleAuthOptions?: object | undefined
  /** The bearer token of each request (upstream `generateAuthToken`); default the service account's. */
  readonly generateAuthToken?: Effect.Effect<string | Redacted.Redacted<string>, ModelError> | undefined
  readonly generateId?: (() => string) | undefined
}

/**
 * The `anthropic_version` Vertex requires in the body.
 *
 * @since 0.1.0
 * @category constants
 */
export const anthropicVersion = "vertex-2023-10-16"

/**
 * Provider options under `providerOptions.vertex` (upstream
 * `googleVertexAnthropicProviderOptions`): request labels.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProviderOptions = Schema.Struct({
  labels: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})

const optionalConfig = (name: string) =>
  Effect.map(
    Effect.orElseSucceed(EffectConfig.option(EffectConfig.String(name)), () => Option.none<string>()),
    Option.getOrUndefined
  )

// Upstream `isValidHostnamePart`.
const isValidHostnamePart = (value: string): boolean =>
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.exec(value)?.[0] === value

const host = (location: string | undefined): string =>
  location === "global"
    ? "aiplatform.googleapis.com"
    : location === "eu" || location === "us"
    ? `aiplatform.${location}.rep.googleapis.com`
    : `${location}-aiplatform.googleapis.com`

/**
 * Upstream `getBaseURL`: the `baseURL` setting (one trailing slash removed),
 * else the project/location URL. A missing project or location is not an
 * error (upstream reads both as optional settings).
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveBaseURL = Effect.fnUntraced(function*(settings: Settings) {
  if (settings.baseURL !== undefined) {
    return settings.baseURL.endsWith("/") ? settings.baseURL.slice(0, -1) : settings.baseURL
  }
  const location = settings.location ?? (yield* optionalConfig("GOOGLE_VERTEX_LOCATION"))
  if (location != null && !isValidHostnamePart(location)) {
    return yield* new InvalidArgumentError({
      argument: "location",
      message:
        "Invalid Google Vertex location. Expected a single DNS label (letters, digits, and hyphens). Use `baseURL` for custom endpoints."
    })
  }
  const project = settings.project ?? (yield* optionalConfig("GOOGLE_VERTEX_PROJECT"))
  return `https://${host(location)}/v1/projects/${project}/locations/${location}/publishers/anthropic/models`
})

// Upstream's `supportsNativeStructuredOutput(modelId)`: Claude 4.5 and newer.
const isClaude45OrNewer = (modelId: string): boolean => {
  const version = /^claude-[a-z]+-(\d+)(?:-(\d+))?(?:@|$)/.exec(modelId)
  if (version === null) return false
  const major = Number(version[1])
  return major > 4 || (major === 4 && Number(version[2]) >= 5)
}

/**
 * Upstream `transformRequestBody`: `model` removed, `anthropic_version` last.
 *
 * @since 0.1.0
 * @category utils
 */
export const transformRequestBody = (args: AnthropicLanguageModel.RequestArgs): AnthropicLanguageModel.RequestArgs => {
  const { model: _model, ...rest } = args
  return { ...rest, anthropic_version: anthropicVersion }
}

const encoder = new TextEncoder()

/**
 * Upstream `transformRequestHeaders`: `x-vertex-ai-labels` (base64 JSON of
 * `providerOptions.vertex.labels`) unless the headers already set it, in any case.
 *
 * @since 0.1.0
 * @category utils
 */
export const transformRequestHeaders = (
  headers: RequestHeaders.Input,
  providerOptions: Parameters<NonNullable<AnthropicLanguageModel.Config["transformRequestHeaders"]>>[1]
): Effect.Effect<RequestHeaders.Input, InvalidArgumentError> =>
  Effect.map(parseProviderOptions("vertex", providerOptions, ProviderOptions), (options) => {
    if (
      options?.labels == null ||
      Object.keys(headers).some((name) => name.toLowerCase() === "x-vertex-ai-labels" && headers[name] != null)
    ) {
      return headers
    }
    return { ...headers, "x-vertex-ai-labels": Base64.convertToBase64(encoder.encode(WireJson.render(options.labels))) }
  })

const isSet = (name: string) => Effect.map(optionalConfig(name), (value) => value !== undefined)

// As the Gemini model on Vertex: a service account (given, or either variable set) signs a JWT
// as upstream's edge entry; otherwise Application Default Credentials, as upstream's node entry
// (its `googleAuthOptions` only: the node Anthropic variant sets no project there).
const authTokenOf = (settings: Settings, client: HttpClient.HttpClient) =>
  Effect.map(ApplicationDefaultCredentials.make({ googleAuthOptions: settings.googleAuthOptions }), (adc) => {
    const serviceAccount = Effect.provideService(
      generateAuthToken(settings.googleCredentials, `ai-sdk-google-vertex/${VERSION}`),
      HttpClient.HttpClient,
      client
    )
    return settings.googleCredentials !== undefined ? serviceAccount : Effect.flatMap(
      Effect.zipWith(isSet("GOOGLE_CLIENT_EMAIL"), isSet("GOOGLE_PRIVATE_KEY"), (email, key) => email || key),
      (hasServiceAccount): Effect.Effect<Redacted.Redacted<string>, ModelError> => hasServiceAccount ? serviceAccount : adc
    )
  })

/**
 * Resolves settings into the messages model config. Without a
 * `generateAuthToken`, each request carries a bearer token: the service
 * account's, fetched through `client` (a token per request, as upstream's
 * edge path), else Application Default Credentials'.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = Effect.fn("GoogleVertexAnthropic.modelConfig")(function*(
  modelId: string,
  settings: Settings,
  client: HttpClient.HttpClient
) {
  const baseURL = yield* resolveBaseURL(settings)
  const token: Effect.Effect<string | Redacted.Redacted<string>, ModelError> = settings.generateAuthToken ??
    (yield* authTokenOf(settings, client))
  const headers = Effect.map(token, (value): RequestHeaders.Input => ({
    Authorization: Redacted.make(`Bearer ${typeof value === "string" ? value : Redacted.value(value)}`),
    ...settings.headers
  }))
  const config: AnthropicLanguageModel.Config = {
    provider: "googleVertex.anthropic.messages",
    modelId,
    baseURL,
    headers,
    generateId: settings.generateId,
    buildRequestUrl: (base, isStreaming) => `${base}/${modelId}:${isStreaming ? "streamRawPredict" : "rawPredict"}`,
    transformRequestBody,
    transformRequestHeaders,
    // Vertex reads no URL sources: files are downloaded and sent inline
    supportedUrls: {},
    supportsNativeStructuredOutput: settings.supportsNativeStructuredOutput === true && isClaude45OrNewer(modelId),
    supportsStrictTools: false
  }
  return config
})

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    const client = yield* HttpClient.HttpClient
    const config = yield* modelConfig(modelId, settings, client)
    return yield* AnthropicLanguageModel.make(config)
  }),
  {}
)

/**
 * The Anthropic messages model on Vertex for `modelId` as a service.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the Anthropic messages model on Vertex as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from effect `Config` (a `Config` of the whole
 * settings, or a record of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig
