/**
 * The runtime floor: what core, reliability and provider-utils all need, one implementation each
 * (generated ids, secure JSON parsing, retry-after hints, downloads of prompt file URLs).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Download from "./DownloadService.ts"
/** @since 0.1.0 */
export * as IdGenerator from "./IdGenerator.ts"
/** @since 0.1.0 */
export * as ParseJson from "./ParseJson.ts"
/** @since 0.1.0 */
export * as RetryAfter from "./RetryAfter.ts"
/** @since 0.1.0 */
export * as AbortError from "./AbortError.ts"
/** @since 0.1.0 */
export * as BoundedCancel from "./BoundedCancel.ts"
/** @since 0.1.0 */
export * as WireJson from "./WireJson.ts"
