/**
 * `InvalidToolApprovalSignatureError`: a replayed approval's HMAC signature is missing or does
 * not verify (upstream `ai` 7.0.173, `experimental_toolApprovalSecret`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { hasMarker, markerOf, markPrototype, omitUndefined, type UpstreamLike } from "./internal/marker.ts"

const name = "AI_InvalidToolApprovalSignatureError"
const marker = markerOf(name)

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface InvalidToolApprovalSignatureErrorOptions {
  readonly approvalId: string
  readonly toolCallId: string
  /** `missing signature` or `invalid signature` (upstream's reasons). */
  readonly reason: string
}

/**
 * The approval request of an approved call carries no signature, or one that does not verify for
 * the call in the history; message and fields as upstream (the reason is only in the message).
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidToolApprovalSignatureError extends Schema.TaggedError<InvalidToolApprovalSignatureError>(name)(
  "InvalidToolApprovalSignatureError",
  { message: Schema.String, approvalId: Schema.String, toolCallId: Schema.String }
) {
  constructor(options: InvalidToolApprovalSignatureErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: `Tool approval signature verification failed for approval "${options.approvalId}" ` +
        `(tool call "${options.toolCallId}"): ${options.reason}`,
      approvalId: options.approvalId,
      toolCallId: options.toolCallId
    }), makeOptions)
  }

  /**
   * True for aimux and upstream instances alike (marker check, no `instanceof`).
   *
   * @since 0.1.0
   */
  static isInstance(u: unknown): u is InvalidToolApprovalSignatureErrorLike {
    return hasMarker(u, marker)
  }
}
markPrototype(InvalidToolApprovalSignatureError.prototype, name)

/**
 * What `InvalidToolApprovalSignatureError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type InvalidToolApprovalSignatureErrorLike = UpstreamLike<InvalidToolApprovalSignatureError>
