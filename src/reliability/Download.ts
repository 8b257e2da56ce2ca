/**
 * The download service users configure: which prompt file URLs core may fetch, and how. Core
 * asks the `Download` service (key in `src/runtime/DownloadService.ts`) for every file URL of the prompt,
 * telling it whether the model supports the URL (`supportedUrls`); without a provided service the
 * behaviour is upstream's default (see `layer`).
 *
 * ```ts
 * // only public hosts, and only these two
 * generateText({ prompt }).pipe(
 *   Effect.provide(Download.restricted({ allowedHosts: ["images.example.com", "cdn.example.com"] })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * The URL checks are literal: the host as written in the URL (after WHATWG parsing). A public
 * name that resolves to a private address (DNS rebinding) passes them; to close that gap give the
 * service an `HttpClient` whose transport checks the address it connects to.
 *
 * @since 0.1.0
 */
import { Effect, Layer } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as SpecDownload from "../runtime/DownloadService.ts"

/**
 * The service key (re-exported from the spec).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Download = SpecDownload.Download

/**
 * The service shape: for each request, `null` (the URL goes to the model) or the file.
 *
 * @since 0.1.0
 * @category models
 */
export type Service = SpecDownload.Service

/**
 * A URL of the prompt and whether the model supports it.
 *
 * @since 0.1.0
 * @category models
 */
export type Request = SpecDownload.Request

/**
 * A downloaded file.
 *
 * @since 0.1.0
 * @category models
 */
export type Downloaded = SpecDownload.Downloaded

/**
 * What a restricted service may fetch. Everything defaults to `false` / absent, which is
 * upstream's own guard: no `file:` URLs, no loopback (127.0.0.0/8, ::1, `localhost`,
 * `*.localhost`), no private or reserved addresses (10/8, 172.16/12, 192.168/16, 169.254/16,
 * 100.64/10, fc00::/7, fe80::/10, multicast, documentation ranges, `*.local`, `*.internal`,
 * IPv4 embedded in IPv6).
 *
 * @since 0.1.0
 * @category models
 */
export interface Policy {
  /** Hands `file:` URLs to the `HttpClient` (which must know how to read them). */
  readonly allowFileUrls?: boolean | undefined
  readonly allowLoopback?: boolean | undefined
  readonly allowPrivateNetworks?: boolean | undefined
  /** When given, only these host names (case-insensitive, exact) are fetched. */
  readonly allowedHosts?: ReadonlyArray<string> | undefined
  /** Size limit per file (default 2 GiB, as upstream). */
  readonly maxBytes?: number | undefined
}

const toUrlPolicy = (policy: Policy): SpecDownload.UrlPolicy => ({
  allowFileUrls: policy.allowFileUrls === true,
  allowLoopback: policy.allowLoopback === true,
  allowPrivateNetworks: policy.allowPrivateNetworks === true,
  allowedHosts: policy.allowedHosts?.map((host) => host.toLowerCase().replace(/\.+$/, ""))
})

/**
 * A restricted service over `client`: URLs the model supports pass through (nothing is fetched
 * for them); every other URL is checked against `policy` before each request, redirect hops
 * included, and a refused URL fails with `DownloadError` without any request.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeRestricted = (client: HttpClient.HttpClient, policy: Policy = {}): Service =>
  SpecDownload.make(client, { policy: toUrlPolicy(policy), maxBytes: policy.maxBytes })

/**
 * The restricted service as a layer, over the `HttpClient` of the environment.
 *
 * @since 0.1.0
 * @category layers
 */
export const restricted = (policy: Policy = {}): Layer.Layer<SpecDownload.Download, never, HttpClient.HttpClient> =>
  Layer.effect(Download, Effect.map(Effect.service(HttpClient.HttpClient), (client) => makeRestricted(client, policy)))

/**
 * Upstream's default over the `HttpClient` of the environment (the same as providing nothing,
 * except for the client and the size limit).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (
  options: { readonly maxBytes?: number | undefined } = {}
): Layer.Layer<SpecDownload.Download, never, HttpClient.HttpClient> => restricted({ maxBytes: options.maxBytes })

/**
 * A user's own service (upstream's custom `experimental_download`): it decides per URL.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerWith = (download: Service["download"]): Layer.Layer<SpecDownload.Download> =>
  Layer.succeed(Download, { download })

/**
 * Never downloads: every URL goes to the model as it is (the provider then sends or refuses it).
 *
 * @since 0.1.0
 * @category layers
 */
export const passThrough: Layer.Layer<SpecDownload.Download> = layerWith((requests) =>
  Effect.succeed(requests.map(() => null))
)
