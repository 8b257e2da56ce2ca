/**
 * The aggregated values of a generation (upstream `StreamTextResult` / `GenerateTextResult`
 * getters), shared by streamText's fold and generateText.
 *
 * @since 0.2.0
 */
import type * as Content from "../spec/Content.ts"
import type { UnifiedFinishReason } from "../spec/FinishReason.ts"
import type { ProviderMetadata } from "../spec/ProviderMetadata.ts"
import type { RequestInfo } from "../spec/Results.ts"
import type { Warning } from "../spec/Warning.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import type { ResponseMessage } from "./ResponseMessages.ts"
import type { ContentPart, FilePart, GeneratedFile, ToolCall, ToolResult } from "./StepContent.ts"
import type { StepResult } from "./StepResult.ts"

/**
 * The aggregated values of a run: `text`, `reasoning`, `reasoningText`, `request`, `response`,
 * `providerMetadata` are the final step's; content, files, sources, tool calls and results,
 * warnings and `responseMessages` span every step.
 *
 * @since 0.1.0
 */
export interface StreamTextResult {
  readonly text: string
  readonly content: ReadonlyArray<ContentPart>
  /** The final step's reasoning parts (upstream `convertToReasoningOutputs(finalStep.reasoning)`). */
  readonly reasoning: ReadonlyArray<Content.Reasoning | FilePart>
  readonly reasoningText: string | undefined
  readonly files: ReadonlyArray<GeneratedFile>
  readonly sources: ReadonlyArray<Content.UrlSource | Content.DocumentSource>
  readonly steps: ReadonlyArray<StepResult>
  readonly finalStep: StepResult
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly staticToolCalls: ReadonlyArray<ToolCall>
  readonly dynamicToolCalls: ReadonlyArray<ToolCall>
  readonly toolResults: ReadonlyArray<ToolResult>
  readonly staticToolResults: ReadonlyArray<ToolResult>
  readonly dynamicToolResults: ReadonlyArray<ToolResult>
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly usage: LanguageModelUsage
  readonly totalUsage: LanguageModelUsage
  readonly warnings: ReadonlyArray<Warning>
  /** The final step's request. */
  readonly request: RequestInfo
  /** The final step's response: its `messages` are the final step's only. */
  readonly response: StepResult["response"]
  /** The response messages of every step. */
  readonly responseMessages: ReadonlyArray<ResponseMessage>
  readonly providerMetadata: ProviderMetadata | undefined
}
