/**
 * The upstream-compatible typed errors: one `Schema.TaggedError` per AI SDK
 * error class, with upstream names, messages, fields and `isInstance` markers.
 *
 * @since 0.1.0
 */

/** @since 0.1.0 */
export { AISDKError, type AISDKErrorLike, type AISDKErrorOptions, isAISDKError } from "./AISDKError.ts"
/** @since 0.1.0 */
export { APICallError, type APICallErrorLike, type APICallErrorOptions } from "./APICallError.ts"
/** @since 0.1.0 */
export {
  CoreInvalidArgumentError,
  type CoreInvalidArgumentErrorLike,
  type CoreInvalidArgumentErrorOptions
} from "./CoreInvalidArgumentError.ts"
/** @since 0.1.0 */
export {
  DecisionRefusalError,
  type DecisionRefusalErrorLike,
  type DecisionRefusalErrorOptions
} from "./DecisionRefusalError.ts"
/** @since 0.1.0 */
export {
  DecisionUnsupportedQuestionTypeError,
  type DecisionUnsupportedQuestionTypeErrorLike,
  type DecisionUnsupportedQuestionTypeErrorOptions
} from "./DecisionUnsupportedQuestionTypeError.ts"
/** @since 0.1.0 */
export { DownloadError, type DownloadErrorLike, type DownloadErrorOptions } from "./DownloadError.ts"
export {
  EmptyResponseBodyError,
  type EmptyResponseBodyErrorLike,
  type EmptyResponseBodyErrorOptions
} from "./EmptyResponseBodyError.ts"
/** @since 0.1.0 */
export { getErrorMessage } from "./getErrorMessage.ts"
/** @since 0.1.0 */
export {
  InvalidArgumentError,
  type InvalidArgumentErrorLike,
  type InvalidArgumentErrorOptions
} from "./InvalidArgumentError.ts"
/** @since 0.1.0 */
export { InvalidPromptError, type InvalidPromptErrorLike, type InvalidPromptErrorOptions } from "./InvalidPromptError.ts"
/** @since 0.1.0 */
export {
  InvalidResponseDataError,
  type InvalidResponseDataErrorLike,
  type InvalidResponseDataErrorOptions
} from "./InvalidResponseDataError.ts"
/** @since 0.1.0 */
export {
  InvalidStreamPartError,
  type InvalidStreamPartErrorLike,
  type InvalidStreamPartErrorOptions
} from "./InvalidStreamPartError.ts"
/** @since 0.1.0 */
export {
  InvalidToolApprovalError,
  type InvalidToolApprovalErrorLike,
  type InvalidToolApprovalErrorOptions
} from "./InvalidToolApprovalError.ts"
/** @since 0.1.0 */
export {
  InvalidToolApprovalSignatureError,
  type InvalidToolApprovalSignatureErrorLike,
  type InvalidToolApprovalSignatureErrorOptions
} from "./InvalidToolApprovalSignatureError.ts"
/** @since 0.1.0 */
export {
  InvalidToolInputError,
  type InvalidToolInputErrorLike,
  type InvalidToolInputErrorOptions
} from "./InvalidToolInputError.ts"
/** @since 0.1.0 */
export { JSONParseError, type JSONParseErrorLike, type JSONParseErrorOptions } from "./JSONParseError.ts"
/** @since 0.1.0 */
export { LoadAPIKeyError, type LoadAPIKeyErrorLike, type LoadAPIKeyErrorOptions } from "./LoadAPIKeyError.ts"
/** @since 0.1.0 */
export { LoadSettingError, type LoadSettingErrorLike, type LoadSettingErrorOptions } from "./LoadSettingError.ts"
/** @since 0.1.0 */
export {
  MissingToolResultsError,
  type MissingToolResultsErrorLike,
  type MissingToolResultsErrorOptions
} from "./MissingToolResultsError.ts"
/** @since 0.1.0 */
export type { ModelError } from "./ModelError.ts"
/** @since 0.1.0 */
export {
  NoContentGeneratedError,
  type NoContentGeneratedErrorLike,
  type NoContentGeneratedErrorOptions
} from "./NoContentGeneratedError.ts"
/** @since 0.1.0 */
export {
  NoImageGeneratedError,
  type NoImageGeneratedErrorLike,
  type NoImageGeneratedErrorOptions
} from "./NoImageGeneratedError.ts"
/** @since 0.1.0 */
export {
  NoObjectGeneratedError,
  type NoObjectGeneratedErrorLike,
  type NoObjectGeneratedErrorOptions
} from "./NoObjectGeneratedError.ts"
/** @since 0.1.0 */
export {
  NoOutputGeneratedError,
  type NoOutputGeneratedErrorLike,
  type NoOutputGeneratedErrorOptions
} from "./NoOutputGeneratedError.ts"
/** @since 0.1.0 */
export {
  NoSpeechGeneratedError,
  type NoSpeechGeneratedErrorLike,
  type NoSpeechGeneratedErrorOptions
} from "./NoSpeechGeneratedError.ts"
/** @since 0.1.0 */
export {
  ModelType,
  NoSuchModelError,
  type NoSuchModelErrorLike,
  type NoSuchModelErrorOptions
} from "./NoSuchModelError.ts"
/** @since 0.1.0 */
export {
  NoSuchProviderError,
  type NoSuchProviderErrorLike,
  type NoSuchProviderErrorOptions
} from "./NoSuchProviderError.ts"
/** @since 0.1.0 */
export {
  NoSuchProviderReferenceError,
  type NoSuchProviderReferenceErrorLike,
  type NoSuchProviderReferenceErrorOptions
} from "./NoSuchProviderReferenceError.ts"
/** @since 0.1.0 */
export { NoSuchToolError, type NoSuchToolErrorLike, type NoSuchToolErrorOptions } from "./NoSuchToolError.ts"
/** @since 0.1.0 */
export {
  NoTranscriptGeneratedError,
  type NoTranscriptGeneratedErrorLike,
  type NoTranscriptGeneratedErrorOptions
} from "./NoTranscriptGeneratedError.ts"
/** @since 0.1.0 */
export { createProviderStreamError, isProviderStreamError, type ProviderStreamError } from "./ProviderStreamError.ts"
/** @since 0.1.0 */
export { RetryError, RetryErrorReason, type RetryErrorLike, type RetryErrorOptions } from "./RetryError.ts"
/** @since 0.1.0 */
export {
  normalizeStreamProviderError,
  StreamProviderError,
  type StreamProviderErrorLike,
  type StreamProviderErrorOptions
} from "./StreamProviderError.ts"
/** @since 0.1.0 */
export {
  ChunkTimeoutError,
  FirstChunkTimeoutError,
  isTimeoutError,
  StepTimeoutError,
  type TimeoutError,
  TotalTimeoutError
} from "./TimeoutError.ts"
/** @since 0.1.0 */
export {
  ToolCallNotFoundForApprovalError,
  type ToolCallNotFoundForApprovalErrorLike,
  type ToolCallNotFoundForApprovalErrorOptions
} from "./ToolCallNotFoundForApprovalError.ts"
/** @since 0.1.0 */
export {
  ToolCallRepairError,
  type ToolCallRepairErrorLike,
  type ToolCallRepairErrorOptions
} from "./ToolCallRepairError.ts"
/** @since 0.1.0 */
export {
  EnforcedToolChoice,
  ToolChoiceViolationError,
  type ToolChoiceViolationErrorLike,
  type ToolChoiceViolationErrorOptions
} from "./ToolChoiceViolationError.ts"
/** @since 0.1.0 */
export {
  TooManyEmbeddingValuesForCallError,
  type TooManyEmbeddingValuesForCallErrorLike,
  type TooManyEmbeddingValuesForCallErrorOptions
} from "./TooManyEmbeddingValuesForCallError.ts"
/** @since 0.1.0 */
export {
  TypeValidationContext,
  TypeValidationError,
  type TypeValidationErrorLike,
  type TypeValidationErrorOptions
} from "./TypeValidationError.ts"
/** @since 0.1.0 */
export {
  UnsupportedFunctionalityError,
  type UnsupportedFunctionalityErrorLike,
  type UnsupportedFunctionalityErrorOptions
} from "./UnsupportedFunctionalityError.ts"
export { UIMessageStreamError, type UIMessageStreamErrorLike, type UIMessageStreamErrorOptions } from "./UIMessageStreamError.ts"
/** @since 0.1.0 */
export { MCPClientError, type MCPClientErrorLike, type MCPClientErrorOptions } from "./MCPClientError.ts"
