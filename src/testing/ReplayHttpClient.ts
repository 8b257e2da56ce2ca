/**
 * `ReplayHttpClient`: an `HttpClient` layer that answers from cassettes
 * (status, headers, body bytes, optionally delivered in N-byte or recorded
 * chunks, or a transport / mid-body failure) and records every request it
 * saw. Responses are WHATWG `Response`s, as with the fetch client, so
 * `statusText` and header normalization match production.
 *
 * {@link record} is the other direction: a layer over a real `HttpClient`
 * that passes requests through and captures each exchange as a cassette
 * (secrets dropped, body chunks as received), which {@link make} replays
 * byte for byte; {@link saveCassettes} / {@link loadCassettes} keep them in
 * a JSON file (bytes as base64).
 *
 * @since 0.1.0
 */
import { Effect, Layer, Option, Result, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Url from "effect/http/Url"
import * as fs from "node:fs/promises"

/**
 * A request as the replay client saw it.
 *
 * @since 0.1.0
 * @category models
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
 * The request of a recorded exchange: method, URL (secret query parameters
 * redacted), headers without credentials, and the body when it is JSON.
 *
 * @since 0.1.0
 * @category models
 */
export interface CassetteRequest {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: unknown
}

/**
 * One scripted exchange.
 *
 * @since 0.1.0
 * @category models
 */
export interface Cassette {
  /**
   * Which requests this cassette answers. Default: those with the method and
   * URL of `request` when there is one, any request otherwise.
   */
  readonly match?: ((request: RecordedRequest) => boolean) | undefined
  /** The request this exchange answered when it was recorded. */
  readonly request?: CassetteRequest | undefined
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
 * @category models
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

const seeRequest = (request: HttpClientRequest.HttpClientRequest, url: URL): RecordedRequest => {
  const headers: Record<string, string> = {}
  for (const key of Object.keys(request.headers)) {
    const value: unknown = request.headers[key]
    if (typeof value === "string") headers[key] = value
  }
  const bodyText = bodyTextOf(request)
  return { method: request.method, url: url.toString(), headers, bodyText, body: parseJson(bodyText) }
}

const isList = (u: Cassette | ReadonlyArray<Cassette>): u is ReadonlyArray<Cassette> => Array.isArray(u)

const matches = (cassette: Cassette, seen: RecordedRequest): boolean => {
  if (cassette.match !== undefined) return cassette.match(seen)
  const recorded = cassette.request
  return recorded === undefined || (recorded.method === seen.method && recorded.url === redactUrl(seen.url))
}

/**
 * A replay client plus its recorder.
 *
 * @since 0.1.0
 * @category models
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
 * @category constructors
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
      const seen = seeRequest(request, url)
      requests.push(seen)
      const index = list.findIndex((cassette, i) => (cassette.reusable || !used.has(i)) && matches(cassette, seen))
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
 * @category layers
 */
export const layer = (cassettes: Cassette | ReadonlyArray<Cassette>): Layer.Layer<HttpClient.HttpClient> =>
  make(cassettes).layer

/**
 * An SSE body from JSON payloads: `data: <json>\n\n` per payload, then
 * `data: [DONE]\n\n` unless `done: false`. Strings are sent verbatim (for
 * malformed frames).
 *
 * @since 0.1.0
 * @category testing
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

// ---------------------------------------------------------------------------------------------
// Recording

// credentials never reach a cassette: these request headers are dropped
const secretHeader = /^(authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret|password/i
// secret query parameters (e.g. `?key=`) are replaced, in recorded URLs and when matching
const secretParam = /^(key|api[-_]?key|access[-_]?token|token|secret|password|signature|sig)$/i
// hop-by-hop headers describe the connection, not the recorded bytes
const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding", "set-cookie"])
// statuses whose response cannot have a body (the Response constructor rejects one)
const nullBodyStatus = new Set([101, 103, 204, 205, 304])

/**
 * A URL with the values of secret query parameters replaced by `REDACTED`.
 *
 * @since 0.1.0
 * @category testing
 */
export const redactUrl = (url: string): string => {
  const parsed = Result.try(() => new URL(url))
  if (Result.isFailure(parsed)) return url
  const out = parsed.success
  let changed = false
  for (const key of Array.from(out.searchParams.keys())) {
    if (secretParam.test(key)) {
      out.searchParams.set(key, "REDACTED")
      changed = true
    }
  }
  return changed ? out.toString() : url
}

/**
 * Options of {@link record}.
 *
 * @since 0.1.0
 * @category models
 */
export interface RecordOptions {
  /** More request header names to drop (case-insensitive), besides credentials. */
  readonly dropHeaders?: ReadonlyArray<string> | undefined
}

/**
 * A recording client: its layer (which needs the real `HttpClient`) and the
 * cassettes recorded so far, in request order.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recording {
  readonly layer: Layer.Layer<HttpClient.HttpClient, never, HttpClient.HttpClient>
  /**
   * The exchanges that got a response (or failed), in request order. A body is
   * recorded as its consumer reads it: read bodies to the end before saving.
   */
  readonly cassettes: ReadonlyArray<Cassette>
}

interface Entry {
  readonly request: CassetteRequest
  status?: number
  statusText?: string | undefined
  headers?: Record<string, string>
  chunks?: Array<Uint8Array> | null
  bodyError?: { readonly afterChunks: number; readonly error: unknown }
  transportError?: unknown
}

/** The underlying cause of a client error (what a replayed cassette fails with). */
const causeOf = (error: unknown): unknown =>
  error instanceof HttpClientError.HttpClientError && "cause" in error.reason && error.reason.cause !== undefined
    ? error.reason.cause
    : error

const cassetteRequestOf = (request: HttpClientRequest.HttpClientRequest, drop: ReadonlySet<string>): CassetteRequest => {
  const url = Url.make(request.url, request.urlParams, Option.getOrUndefined(request.hash))
  const seen = seeRequest(request, Result.isSuccess(url) ? url.success : new URL(request.url))
  const headers: Record<string, string> = {}
  for (const [key, value] of Object.entries(seen.headers)) {
    if (!secretHeader.test(key) && !drop.has(key.toLowerCase())) headers[key] = value
  }
  return {
    method: seen.method,
    url: redactUrl(seen.url),
    headers,
    ...(seen.body !== undefined ? { body: seen.body } : {})
  }
}

const responseHeadersOf = (response: HttpClientResponse.HttpClientResponse): Record<string, string> => {
  const headers: Record<string, string> = {}
  // the fetch client decodes a compressed body: its encoding and length no longer describe the bytes
  const decoded = typeof response.headers["content-encoding"] === "string"
  for (const [key, value] of Object.entries(response.headers)) {
    if (typeof value !== "string" || hopByHop.has(key)) continue
    if (decoded && (key === "content-encoding" || key === "content-length")) continue
    headers[key] = value
  }
  return headers
}

const capture = (
  request: HttpClientRequest.HttpClientRequest,
  response: HttpClientResponse.HttpClientResponse,
  entry: Entry
): HttpClientResponse.HttpClientResponse => {
  const headers = responseHeadersOf(response)
  entry.status = response.status
  entry.statusText = Option.getOrUndefined(HttpClientResponse.toWeb(response))?.statusText
  entry.headers = headers
  if (nullBodyStatus.has(response.status) || request.method === "HEAD") {
    entry.chunks = null
    return response
  }
  const chunks: Array<Uint8Array> = []
  entry.chunks = chunks
  const body = response.stream.pipe(
    Stream.map((chunk) => {
      // a copy: the consumer may reuse or transfer the buffer
      chunks.push(chunk.slice())
      return chunk
    }),
    Stream.mapError((error) => {
      const cause = causeOf(error)
      entry.bodyError = { afterChunks: chunks.length, error: cause }
      return cause
    })
  )
  const init: ResponseInit = {
    status: response.status,
    ...(entry.statusText !== undefined ? { statusText: entry.statusText } : {}),
    headers
  }
  return HttpClientResponse.fromWeb(request, new Response(Stream.toReadableStream(body), init))
}

const toCassette = (entry: Entry): Cassette | undefined => {
  if (entry.transportError !== undefined) return { request: entry.request, transportError: entry.transportError }
  if (entry.status === undefined) return undefined
  return {
    request: entry.request,
    status: entry.status,
    ...(entry.statusText !== undefined && entry.statusText !== "" ? { statusText: entry.statusText } : {}),
    headers: { ...entry.headers },
    ...(entry.chunks === null || entry.chunks === undefined ? { body: null } : { chunks: [...entry.chunks] }),
    ...(entry.bodyError !== undefined ? { bodyError: entry.bodyError } : {})
  }
}

/**
 * Records real traffic: a layer over the real `HttpClient` that passes every
 * request through unchanged and captures the exchange (request without
 * credentials; status, headers and body chunks as received) as a cassette
 * that {@link make} answers with the same bytes in the same chunks.
 *
 * @since 0.1.0
 * @category testing
 */
export const record = (options: RecordOptions = {}): Recording => {
  const drop = new Set((options.dropHeaders ?? []).map((name) => name.toLowerCase()))
  const entries: Array<Entry> = []
  const wrap = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
    HttpClient.transform(client, (response, request) =>
      Effect.suspend(() => {
        const entry: Entry = { request: cassetteRequestOf(request, drop) }
        entries.push(entry)
        return response.pipe(
          Effect.map((r) => capture(request, r, entry)),
          Effect.tapError((error) => Effect.sync(() => void (entry.transportError = causeOf(error))))
        )
      }))
  return {
    layer: Layer.effect(HttpClient.HttpClient, Effect.map(Effect.service(HttpClient.HttpClient), wrap)),
    get cassettes() {
      const out: Array<Cassette> = []
      for (const entry of entries) {
        const cassette = toCassette(entry)
        if (cassette !== undefined) out.push(cassette)
      }
      return out
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Cassette files

const Headers = Schema.Record(Schema.String, Schema.String)

const FileCassette = Schema.Struct({
  request: Schema.optionalKey(Schema.Struct({
    method: Schema.String,
    url: Schema.String,
    headers: Headers,
    body: Schema.optionalKey(Schema.Unknown)
  })),
  status: Schema.optionalKey(Schema.Number),
  statusText: Schema.optionalKey(Schema.String),
  headers: Schema.optionalKey(Headers),
  /** base64 per chunk; `null` for a response without a body */
  chunks: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.Uint8ArrayFromBase64))),
  bodyError: Schema.optionalKey(Schema.Struct({ afterChunks: Schema.Number, message: Schema.String })),
  transportError: Schema.optionalKey(Schema.Struct({ message: Schema.String })),
  hang: Schema.optionalKey(Schema.Boolean),
  reusable: Schema.optionalKey(Schema.Boolean)
})

/**
 * The JSON file form of cassettes (version 1).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CassetteFile = Schema.Struct({
  version: Schema.Literal(1),
  cassettes: Schema.Array(FileCassette)
})

/**
 * Reading, decoding or writing a cassette file failed.
 *
 * @since 0.1.0
 * @category errors
 */
export class CassetteFileError extends Schema.TaggedError<CassetteFileError>()("CassetteFileError", {
  path: Schema.String,
  operation: Schema.Literals(["read", "write", "decode"]),
  cause: Schema.optional(Schema.Defect())
}) {
  override get message(): string {
    return `Cannot ${this.operation} cassette file ${this.path}`
  }
}

const messageOf = (error: unknown): string => error instanceof Error ? error.message : String(error)

const toFileCassette = (cassette: Cassette): typeof FileCassette.Type => ({
  ...(cassette.request !== undefined ? { request: cassette.request } : {}),
  ...(cassette.transportError !== undefined
    ? { transportError: { message: messageOf(cassette.transportError) } }
    : {
      status: cassette.status ?? 200,
      ...(cassette.statusText !== undefined ? { statusText: cassette.statusText } : {}),
      headers: { ...cassette.headers },
      chunks: cassette.body === null ? null : chunksOf(cassette)
    }),
  ...(cassette.bodyError !== undefined
    ? { bodyError: { afterChunks: cassette.bodyError.afterChunks, message: messageOf(cassette.bodyError.error) } }
    : {}),
  ...(cassette.hang === true ? { hang: true } : {}),
  ...(cassette.reusable === true ? { reusable: true } : {})
})

const fromFileCassette = (file: typeof FileCassette.Type): Cassette => ({
  ...(file.request !== undefined ? { request: file.request } : {}),
  ...(file.status !== undefined ? { status: file.status } : {}),
  ...(file.statusText !== undefined ? { statusText: file.statusText } : {}),
  ...(file.headers !== undefined ? { headers: file.headers } : {}),
  ...(file.chunks === null ? { body: null } : file.chunks !== undefined ? { chunks: file.chunks } : {}),
  ...(file.bodyError !== undefined
    ? { bodyError: { afterChunks: file.bodyError.afterChunks, error: new Error(file.bodyError.message) } }
    : {}),
  ...(file.transportError !== undefined ? { transportError: new TypeError(file.transportError.message) } : {}),
  ...(file.hang !== undefined ? { hang: file.hang } : {}),
  ...(file.reusable !== undefined ? { reusable: file.reusable } : {})
})

/**
 * Writes cassettes to a JSON file (body chunks as base64, errors as their
 * messages). `match` functions are not saved; a recorded `request` is, and
 * matches by method and URL again after loading.
 *
 * @since 0.1.0
 * @category testing
 */
export const saveCassettes = (
  path: string,
  cassettes: ReadonlyArray<Cassette>
): Effect.Effect<void, CassetteFileError> =>
  Effect.gen(function*() {
    const json = yield* Schema.encodeEffect(CassetteFile)({ version: 1, cassettes: cassettes.map(toFileCassette) }).pipe(
      Effect.mapError((cause) => new CassetteFileError({ path, operation: "write", cause }))
    )
    yield* Effect.tryPromise({
      try: () => fs.writeFile(path, `${JSON.stringify(json, null, 2)}\n`),
      catch: (cause) => new CassetteFileError({ path, operation: "write", cause })
    })
  })

/**
 * Reads cassettes saved by {@link saveCassettes} (the file is decoded with
 * {@link CassetteFile}).
 *
 * @since 0.1.0
 * @category testing
 */
export const loadCassettes = (path: string): Effect.Effect<ReadonlyArray<Cassette>, CassetteFileError> =>
  Effect.gen(function*() {
    const text = yield* Effect.tryPromise({
      try: () => fs.readFile(path, "utf8"),
      catch: (cause) => new CassetteFileError({ path, operation: "read", cause })
    })
    const file = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(CassetteFile))(text).pipe(
      Effect.mapError((cause) => new CassetteFileError({ path, operation: "decode", cause }))
    )
    return file.cassettes.map(fromFileCassette)
  })
