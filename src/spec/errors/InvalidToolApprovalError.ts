/**
 * `InvalidToolApprovalError`: an approval response references an unknown
 * approval id.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_InvalidToolApprovalError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 */
export interface InvalidToolApprovalErrorOptions {
  readonly approvalId: string
}

/**
 * No `tool-approval-request` matches the response's approval id; message as upstream.
 *
 * @since 0.1.0
 */
export class InvalidToolApprovalError extends Schema.TaggedError<InvalidToolApprovalError>(name)(
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

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is InvalidToolApprovalErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(InvalidToolApprovalError.prototype, name)

/**
 * What `InvalidToolApprovalError.isInstance` narrows to.
 *
 * @since 0.1.0
 */
export type InvalidToolApprovalErrorLike = UpstreamLike<InvalidToolApprovalError>
