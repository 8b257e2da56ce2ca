/**
 * Reliability: retry policies, timeouts, fallback models and the download service, as wrappers
 * around the `LanguageModel` service (they import only the spec and `LanguageModel`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as Download from "./Download.ts"
/** @since 0.1.0 */
export * as Fallback from "./Fallback.ts"
/** @since 0.1.0 */
export * as ReliableModel from "./ReliableModel.ts"
/** @since 0.1.0 */
export * as Retry from "./Retry.ts"
/** @since 0.1.0 */
export * as Timeout from "./Timeout.ts"
/** @since 0.1.0 */
export * as HttpTimeouts from "../runtime/HttpTimeouts.ts"
