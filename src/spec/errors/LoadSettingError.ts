/**
 * `LoadSettingError`: a provider setting could not be loaded.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_LoadSettingError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface LoadSettingErrorOptions {
  readonly message: string
}

/**
 * Raised when a provider setting could not be loaded.
 *
 * @since 0.1.0
 */
export class LoadSettingError extends Schema.TaggedError<LoadSettingError>(name)("LoadSettingError", {
  message: Schema.String
}) {
  constructor(options: LoadSettingErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is LoadSettingErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(LoadSettingError.prototype, name)

/**
 * What `LoadSettingError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type LoadSettingErrorLike = UpstreamLike<LoadSettingError>
