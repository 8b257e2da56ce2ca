/**
 * `InvalidResponseDataError`: a response held data a provider cannot use.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_InvalidResponseDataError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface InvalidResponseDataErrorOptions {
  readonly data: unknown
  readonly message?: string | undefined
}

/**
 * The server returned invalid data; default message
 * `Invalid response data: <JSON>.`
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidResponseDataError extends UpstreamError<InvalidResponseDataError>(name)(
  "InvalidResponseDataError",
  { message: Schema.String, data: Schema.optional(Schema.Unknown) }
) {
  constructor(options: InvalidResponseDataErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? `Invalid response data: ${JSON.stringify(options.data)}.`,
      data: options.data
    }), makeOptions)
  }
}

/**
 * What `InvalidResponseDataError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidResponseDataErrorLike = UpstreamLike<InvalidResponseDataError>
