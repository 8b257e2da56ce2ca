/**
 * Base64 conversions of inline file data (upstream provider-utils
 * `uint8-utils.ts`: `convertToBase64`, `convertBase64ToUint8Array`).
 *
 * @since 0.1.0
 */
import * as EffectBase64 from "effect/encoding/Base64"

// Sextet of each character code in either alphabet (`+`/`-` 62, `/`/`_` 63, as upstream maps the
// URL alphabet before `atob`), -1 elsewhere.
const sextets = new Int8Array(128).fill(-1)
for (let i = 0; i < 64; i++) {
  sextets["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i
}
sextets["-".charCodeAt(0)] = 62
sextets["_".charCodeAt(0)] = 63

const EQUALS = 61

// The common case decoded straight into bytes, with no `replace` copies and no latin1 string:
// a length that is a multiple of 4, every character of either alphabet but up to two trailing
// `=`. On such text `atob`'s forgiving decode removes the padding and keeps every whole byte, so
// the bytes are `atob`'s; anything else (white space, other padding, a stray character) is
// `undefined` here and is left to `atob` itself.
const decodeCommon = (text: string): Uint8Array | undefined => {
  const length = text.length
  if (length % 4 !== 0) return undefined
  let end = length
  if (end > 0 && text.charCodeAt(end - 1) === EQUALS) end--
  if (end > 0 && text.charCodeAt(end - 1) === EQUALS) end--
  const out = new Uint8Array((end * 3) >> 2)
  let at = 0
  let i = 0
  for (; i + 4 <= end; i += 4) {
    const a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = text.charCodeAt(i + 2), d = text.charCodeAt(i + 3)
    if ((a | b | c | d) > 127) return undefined
    // a -1 sextet (not of the alphabet) sets the sign bit whatever it is shifted by
    const n = (sextets[a] << 18) | (sextets[b] << 12) | (sextets[c] << 6) | sextets[d]
    if (n < 0) return undefined
    out[at++] = n >> 16
    out[at++] = (n >> 8) & 255
    out[at++] = n & 255
  }
  const rest = end - i
  if (rest === 2 || rest === 3) {
    const a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = rest === 3 ? text.charCodeAt(i + 2) : 65
    const n = (sextets[a] << 18) | (sextets[b] << 12) | (sextets[c] << 6)
    if ((a | b | c) > 127 || n < 0) return undefined
    out[at++] = n >> 16
    if (rest === 3) out[at++] = (n >> 8) & 255
  } else if (rest === 1) return undefined
  return out
}

/**
 * Decodes base64 or base64url into bytes with `atob`'s rules, as upstream's
 * `convertBase64ToUint8Array`: `undefined` where `atob` throws. Common text
 * (no white space, standard padding) is decoded directly; the rest by `atob`.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeBase64 = (base64String: string): Uint8Array | undefined => {
  const common = decodeCommon(base64String)
  if (common !== undefined) return common
  let latin1: string
  try {
    latin1 = atob(base64String.replace(/-/g, "+").replace(/_/g, "/"))
  } catch {
    return undefined
  }
  const bytes = new Uint8Array(latin1.length)
  for (let i = 0; i < latin1.length; i++) {
    bytes[i] = latin1.charCodeAt(i)
  }
  return bytes
}

/**
 * Decodes base64 or base64url into bytes with `atob`'s rules, as upstream:
 * padding is optional and ASCII white space is skipped. Text `atob` rejects
 * gives no bytes, where upstream throws its `InvalidCharacterError`.
 *
 * @since 0.1.0
 * @category converting
 */
export const convertBase64ToUint8Array = (base64String: string): Uint8Array =>
  decodeBase64(base64String) ?? new Uint8Array(0)

/**
 * Base64 of inline file data: a string is taken to be base64 already and is
 * returned as it is, bytes are encoded (standard alphabet, padded).
 *
 * @since 0.1.0
 * @category converting
 */
export const convertToBase64 = (value: string | Uint8Array): string =>
  typeof value === "string" ? value : EffectBase64.encode(value)
