/**
 * What generateText and streamText compute alike from finished steps: a step's content views,
 * the rule that continues the loop, the fields of the final result, and the closing span
 * attributes.
 *
 * @internal
 */
import { Effect } from "effect"
import type { UnifiedFinishReason } from "../../spec/FinishReason.ts"
import type { LanguageModelUsage } from "../CoreUsage.ts"
import type { ContentPart, ToolCall, ToolOutput, ToolResult } from "../StepContent.ts"
import { textOf } from "../StepContent.ts"
import { isStopConditionMet, type StopCondition } from "../StopCondition.ts"
import type { StepResult, StreamTextResult } from "../StreamText.ts"

/** The views of a step's content (upstream `DefaultStepResult` getters). @internal */
export const stepViews = (content: ReadonlyArray<ContentPart>) => ({
  content,
  text: textOf(content),
  toolCalls: content.filter((p): p is ToolCall => p.type === "tool-call"),
  toolResults: content.filter((p): p is ToolResult => p.type === "tool-result")
})

/**
 * Whether the loop goes on after a step (upstream): the finish is not `interrupted`, there was at
 * least one client tool call, every client call has an output, and no stop condition holds.
 *
 * @internal
 */
export const continuesAfter = (options: {
  readonly finishReason: UnifiedFinishReason
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly toolOutputs: ReadonlyArray<ToolOutput>
  readonly stopConditions: ReadonlyArray<StopCondition<StepResult>>
  readonly steps: ReadonlyArray<StepResult>
}): Effect.Effect<boolean> => {
  const clientCalls = options.toolCalls.filter((call) => call.providerExecuted !== true)
  const clientOutputs = options.toolOutputs.filter((output) => output.providerExecuted !== true)
  if (options.finishReason === "interrupted" || clientCalls.length === 0 || clientCalls.length !== clientOutputs.length) {
    return Effect.succeed(false)
  }
  return Effect.map(isStopConditionMet(options.stopConditions, options.steps), (met) => !met)
}

/**
 * The fields of the final result shared by both: content, calls and results of every step; text,
 * finish reason and provider metadata of the last step (there is at least one step).
 *
 * @internal
 */
export const resultFields = (
  steps: ReadonlyArray<StepResult>,
  totalUsage: LanguageModelUsage
): Omit<StreamTextResult, "response"> & { readonly last: StepResult } => {
  const last = steps[steps.length - 1]!
  return {
    last,
    text: last.text,
    content: steps.flatMap((s) => s.content),
    steps,
    toolCalls: steps.flatMap((s) => s.toolCalls),
    toolResults: steps.flatMap((s) => s.toolResults),
    finishReason: last.finishReason,
    rawFinishReason: last.rawFinishReason,
    usage: totalUsage,
    totalUsage,
    warnings: steps.flatMap((s) => s.warnings),
    providerMetadata: last.providerMetadata
  }
}

/** GenAI attributes of the generation span at its end. @internal */
export const annotateEnd = (options: {
  readonly finishReason: UnifiedFinishReason
  readonly totalUsage: LanguageModelUsage
  readonly text: string
  readonly recordContent: boolean | undefined
}): Effect.Effect<void> =>
  Effect.annotateCurrentSpan({
    "gen_ai.response.finish_reasons": [options.finishReason],
    "gen_ai.usage.input_tokens": options.totalUsage.inputTokens ?? 0,
    "gen_ai.usage.output_tokens": options.totalUsage.outputTokens ?? 0,
    ...(options.recordContent === true ? { "gen_ai.response.text": options.text } : {})
  })
