/**
 * `Download`: the service through which core fetches file URLs of the prompt that the model
 * cannot take directly (upstream `DownloadFunction`, `ai` 7.0.173 `util/download`). The default
 * is upstream's: URLs the model supports pass through, every other URL is fetched with the URL
 * guard on every redirect hop (no `file:`, loopback, private or reserved addresses), redirects
 * followed by hand (at most 10, never HTTPS → HTTP), a 2 GiB limit, and the response's
 * `content-type` as media type. Replace it with `Layer.succeed(Download, service)`; the policies
 * users configure are in `src/reliability/Download.ts`.
 *
 * @since 0.1.0
 */
import { Context, Effect, Option, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { DownloadError } from "../contract/errors/DownloadError.ts"
import * as BoundedCancel from "./BoundedCancel.ts"
import { checkUrl, upstreamPolicy, type UrlPolicy } from "./internal/downloadUrl.ts"

/**
 * One URL of the prompt and whether the model takes it as it is.
 *
 * @since 0.1.0
 * @category models
 */
export interface Request {
  readonly url: URL
  readonly isUrlSupportedByModel: boolean
}

/**
 * A downloaded file.
 *
 * @since 0.1.0
 * @category models
 */
export interface Downloaded {
  readonly data: Uint8Array
  readonly mediaType: string | undefined
}

/**
 * The service: for each request, in order, `null` (pass the URL to the model) or the file.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly download: (requests: ReadonlyArray<Request>) => Effect.Effect<ReadonlyArray<Downloaded | null>, DownloadError>
}

/**
 * The `ai` version whose user agent downloads send (`ai-sdk/<version>`), as upstream.
 *
 * @since 0.1.0
 * @category constants
 */
export const AI_VERSION = "7.0.173"

/**
 * Upstream `DEFAULT_MAX_DOWNLOAD_SIZE`: 2 GiB.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024

const MAX_REDIRECTS = 10
const REDIRECT_STATUS_CODES = new Set([301, 302, 303, 307, 308])

/**
 * Settings of `fetchFile`: the size limit and the URL guard applied to every hop.
 *
 * @since 0.1.0
 * @category models
 */
export interface FetchOptions {
  readonly maxBytes?: number | undefined
  readonly policy?: UrlPolicy | undefined
  /**
   * `false`: send no header at all, as provider-utils `downloadBlob` (providers' own downloads);
   * default `true`, core's `ai-sdk/<version>` user agent.
   */
  readonly userAgent?: boolean | undefined
}

export type { UrlPolicy }

/**
 * Checks a URL against a policy (upstream `validateDownloadUrl` when the policy allows nothing):
 * the refusal, or `undefined`.
 *
 * @since 0.1.0
 * @category validation
 */
export const checkDownloadUrl: (url: string, policy?: UrlPolicy) => DownloadError | undefined = (
  url,
  policy = upstreamPolicy
) => checkUrl(url, policy)

const runtimeUserAgent = (): string => {
  const g: { navigator?: { userAgent?: unknown }; process?: { versions?: { node?: unknown }; version?: unknown }; EdgeRuntime?: unknown } =
    globalThis
  const userAgent = g.navigator?.userAgent
  if (typeof userAgent === "string" && userAgent) return userAgent.toLowerCase()
  if (g.process?.versions?.node) return `node.js/${String(g.process.version)}`
  if (g.EdgeRuntime) return "vercel-edge"
  return ""
}

// Opening and closing the body stream aborts the request (an unread body would hold the socket).
const cancelBody = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.scoped(Stream.toPull(BoundedCancel.stream(response.stream))).pipe(Effect.ignore)

const statusTextOf = (response: HttpClientResponse.HttpClientResponse): string =>
  Option.match(HttpClientResponse.toWeb(response), { onNone: () => "", onSome: (web) => web.statusText })

const readLimited = (response: HttpClientResponse.HttpClientResponse, url: string, maxBytes: number) =>
  Effect.gen(function*() {
    const contentLength = response.headers["content-length"]
    if (contentLength !== undefined) {
      const length = parseInt(contentLength, 10)
      if (!isNaN(length) && length > maxBytes) {
        yield* cancelBody(response)
        return yield* new DownloadError({
          url,
          message: `Download of ${url} exceeded maximum size of ${maxBytes} bytes (Content-Length: ${length}).`
        })
      }
    }
    const chunks: Array<Uint8Array> = []
    let total = 0
    yield* Stream.runForEachArray(response.stream, (arr) => {
      for (const chunk of arr) {
        total += chunk.length
        if (total > maxBytes) {
          return Effect.fail(new DownloadError({ url, message: `Download of ${url} exceeded maximum size of ${maxBytes} bytes.` }))
        }
        chunks.push(chunk)
      }
      return Effect.void
    })
    const out = new Uint8Array(total)
    let offset = 0
    for (const chunk of chunks) {
      out.set(chunk, offset)
      offset += chunk.length
    }
    return out
  })

// What upstream's catch-all wraps: the rejection of fetch itself, not effect's wrapper of it.
const causeOf = (error: unknown): unknown =>
  error instanceof HttpClientError.HttpClientError && error.reason._tag === "TransportError" &&
    error.reason.cause !== undefined
    ? error.reason.cause
    : error

/**
 * Upstream `download` (`ai/src/util/download/download.ts` over `fetchUntrustedUrl`): GET with
 * only the user agent, the URL guard before every hop, manual redirects, error statuses as
 * `DownloadError` (body cancelled), the body read up to `maxBytes`. Every other failure becomes
 * `DownloadError` with the failure as cause.
 *
 * @since 0.1.0
 * @category utils
 */
export const fetchFile = (
  client: HttpClient.HttpClient,
  url: URL,
  options: FetchOptions = {}
): Effect.Effect<Downloaded, DownloadError> => {
  const urlText = url.toString()
  const policy = options.policy ?? upstreamPolicy
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const userAgent = [`ai-sdk/${AI_VERSION}`, runtimeUserAgent()].filter(Boolean).join(" ")
  const hops = Effect.gen(function*() {
    let current = urlText
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      const refusal = checkUrl(current, policy)
      if (refusal !== undefined) return yield* refusal
      const response = yield* client.execute(
        HttpClientRequest.get(current, options.userAgent === false ? undefined : { headers: { "user-agent": userAgent } })
      ).pipe(
        // as upstream: redirects by hand (each hop checked first), no trace headers to a foreign host
        Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" }),
        Effect.provideService(HttpClient.TracerPropagationEnabled, false)
      )
      const location = response.headers["location"]
      if (REDIRECT_STATUS_CODES.has(response.status) && location) {
        yield* cancelBody(response)
        const next = new URL(location, current).toString()
        if (new URL(current).protocol === "https:" && new URL(next).protocol === "http:") {
          return yield* new DownloadError({ url: urlText, message: "Redirect from HTTPS to HTTP was blocked" })
        }
        current = next
        continue
      }
      if (response.status < 200 || response.status > 299) {
        const statusText = statusTextOf(response)
        yield* cancelBody(response)
        return yield* new DownloadError({ url: urlText, statusCode: response.status, statusText })
      }
      const data = yield* readLimited(response, urlText, maxBytes)
      return { data, mediaType: response.headers["content-type"] }
    }
    return yield* new DownloadError({ url: urlText, message: `Too many redirects (max ${MAX_REDIRECTS})` })
  })
  return hops.pipe(
    Effect.catch((error) =>
      Effect.fail(error instanceof DownloadError
        ? error
        : new DownloadError({ url: urlText, cause: causeOf(error) }))
    )
  )
}

