/**
 * `InvalidPromptError`: a provider cannot process a prompt.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_InvalidPromptError"

/**
 * Constructor options, named as upstream's. `message` is the reason; the
 * stored message is `Invalid prompt: <message>`.
 *
 * @since 0.1.0
 * @category models
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
 * @category errors
 */
export class InvalidPromptError extends UpstreamError<InvalidPromptError>(name)("InvalidPromptError", {
  message: Schema.String,
  prompt: Schema.optional(Schema.Unknown),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: InvalidPromptErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({ message: `Invalid prompt: ${options.message}`, prompt: options.prompt, cause: options.cause }), makeOptions)
  }
}

/**
 * What `InvalidPromptError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidPromptErrorLike = UpstreamLike<InvalidPromptError>
