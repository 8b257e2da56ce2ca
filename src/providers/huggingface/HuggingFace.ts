/**
 * The Hugging Face provider (upstream `createHuggingFace` of
 * `@ai-sdk/huggingface` 2.0.48: the Responses API at the Hugging Face
 * router): settings and Layers providing the Responses model as the
 * `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as HuggingFaceLanguageModel from "./HuggingFaceLanguageModel.ts"

/**
 * Provider settings, as upstream's `HuggingFaceProviderSettings` (no
 * `fetch`: the `HttpClient` of the environment sends the requests).
 *
 * @since 0.1.0
 * @category models
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
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = "https://router.huggingface.co/v1"

/** Upstream's `loadApiKey` options of this provider. */
const apiKeyOptions = (settings: Settings): ApiKey.LoadOptions => ({
  apiKey: settings.apiKey,
  environmentVariableName: "HUGGINGFACE_API_KEY",
  description: "Hugging Face"
})

/**
 * Resolves settings into the model config. Upstream adds no user agent
 * suffix of its own for this provider.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = (modelId: string, settings: Settings = {}): HuggingFaceLanguageModel.Config => ({
  provider: "huggingface.responses",
  modelId,
  baseURL: settings.baseURL === undefined ? defaultBaseURL : settings.baseURL.replace(/\/$/, ""),
  headers: Effect.map(
    ApiKey.loadApiKey(apiKeyOptions(settings)),
    (apiKey) => ({ Authorization: Redacted.make(`Bearer ${Redacted.value(apiKey)}`), ...settings.headers })
  ),
  generateId: settings.generateId
})

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    // the key is loaded when the model is built: a missing or empty one fails the layer (LoadAPIKeyError)
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* HuggingFaceLanguageModel.make(modelConfig(modelId, { ...settings, apiKey }))
  }),
  {}
)

/**
 * The Responses model for `modelId` as a service; a missing or empty API key fails it with `LoadAPIKeyError`.
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
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("HUGGINGFACE_API_KEY") }` (a `Config` of the whole
 * settings, or a record of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig
