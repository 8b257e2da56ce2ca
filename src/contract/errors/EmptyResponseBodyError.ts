/**
 * `EmptyResponseBodyError`: a response had no body.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_EmptyResponseBodyError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmptyResponseBodyErrorOptions {
  readonly message?: string | undefined
}

/**
 * A provider response arrived without a body (default message `Empty response body`).
 *
 * @since 0.1.0
 * @category errors
 */
export class EmptyResponseBodyError extends UpstreamError<EmptyResponseBodyError>(name)(
  "EmptyResponseBodyError",
  { message: Schema.String }
) {
  constructor(options: EmptyResponseBodyErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message ?? "Empty response body" }), makeOptions)
  }
}

/**
 * What `EmptyResponseBodyError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type EmptyResponseBodyErrorLike = UpstreamLike<EmptyResponseBodyError>
