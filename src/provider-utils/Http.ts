/**
 * `Http`: upstream `postJsonToApi` / `postToApi` and the response handlers
 * (`createJsonResponseHandler`, `createJsonErrorResponseHandler`,
 * `createEventSourceResponseHandler`, the streamed body of
 * `wrapResponseBodyStream`) as Effects over `effect/http`'s `HttpClient`.
 * Every failure is an `APICallError` shaped as upstream's; interruption stays
 * interruption.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Option, Stream } from "effect"
import * as Headers from "effect/http/Headers"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type { Schema } from "effect"
import { APICallError } from "../contract/errors/APICallError.ts"
import { EmptyResponseBodyError } from "../contract/errors/EmptyResponseBodyError.ts"
import * as BoundedCancel from "../runtime/BoundedCancel.ts"
import { boundPull } from "./internal/idleBound.ts"
import { reasonPhrase } from "./internal/statusText.ts"
import * as JsonEventStream from "./JsonEventStream.ts"
import { makeSafeParseJson, type ParseResult } from "../runtime/ParseJson.ts"
import { isAbortError } from "../runtime/AbortError.ts"
import { BodyTimeoutError, HeadersTimeoutError, HttpTimeouts } from "../runtime/HttpTimeouts.ts"
import * as RequestHeaders from "./RequestHeaders.ts"
import type * as Sse from "./Sse.ts"

/**
 * The provider-utils version whose user-agent suffix upstream sends
 * (`ai-sdk-provider-utils/<version>`): the pinned baseline.
 *
 * @since 0.1.0
 * @category constants
 */
export const PROVIDER_UTILS_VERSION = "5.0.81"

/**
 * What a response handler sees.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponseInfo {
  readonly url: string
  readonly requestBodyValues: unknown
  readonly response: HttpClientResponse.HttpClientResponse
}

/**
 * What a response handler produces.
 *
 * @since 0.1.0
 * @category models
 */
export interface HandlerResult<A> {
  readonly value: A
  readonly rawValue?: unknown
  readonly responseHeaders: Record<string, string>
}

/**
 * A response handler (upstream `ResponseHandler`). Failures other than
 * `APICallError` are wrapped by `postToApi` as upstream does.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseHandler<A, E = never> = (info: ResponseInfo) => Effect.Effect<HandlerResult<A>, E>

/**
 * Upstream `extractResponseHeaders`: lower-case names (sorted, values joined
 * as the WHATWG `Headers` does when the client is fetch-based).
 *
 * @since 0.1.0
 * @category getters
 */
export const responseHeadersOf = (response: HttpClientResponse.HttpClientResponse): Record<string, string> => {
  const web = HttpClientResponse.toWeb(response)
  if (Option.isSome(web)) return Object.fromEntries<string>([...web.value.headers])
  const out: Record<string, string> = {}
  for (const key of Object.keys(response.headers).sort()) {
    const value: unknown = response.headers[key]
    if (typeof value === "string") out[key] = value
  }
  return out
}

/**
 * `Response.statusText`, or the standard reason phrase when the client does
 * not expose one.
 *
 * @since 0.1.0
 * @category getters
 */
export const statusTextOf = (response: HttpClientResponse.HttpClientResponse): string => {
  const web = HttpClientResponse.toWeb(response)
  return Option.isSome(web) ? web.value.statusText : reasonPhrase(response.status)
}

const utf8 = new TextDecoder()

/**
 * The body as text, decoded like upstream (`TextDecoder`: UTF-8, BOM
 * stripped, invalid bytes replaced).
 *
 * @since 0.1.0
 * @category utils
 */
export const readBodyText = (
  response: HttpClientResponse.HttpClientResponse
): Effect.Effect<string, HttpClientError.HttpClientError> =>
  Effect.flatMap(HttpTimeouts, ({ bodyIdle }) => {
    if (bodyIdle === undefined) return Effect.map(response.arrayBuffer, (buffer) => utf8.decode(buffer))
    const chunks: Array<Uint8Array> = []
    return Stream.runForEachArray(boundIdle(response, bodyIdle), (arr) => Effect.sync(() => void chunks.push(...arr))).pipe(
      Effect.map(() => utf8.decode(concat(chunks)))
    )
  })

