/**
 * `NoContentGeneratedError`: the provider generated no content.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_NoContentGeneratedError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface NoContentGeneratedErrorOptions {
  readonly message?: string | undefined
}

/**
 * The provider failed to generate any content (default message `No content generated.`).
 *
 * @since 0.1.0
 */
export class NoContentGeneratedError extends Schema.TaggedError<NoContentGeneratedError>(name)(
  "NoContentGeneratedError",
  { message: Schema.String }
) {
  constructor(options: NoContentGeneratedErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message ?? "No content generated." }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is NoContentGeneratedErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(NoContentGeneratedError.prototype, name)

/**
 * What `NoContentGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type NoContentGeneratedErrorLike = UpstreamLike<NoContentGeneratedError>
