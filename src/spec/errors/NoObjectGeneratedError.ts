/**
 * `NoObjectGeneratedError`: structured output could not be produced (the model's text did not
 * parse, or did not match the schema).
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_NoObjectGeneratedError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's (`response`, `usage` and `finishReason` are the last
 * step's; kept as plain data here so that spec depends on nothing of core).
 *
 * @since 0.2.0
 */
export interface NoObjectGeneratedErrorOptions {
  readonly message?: string | undefined
  readonly cause?: unknown
  readonly text?: string | undefined
  readonly response: unknown
  readonly usage: unknown
  readonly finishReason: string
}

/**
 * No object was generated; default message `No object generated.`, fields as upstream.
 *
 * @since 0.2.0
 */
export class NoObjectGeneratedError extends Schema.TaggedError<NoObjectGeneratedError>(name)(
  "NoObjectGeneratedError",
  {
    message: Schema.String,
    cause: Schema.optional(Schema.Defect()),
    text: Schema.optional(Schema.String),
    response: Schema.optional(Schema.Unknown),
    usage: Schema.optional(Schema.Unknown),
    finishReason: Schema.optional(Schema.String)
  }
) {
  constructor(options: NoObjectGeneratedErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? "No object generated.",
      cause: options.cause,
      text: options.text,
      response: options.response,
      usage: options.usage,
      finishReason: options.finishReason
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.2.0
   */
  static isInstance(u: unknown): u is NoObjectGeneratedErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(NoObjectGeneratedError.prototype, name)

/**
 * What `NoObjectGeneratedError.isInstance` narrows to.
 *
 * @since 0.2.0
 */
export type NoObjectGeneratedErrorLike = UpstreamLike<NoObjectGeneratedError>
