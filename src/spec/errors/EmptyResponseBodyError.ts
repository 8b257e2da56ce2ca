/**
 * `EmptyResponseBodyError`: a response had no body.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_EmptyResponseBodyError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface EmptyResponseBodyErrorOptions {
  readonly message?: string | undefined
}

/**
 * A provider response arrived without a body (default message `Empty response body`).
 *
 * @since 0.1.0
 */
export class EmptyResponseBodyError extends Schema.TaggedError<EmptyResponseBodyError>(name)(
  "EmptyResponseBodyError",
  { message: Schema.String }
) {
  constructor(options: EmptyResponseBodyErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message ?? "Empty response body" }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is EmptyResponseBodyErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(EmptyResponseBodyError.prototype, name)

/**
 * What `EmptyResponseBodyError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type EmptyResponseBodyErrorLike = UpstreamLike<EmptyResponseBodyError>
