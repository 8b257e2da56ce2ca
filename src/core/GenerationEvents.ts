/**
 * The payloads of the lifecycle callbacks of generateText / streamText (upstream
 * `generate-text-events.ts`, `language-model-events.ts`, `tool-execution-events.ts`). Messages
 * are V4 prompt messages (see docs/divergences.md); `callId` is one id per generation call.
 *
 * @since 0.1.0
 */
import type { CallTool, ToolChoice as V4ToolChoice } from "../contract/CallOptions.ts"
import type { UnifiedFinishReason } from "../contract/FinishReason.ts"
import type { Prompt } from "../contract/Prompt.ts"
import type { ProviderMetadata, ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import type { ContentPart, ToolCall } from "./StepContent.ts"
import type { StepResult } from "./StepResult.ts"
import type { ClientToolOutput } from "./ToolResult.ts"

/**
 * `onStart`: once, before the first step (upstream `GenerateTextStartEvent`, common fields).
 *
 * @since 0.1.0
 * @category models
 */
export interface StartEvent {
  readonly callId: string
  readonly operationId: "ai.generateText" | "ai.streamText"
  readonly provider: string
  readonly modelId: string
  readonly system: string | undefined
  readonly messages: Prompt
  readonly toolChoice: unknown
  readonly activeTools: ReadonlyArray<string> | undefined
  readonly maxRetries: number
  readonly timeout: unknown
  readonly headers: Readonly<Record<string, string | undefined>> | undefined
  readonly providerOptions: ProviderOptions | undefined
  readonly maxOutputTokens: number | undefined
  readonly temperature: number | undefined
  readonly topP: number | undefined
  readonly topK: number | undefined
  readonly presencePenalty: number | undefined
  readonly frequencyPenalty: number | undefined
  readonly stopSequences: ReadonlyArray<string> | undefined
  readonly seed: number | undefined
  /** The generation's runtime context (upstream `runtimeContext`, default `{}`). */
  readonly runtimeContext: Readonly<Record<string, unknown>>
  /** The tools' context (upstream `toolsContext`, default `{}`). */
  readonly toolsContext: Readonly<Record<string, unknown>>
}

/**
 * `onStepStart`: before each step's first model call (upstream `GenerateTextStepStartEvent`).
 *
 * @since 0.1.0
 * @category models
 */
export interface StepStartEvent {
  readonly callId: string
  readonly provider: string
  readonly modelId: string
  readonly stepNumber: number
  readonly system: string | undefined
  readonly messages: Prompt
  readonly toolChoice: unknown
  readonly activeTools: ReadonlyArray<string> | undefined
  readonly steps: ReadonlyArray<StepResult>
  readonly providerOptions: ProviderOptions | undefined
  /** The V4 prompt sent to the model (after downloads). */
  readonly promptMessages: Prompt
  readonly stepToolChoice: V4ToolChoice
  /** The step's runtime context and tools' context (after prepareStep). */
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly toolsContext: Readonly<Record<string, unknown>>
}

/**
 * `onStepError`: a step that started failed before it produced a result.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepErrorEvent extends StepStartEvent {
  readonly error: unknown
}

/**
 * `onLanguageModelCallStart`: before each model call attempt.
 *
 * @since 0.1.0
 * @category models
 */
export interface LanguageModelCallStartEvent {
  readonly callId: string
  readonly provider: string
  readonly modelId: string
  readonly system: string | undefined
  readonly messages: Prompt
  readonly tools: ReadonlyArray<CallTool> | undefined
}

/**
 * `onLanguageModelCallEnd`: when a model call finished (its `finish`).
 *
 * @since 0.1.0
 * @category models
 */
export interface LanguageModelCallEndEvent {
  readonly callId: string
  readonly provider: string
  readonly modelId: string
  readonly finishReason: UnifiedFinishReason
  readonly usage: LanguageModelUsage
  readonly content: ReadonlyArray<ContentPart>
  readonly responseId: string
  readonly providerMetadata?: ProviderMetadata | undefined
  readonly performance: {
    readonly responseTimeMs: number
    /** streamText: from the call's start to its first output part (upstream `timeToFirstOutputMs`). */
    readonly timeToFirstOutputMs?: number | undefined
  }
}

/**
 * `onToolExecutionStart`: before a client tool runs.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolExecutionStartEvent {
  readonly callId: string
  readonly messages: Prompt
  readonly toolCall: ToolCall
  readonly toolContext: unknown
}

/**
 * `onToolExecutionEnd`: after a client tool ran.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolExecutionEndEvent extends ToolExecutionStartEvent {
  readonly toolExecutionMs: number
  readonly toolOutput: ClientToolOutput
}
