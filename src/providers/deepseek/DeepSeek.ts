/**
 * The DeepSeek provider (upstream `createDeepSeek()(id)`, `@ai-sdk/deepseek` 3.0.56): settings and
 * the constructors of the chat model (`DeepSeekLanguageModel.ts`) as a `LanguageModel` service or Layer.
 *
 * @since 0.1.0
 */
import { Config, Effect, Layer } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as LanguageModel from "../../LanguageModel.ts"
import type { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import * as ChatEndpoint from "../kits/openai/ChatEndpoint.ts"
import * as DeepSeekLanguageModel from "./DeepSeekLanguageModel.ts"

/**
 * The package version upstream puts in the user agent (`ai-sdk-deepseek/<version>`).
 *
 * @since 0.1.0
 */
export const VERSION = "3.0.56"

/**
 * Settings (upstream `DeepSeekProviderSettings`). `baseURL`
 * defaults to `https://api.deepseek.com` (one ending in `/beta` enables prefix
 * completion and strict tools), `apiKey` to the `DEEPSEEK_API_KEY` config value.
 *
 * @since 0.1.0
 */
export interface Settings extends ChatEndpoint.KeyedSettings {}

/**
 * The chat model for `modelId` as a service; the API key is loaded when the model is built.
 *
 * @since 0.2.0
 */
export const model = (
  modelId: string,
  settings: Settings = {}
): Effect.Effect<LanguageModel.Service, LoadAPIKeyError, HttpClient.HttpClient> =>
  Effect.flatMap(
    ChatEndpoint.withRequiredKey(settings, {
      defaultBaseURL: "https://api.deepseek.com",
      environmentVariableName: "DEEPSEEK_API_KEY",
      description: "DeepSeek API key",
      userAgentSuffix: `ai-sdk-deepseek/${VERSION}`
    }),
    (endpoint) => DeepSeekLanguageModel.make({ modelId, ...endpoint })
  )

/**
 * A layer providing the model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
export const layer = (
  modelId: string,
  settings: Settings = {}
): Layer.Layer<LanguageModel.LanguageModel, LoadAPIKeyError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel.LanguageModel, model(modelId, settings))

/**
 * A layer whose settings come from effect `Config`, e.g. `{ apiKey: Config.Redacted("DEEPSEEK_API_KEY") }`
 * (a `Config` of the whole settings, or a record of `Config`s per setting).
 *
 * @since 0.2.0
 */
export const layerConfig = (
  modelId: string,
  config: Config.Wrap<Settings>
): Layer.Layer<LanguageModel.LanguageModel, LoadAPIKeyError | Config.ConfigError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel.LanguageModel, Effect.flatMap(Config.unwrap(config), (settings) => model(modelId, settings)))
