/**
 * `InvalidStreamPartError`: a model stream produced a part core cannot accept.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_InvalidStreamPartError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface InvalidStreamPartErrorOptions {
  readonly chunk: unknown
  readonly message: string
}

/**
 * An invalid stream part; `chunk` is the offending part as received.
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidStreamPartError extends UpstreamError<InvalidStreamPartError>(name)(
  "InvalidStreamPartError",
  { message: Schema.String, chunk: Schema.optional(Schema.Unknown) }
) {
  constructor(options: InvalidStreamPartErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message, chunk: options.chunk }), makeOptions)
  }
}

/**
 * What `InvalidStreamPartError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidStreamPartErrorLike = UpstreamLike<InvalidStreamPartError>
