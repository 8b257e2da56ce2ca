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
import { InvalidArgumentError } from "../../spec/errors/InvalidArgumentError.ts"
import { LoadAPIKeyError } from "../../spec/errors/LoadAPIKeyError.ts"
import * as AnthropicLanguageModel from "./AnthropicLanguageModel.ts"

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
 * The user agent suffix aimux sends in place of upstream's `ai-sdk-anthropic/<version>`.
 *
 * @since 0.1.0
 */
export const userAgent = "aimux-anthropic/0.1.0"

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
  const reveal = (value: string | Redacted.Redacted<string>) => typeof value === "string" ? value : Redacted.value(value)
  const authToken = settings.authToken
  const apiKey = settings.apiKey
  const auth: Effect.Effect<Record<string, string>, LoadAPIKeyError> = authToken
    ? Effect.succeed({ authorization: `Bearer ${reveal(authToken)}` })
    : apiKey !== undefined
    ? Effect.succeed({ "x-api-key": reveal(apiKey) })
    : Effect.map(
      Effect.mapError(
        Config.Redacted("ANTHROPIC_API_KEY"),
        () =>
          new LoadAPIKeyError({
            message:
              "Anthropic API key is missing. Pass it using the 'apiKey' parameter or the ANTHROPIC_API_KEY environment variable."
          })
      ),
      (key) => ({ "x-api-key": Redacted.value(key) })
    )
  const config: AnthropicLanguageModel.Config = {
    provider: settings.name ?? "anthropic.messages",
    modelId,
    baseURL,
    headers: Effect.map(auth, (authHeaders) => {
      const headers: Record<string, string | undefined> = {
        "anthropic-version": "2023-06-01",
        ...authHeaders,
        ...settings.headers
      }
      const existing = headers["user-agent"]
      headers["user-agent"] = existing ? `${existing} ${userAgent}` : userAgent
      return headers
    })
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
