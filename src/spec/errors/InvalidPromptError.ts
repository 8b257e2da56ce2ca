/**
 * `InvalidPromptError`: a provider cannot process a prompt.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_InvalidPromptError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's. `message` is the reason; the
 * stored message is `Invalid prompt: <message>`.
 *
 * @since 0.1.0
 */
export interface InvalidPromptErrorOptions {
  readonly prompt: unknown
  readonly message: string
  readonly cause?: unknown
}

/**
 * A prompt is invalid; the message is prefixed `Invalid prompt: ` as upstream.
 *
 * @since 0.1.0
 */
export class InvalidPromptError extends Schema.TaggedError<InvalidPromptError>(name)("InvalidPromptError", {
  message: Schema.String,
  prompt: Schema.optional(Schema.Unknown),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: InvalidPromptErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: `Invalid prompt: ${options.message}`, prompt: options.prompt, cause: options.cause }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is InvalidPromptErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(InvalidPromptError.prototype, name)

/**
 * What `InvalidPromptError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type InvalidPromptErrorLike = UpstreamLike<InvalidPromptError>
