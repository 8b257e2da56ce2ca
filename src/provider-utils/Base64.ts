/**
 * Base64 helpers (upstream provider-utils `uint8-utils.ts`); they live in `src/runtime/Base64.ts`
 * so core (media functions) and providers share them.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export { convertBase64ToUint8Array, convertToBase64, decodeBase64 } from "../runtime/Base64.ts"
