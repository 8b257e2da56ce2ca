/**
 * `InvalidArgumentError` (provider layer): a function argument is invalid.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_InvalidArgumentError"
const marker = markerOf(name)

// Core's `CoreInvalidArgumentError` shares the marker. Its fields are written out here rather than
// imported: CoreInvalidArgumentError.ts imports this module, and imports never go in a circle.
interface CoreInvalidArgumentFields extends globalThis.Error {
  readonly parameter: string
  readonly value?: unknown
}

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface InvalidArgumentErrorOptions {
  readonly argument: string
  readonly message: string
  readonly cause?: unknown
}

/**
 * A function argument is invalid (`@ai-sdk/provider`'s class; core's
 * differently shaped one is `CoreInvalidArgumentError`).
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidArgumentError extends Schema.TaggedError<InvalidArgumentError>(name)("InvalidArgumentError", {
  message: Schema.String,
  argument: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: InvalidArgumentErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message, argument: options.argument, cause: options.cause }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no
   * `instanceof`). Upstream's core and provider classes share one marker, so
   * this also accepts a `CoreInvalidArgumentError`, as upstream does.
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is InvalidArgumentErrorLike | CoreInvalidArgumentFields {
    return hasMarker(u, marker)
  }
}
markPrototype(InvalidArgumentError.prototype, name)

/**
 * What `InvalidArgumentError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidArgumentErrorLike = UpstreamLike<InvalidArgumentError>
