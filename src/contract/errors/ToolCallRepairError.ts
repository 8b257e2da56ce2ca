/**
 * `ToolCallRepairError`: the tool-call repair function itself failed.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { getErrorMessage } from "./getErrorMessage.ts"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"
import { InvalidToolInputError } from "./InvalidToolInputError.ts"
import { NoSuchToolError } from "./NoSuchToolError.ts"

const name = "AI_ToolCallRepairError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolCallRepairErrorOptions {
  readonly message?: string | undefined
  readonly cause: unknown
  readonly originalError: NoSuchToolError | InvalidToolInputError
}

/**
 * Repairing a tool call failed; `cause` is the repair function's failure,
 * `originalError` the parse error that triggered the repair. Default message
 * `Error repairing tool call: <getErrorMessage(cause)>`.
 *
 * @since 0.1.0
 * @category errors
 */
export class ToolCallRepairError extends UpstreamError<ToolCallRepairError>(name)("ToolCallRepairError", {
  message: Schema.String,
  originalError: Schema.Union([NoSuchToolError, InvalidToolInputError]),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: ToolCallRepairErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? `Error repairing tool call: ${getErrorMessage(options.cause)}`,
      originalError: options.originalError,
      cause: options.cause
    }), makeOptions)
  }
}

/**
 * What `ToolCallRepairError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCallRepairErrorLike = UpstreamLike<ToolCallRepairError>
