/**
 * `UnsupportedFunctionalityError`: a provider or model does not support a
 * requested feature.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_UnsupportedFunctionalityError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface UnsupportedFunctionalityErrorOptions {
  readonly functionality: string
  readonly message?: string | undefined
}

/**
 * A functionality is not supported; default message
 * `'<functionality>' functionality not supported.`
 *
 * @since 0.1.0
 * @category errors
 */
export class UnsupportedFunctionalityError extends UpstreamError<UnsupportedFunctionalityError>(name)(
  "UnsupportedFunctionalityError",
  { message: Schema.String, functionality: Schema.String }
) {
  constructor(options: UnsupportedFunctionalityErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? `'${options.functionality}' functionality not supported.`,
      functionality: options.functionality
    }), makeOptions)
  }
}

/**
 * What `UnsupportedFunctionalityError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type UnsupportedFunctionalityErrorLike = UpstreamLike<UnsupportedFunctionalityError>
