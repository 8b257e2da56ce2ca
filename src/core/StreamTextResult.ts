/**
 * The aggregated values of a generation (upstream `StreamTextResult` / `GenerateTextResult`
 * getters), shared by streamText's fold and generateText.
 *
 * @since 0.1.0
 */
import type * as Content from "../contract/Content.ts"
import type { UnifiedFinishReason } from "../contract/FinishReason.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { Warning } from "../contract/Warning.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import type { StepRequest } from "./GenerationInclude.ts"
import type { ResponseMessage } from "./ResponseMessages.ts"
import type { ContentPart, FilePart, GeneratedFile, ToolCall, ToolResult } from "./StepContent.ts"
import type { StepResultOf } from "./StepResult.ts"
import type * as Toolkit from "./Toolkit.ts"
import type * as TypedContent from "./TypedContent.ts"
import type { TypedToolCall } from "./TypedToolCall.ts"

/**
 * The aggregated values of a run: `text`, `reasoning`, `reasoningText`, `request`, `response`,
 * `providerMetadata` are the final step's; content, files, sources, tool calls and results,
 * warnings and `responseMessages` span every step.
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamTextResultOf<C extends ToolCall = ToolCall, Res extends ToolResult = ToolResult> {
  readonly text: string
  readonly content: ReadonlyArray<Exclude<ContentPart, ToolCall | ToolResult> | C | Res>
  /** The final step's reasoning parts (upstream `convertToReasoningOutputs(finalStep.reasoning)`). */
  readonly reasoning: ReadonlyArray<Content.Reasoning | FilePart>
  readonly reasoningText: string | undefined
  readonly files: ReadonlyArray<GeneratedFile>
  readonly sources: ReadonlyArray<Content.UrlSource | Content.DocumentSource>
  readonly steps: ReadonlyArray<StepResultOf<C, Res>>
  readonly finalStep: StepResultOf<C, Res>
  readonly toolCalls: ReadonlyArray<C>
  readonly staticToolCalls: ReadonlyArray<C & { readonly dynamic?: false | undefined }>
  readonly dynamicToolCalls: ReadonlyArray<C & { readonly dynamic: true }>
  readonly toolResults: ReadonlyArray<Res>
  readonly staticToolResults: ReadonlyArray<Res & { readonly dynamic?: false | undefined }>
  readonly dynamicToolResults: ReadonlyArray<Res & { readonly dynamic: true }>
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly usage: LanguageModelUsage
  readonly totalUsage: LanguageModelUsage
  readonly warnings: ReadonlyArray<Warning>
  /** The final step's request. */
  readonly request: StepRequest
  /** The final step's response: its `messages` are the final step's only. */
  readonly response: StepResultOf["response"]
  /** The response messages of every step. */
  readonly responseMessages: ReadonlyArray<ResponseMessage>
  readonly providerMetadata: ProviderMetadata | undefined
}

/**
 * The aggregated values of a run, tool calls and results typed by the toolkit `T` (upstream
 * `StreamTextResult<TOOLS>`; untyped for the open toolkit, the default).
 *
 * @since 0.1.0
 * @category models
 */
export type StreamTextResult<T extends Toolkit.Any = Toolkit.Any> = StreamTextResultOf<TypedToolCall<T>, TypedContent.TypedToolResult<T>>
