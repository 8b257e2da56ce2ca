/**
 * `ReplayHttpClient`: an `HttpClient` layer that answers from cassettes
 * (status, headers, body bytes, optionally delivered in N-byte or recorded
 * chunks, or a transport / mid-body failure) and records every request it
 * saw. Responses are WHATWG `Response`s, as with the fetch client, so
 * `statusText` and header normalization match production.
 *
 * @since 0.1.0
 */
import { Effect, Layer } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"

/**
 * A request as the replay client saw it.
 *
 * @since 0.1.0
 */
export interface RecordedRequest {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly bodyText: string | undefined
  /** `bodyText` parsed as JSON, `undefined` when absent or not JSON. */
  readonly body: unknown
}

/**
 * One scripted exchange.
 *
 * @since 0.1.0
 */
export interface Cassette {
  /** Which requests this cassette answers (default: any). */
  readonly match?: ((request: RecordedRequest) => boolean) | undefined
  /** Default 200. */
  readonly status?: number | undefined
  readonly statusText?: string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** The whole body; `null` for a response without a body. */
  readonly body?: string | Uint8Array | null | undefined
  /** The body as recorded chunks (instead of `body`). */
  readonly chunks?: ReadonlyArray<string | Uint8Array> | undefined
  /** Re-split `body` (or the joined `chunks`) into chunks of this many bytes. */
  readonly chunkSize?: number | undefined
  /** `fetch` rejects with this (e.g. `new TypeError("fetch failed", { cause })`). */
  readonly transportError?: unknown
  /** The body read fails with `error` after `afterChunks` chunks. */
  readonly bodyError?: { readonly afterChunks: number; readonly error: unknown } | undefined
  /** After its chunks the body never ends (for cancellation tests). */
  readonly hang?: boolean | undefined
  /** May answer more than one request (default: used once, in order). */
  readonly reusable?: boolean | undefined
}

/**
 * Observations of a replay client, for assertions.
 *
 * @since 0.1.0
 */
export interface Recorder {
  readonly requests: ReadonlyArray<RecordedRequest>
  /** Bodies cancelled by their consumer before the end. */
  readonly cancelledBodies: number
  /** Bodies read to their end. */
  readonly completedBodies: number
}

const encoder = new TextEncoder()
const toBytes = (data: string | Uint8Array): Uint8Array => (typeof data === "string" ? encoder.encode(data) : data)

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const chunksOf = (cassette: Cassette): Array<Uint8Array> => {
  const recorded = cassette.chunks !== undefined
    ? cassette.chunks.map(toBytes)
    : cassette.body != null
    ? [toBytes(cassette.body)]
    : []
  const size = cassette.chunkSize
  if (size === undefined || size <= 0) return recorded
  const all = concat(recorded)
  const out: Array<Uint8Array> = []
  for (let i = 0; i < all.length; i += size) out.push(all.subarray(i, i + size))
  return out
}

const bodyTextOf = (request: HttpClientRequest.HttpClientRequest): string | undefined => {
  const body = request.body
  switch (body._tag) {
    case "Uint8Array":
      return body.text ?? new TextDecoder().decode(body.body)
    case "Raw":
      return typeof body.body === "string" ? body.body : undefined
    default:
      return undefined
  }
}

const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const record = (request: HttpClientRequest.HttpClientRequest, url: URL): RecordedRequest => {
  const headers: Record<string, string> = {}
  for (const key of Object.keys(request.headers)) {
    const value: unknown = request.headers[key]
    if (typeof value === "string") headers[key] = value
  }
  const bodyText = bodyTextOf(request)
  return { method: request.method, url: url.toString(), headers, bodyText, body: parseJson(bodyText) }
}

const isList = (u: Cassette | ReadonlyArray<Cassette>): u is ReadonlyArray<Cassette> => Array.isArray(u)

/**
 * A replay client plus its recorder.
 *
 * @since 0.1.0
 */
