/**
 * `MissingToolResultsError`: tool calls in the prompt have no results.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_MissingToolResultsError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface MissingToolResultsErrorOptions {
  readonly toolCallIds: ReadonlyArray<string>
}

/**
 * Tool results are missing for the given tool call ids; message as upstream
 * (singular/plural wording included).
 *
 * @since 0.1.0
 * @category errors
 */
export class MissingToolResultsError extends UpstreamError<MissingToolResultsError>(name)(
  "MissingToolResultsError",
  { message: Schema.String, toolCallIds: Schema.Array(Schema.String) }
) {
  constructor(options: MissingToolResultsErrorOptions, makeOptions?: Schema.MakeOptions) {
    const { toolCallIds } = options
    const many = toolCallIds.length > 1
    super(omitUndefined({
      message: `Tool result${many ? "s are" : " is"} missing for tool call${many ? "s" : ""} ${toolCallIds.join(", ")}.`,
      toolCallIds
    }), makeOptions)
  }
}

/**
 * What `MissingToolResultsError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type MissingToolResultsErrorLike = UpstreamLike<MissingToolResultsError>
