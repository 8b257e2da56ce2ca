/**
 * `CoreInvalidArgumentError`: `ai`'s own `InvalidArgumentError` (a call
 * setting is invalid), renamed in aimux so it does not clash with the
 * provider layer's `InvalidArgumentError`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import type { InvalidArgumentErrorLike } from "./InvalidArgumentError.ts"

// Upstream core reuses the provider class's name, hence its marker too.
const name = "AI_InvalidArgumentError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface CoreInvalidArgumentErrorOptions {
  readonly parameter: string
  readonly value: unknown
  readonly message: string
}

/**
 * An invalid call setting; message
 * `Invalid argument for parameter <parameter>: <message>`. Its `name` is
 * `AI_InvalidArgumentError` like upstream; its tag is `CoreInvalidArgumentError`.
 *
 * @since 0.1.0
 * @category errors
 */
export class CoreInvalidArgumentError extends Schema.TaggedError<CoreInvalidArgumentError>(name)(
  "CoreInvalidArgumentError",
  { message: Schema.String, parameter: Schema.String, value: Schema.optional(Schema.Unknown) }
) {
  constructor(options: CoreInvalidArgumentErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: `Invalid argument for parameter ${options.parameter}: ${options.message}`,
      parameter: options.parameter,
      value: options.value
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no
   * `instanceof`); like upstream, also true for the provider-layer
   * `InvalidArgumentError`, which shares the marker.
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is CoreInvalidArgumentErrorLike | InvalidArgumentErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(CoreInvalidArgumentError.prototype, name)

/**
 * What `CoreInvalidArgumentError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type CoreInvalidArgumentErrorLike = UpstreamLike<CoreInvalidArgumentError>
