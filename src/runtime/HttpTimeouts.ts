/**
 * `HttpTimeouts`: the default safety net of every provider call. A server that accepts the
 * connection and then stalls must not hang `generate`, `stream`, `streamText` or `aimux demo`.
 *
 * Upstream has no timeout of its own by default, but on Node its `fetch` (undici) has two:
 * `headersTimeout` (300 s from the request to the response headers) and `bodyTimeout` (300 s
 * without a body chunk). aimux does not rely on the `HttpClient` having them (another runtime,
 * another client, a test layer): provider-utils' `postToApi` applies these two bounds itself, on
 * Effect's `Clock`, with the failures undici gives, so the outcome is upstream's on Node:
 *
 * - no headers in time → `APICallError("Cannot connect to API: Headers Timeout Error")`,
 *   retryable, `cause` a {@link HeadersTimeoutError} (`code` `UND_ERR_HEADERS_TIMEOUT`);
 * - a body idle for too long → `APICallError("Failed to process successful response")`,
 *   retryable, `cause` a {@link BodyTimeoutError} (`code` `UND_ERR_BODY_TIMEOUT`): mid-stream
 *   it ends the stream, for a JSON body it fails the call.
 *
 * Change them per program or per call with {@link layer} / {@link provide}, turn one or both
 * off with `false` (or {@link disabled}).
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, Layer, Schema } from "effect"

/**
 * The two bounds; `undefined` means no bound.
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings {
  /** From sending the request to the response headers (undici `headersTimeout`). */
  readonly headers: Duration.Duration | undefined
  /** Between two chunks of the response body (undici `bodyTimeout`). */
  readonly bodyIdle: Duration.Duration | undefined
}

/**
 * The defaults: 300 s each, Node fetch's own, so aimux is at least as safe as upstream on Node
 * and as safe on any other `HttpClient`.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaults: Settings = { headers: Duration.seconds(300), bodyIdle: Duration.seconds(300) }

/**
 * The bounds in effect (a `Context.Reference`: {@link defaults} unless provided).
 *
 * @since 0.1.0
 * @category services
 */
export const HttpTimeouts: Context.Reference<Settings> = Context.Reference<Settings>("aimux/runtime/HttpTimeouts", {
  defaultValue: () => defaults
})

/**
 * What {@link layer} / {@link provide} accept: a duration, or `false` for no bound; an absent key
 * keeps the default.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly headers?: Duration.Input | false | undefined
  readonly bodyIdle?: Duration.Input | false | undefined
}

const one = (input: Duration.Input | false | undefined, fallback: Duration.Duration | undefined) =>
  input === undefined ? fallback : input === false ? undefined : Duration.fromInputUnsafe(input)

/**
 * The settings of `options` over the defaults.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options): Settings => ({
  headers: one(options.headers, defaults.headers),
  bodyIdle: one(options.bodyIdle, defaults.bodyIdle)
})

/**
 * A layer setting the bounds: `HttpTimeouts.layer({ headers: "30 seconds", bodyIdle: "1 minute" })`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<never> => Layer.succeed(HttpTimeouts, make(options))

/**
 * No bound at all (the behaviour before 0.2.0; a stalled server then hangs the call).
 *
 * @since 0.1.0
 * @category layers
 */
export const disabled: Layer.Layer<never> = layer({ headers: false, bodyIdle: false })

/**
 * Runs `effect` with the given bounds.
 *
 * @since 0.1.0
 * @category utils
 */
export const provide = (options: Options) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, HttpTimeouts, make(options))

/**
 * No response headers within the bound (undici's `HeadersTimeoutError`, same name, message and
 * code, so upstream's network-error rules apply to it).
 *
 * @since 0.1.0
 * @category errors
 */
export class HeadersTimeoutError extends Schema.TaggedError<HeadersTimeoutError>("HeadersTimeoutError")(
  "HeadersTimeoutError",
  { code: Schema.Literal("UND_ERR_HEADERS_TIMEOUT"), timeoutMs: Schema.Number }
) {
  override get message(): string {
    return "Headers Timeout Error"
  }
}

/**
 * No response body chunk within the bound (undici's `BodyTimeoutError`, same name, message and code).
 *
 * @since 0.1.0
 * @category errors
 */
export class BodyTimeoutError extends Schema.TaggedError<BodyTimeoutError>("BodyTimeoutError")(
  "BodyTimeoutError",
  { code: Schema.Literal("UND_ERR_BODY_TIMEOUT"), timeoutMs: Schema.Number }
) {
  override get message(): string {
    return "Body Timeout Error"
  }
}
