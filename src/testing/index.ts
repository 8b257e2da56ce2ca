/**
 * Test kit (`aimux/testing`): scripted models, stream helpers, the replay HttpClient and a
 * loopback replay server.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export * as MockLanguageModel from "./MockLanguageModel.ts"
/** @since 0.1.0 */
export * as StreamHelpers from "./StreamHelpers.ts"
/** @since 0.1.0 */
export * as ReplayHttpClient from "./ReplayHttpClient.ts"
/** @since 0.2.0 */
export * as ReplayServer from "./ReplayServer.ts"
/** @since 0.1.0 */
export * as MockEmbeddingModel from "./MockEmbeddingModel.ts"
/** @since 0.1.0 */
export * as MockRerankingModel from "./MockRerankingModel.ts"
/** @since 0.1.0 */
export * as MockDecisionModel from "./MockDecisionModel.ts"
/** @since 0.1.0 */
export * as MockImageModel from "./MockImageModel.ts"
/** @since 0.1.0 */
export * as MockSpeechModel from "./MockSpeechModel.ts"
/** @since 0.1.0 */
export * as MockTranscriptionModel from "./MockTranscriptionModel.ts"
