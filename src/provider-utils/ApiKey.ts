/**
 * `ApiKey`: upstream `loadApiKey` as an Effect that yields a `Redacted` key.
 *
 * @since 0.1.0
 */
import { Config, Effect, Option, Redacted } from "effect"
import { LoadAPIKeyError } from "../contract/errors/LoadAPIKeyError.ts"

/**
 * Options, named as upstream's `loadApiKey`.
 *
 * @since 0.1.0
 * @category models
 */
export interface LoadOptions {
  /** An explicit key; wins over the environment. */
  readonly apiKey?: Redacted.Redacted<string> | string | undefined
  /** The upstream environment variable name, e.g. `OPENAI_API_KEY`. */
  readonly environmentVariableName: string
  /** Default `apiKey`. */
  readonly apiKeyParameterName?: string | undefined
  /** The provider's display name, e.g. `OpenAI`. */
  readonly description: string
}

/**
 * Loads an API key: the explicit `apiKey`, else the environment variable read
 * through the current `ConfigProvider` (`Config.Redacted`). Fails with
 * upstream's `LoadAPIKeyError` messages; an empty key fails as a missing one
 * (upstream accepts it). The key is only unwrapped to check that it is not empty.
 *
 * @since 0.1.0
 * @category utils
 */
export const loadApiKey = Effect.fnUntraced(function*(options: LoadOptions) {
  const parameterName = options.apiKeyParameterName ?? "apiKey"
  // an empty key is a missing key (upstream would send it and get a 401 at the first call)
  const missing = () =>
    new LoadAPIKeyError({
      message:
        `${options.description} API key is missing. Pass it using the '${parameterName}' parameter or the ${options.environmentVariableName} environment variable.`
    })
  if (options.apiKey !== undefined) {
    const key = typeof options.apiKey === "string" ? Redacted.make(options.apiKey) : options.apiKey
    return Redacted.value(key) === "" ? yield* missing() : key
  }
  const fromEnv = yield* Config.option(Config.Redacted(options.environmentVariableName)).pipe(
    Effect.mapError(() =>
      new LoadAPIKeyError({
        message:
          `${options.description} API key must be a string. The value of the ${options.environmentVariableName} environment variable is not a string.`
      })
    )
  )
  if (Option.isNone(fromEnv) || Redacted.value(fromEnv.value) === "") return yield* missing()
  return fromEnv.value
})
