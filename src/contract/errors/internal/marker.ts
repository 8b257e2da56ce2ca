/**
 * The cross-package marker protocol of the AI SDK errors: `Symbol.for` keys
 * set to `true`, checked without `instanceof` so that errors from other
 * package copies (or from aimux) are recognised.
 *
 * @internal
 */
import type { Cause } from "effect"

/** @internal */
export const baseMarker = "vercel.ai.error"

/** @internal */
export const markerOf = (name: string): string => `${baseMarker}.${name}`

/**
 * Mirrors upstream `AISDKError.hasMarker` exactly (own or inherited key, value
 * strictly `true`).
 *
 * @internal
 */
export const hasMarker = (u: unknown, marker: string): boolean => {
  if (u == null || typeof u !== "object") return false
  const key = Symbol.for(marker)
  return key in u && Reflect.get(u, key) === true
}

/**
 * Installs the base marker and the class marker on a prototype. Prototype
 * (not own) properties keep them out of `Object.keys`, structural equality
 * and formatting while upstream's `key in error` check still sees them.
 *
 * @internal
 */
export const markPrototype = (proto: object, name: string): void => {
  Object.defineProperty(proto, Symbol.for(baseMarker), { value: true, enumerable: false })
  Object.defineProperty(proto, Symbol.for(markerOf(name)), { value: true, enumerable: false })
}

/**
 * The upstream default for `isRetryable`: 408, 409, 429 and every status
 * >= 500.
 *
 * @internal
 */
export const isRetryableStatusCode = (statusCode: number | undefined): boolean =>
  statusCode != null &&
  (statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500)

/**
 * The structural view of an error shared by aimux and upstream instances:
 * the class's data fields on a plain `Error`, without the Effect-specific
 * `_tag` and yieldable members.
 *
 * @internal
 */
export type UpstreamLike<X> = globalThis.Error & Omit<X, "_tag" | keyof Cause.YieldableError>

/**
 * Drops keys whose value is `undefined`, so optional fields are absent
 * rather than present-but-undefined: a JSON round trip then gives the same
 * instance back (the JSON codec writes a present `undefined` as `null`).
 *
 * @internal
 */
export const omitUndefined = <A extends object>(fields: A): A => {
  const out = { ...fields }
  for (const key of Object.keys(out)) {
    if (Reflect.get(out, key) === undefined) Reflect.deleteProperty(out, key)
  }
  return out
}
