/**
 * Test kit: scripted models and stream helpers (`aimux/testing`).
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as MockLanguageModel from "./MockLanguageModel.ts"
/** @since 0.1.0 */
export * as StreamHelpers from "./StreamHelpers.ts"
/** @since 0.1.0 */
export * as ReplayHttpClient from "./ReplayHttpClient.ts"