const concat = (chunks: ReadonlyArray<Uint8Array>): Uint8Array => {
  if (chunks.length === 1) return chunks[0]
  let size = 0
  for (const c of chunks) size += c.length
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

/**
 * The default safety net's body bound (runtime `HttpTimeouts.bodyIdle`, undici `bodyTimeout`):
 * each pull of the body (one network chunk) must arrive within `idle` (one watchdog per body,
 * not a race per chunk: `internal/idleBound.ts`).
 */
const boundIdle = (
  response: HttpClientResponse.HttpClientResponse,
  idle?: Duration.Duration
): Stream.Stream<Uint8Array, HttpClientError.HttpClientError> =>
  // the bound is read where the body's pull is taken (not in a `Stream.unwrap` before it), so a
  // consumer that takes the pull and stops still cancels the body
  // the body is closed without waiting on the peer's cancel (`runtime/BoundedCancel.ts`)
  Stream.transformPull(BoundedCancel.stream(response.stream), (pull, scope) =>
    Effect.flatMap(idle === undefined ? HttpTimeouts : Effect.succeed({ bodyIdle: idle }), ({ bodyIdle }: { readonly bodyIdle: Duration.Duration | undefined }) =>
      bodyIdle === undefined ? Effect.succeed(pull) : boundPull(pull, scope, bodyIdle, () =>
        // a body read failure, as effect's fetch client reports one: `causeOf` finds undici's error
        new HttpClientError.HttpClientError({
          reason: new HttpClientError.DecodeError({
            request: response.request,
            response,
            cause: new BodyTimeoutError({ code: "UND_ERR_BODY_TIMEOUT", timeoutMs: Duration.toMillis(bodyIdle) })
          })
        }))))

/**
 * The underlying error of an `HttpClientError` (what `fetch` threw), or the
 * value itself.
 *
 * @since 0.1.0
 * @category getters
 */
export const causeOf = (error: unknown): unknown =>
  HttpClientError.isHttpClientError(error) && "cause" in error.reason && error.reason.cause !== undefined
    ? error.reason.cause
    : error

const FETCH_FAILED_ERROR_MESSAGES = ["fetch failed", "failed to fetch"]
const RETRYABLE_NETWORK_ERROR_CODES = new Set([
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT"
])

const findNetworkError = (error: unknown): Error | undefined => {
  const visited = new Set<Error>()
  let current = error
  while (current instanceof Error && !visited.has(current)) {
    visited.add(current)
    const code: unknown = Reflect.get(current, "code")
    if (typeof code === "string" && RETRYABLE_NETWORK_ERROR_CODES.has(code)) return current
    current = Reflect.get(current, "cause")
  }
  return undefined
}

/**
 * Upstream `handleFetchError`: `fetch failed` with a cause and network error
 * codes anywhere in the cause chain become retryable `APICallError`s
 * (`Cannot connect to API: ...`). Anything else upstream rethrows as it is;
 * here it becomes an `APICallError` with the original message and `cause`,
 * not retryable, so the error channel stays typed.
 *
 * @since 0.1.0
 * @category errors
 */
export const handleFetchError = (error: unknown, url: string, requestBodyValues: unknown): APICallError => {
  if (error instanceof TypeError && FETCH_FAILED_ERROR_MESSAGES.includes(error.message.toLowerCase())) {
    const cause: unknown = Reflect.get(error, "cause")
    if (cause != null) {
      return new APICallError({
        message: `Cannot connect to API: ${messageOf(cause)}`,
        cause,
        url,
        requestBodyValues,
        isRetryable: true
      })
    }
  }
  const networkError = findNetworkError(error)
  if (networkError !== undefined) {
    if (error instanceof APICallError) {
      return new APICallError({
        message: error.message,
        cause: error.cause,
        url: error.url,
        requestBodyValues: error.requestBodyValues,
        statusCode: error.statusCode,
        responseHeaders: error.responseHeaders,
        responseBody: error.responseBody,
        data: error.data,
        isRetryable: true
      })
    }
    return new APICallError({
      message: `Cannot connect to API: ${error instanceof Error ? error.message : networkError.message}`,
      cause: error,
      url,
      requestBodyValues,
      isRetryable: true
    })
  }
  if (error instanceof APICallError) return error
  return new APICallError({ message: messageOf(error), cause: error, url, requestBodyValues, isRetryable: false })
}

const messageOf = (u: unknown): string => {
  if (u instanceof Error) return u.message
  if (typeof u === "object" && u !== null) {
    const message: unknown = Reflect.get(u, "message")
    if (typeof message === "string") return message
  }
  return String(u)
}

/**
 * Upstream `createJsonResponseHandler`: the body parsed (secure JSON) and
 * decoded with the Schema; failure is `APICallError("Invalid JSON response")`
 * with the parse error as `cause`.
 *
 * @since 0.1.0
 * @category requests
 */
export const jsonResponseHandler = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S
): ResponseHandler<S["Type"], APICallError | HttpClientError.HttpClientError> => {
  const parse = makeSafeParseJson(schema)
  return ({ requestBodyValues, response, url }) =>
    Effect.flatMap(readBodyText(response), (responseBody) => {
      const parsed = parse(responseBody)
      const responseHeaders = responseHeadersOf(response)
      return parsed.success
        ? Effect.succeed({ value: parsed.value, rawValue: parsed.rawValue, responseHeaders })
        : Effect.fail(
          new APICallError({
            message: "Invalid JSON response",
            cause: parsed.error,
            statusCode: response.status,
            responseHeaders,
            responseBody,
            url,
            requestBodyValues
          })
        )
    })
}

