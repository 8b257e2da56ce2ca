/**
 * A finished step of generateText / streamText (upstream `StepResult` / `DefaultStepResult`, its
 * getters computed once when the step is built) and the views of a step's content.
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
import { textOf } from "./StepContent.ts"
import type { StepPerformance, StepResponse } from "./TextStreamPart.ts"

/**
 * A reasoning part of a step as upstream's `step.reasoning` gives it (prompt form: a reasoning
 * file's data is its base64 text, metadata under `providerOptions`).
 *
 * @since 0.2.0
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
 * The views of a step's content (upstream `DefaultStepResult` getters).
 *
 * @since 0.2.0
 */
export interface StepViews {
  readonly content: ReadonlyArray<ContentPart>
  readonly text: string
  readonly reasoning: ReadonlyArray<StepReasoningPart>
  readonly reasoningText: string | undefined
  readonly files: ReadonlyArray<GeneratedFile>
  readonly sources: ReadonlyArray<Content.UrlSource | Content.DocumentSource>
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly staticToolCalls: ReadonlyArray<ToolCall>
  readonly dynamicToolCalls: ReadonlyArray<ToolCall>
  readonly toolResults: ReadonlyArray<ToolResult>
  readonly staticToolResults: ReadonlyArray<ToolResult>
  readonly dynamicToolResults: ReadonlyArray<ToolResult>
}

/**
 * A finished step.
 *
 * @since 0.1.0
 */
export interface StepResult extends StepViews {
  readonly stepNumber: number
  readonly model: { readonly provider: string; readonly modelId: string }
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly usage: LanguageModelUsage
  readonly performance?: StepPerformance | undefined
  readonly warnings: ReadonlyArray<Warning>
  readonly request: RequestInfo
  readonly response: StepResponse & { readonly messages: ReadonlyArray<ResponseMessage> }
  readonly providerMetadata: ProviderMetadata | undefined
}

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
 * @since 0.2.0
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
    staticToolCalls: toolCalls.filter((call) => call.dynamic !== true),
    dynamicToolCalls: toolCalls.filter((call) => call.dynamic === true),
    toolResults,
    staticToolResults: toolResults.filter((result) => result.dynamic !== true),
    dynamicToolResults: toolResults.filter((result) => result.dynamic === true)
  }
}
