/**
 * `ProviderStreamError`: the plain payload a provider puts into an `error`
 * stream part when it knows status/retry metadata (upstream
 * `createProviderStreamError` in `@ai-sdk/provider-utils`).
 *
 * @since 0.1.0
 */

const marker = Symbol.for("vercel.ai.providerStreamError")

/**
 * A provider-owned in-stream error payload; core's
 * `normalizeStreamProviderError` turns it into a `StreamProviderError`.
 *
 * @since 0.1.0
 * @category errors
 */
export interface ProviderStreamError {
  readonly message: string
  readonly type?: string | undefined
  readonly code?: string | number | undefined
  readonly statusCode?: number | undefined
  readonly isRetryable?: boolean | undefined
  readonly data: unknown
}

/**
 * Builds the payload exactly as upstream: all six keys present (possibly
 * `undefined`) plus a non-enumerable `Symbol.for("vercel.ai.providerStreamError")`
 * marker, so upstream core recognises it too.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createProviderStreamError = (options: ProviderStreamError): ProviderStreamError => {
  const error: ProviderStreamError = {
    message: options.message,
    type: options.type,
    code: options.code,
    statusCode: options.statusCode,
    isRetryable: options.isRetryable,
    data: options.data
  }
  Object.defineProperty(error, marker, { value: true })
  return error
}

/**
 * True when `u` carries the provider-stream-error marker (aimux or upstream).
 *
 * @since 0.1.0
 * @category guards
 */
export const isProviderStreamError = (u: unknown): u is ProviderStreamError =>
  typeof u === "object" && u !== null && Reflect.get(u, marker) === true
