/**
 * Base64 conversions of inline file data (upstream provider-utils
 * `uint8-utils.ts`: `convertToBase64`, `convertBase64ToUint8Array`).
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import * as EffectBase64 from "effect/encoding/Base64"

/**
 * Decodes base64 or base64url into bytes. Text that is not base64 gives no
 * bytes: upstream's `atob` throws there, and a thrown error has no place in a
 * pure request encoder.
 *
 * @since 0.1.0
 */
export const convertBase64ToUint8Array = (base64String: string): Uint8Array =>
  Result.getOrElse(EffectBase64.decode(base64String.replace(/-/g, "+").replace(/_/g, "/")), () => new Uint8Array(0))

/**
 * Base64 of inline file data: a string is taken to be base64 already and is
 * returned as it is, bytes are encoded.
 *
 * @since 0.1.0
 */
export const convertToBase64 = (value: string | Uint8Array): string =>
  typeof value === "string" ? value : EffectBase64.encode(value)
