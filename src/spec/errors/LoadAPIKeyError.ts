/**
 * `LoadAPIKeyError`: an API key could not be loaded (missing or invalid setting).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_LoadAPIKeyError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface LoadAPIKeyErrorOptions {
  readonly message: string
}

/**
 * Raised when an API key could not be loaded (missing or invalid setting).
 *
 * @since 0.1.0
 */
export class LoadAPIKeyError extends Schema.TaggedError<LoadAPIKeyError>(name)("LoadAPIKeyError", {
  message: Schema.String
}) {
  constructor(options: LoadAPIKeyErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is LoadAPIKeyErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(LoadAPIKeyError.prototype, name)

/**
 * What `LoadAPIKeyError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type LoadAPIKeyErrorLike = UpstreamLike<LoadAPIKeyError>
