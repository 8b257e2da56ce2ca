/**
 * The Anthropic provider: settings (upstream `createAnthropic`'s
 * `AnthropicProviderSettings`) and Layers providing the messages model as
 * the `LanguageModel` service.
 *
 * @since 0.1.0
 */
import { Config, Effect, Layer, Option, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { LanguageModel } from "../../LanguageModel.ts"
import type * as LanguageModelNs from "../../LanguageModel.ts"
import * as ApiKey from "../../provider-utils/ApiKey.ts"
import * as RequestHeaders from "../../provider-utils/RequestHeaders.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import type { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import * as AnthropicLanguageModel from "../kits/anthropic/AnthropicLanguageModel.ts"

/**
 * Provider settings, as upstream's.
 *
 * @since 0.1.0
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
 */
export const defaultBaseURL = `${API_URL}/v1`

/**
 * The `@ai-sdk/anthropic` version this provider ports; requests carry
 * `ai-sdk-anthropic/<VERSION>` in the user agent, as upstream's do.
 *
 * @since 0.1.0
 */
export const VERSION = "4.0.105"

/**
 * Resolves settings into the model config.
 *
 * @since 0.1.0
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
      ApiKey.loadApiKey({
        apiKey: settings.apiKey,
        environmentVariableName: "ANTHROPIC_API_KEY",
        description: "Anthropic"
      }),
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

/**
 * The messages model for `modelId` as a service.
 *
 * @since 0.1.0
 */
export const model = (
  modelId: string,
  settings: Settings = {}
): Effect.Effect<LanguageModelNs.Service, InvalidArgumentError, HttpClient.HttpClient> =>
  Effect.flatMap(modelConfig(modelId, settings), AnthropicLanguageModel.make)

/**
 * A Layer providing the messages model for `modelId` as the `LanguageModel` service.
 *
 * @since 0.1.0
 */
export const layer = (
  modelId: string,
  settings: Settings = {}
): Layer.Layer<LanguageModel, InvalidArgumentError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel, model(modelId, settings))

/**
 * A Layer whose settings come from effect `Config`, e.g. `{ apiKey: Config.Redacted("ANTHROPIC_API_KEY") }`
 * (a `Config` of the whole settings, or a record of `Config`s per setting).
 *
 * @since 0.2.0
 */
export const layerConfig = (
  modelId: string,
  config: Config.Wrap<Settings>
): Layer.Layer<LanguageModel, InvalidArgumentError | Config.ConfigError, HttpClient.HttpClient> =>
  Layer.effect(LanguageModel, Effect.flatMap(Config.unwrap(config), (settings) => model(modelId, settings)))
