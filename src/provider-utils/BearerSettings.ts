/**
 * The settings of a provider with a bearer API key (the `create<Name>` half
 * of upstream's Cohere, Mistral, xAI and Hugging Face providers): base URL,
 * API key and headers → the model's base URL and per-request headers, and the
 * constructors that load the key when a model is built.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import type { Context } from "effect"
import type { LoadAPIKeyError } from "../contract/errors/LoadAPIKeyError.ts"
import type { ModelError } from "../contract/errors/ModelError.ts"
import * as ApiKey from "./ApiKey.ts"
import type * as CustomFetch from "./CustomFetch.ts"
import type * as JsonEndpoint from "./JsonEndpoint.ts"
import * as ModelConstructors from "./ModelConstructors.ts"
import * as RequestHeaders from "./RequestHeaders.ts"

/**
 * The settings every such provider has (upstream's, but `fetch`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Base URL; default the provider's, a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Bearer key; default the provider's environment variable (`Config.Redacted`), read per request as upstream. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * What differs between the providers.
 *
 * @since 0.1.0
 * @category models
 */
export interface Provider {
  readonly defaultBaseURL: string
  /** Upstream's `loadApiKey` options. */
  readonly environmentVariableName: string
  readonly description: string
  /** `ai-sdk-<name>/<VERSION>`; absent where upstream adds no suffix of its own (Hugging Face). */
  readonly userAgentSuffix?: string | undefined
}

/**
 * A provider's settings resolution.
 *
 * @since 0.1.0
 * @category models
 */
export interface BearerSettings {
  /** The base URL without a trailing `/`. */
  readonly baseURL: (settings: Settings) => string
  /** The headers of every request: the key (loaded per request), the settings' headers, the user agent. */
  readonly headers: (settings: Settings) => Effect.Effect<RequestHeaders.Input, ModelError>
  /** A JSON-endpoint model's config: `provider`, `modelId`, the base URL, the headers, the settings' `generateId`. */
  readonly config: (
    provider: string,
    modelId: string,
    settings: Settings & { readonly generateId?: (() => string) | undefined }
  ) => JsonEndpoint.ModelConfig
  /** Upstream `loadApiKey` with the provider's options. */
  readonly loadApiKey: (settings: Settings) => Effect.Effect<Redacted.Redacted<string>, LoadAPIKeyError>
  /**
   * `model` / `layer` / `layerConfig` (`ModelConstructors.make`) of `build`, which gets the
   * settings with the key loaded: a missing or empty one fails the model and so the layer
   * (`LoadAPIKeyError`) before any request. `defaults` (usually `{}`) stands for omitted settings.
   */
  readonly constructors: <S extends Settings, I, Service, E, R>(
    key: Context.Key<I, Service>,
    build: (modelId: string, settings: S) => Effect.Effect<Service, E, R>,
    defaults: NoInfer<S>
  ) => ModelConstructors.ModelConstructors<
    [settings?: S & CustomFetch.Setting],
    S,
    I,
    Service,
    E | LoadAPIKeyError,
    R
  >
}

/**
 * The settings resolution of `provider`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (provider: Provider): BearerSettings => {
  const loadApiKey = (settings: Settings) =>
    ApiKey.loadApiKey({
      apiKey: settings.apiKey,
      environmentVariableName: provider.environmentVariableName,
      description: provider.description
    })
  const { userAgentSuffix } = provider
  const baseURL = (settings: Settings) => (settings.baseURL ?? provider.defaultBaseURL).replace(/\/$/, "")
  const headers = (settings: Settings) =>
    Effect.map(loadApiKey(settings), (apiKey) => {
      const configured = { Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`), ...settings.headers }
      return userAgentSuffix === undefined ? configured : RequestHeaders.withUserAgentSuffix(configured, userAgentSuffix)
    })
  return {
    baseURL,
    headers,
    config: (name, modelId, settings) => ({
      provider: name,
      modelId,
      baseURL: baseURL(settings),
      headers: headers(settings),
      generateId: settings.generateId
    }),
    loadApiKey,
    constructors: (key, build, defaults) =>
      ModelConstructors.make(
        key,
        (modelId, settings) => Effect.flatMap(loadApiKey(settings), (apiKey) => build(modelId, { ...settings, apiKey })),
        defaults
      )
  }
}
