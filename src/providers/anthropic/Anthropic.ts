/**
 * The Anthropic provider: settings (upstream `createAnthropic`'s
 * `AnthropicProviderSettings`) and Layers providing the messages model as
 * the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Config, Effect, Option, Redacted } from "effect"
import { LanguageModel } from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as ModelConstructors from "../../provider-utils/ModelConstructors.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import type { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import * as AnthropicLanguageModel from "../kits/anthropic/AnthropicLanguageModel.ts"

/**
 * Provider settings, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** Base URL; default `ANTHROPIC_BASE_URL`, else `https://api.anthropic.com/v1` (the bare host gets `/v1`). */
  readonly baseURL?: string | undefined
  /** API key sent as `x-api-key`; default the `ANTHROPIC_API_KEY` config value (read per request, as upstream). */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Bearer token sent as `Authorization`; exclusive with `apiKey`. */
  readonly authToken?: string | Redacted.Redacted<string> | undefined
  /** Extra headers of every request. */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  /** Provider name; default `anthropic.messages`. */
  readonly name?: string | undefined
}

const API_URL = "https://api.anthropic.com"

/**
 * The default base URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBaseURL = `${API_URL}/v1`

/**
 * The `@ai-sdk/anthropic` version this provider ports; requests carry
 * `ai-sdk-anthropic/<VERSION>` in the user agent, as upstream's do.
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "4.0.105"

/** Upstream's `loadApiKey` options of this provider. */
const apiKeyOptions = (settings: Settings): ApiKey.LoadOptions => ({
  apiKey: settings.apiKey,
  environmentVariableName: "ANTHROPIC_API_KEY",
  description: "Anthropic"
})

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
 * @category configuration
 */
export const modelConfig = Effect.fn("Anthropic.modelConfig")(function*(modelId: string, settings: Settings = {}) {
  const setting = settings.baseURL ??
    Option.getOrUndefined(yield* Effect.orElseSucceed(Config.option(Config.String("ANTHROPIC_BASE_URL")), Option.none))
  if (setting !== undefined && setting.trim() === "") {
    return yield* new InvalidArgumentError({ argument: "baseURL", message: "baseURL must be a non-empty string." })
  }
  const trimmed = setting?.endsWith("/") ? setting.slice(0, -1) : setting
  const baseURL = trimmed === undefined ? defaultBaseURL : trimmed === API_URL ? defaultBaseURL : trimmed
  if (settings.apiKey && settings.authToken) {
    return yield* new InvalidArgumentError({
      argument: "apiKey/authToken",
      message: "Both apiKey and authToken were provided. Please use only one authentication method."
    })
  }
  const authToken = settings.authToken
  // Read per request, as upstream's `getHeaders`: a key set later in the
  // environment is picked up. Secrets stay `Redacted` up to the request edge.
  const auth: Effect.Effect<RequestHeaders.Input, LoadAPIKeyError> = authToken
    ? Effect.succeed({
      Authorization: Redacted.make(`Bearer ${typeof authToken === "string" ? authToken : Redacted.value(authToken)}`)
    })
    : Effect.map(
      ApiKey.loadApiKey(apiKeyOptions(settings)),
      (key) => ({ "x-api-key": key })
    )
  const config: AnthropicLanguageModel.Config = {
    provider: settings.name ?? "anthropic.messages",
    modelId,
    baseURL,
    headers: Effect.map(auth, (authHeaders) =>
      RequestHeaders.withUserAgentSuffix(
        { "anthropic-version": "2023-06-01", ...authHeaders, ...settings.headers },
        `ai-sdk-anthropic/${VERSION}`
      ))
  }
  return config
})

const constructors = ModelConstructors.make(
  LanguageModel,
  Effect.fnUntraced(function*(modelId: string, settings: Settings) {
    // the key is loaded when the model is built: a missing or empty one fails the layer (LoadAPIKeyError)
    // settings are checked first (baseURL, apiKey with authToken), as upstream's `createAnthropic`
    const config = yield* modelConfig(modelId, settings)
    if (settings.authToken) return yield* AnthropicLanguageModel.make(config)
    const apiKey = yield* ApiKey.loadApiKey(apiKeyOptions(settings))
    return yield* AnthropicLanguageModel.make(yield* modelConfig(modelId, { ...settings, apiKey }))
  }),
  {}
)

/**
 * The messages model for `modelId` as a service; a missing or empty API key fails it with `LoadAPIKeyError`.
 *
 * @since 0.1.0
 * @category models
 */
export const model = constructors.model

/**
 * A Layer providing the messages model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = constructors.layer

/**
 * A Layer whose settings come from `Config`, e.g. `{ apiKey: Config.Redacted("ANTHROPIC_API_KEY") }` (a `Config` of the whole
 * settings, or a record of `Config`s per setting).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = constructors.layerConfig