export interface Replay {
  readonly layer: Layer.Layer<HttpClient.HttpClient>
  readonly recorder: Recorder
}

/**
 * Builds a replay client. Cassettes answer in order: each request takes the
 * first unused (or reusable) cassette whose `match` accepts it; a request no
 * cassette matches fails as a transport error.
 *
 * @since 0.1.0
 */
export const make = (cassettes: Cassette | ReadonlyArray<Cassette>): Replay => {
  const list: ReadonlyArray<Cassette> = isList(cassettes) ? cassettes : [cassettes]
  const used = new Set<number>()
  const requests: Array<RecordedRequest> = []
  const state = { cancelledBodies: 0, completedBodies: 0 }
  const recorder: Recorder = {
    requests,
    get cancelledBodies() {
      return state.cancelledBodies
    },
    get completedBodies() {
      return state.completedBodies
    }
  }

  const respond = (cassette: Cassette, request: HttpClientRequest.HttpClientRequest, signal: AbortSignal) => {
    const chunks = chunksOf(cassette)
    let index = 0
    let hangTimer: ReturnType<typeof setInterval> | undefined
    const stream = cassette.body === null
      ? null
      : new ReadableStream<Uint8Array>({
        pull(controller) {
          if (cassette.bodyError !== undefined && index === cassette.bodyError.afterChunks) {
            controller.error(cassette.bodyError.error)
            return
          }
          if (index < chunks.length) {
            controller.enqueue(chunks[index++])
            return
          }
          if (cassette.hang) {
            // Keeps the event loop alive while the body waits forever.
            return new Promise<void>((resolve) => {
              hangTimer = setInterval(() => {
                if (signal.aborted) resolve()
              }, 1000)
            })
          }
          state.completedBodies++
          controller.close()
          return
        },
        cancel() {
          if (hangTimer !== undefined) clearInterval(hangTimer)
          state.cancelledBodies++
        }
      })
    const init: ResponseInit = {
      status: cassette.status ?? 200,
      ...(cassette.statusText !== undefined ? { statusText: cassette.statusText } : {}),
      ...(cassette.headers !== undefined ? { headers: { ...cassette.headers } } : {})
    }
    return HttpClientResponse.fromWeb(request, new Response(stream, init))
  }

  const client = HttpClient.make((request, url, signal) =>
    Effect.suspend(() => {
      const seen = record(request, url)
      requests.push(seen)
      const index = list.findIndex((cassette, i) =>
        (cassette.reusable || !used.has(i)) && (cassette.match === undefined || cassette.match(seen))
      )
      if (index === -1) {
        return Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({
              request,
              description: `ReplayHttpClient: no cassette for ${seen.method} ${seen.url}`
            })
          })
        )
      }
      used.add(index)
      const cassette = list[index]
      if (cassette.transportError !== undefined) {
        return Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({ request, cause: cassette.transportError })
          })
        )
      }
      return Effect.succeed(respond(cassette, request, signal))
    })
  )

  return { layer: Layer.succeed(HttpClient.HttpClient, client), recorder }
}

/**
 * The replay client as a layer (when the recorder is not needed).
 *
 * @since 0.1.0
 */
export const layer = (cassettes: Cassette | ReadonlyArray<Cassette>): Layer.Layer<HttpClient.HttpClient> =>
  make(cassettes).layer

/**
 * An SSE body from JSON payloads: `data: <json>\n\n` per payload, then
 * `data: [DONE]\n\n` unless `done: false`. Strings are sent verbatim (for
 * malformed frames).
 *
 * @since 0.1.0
 */
export const sseBody = (
  payloads: ReadonlyArray<unknown>,
  options: { readonly done?: boolean | undefined } = {}
): string => {
  let body = ""
  for (const payload of payloads) {
    body += `data: ${typeof payload === "string" ? payload : JSON.stringify(payload)}\n\n`
  }
  if (options.done !== false) body += "data: [DONE]\n\n"
  return body
}