/**
 * Upstream `createDefaultDownloadFunction` over `fetchFile`: supported URLs pass through, the
 * others are fetched in parallel.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: HttpClient.HttpClient, options: FetchOptions = {}): Service => ({
  download: (requests) =>
    Effect.forEach(
      requests,
      (request): Effect.Effect<Downloaded | null, DownloadError> =>
        request.isUrlSupportedByModel ? Effect.succeed(null) : fetchFile(client, request.url, options),
      { concurrency: "unbounded" }
    )
})

/**
 * Upstream's default, used by core when no `Download` service is provided: the `HttpClient` of
 * the calling fiber when there is one, else the fetch client.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultService: Service = {
  download: (requests) =>
    Effect.serviceOption(HttpClient.HttpClient).pipe(
      Effect.flatMap(Option.match({
        onSome: (client) => make(client).download(requests),
        onNone: () =>
          Effect.flatMap(Effect.service(HttpClient.HttpClient), (client) => make(client).download(requests)).pipe(
            Effect.provide(FetchHttpClient.layer)
          )
      }))
    )
}

/**
 * The service key; core falls back to `defaultService` when none is provided.
 *
 * @since 0.1.0
 * @category services
 */
export class Download extends Context.Service<Download, Service>()("aimux/Download") {}

/**
 * The service of the environment, or upstream's default.
 *
 * @since 0.1.0
 * @category accessors
 */
export const current: Effect.Effect<Service> = Effect.map(
  Effect.serviceOption(Download),
  Option.getOrElse(() => defaultService)
)
