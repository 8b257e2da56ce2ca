/**
 * `InvalidToolInputError`: a tool call's input does not match the tool's
 * input schema (or is not JSON).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { getErrorMessage } from "./getErrorMessage.ts"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_InvalidToolInputError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
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
 * @category errors
 */
export class InvalidToolInputError extends UpstreamError<InvalidToolInputError>(name)("InvalidToolInputError", {
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
}

/**
 * What `InvalidToolInputError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidToolInputErrorLike = UpstreamLike<InvalidToolInputError>
