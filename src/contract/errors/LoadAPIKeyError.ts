/**
 * `LoadAPIKeyError`: an API key could not be loaded (missing or invalid setting).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_LoadAPIKeyError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface LoadAPIKeyErrorOptions {
  readonly message: string
}

/**
 * Raised when an API key could not be loaded (missing or invalid setting).
 *
 * @since 0.1.0
 * @category errors
 */
export class LoadAPIKeyError extends UpstreamError<LoadAPIKeyError>(name)("LoadAPIKeyError", {
  message: Schema.String
}) {
  constructor(options: LoadAPIKeyErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message }), makeOptions)
  }
}

/**
 * What `LoadAPIKeyError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type LoadAPIKeyErrorLike = UpstreamLike<LoadAPIKeyError>
