/**
 * `InvalidToolInputError`: a tool call's input does not match the tool's
 * input schema (or is not JSON).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { getErrorMessage } from "./getErrorMessage.ts"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_InvalidToolInputError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface InvalidToolInputErrorOptions {
  readonly message?: string | undefined
  readonly toolInput: string
  readonly toolName: string
  readonly cause: unknown
}

/**
 * Invalid tool input; default message
 * `Invalid input for tool <toolName>: <getErrorMessage(cause)>`.
 *
 * @since 0.1.0
 */
export class InvalidToolInputError extends Schema.TaggedError<InvalidToolInputError>(name)("InvalidToolInputError", {
  message: Schema.String,
  toolName: Schema.String,
  toolInput: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: InvalidToolInputErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? `Invalid input for tool ${options.toolName}: ${getErrorMessage(options.cause)}`,
      toolName: options.toolName,
      toolInput: options.toolInput,
      cause: options.cause
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is InvalidToolInputErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(InvalidToolInputError.prototype, name)

/**
 * What `InvalidToolInputError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type InvalidToolInputErrorLike = UpstreamLike<InvalidToolInputError>
