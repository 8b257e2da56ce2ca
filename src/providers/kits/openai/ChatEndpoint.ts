/**
 * Where an OpenAI-family chat model sends its requests and with which
 * headers (the settings → headers part of upstream's `createGroq`,
 * `createDeepSeek` and `createOpenAICompatible`): the bearer key, the
 * configured headers, the user agent suffix, and per-call headers on top.
 *
 * @since 0.1.0
 */
import { Effect, Redacted } from "effect"
import type { CallOptions } from "../../../contract/CallOptions.ts"
import * as ApiKey from "../../../provider-utils/ApiKey.ts"
import * as RequestHeaders from "../../../provider-utils/RequestHeaders.ts"

/**
 * A model's endpoint: the base URL without a trailing slash, the chat
 * completions URL, and the headers of one call.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChatEndpoint {
  readonly baseURL: string
  readonly url: string
  readonly headersFor: (options: CallOptions) => Record<string, RequestHeaders.Value>
}

/**
 * The configured headers: `Authorization: Bearer <key>` when there is a key,
 * then the settings' headers (which may override it), with the user agent
 * suffix appended.
 *
 * @since 0.1.0
 * @category requests
 */
export const configHeaders = (options: {
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly headers: Readonly<Record<string, string>> | undefined
  readonly userAgentSuffix: string
}): RequestHeaders.Normalized =>
  RequestHeaders.withUserAgentSuffix(
    {
      ...(options.apiKey !== undefined && { Authorization: Redacted.make(`Bearer ${Redacted.value(options.apiKey)}`) }),
      ...options.headers
    },
    options.userAgentSuffix
  )

/**
 * The headers of one call: the call's headers over the configured ones.
 *
 * @since 0.1.0
 * @category requests
 */
export const headersFor = (config: RequestHeaders.Normalized) => (options: CallOptions): Record<string, RequestHeaders.Value> =>
  RequestHeaders.combineHeaders(config, options.headers)

/**
 * The endpoint settings of a provider whose key is required (Groq, DeepSeek).
 *
 * @since 0.1.0
 * @category models
 */
export interface KeyedSettings {
  /** Default: the provider's base URL; a trailing `/` is dropped. */
  readonly baseURL?: string | undefined
  /** Default: the provider's environment variable (`Config.Redacted`). */
  readonly apiKey?: Redacted.Redacted<string> | string | undefined
  /** Sent with every request; per-call headers win. */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The endpoint of a provider whose key is required (Groq, DeepSeek): the key
 * is loaded now (setting, else the environment variable; missing →
 * `LoadAPIKeyError`), the base URL defaults to `defaultBaseURL`, and
 * requests go to `<baseURL>/chat/completions`.
 *
 * @since 0.1.0
 * @category requests
 */
export const withRequiredKey = Effect.fnUntraced(function*(
  settings: KeyedSettings,
  provider: {
    readonly defaultBaseURL: string
    readonly environmentVariableName: string
    readonly description: string
    readonly userAgentSuffix: string
  }
) {
  const apiKey = yield* ApiKey.loadApiKey({
    apiKey: settings.apiKey,
    environmentVariableName: provider.environmentVariableName,
    description: provider.description
  })
  const baseURL = (settings.baseURL ?? provider.defaultBaseURL).replace(/\/$/, "")
  const endpoint: ChatEndpoint = {
    baseURL,
    url: `${baseURL}/chat/completions`,
    headersFor: headersFor(configHeaders({ apiKey, headers: settings.headers, userAgentSuffix: provider.userAgentSuffix }))
  }
  return endpoint
})