/**
 * Options of `jsonErrorResponseHandler` (upstream
 * `createJsonErrorResponseHandler`).
 *
 * @since 0.1.0
 * @category models
 */
export interface JsonErrorOptions<T> {
  readonly errorSchema: Schema.ConstraintDecoder<T>
  readonly errorToMessage: (error: T) => string
  /** Overrides the status-based default; gets the parsed payload when it decoded. */
  readonly isRetryable?:
    | ((response: HttpClientResponse.HttpClientResponse, error?: T) => boolean)
    | undefined
}

/**
 * Upstream `createJsonErrorResponseHandler`: an error response becomes an
 * `APICallError` with `data` = the decoded payload and the provider's
 * message; an empty or undecodable body gives the status text as message.
 *
 * @since 0.1.0
 * @category requests
 */
export const jsonErrorResponseHandler = <T>(
  options: JsonErrorOptions<T>
): ResponseHandler<APICallError, HttpClientError.HttpClientError> => {
  const parse = makeSafeParseJson(options.errorSchema)
  return ({ requestBodyValues, response, url }) =>
    Effect.map(readBodyText(response), (responseBody) => {
      const responseHeaders = responseHeadersOf(response)
      const base = {
        url,
        requestBodyValues,
        statusCode: response.status,
        responseHeaders,
        responseBody
      }
      const parsed: ParseResult<T> | undefined = responseBody.trim() === "" ? undefined : parse(responseBody)
      if (parsed !== undefined && parsed.success) {
        return {
          responseHeaders,
          value: new APICallError({
            ...base,
            message: options.errorToMessage(parsed.value),
            data: parsed.value,
            isRetryable: options.isRetryable?.(response, parsed.value)
          })
        }
      }
      return {
        responseHeaders,
        value: new APICallError({
          ...base,
          message: statusTextOf(response),
          isRetryable: options.isRetryable?.(response)
        })
      }
    })
}

/**
 * The response body as bytes (upstream `wrapResponseBodyStream`): a read
 * failure becomes `APICallError("Failed to process successful response")`
 * (retryable when the cause is a network error); an abort is interruption.
 * Interrupting the consumer cancels the body.
 *
 * @since 0.1.0
 * @category utils
 */
export const bodyStream = (info: ResponseInfo): Stream.Stream<Uint8Array, APICallError> => {
  const { requestBodyValues, response, url } = info
  return Stream.catch(boundIdle(response), (error) => {
    const cause = causeOf(error)
    if (isAbortError(cause)) return Stream.fromEffect(Effect.interrupt)
    return Stream.fail(
      handleFetchError(
        new APICallError({
          message: "Failed to process successful response",
          cause,
          statusCode: response.status,
          url,
          responseHeaders: responseHeadersOf(response),
          requestBodyValues
        }),
        url,
        requestBodyValues
      )
    )
  })
}

const hasBody = (response: HttpClientResponse.HttpClientResponse): boolean => {
  const web = HttpClientResponse.toWeb(response)
  return Option.isNone(web) || web.value.body !== null
}

