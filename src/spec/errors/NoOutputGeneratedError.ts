/**
 * `NoOutputGeneratedError`: a generation produced no output (e.g. because
 * of errors).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_NoOutputGeneratedError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface NoOutputGeneratedErrorOptions {
  readonly message?: string | undefined
  readonly cause?: unknown
}

/**
 * No LLM output was generated (default message `No output generated.`).
 *
 * @since 0.1.0
 */
export class NoOutputGeneratedError extends Schema.TaggedError<NoOutputGeneratedError>(name)(
  "NoOutputGeneratedError",
  { message: Schema.String, cause: Schema.optional(Schema.Defect()) }
) {
  constructor(options: NoOutputGeneratedErrorOptions = {}, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: options.message ?? "No output generated.", cause: options.cause }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is NoOutputGeneratedErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(NoOutputGeneratedError.prototype, name)

/**
 * What `NoOutputGeneratedError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type NoOutputGeneratedErrorLike = UpstreamLike<NoOutputGeneratedError>
