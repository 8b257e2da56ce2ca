/**
 * The parts of tool approvals (upstream `ai` 7.0.173): the content parts of a step
 * (`ToolApprovalRequestOutput`, `ToolApprovalResponseOutput`) and the message parts of a
 * conversation (`ToolApprovalRequest` in assistant messages, `ToolApprovalResponse` in tool
 * messages). Their behaviour is in `ToolApproval.ts`.
 *
 * @since 0.1.0
 */
import type { ProviderOptions } from "../../contract/ProviderMetadata.ts"
import type * as Toolkit from "../Toolkit.ts"
import type { TypedToolCall } from "../TypedToolCall.ts"

/**
 * A step's approval request for a tool call (upstream `ToolApprovalRequestOutput`).
 *
 * @since 0.1.0
 * @category models
 */
export interface RequestOutput {
  readonly type: "tool-approval-request"
  readonly approvalId: string
  readonly toolCall: TypedToolCall<Toolkit.Any>
  readonly reason?: string | undefined
  /** True when the policy approved or denied the call itself. */
  readonly isAutomatic?: boolean | undefined
  readonly signature?: string | undefined
}

/**
 * A step's automatic approval decision (upstream `ToolApprovalResponseOutput`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponseOutput {
  readonly type: "tool-approval-response"
  readonly approvalId: string
  readonly toolCall: TypedToolCall<Toolkit.Any>
  readonly approved: boolean
  readonly reason: string | undefined
  readonly providerExecuted: boolean | undefined
}

/**
 * The `tool-approval-request` part of an assistant message (upstream `ToolApprovalRequest`).
 *
 * @since 0.1.0
 * @category models
 */
export interface RequestPart {
  readonly type: "tool-approval-request"
  readonly approvalId: string
  readonly toolCallId: string
  readonly isAutomatic?: boolean | undefined
  readonly reason?: string | undefined
  readonly signature?: string | undefined
  readonly inputSchemaInput?: unknown
}

/**
 * The `tool-approval-response` part of a tool message (upstream `ToolApprovalResponse`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponsePart {
  readonly type: "tool-approval-response"
  readonly approvalId: string
  readonly approved: boolean
  readonly reason?: string | undefined
  readonly providerExecuted?: boolean | undefined
  readonly providerOptions?: ProviderOptions | undefined
}
