/**
 * `LoadSettingError`: a provider setting could not be loaded.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_LoadSettingError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface LoadSettingErrorOptions {
  readonly message: string
}

/**
 * Raised when a provider setting could not be loaded.
 *
 * @since 0.1.0
 * @category errors
 */
export class LoadSettingError extends UpstreamError<LoadSettingError>(name)("LoadSettingError", {
  message: Schema.String
}) {
  constructor(options: LoadSettingErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message }), makeOptions)
  }
}

/**
 * What `LoadSettingError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type LoadSettingErrorLike = UpstreamLike<LoadSettingError>
