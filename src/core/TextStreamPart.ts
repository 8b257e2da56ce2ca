/**
 * The parts of streamText's full stream (upstream `TextStreamPart`) and the
 * response of a step, in a module of their own so that the step machinery and the result fold
 * can use them without importing `StreamText.ts`.
 *
 * @since 0.1.0
 */
import type * as Content from "../contract/Content.ts"
import type { UnifiedFinishReason } from "../contract/FinishReason.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { Warning } from "../contract/Warning.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import type { StepRequest } from "./GenerationInclude.ts"
import type { UserModelMessage } from "./SteeringState.ts"
import type { FilePart, ToolApprovalRequestOutput, ToolApprovalResponseOutput, ToolError } from "./StepContent.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { PreliminaryToolResult } from "./ToolResult.ts"
import type { TypedToolResult } from "./TypedContent.ts"
import type { TypedToolCall } from "./TypedToolCall.ts"

/**
 * The response of a step.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepResponse {
  readonly id: string
  readonly timestamp: Date
  readonly modelId: string
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The timing of a step (upstream `StepResultPerformance`, the part aimux measures).
 *
 * @since 0.1.0
 * @category models
 */
export interface StepPerformance {
  readonly stepTimeMs: number
  readonly toolExecutionMs: Readonly<Record<string, number>>
}

/**
 * A denied call's stand-in for its output (upstream `tool-output-denied`): the user or the
 * approval policy denied it, so it has no result.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolOutputDenied {
  readonly type: "tool-output-denied"
  readonly toolCallId: string
  readonly toolName: string
  readonly providerExecuted?: boolean | undefined
  readonly dynamic?: false | undefined
}

/**
 * A steering message added to the run before the step `stepNumber`, streamed before that step's
 * output (upstream `TextStreamSteeringMessagePart`, experimental).
 *
 * @since 0.1.0
 * @category models
 */
export interface SteeringMessagePart {
  readonly type: "steering-message"
  readonly id: string
  /** The user message as it was sent. */
  readonly message: UserModelMessage
  /** The number of the step whose model call received the message. */
  readonly stepNumber: number
}

/**
 * A part of the full stream (upstream `TextStreamPart<TOOLS>`): tool calls and results typed by
 * the toolkit `T` (for the open toolkit, the default, the untyped ones). `streamText` returns a
 * stream of `TextStreamPart<T>` for its toolkit, so that the folds over it (`collect`,
 * `aggregate`, `withResult`) give results typed by that toolkit.
 *
 * @since 0.1.0
 * @category models
 */
export type TextStreamPart<T extends Toolkit.Any = Toolkit.Any> =
  | { readonly type: "start" }
  | { readonly type: "start-step"; readonly request: StepRequest; readonly warnings: ReadonlyArray<Warning> }
  | { readonly type: "text-start" | "text-end" | "reasoning-start" | "reasoning-end"; readonly id: string; readonly providerMetadata?: ProviderMetadata | undefined; readonly citations?: ReadonlyArray<Content.Citation> | undefined }
  | { readonly type: "text-delta" | "reasoning-delta"; readonly id: string; readonly text: string; readonly providerMetadata?: ProviderMetadata | undefined }
  | { readonly type: "tool-input-start"; readonly id: string; readonly toolName: string; readonly dynamic?: boolean | undefined; readonly title?: string | undefined; readonly providerExecuted?: boolean | undefined; readonly providerMetadata?: ProviderMetadata | undefined; readonly toolMetadata?: unknown }
  | { readonly type: "tool-input-delta"; readonly id: string; readonly delta: string; readonly providerMetadata?: ProviderMetadata | undefined }
  | { readonly type: "tool-input-end"; readonly id: string; readonly providerMetadata?: ProviderMetadata | undefined }
  | TypedToolCall<T>
  | TypedToolResult<T>
  | PreliminaryToolResult
  | ToolError
  | ToolApprovalRequestOutput
  | ToolApprovalResponseOutput
  | ToolOutputDenied
  | Content.UrlSource
  | Content.DocumentSource
  | Content.CustomContent
  | FilePart
  | {
    readonly type: "finish-step"
    readonly finishReason: UnifiedFinishReason
    readonly rawFinishReason: string | undefined
    readonly usage: LanguageModelUsage
    readonly performance: StepPerformance
    readonly providerMetadata: ProviderMetadata | undefined
    readonly response: StepResponse
  }
  | {
    readonly type: "finish"
    readonly finishReason: UnifiedFinishReason
    readonly rawFinishReason: string | undefined
    readonly totalUsage: LanguageModelUsage
  }
  | { readonly type: "error"; readonly error: unknown }
  | SteeringMessagePart
  | { readonly type: "abort"; readonly reason?: string | undefined }
  | { readonly type: "ping" }
  | { readonly type: "raw"; readonly rawValue: unknown }
