/**
 * The UI message stream on the wire (upstream `create-ui-message-stream-response.ts`,
 * `json-to-sse-transform-stream.ts`, `create-sse-stream-with-keep-alive.ts`,
 * `ui-message-stream-headers.ts`): server-sent events `data: <json>\n\n`, then `data: [DONE]\n\n`,
 * optional keep-alive comments, upstream's headers, as an `effect/http` `HttpServerResponse`.
 * Bytes are encoded once per batch of chunks.
 *
 * @since 0.3.0
 */
import { Clock, Duration, Effect, Stream } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { InvalidArgumentError } from "../contract/errors/InvalidArgumentError.ts"
import type { UIMessageChunk } from "./UIMessageChunk.ts"

/**
 * The headers of a UI message stream response (upstream `UI_MESSAGE_STREAM_HEADERS`).
 *
 * @since 0.3.0
 * @category constants
 */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "x-vercel-ai-ui-message-stream": "v1",
  "x-accel-buffering": "no"
}

const encoder = new TextEncoder()
const DONE = encoder.encode("data: [DONE]\n\n")
const STREAM_OPEN = ": stream-open\n\n"
const KEEP_ALIVE = encoder.encode(": keep-alive\n\n")

/**
 * Options of the SSE encoding.
 *
 * @since 0.3.0
 * @category models
 */
export interface EncodeOptions {
  /** Send `: stream-open` first and `: keep-alive` after this many idle milliseconds. */
  readonly keepAliveMs?: number | undefined
}

/**
 * Why a keep-alive interval is refused (upstream's `Error` message).
 *
 * @since 0.3.0
 * @category errors
 */
export const invalidKeepAliveMessage = "keepAliveMs must be a positive finite timer duration no greater than 2147483647"

/**
 * Whether a keep-alive interval is valid (upstream's check).
 *
 * @since 0.3.0
 * @category validation
 */
export const isValidKeepAlive = (ms: number): boolean => Number.isFinite(ms) && ms > 0 && ms <= 2_147_483_647

/**
 * The SSE bytes of a chunk stream: one `data:` event per chunk (`JSON.stringify`), `[DONE]` at
 * the end. A failure of the chunk stream fails the byte stream (no `[DONE]`).
 *
 * @since 0.3.0
 * @category encoding
 */
export const encode = <E, R>(stream: Stream.Stream<UIMessageChunk, E, R>, options: EncodeOptions = {}): Stream.Stream<Uint8Array, E, R> => {
  const events = Stream.concat(
    Stream.mapArray(stream, (batch) => {
      let text = ""
      for (let i = 0; i < batch.length; i++) text += `data: ${JSON.stringify(batch[i])}\n\n`
      return [encoder.encode(text)] as const
    }),
    Stream.succeed(DONE)
  )
  const keepAliveMs = options.keepAliveMs
  if (keepAliveMs === undefined) return events
  return Stream.suspend(() => {
    let last = 0
    const touch = Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sync(() => void (last = now)))
    const data = Stream.tap(events, () => touch)
    // a comment when the stream was idle for keepAliveMs since the last event of either kind
    const waitIdle: Effect.Effect<Uint8Array> = Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const due = last + keepAliveMs - now
      return due > 0 ? Effect.andThen(Effect.sleep(Duration.millis(due)), waitIdle) : Effect.as(touch, KEEP_ALIVE)
    })
    const keepAlive = Stream.fromEffectRepeat(waitIdle)
    return Stream.concat(
      Stream.fromEffect(Effect.as(touch, encoder.encode(STREAM_OPEN))),
      Stream.merge(data, keepAlive, { haltStrategy: "left" })
    )
  })
}

/**
 * Options of {@link toResponse} (upstream `UIMessageStreamResponseInit`).
 *
 * @since 0.3.0
 * @category models
 */
export interface ResponseOptions extends EncodeOptions {
  readonly status?: number | undefined
  readonly statusText?: string | undefined
  /** Extra headers; upstream's stream headers fill the ones not given. */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The headers of a response: the given ones (lower-cased names), then upstream's defaults for the
 * names not given (upstream `prepareHeaders`).
 *
 * @since 0.3.0
 * @category encoding
 */
export const prepareHeaders = (headers: Readonly<Record<string, string>> | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) out[key.toLowerCase()] = value
  for (const [key, value] of Object.entries(UI_MESSAGE_STREAM_HEADERS)) if (!(key in out)) out[key] = value
  return out
}

/**
 * The HTTP response of a UI message stream (upstream `createUIMessageStreamResponse`), with the
 * stream's services captured. Closing the connection interrupts the body stream, hence the
 * generation behind it. An invalid `keepAliveMs` fails with upstream's message.
 *
 * @since 0.3.0
 * @category constructors
 */
export const toResponse = <E, R>(
  stream: Stream.Stream<UIMessageChunk, E, R>,
  options: ResponseOptions = {}
): Effect.Effect<HttpServerResponse.HttpServerResponse, InvalidArgumentError, R> =>
  Effect.suspend(() => {
    if (options.keepAliveMs !== undefined && !isValidKeepAlive(options.keepAliveMs)) {
      return Effect.fail(new InvalidArgumentError({ argument: "keepAliveMs", message: invalidKeepAliveMessage }))
    }
    const headers = prepareHeaders(options.headers)
    const { "content-type": contentType, ...rest } = headers
    return Effect.map(Effect.context<R>(), (context) =>
      HttpServerResponse.stream(encode(Stream.provideContext(stream, context), options), {
        status: options.status,
        statusText: options.statusText,
        headers: rest,
        contentType
      }))
  })
