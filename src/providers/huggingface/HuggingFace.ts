/**
 * The Hugging Face provider (upstream `createHuggingFace` of
 * `@ai-sdk/huggingface` 2.0.48: the Responses API at the Hugging Face
 * router): settings and Layers providing the Responses model as the
 * `LanguageModel` service.
 *
 * @since 0.2.0
 */
import { Config as EffectConfig, Effect, Layer, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { LanguageModel } from "../../LanguageModel.ts"
import type * as LanguageModelNs from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as HuggingFaceLanguageModel from "./HuggingFaceLanguageModel.ts"

/**
 * Provider settings, as upstream's `HuggingFaceProviderSettings` (no
 * `fetch`: the `HttpClient` of the environment sends the requests).
 *
 * @since 0.2.0
 */
export interface Settings {
  /** Base URL; default `https://router.huggingface.co/v1`, a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Bearer key; default the `HUGGINGFACE_API_KEY` config value, read per request as upstream. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Generates source ids; default the `IdGenerator` service, else random ids. */
  readonly generateId?: (() => string) | undefined
}

/**
 * The default base URL.
 *
 * @since 0.2.0
 */
export const defaultBaseURL = "https://router.huggingface.co/v1"

/**
 * Resolves settings into the model config. Upstream adds no user agent
 * suffix of its own for this provider.
 *
 * @since 0.2.0
 */
export const modelConfig = (modelId: string, settings: Settings = {}): HuggingFaceLanguageModel.Config => ({
  provider: "huggingface.responses",
  modelId,
  baseURL: settings.baseURL === undefined ? defaultBaseURL : settings.baseURL.replace(/\/$/, ""),
  headers: Effect.map(
    ApiKey.loadApiKey({
      apiKey: settings.apiKey,
      environmentVariableName: "HUGGINGFACE_API_KEY",
      description: "Hugging Face"
    }),
    (apiKey) => ({ Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`), ...settings.headers })
  ),
  generateId: settings.generateId
})

/**
 * The Responses model for `modelId` as a service.
 *
 * @since 0.2.0
 */
export const model = (
  modelId: string,
  settings: Settings = {}
): Effect.Effect<LanguageModelNs.Service, never, HttpClient.HttpClient> =>
  HuggingFaceLanguageModel.make(modelConfig(modelId, settings))

/**
 * A Layer providing the Responses model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.2.0
 */
export const layer = (
  modelId: string,
  settings: Settings = {}
): Layer.Layer<LanguageModel, never, HttpClient.HttpClient> => Layer.effect(LanguageModel, model(modelId, settings))

/**
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("HUGGINGFACE_API_KEY") }`.
 *
 * @since 0.2.0
 */
export const layerConfig = (
  modelId: string,
  config: EffectConfig.Wrap<Settings>
): Layer.Layer<LanguageModel, EffectConfig.ConfigError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel, Effect.flatMap(EffectConfig.unwrap(config), (settings) => model(modelId, settings)))