/**
 * Upstream `createEventSourceResponseHandler`: the body as `ParseResult`s of
 * the chunk Schema. An `SseEventTooLargeError` (only with `maxEventBytes`)
 * ends the stream as `APICallError("Failed to process successful response")`
 * carrying it as `cause`.
 *
 * @since 0.1.0
 * @category requests
 */
export const eventSourceResponseHandler = <S extends Schema.ConstraintDecoder<unknown>>(
  chunkSchema: S,
  options: Sse.Options = {}
): ResponseHandler<Stream.Stream<ParseResult<S["Type"]>, APICallError>, EmptyResponseBodyError> => {
  const parse = JsonEventStream.parse(chunkSchema, options)
  return (info) => {
    if (!hasBody(info.response)) return Effect.fail(new EmptyResponseBodyError({}))
    const responseHeaders = responseHeadersOf(info.response)
    const value = bodyStream(info).pipe(
      parse,
      Stream.mapError((error) =>
        error instanceof APICallError ? error : new APICallError({
          message: "Failed to process successful response",
          cause: error,
          statusCode: info.response.status,
          url: info.url,
          responseHeaders,
          requestBodyValues: info.requestBodyValues
        })
      )
    )
    return Effect.succeed({ responseHeaders, value })
  }
}

/**
 * Options of `postToApi`.
 *
 * @since 0.1.0
 * @category models
 */
export interface PostOptions<A, E1, E2> extends PostTarget<A, E1, E2> {
  readonly body: { readonly content: string | Uint8Array | FormData; readonly values: unknown }
}

/**
 * What every post names besides its body: the URL, the headers and the two response handlers.
 *
 * @since 0.1.0
 * @category models
 */
export interface PostTarget<A, E1, E2> {
  readonly url: string
  /** Plain or `Redacted` values; secrets are revealed only on the outgoing request. */
  readonly headers?: RequestHeaders.Input | undefined
  readonly successfulResponseHandler: ResponseHandler<A, E1>
  readonly failedResponseHandler: ResponseHandler<APICallError, E2>
}

/**
 * Upstream `postToApi`: sends the request (user agent suffixed with
 * `ai-sdk-provider-utils/<version>` and the runtime, as upstream), runs the
 * failed handler on a non-2xx status and the successful one otherwise, and
 * maps every failure to `APICallError` exactly where upstream does.
 *
 * @since 0.1.0
 * @category requests
 */
export const postToApi = <A, E1, E2>(
  options: PostOptions<A, E1, E2>
): Effect.Effect<HandlerResult<A>, APICallError, HttpClient.HttpClient> =>
  Effect.flatMap(HttpClient.HttpClient, (client) => {
    const { url } = options
    const requestBodyValues = options.body.values
    const headers = RequestHeaders.withUserAgentSuffix(
      options.headers,
      `ai-sdk-provider-utils/${PROVIDER_UTILS_VERSION}`,
      RequestHeaders.runtimeUserAgent()
    )
    const contentType = headers["content-type"]
    const content = options.body.content
    // a FormData body is handed to fetch as it is (fetch writes the multipart boundary), as upstream
    const body = content instanceof FormData
      ? HttpBody.formData(content)
      : typeof content === "string"
      ? HttpBody.text(content, typeof contentType === "string" ? contentType : undefined)
      : HttpBody.uint8Array(content, typeof contentType === "string" ? contentType : undefined)
    const request = HttpClientRequest.post(url).pipe(
      HttpClientRequest.setBody(body),
      HttpClientRequest.setHeaders(RequestHeaders.reveal(headers))
    )
    const fetchFailure = (error: unknown) => handleFetchError(error, url, requestBodyValues)
    // Headers given as Redacted stay redacted in spans and logs too, whatever
    // their name (the defaults cover only authorization, cookies, x-api-key).
    const secretNames: Array<string> = []
    for (const key in headers) if (typeof headers[key] !== "string") secretNames.push(key)
    // Upstream sends no trace headers (b3 / traceparent): the request stays
    // byte-comparable and trace ids do not leak to the provider.
    const untraced = Effect.provideService(client.execute(request), HttpClient.TracerPropagationEnabled, false)
    const execute = secretNames.length === 0 ? untraced : Effect.flatMap(
      Headers.CurrentRedactedNames,
      (names) => Effect.provideService(untraced, Headers.CurrentRedactedNames, [...names, ...secretNames])
    )
    // the default safety net (runtime `HttpTimeouts`, undici `headersTimeout`): the failure is
    // undici's, so `handleFetchError` makes it upstream's retryable "Cannot connect to API"
    const bounded = Effect.flatMap(HttpTimeouts, ({ headers: limit }) =>
      limit === undefined ? execute : Effect.timeoutOrElse(execute, {
        duration: limit,
        orElse: () => Effect.fail(new HeadersTimeoutError({ code: "UND_ERR_HEADERS_TIMEOUT", timeoutMs: Duration.toMillis(limit) }))
      }))
    return bounded.pipe(
      Effect.mapError((error) => fetchFailure(causeOf(error))),
      Effect.flatMap((response): Effect.Effect<HandlerResult<A>, APICallError> => {
        const info: ResponseInfo = { url, requestBodyValues, response }
        const wrap = (message: string) => (error: unknown): APICallError =>
          fetchFailure(
            error instanceof APICallError ? error : new APICallError({
              message,
              cause: causeOf(error),
              statusCode: response.status,
              url,
              responseHeaders: responseHeadersOf(response),
              requestBodyValues
            })
          )
        if (response.status < 200 || response.status > 299) {
          return options.failedResponseHandler(info).pipe(
            Effect.mapError(wrap("Failed to process error response")),
            Effect.flatMap((result) => Effect.fail(fetchFailure(result.value)))
          )
        }
        return Effect.mapError(options.successfulResponseHandler(info), wrap("Failed to process successful response"))
      })
    )
  })

