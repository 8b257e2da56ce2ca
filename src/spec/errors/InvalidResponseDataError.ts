/**
 * `InvalidResponseDataError`: a response held data a provider cannot use.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_InvalidResponseDataError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
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
 */
export class InvalidResponseDataError extends Schema.TaggedError<InvalidResponseDataError>(name)(
  "InvalidResponseDataError",
  { message: Schema.String, data: Schema.optional(Schema.Unknown) }
) {
  constructor(options: InvalidResponseDataErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? `Invalid response data: ${JSON.stringify(options.data)}.`,
      data: options.data
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is InvalidResponseDataErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(InvalidResponseDataError.prototype, name)

/**
 * What `InvalidResponseDataError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type InvalidResponseDataErrorLike = UpstreamLike<InvalidResponseDataError>
