/**
 * The `fetch` provider setting (upstream's `FetchFunction` option of every `create<Provider>`): a
 * custom fetch the provider's requests go through instead of the environment's `HttpClient`, so
 * code whose tests intercept fetch (a mock, a recorder, a middleware) keeps working. The fetch is
 * called as upstream's `postToApi` / `getFromApi` call it: the URL as a string, then
 * `{ method, headers, body, signal }` with the headers as a plain object (lower-cased names, the
 * user agent suffixed, no `content-length`), a JSON or text body as the string upstream sends,
 * a multipart body as its `FormData`, other bytes as a `Uint8Array`; the signal aborts when the
 * call is interrupted.
 *
 * `ModelConstructors` applies the setting to every provider's `model` / `layer`; other
 * constructors apply it with {@link provide}.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"

/**
 * A fetch function (upstream's `FetchFunction`: `typeof globalThis.fetch`).
 *
 * @since 0.1.0
 * @category models
 */
export type FetchFunction = typeof globalThis.fetch

/**
 * The setting every provider accepts beside its own.
 *
 * @since 0.1.0
 * @category models
 */
export interface Setting {
  /**
   * Custom fetch implementation (upstream's `fetch` setting): every request of the model goes
   * through it, with upstream's arguments; the environment's `HttpClient` is then not used.
   */
  readonly fetch?: FetchFunction | undefined
}

// Bodies upstream hands to fetch as strings: its JSON posts (`JSON.stringify(body)`) and text.
const textual = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^(text\/|application\/([\w.+-]*\+)?json\b)/i.test(contentType)

const decoder = new TextDecoder()

const bodyOf = (request: HttpClientRequest.HttpClientRequest): BodyInit | undefined => {
  const body = request.body
  switch (body._tag) {
    case "Uint8Array":
      return textual(request.headers["content-type"] ?? body.contentType) ? decoder.decode(body.body) : new Uint8Array(body.body)
    case "FormData":
      return body.formData
    case "Raw":
      if (body.body instanceof Uint8Array) return new Uint8Array(body.body)
      return typeof body.body === "string" || body.body instanceof FormData ? body.body : undefined
    default:
      return undefined
  }
}

const headersOf = (request: HttpClientRequest.HttpClientRequest): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) if (name !== "content-length") out[name] = value
  return out
}

/**
 * An `HttpClient` that sends every request through `fetch`, with upstream's arguments.
 *
 * @since 0.1.0
 * @category constructors
 */
export const client = (fetch: FetchFunction): HttpClient.HttpClient =>
  HttpClient.make((request, url, signal) => {
    const body = bodyOf(request)
    // as upstream: no `body` key on a request without one (`getFromApi`)
    const init: RequestInit = body === undefined
      ? { method: request.method, headers: headersOf(request), signal }
      : { method: request.method, headers: headersOf(request), body, signal }
    // the URL as the provider wrote it (effect's parsed `URL` may re-encode it), unless query
    // parameters were added to the request
    const target = url.search === "" && url.hash === "" ? request.url : url.toString()
    return Effect.map(
      Effect.tryPromise({
        try: () => fetch(target, init),
        catch: (cause) => new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) })
      }),
      (response) => HttpClientResponse.fromWeb(request, response)
    )
  })

/**
 * `effect` with its `HttpClient` sending through the `fetch` setting when there is one; `effect`
 * itself otherwise.
 *
 * @since 0.1.0
 * @category combinators
 */
export const provide = <A, E, R>(settings: Setting | undefined, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const fetch = settings?.fetch
  return fetch === undefined ? effect : Effect.provideService(effect, HttpClient.HttpClient, client(fetch))
}
