/**
 * `RetryAfter`: the server's retry hint of a failed call (`retry-after-ms`,
 * `retry-after` in seconds or as an HTTP date), parsed as upstream `ai`'s
 * `getRetryDelayInMs` does. The retry policy itself lives elsewhere.
 *
 * @since 0.1.0
 */
import type { APICallError } from "../contract/errors/APICallError.ts"

/**
 * The delay the headers ask for, in milliseconds (possibly negative or
 * huge: no plausibility check), or `undefined` when there is no usable hint.
 * `retry-after-ms` wins over `retry-after`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromHeaders = (
  headers: Readonly<Record<string, string>> | undefined,
  now: number = Date.now()
): number | undefined => {
  if (!headers) return undefined
  let ms: number | undefined
  const retryAfterMs = headers["retry-after-ms"]
  if (retryAfterMs) {
    const timeoutMs = parseFloat(retryAfterMs)
    if (!Number.isNaN(timeoutMs)) ms = timeoutMs
  }
  const retryAfter = headers["retry-after"]
  if (retryAfter && ms === undefined) {
    const timeoutSeconds = parseFloat(retryAfter)
    ms = Number.isNaN(timeoutSeconds) ? Date.parse(retryAfter) - now : timeoutSeconds * 1000
  }
  return ms === undefined || Number.isNaN(ms) ? undefined : ms
}

/**
 * The retry hint of an `APICallError` (from its `responseHeaders`).
 *
 * @since 0.1.0
 * @category utils
 */
export const retryAfterMillis = (
  error: Pick<APICallError, "responseHeaders">,
  now: number = Date.now()
): number | undefined => fromHeaders(error.responseHeaders, now)

/**
 * Upstream `getRetryDelayInMs`: the header delay when it is between 0 and
 * 60 s (or below the backoff delay), else the exponential backoff delay.
 *
 * @since 0.1.0
 * @category utils
 */
export const retryDelayMillis = (
  error: Pick<APICallError, "responseHeaders">,
  exponentialBackoffDelay: number,
  now: number = Date.now()
): number => {
  const ms = retryAfterMillis(error, now)
  return ms !== undefined && 0 <= ms && (ms < 60 * 1000 || ms < exponentialBackoffDelay)
    ? ms
    : exponentialBackoffDelay
}
