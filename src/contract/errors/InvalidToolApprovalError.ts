/**
 * `InvalidToolApprovalError`: an approval response references an unknown
 * approval id.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_InvalidToolApprovalError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface InvalidToolApprovalErrorOptions {
  readonly approvalId: string
}

/**
 * No `tool-approval-request` matches the response's approval id; message as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidToolApprovalError extends UpstreamError<InvalidToolApprovalError>(name)(
  "InvalidToolApprovalError",
  { message: Schema.String, approvalId: Schema.String }
) {
  constructor(options: InvalidToolApprovalErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: `Tool approval response references unknown approvalId: "${options.approvalId}". ` +
        `No matching tool-approval-request found in message history.`,
      approvalId: options.approvalId
    }), makeOptions)
  }
}

/**
 * What `InvalidToolApprovalError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidToolApprovalErrorLike = UpstreamLike<InvalidToolApprovalError>