/**
 * Options of `postJsonToApi`.
 *
 * @since 0.1.0
 * @category models
 */
export interface PostJsonOptions<A, E1, E2> extends PostTarget<A, E1, E2> {
  readonly body: unknown
}

/**
 * Upstream `postJsonToApi`: `Content-Type: application/json` (overridable by
 * the given headers) and `JSON.stringify(body)`; `requestBodyValues` is the
 * body itself.
 *
 * @since 0.1.0
 * @category requests
 */
export const postJsonToApi = <A, E1, E2>(
  options: PostJsonOptions<A, E1, E2>
): Effect.Effect<HandlerResult<A>, APICallError, HttpClient.HttpClient> =>
  postToApi({
    ...options,
    headers: { "Content-Type": "application/json", ...options.headers },
    body: { content: JSON.stringify(options.body), values: options.body }
  })

/**
 * Options of `postFormDataToApi`.
 *
 * @since 0.1.0
 * @category models
 */
export interface PostFormDataOptions<A, E1, E2> extends PostTarget<A, E1, E2> {
  readonly formData: FormData
}

/**
 * Upstream `postFormDataToApi`: the web `FormData` as the body (no content type of ours: fetch
 * sets `multipart/form-data` with its boundary); `requestBodyValues` is
 * `Object.fromEntries(formData.entries())`.
 *
 * @since 0.1.0
 * @category requests
 */
export const postFormDataToApi = <A, E1, E2>(
  options: PostFormDataOptions<A, E1, E2>
): Effect.Effect<HandlerResult<A>, APICallError, HttpClient.HttpClient> =>
  postToApi({ ...options, body: { content: options.formData, values: Object.fromEntries(options.formData.entries()) } })

/**
 * Upstream `createBinaryResponseHandler`: the body as bytes; no body is
 * `APICallError("Response body is empty")`, a read failure
 * `APICallError("Failed to read response as array buffer")`.
 *
 * @since 0.1.0
 * @category requests
 */
export const binaryResponseHandler: ResponseHandler<Uint8Array, APICallError> = ({ requestBodyValues, response, url }) => {
  const responseHeaders = responseHeadersOf(response)
  const base = { url, requestBodyValues, statusCode: response.status, responseHeaders, responseBody: undefined }
  if (!hasBody(response)) return Effect.fail(new APICallError({ ...base, message: "Response body is empty" }))
  return Effect.map(
    Effect.mapError(response.arrayBuffer, (error) =>
      new APICallError({ ...base, message: "Failed to read response as array buffer", cause: causeOf(error) })),
    (buffer) => ({ responseHeaders, value: new Uint8Array(buffer) })
  )
}
