/**
 * `ModelError`: the failures a language model's `generate`/`stream` may have.
 *
 * @since 0.1.0
 */
import type { APICallError } from "./APICallError.ts"
import type { DownloadError } from "./DownloadError.ts"
import type { EmptyResponseBodyError } from "./EmptyResponseBodyError.ts"
import type { InvalidArgumentError } from "./InvalidArgumentError.ts"
import type { InvalidPromptError } from "./InvalidPromptError.ts"
import type { InvalidResponseDataError } from "./InvalidResponseDataError.ts"
import type { JSONParseError } from "./JSONParseError.ts"
import type { LoadAPIKeyError } from "./LoadAPIKeyError.ts"
import type { LoadSettingError } from "./LoadSettingError.ts"
import type { NoContentGeneratedError } from "./NoContentGeneratedError.ts"
import type { NoSuchModelError } from "./NoSuchModelError.ts"
import type { NoSuchProviderReferenceError } from "./NoSuchProviderReferenceError.ts"
import type { RetryError } from "./RetryError.ts"
import type { ChunkTimeoutError, FirstChunkTimeoutError, StepTimeoutError, TotalTimeoutError } from "./TimeoutError.ts"
import type { TypeValidationError } from "./TypeValidationError.ts"
import type { UnsupportedFunctionalityError } from "./UnsupportedFunctionalityError.ts"

/**
 * Union of the typed errors in a LanguageModel's error channel; match them
 * with `Effect.catchTag` on the upstream class name.
 *
 * @since 0.1.0
 * @category errors
 */
export type ModelError =
  | APICallError
  | EmptyResponseBodyError
  | InvalidPromptError
  | InvalidArgumentError
  | InvalidResponseDataError
  | JSONParseError
  | TypeValidationError
  | LoadAPIKeyError
  | LoadSettingError
  | UnsupportedFunctionalityError
  | NoContentGeneratedError
  | NoSuchModelError
  | NoSuchProviderReferenceError
  | RetryError
  | TotalTimeoutError
  | StepTimeoutError
  | FirstChunkTimeoutError
  | ChunkTimeoutError
  | DownloadError
