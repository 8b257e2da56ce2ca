/**
 * `isAbortError`: upstream provider-utils' test for a failure that means "the call was aborted or
 * timed out" (an `Error` or `DOMException` named `AbortError`, `ResponseAborted` or
 * `TimeoutError`). Upstream's retry loop rethrows such a failure at once, unretried and unwrapped,
 * whatever the attempt; aimux's typed timeout errors carry the name `TimeoutError`, so the same
 * test applies to them.
 *
 * @since 0.1.0
 */

/**
 * True for an abort or timeout failure (upstream `isAbortError`).
 *
 * @since 0.1.0
 * @category guards
 */
export const isAbortError = (error: unknown): error is Error =>
  (error instanceof Error || (typeof DOMException === "function" && error instanceof DOMException)) &&
  (error.name === "AbortError" || error.name === "ResponseAborted" || error.name === "TimeoutError")
