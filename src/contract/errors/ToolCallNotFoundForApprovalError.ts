/**
 * `ToolCallNotFoundForApprovalError`: an approval request names a tool call
 * that does not exist.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_ToolCallNotFoundForApprovalError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolCallNotFoundForApprovalErrorOptions {
  readonly toolCallId: string
  readonly approvalId: string
}

/**
 * No tool call with the approval request's `toolCallId`; message as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class ToolCallNotFoundForApprovalError extends UpstreamError<ToolCallNotFoundForApprovalError>(name)(
  "ToolCallNotFoundForApprovalError",
  { message: Schema.String, toolCallId: Schema.String, approvalId: Schema.String }
) {
  constructor(options: ToolCallNotFoundForApprovalErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: `Tool call "${options.toolCallId}" not found for approval request "${options.approvalId}".`,
      toolCallId: options.toolCallId,
      approvalId: options.approvalId
    }), makeOptions)
  }
}

/**
 * What `ToolCallNotFoundForApprovalError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCallNotFoundForApprovalErrorLike = UpstreamLike<ToolCallNotFoundForApprovalError>
