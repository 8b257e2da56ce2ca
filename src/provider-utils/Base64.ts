/**
 * Base64 conversions of inline file data (upstream provider-utils
 * `uint8-utils.ts`: `convertToBase64`, `convertBase64ToUint8Array`).
 *
 * @since 0.1.0
 */
import * as EffectBase64 from "effect/encoding/Base64"

/**
 * Decodes base64 or base64url into bytes with `atob`'s rules, as upstream:
 * padding is optional and ASCII white space is skipped. Text `atob` rejects
 * gives no bytes, where upstream throws its `InvalidCharacterError`.
 *
 * @since 0.1.0
 */
export const convertBase64ToUint8Array = (base64String: string): Uint8Array => {
  let latin1: string
  try {
    latin1 = atob(base64String.replace(/-/g, "+").replace(/_/g, "/"))
  } catch {
    return new Uint8Array(0)
  }
  const bytes = new Uint8Array(latin1.length)
  for (let i = 0; i < latin1.length; i++) {
    bytes[i] = latin1.charCodeAt(i)
  }
  return bytes
}

/**
 * Base64 of inline file data: a string is taken to be base64 already and is
 * returned as it is, bytes are encoded (standard alphabet, padded).
 *
 * @since 0.1.0
 */
export const convertToBase64 = (value: string | Uint8Array): string =>
  typeof value === "string" ? value : EffectBase64.encode(value)
