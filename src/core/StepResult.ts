/**
 * A finished step of generateText / streamText (upstream `StepResult` / `DefaultStepResult`, its
 * getters computed once when the step is built) and the views of a step's content.
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
import type { ResponseMessage } from "./ResponseMessages.ts"
import type { ContentPart, FilePart, GeneratedFile, ToolCall, ToolResult } from "./StepContent.ts"
import { textOf } from "./StepContent.ts"
import type { StepPerformance, StepResponse } from "./TextStreamPart.ts"
import type * as Toolkit from "./Toolkit.ts"
import * as TypedContent from "./TypedContent.ts"
import type { TypedToolCall } from "./TypedToolCall.ts"

/**
 * A reasoning part of a step as upstream's `step.reasoning` gives it (prompt form: a reasoning
 * file's data is its base64 text, metadata under `providerOptions`).
 *
 * @since 0.1.0
 * @category models
 */
export type StepReasoningPart =
  | { readonly type: "reasoning"; readonly text: string; readonly providerOptions?: ProviderMetadata | undefined }
  | {
    readonly type: "reasoning-file"
    readonly data: string
    readonly mediaType: string
    readonly providerOptions?: ProviderMetadata | undefined
  }

/**
 * The views of a step's content (upstream `DefaultStepResult` getters), with its tool calls of
 * type `C` and tool results of type `Res` (the untyped ones by default). Parameterized by the call
 * and result types (not the toolkit) so that a typed step is assignable to an untyped one.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepViews<C extends ToolCall = ToolCall, Res extends ToolResult = ToolResult> {
  readonly content: ReadonlyArray<Exclude<ContentPart, ToolCall | ToolResult> | C | Res>
  readonly text: string
  readonly reasoning: ReadonlyArray<StepReasoningPart>
  readonly reasoningText: string | undefined
  readonly files: ReadonlyArray<GeneratedFile>
  readonly sources: ReadonlyArray<Content.UrlSource | Content.DocumentSource>
  readonly toolCalls: ReadonlyArray<C>
  readonly staticToolCalls: ReadonlyArray<C & { readonly dynamic?: false | undefined }>
  readonly dynamicToolCalls: ReadonlyArray<C & { readonly dynamic: true }>
  readonly toolResults: ReadonlyArray<Res>
  readonly staticToolResults: ReadonlyArray<Res & { readonly dynamic?: false | undefined }>
  readonly dynamicToolResults: ReadonlyArray<Res & { readonly dynamic: true }>
}

/**
 * The views of a step's content with its tool calls and results typed by the toolkit `T`
 * (upstream's `StepResult<TOOLS>` getters).
 *
 * @since 0.1.0
 * @category models
 */
export type TypedStepViews<T extends Toolkit.Any> = StepViews<TypedToolCall<T>, TypedContent.TypedToolResult<T>>

/**
 * A finished step with its tool calls of type `C` and tool results of type `Res`.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepResultOf<C extends ToolCall = ToolCall, Res extends ToolResult = ToolResult> extends StepViews<C, Res> {
  readonly stepNumber: number
  readonly model: { readonly provider: string; readonly modelId: string }
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly usage: LanguageModelUsage
  readonly performance?: StepPerformance | undefined
  readonly warnings: ReadonlyArray<Warning>
  readonly request: StepRequest
  /** `body`: generateText's response body, with `include.responseBody` only (upstream). */
  readonly response: StepResponse & { readonly messages: ReadonlyArray<ResponseMessage>; readonly body?: unknown }
  readonly providerMetadata: ProviderMetadata | undefined
  /** The step's runtime context (upstream `runtimeContext`; absent in steps rebuilt from parts). */
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  /** The step's tools' context (upstream `toolsContext`; absent in steps rebuilt from parts). */
  readonly toolsContext?: Readonly<Record<string, unknown>> | undefined
  /**
   * The steering messages added to the input of this step (upstream
   * `experimental_steeringMessages`; absent when the step received none).
   */
  readonly experimental_steeringMessages?: ReadonlyArray<UserModelMessage> | undefined
}

/**
 * A finished step, its tool calls and results typed by the toolkit `T` (upstream
 * `StepResult<TOOLS>`; untyped for the open toolkit, the default).
 *
 * @since 0.1.0
 * @category models
 */
export type StepResult<T extends Toolkit.Any = Toolkit.Any> = StepResultOf<TypedToolCall<T>, TypedContent.TypedToolResult<T>>

const reasoningPartOf = (part: Content.Reasoning | FilePart): StepReasoningPart =>
  part.type === "reasoning"
    ? { type: "reasoning", text: part.text, ...(part.providerMetadata != null ? { providerOptions: part.providerMetadata } : {}) }
    : {
      type: "reasoning-file",
      data: part.file.base64,
      mediaType: part.file.mediaType,
      ...(part.providerMetadata != null ? { providerOptions: part.providerMetadata } : {})
    }

/**
 * Computes the views of a step's content, as upstream's getters do.
 *
 * @since 0.1.0
 * @category getters
 */
export const viewsOf = (content: ReadonlyArray<ContentPart>): StepViews => {
  const reasoning: Array<StepReasoningPart> = []
  const files: Array<GeneratedFile> = []
  const sources: Array<Content.UrlSource | Content.DocumentSource> = []
  const toolCalls: Array<ToolCall> = []
  const toolResults: Array<ToolResult> = []
  for (const part of content) {
    switch (part.type) {
      case "reasoning":
        reasoning.push(reasoningPartOf(part))
        break
      case "reasoning-file":
        reasoning.push(reasoningPartOf(part))
        break
      case "file":
        files.push(part.file)
        break
      case "source":
        sources.push(part)
        break
      case "tool-call":
        toolCalls.push(part)
        break
      case "tool-result":
        toolResults.push(part)
        break
    }
  }
  const reasoningText = reasoning.map((part) => (part.type === "reasoning" ? part.text : "")).join("")
  return {
    content,
    text: textOf(content),
    reasoning,
    reasoningText: reasoningText.length > 0 ? reasoningText : undefined,
    files,
    sources,
    toolCalls,
    staticToolCalls: toolCalls.filter(TypedContent.isStaticToolCall),
    dynamicToolCalls: toolCalls.filter(TypedContent.isDynamicToolCall),
    toolResults,
    staticToolResults: toolResults.filter(TypedContent.isStaticToolResult),
    dynamicToolResults: toolResults.filter(TypedContent.isDynamicToolResult)
  }
}
