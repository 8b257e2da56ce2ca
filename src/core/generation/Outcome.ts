/**
 * What generateText and streamText compute alike from finished steps: the rule that continues
 * the loop, the final result, and the closing span attributes.
 *
 * @internal
 */
import { Effect } from "effect"
import type { UnifiedFinishReason } from "../../contract/FinishReason.ts"
import type { LanguageModelUsage } from "../CoreUsage.ts"
import type { ContentPart, FilePart, ToolCall, ToolOutput } from "../StepContent.ts"
import type * as Content from "../../contract/Content.ts"
import type { StepResult } from "../StepResult.ts"
import { isStopConditionMet, type StopCondition } from "../StopCondition.ts"
import type { StreamTextResult } from "../StreamTextResult.ts"
import type { NotDeliveredReason, SteeringRun } from "../SteeringState.ts"

/**
 * Whether the loop goes on after a step (upstream `shouldStartNextStep`) and, when it does not,
 * why waiting steering messages are not delivered: the finish is not `interrupted`, every client
 * call has an output, there was at least one client call or a steering message waits (a queued
 * one is promoted when the step was not cut off; a failed step is not continued by steering), and
 * no stop condition holds.
 *
 * @internal
 */
export const continuesAfter = (options: {
  readonly finishReason: UnifiedFinishReason
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly toolOutputs: ReadonlyArray<ToolOutput>
  readonly stopConditions: ReadonlyArray<StopCondition<StepResult>>
  readonly steps: ReadonlyArray<StepResult>
  /** Calls denied by the approval policy: answered without an output (upstream). */
  readonly deniedApprovals?: number | undefined
  /** The generation's steering run (`experimental_steering`). */
  readonly steering?: SteeringRun | undefined
}): Effect.Effect<{ readonly next: boolean; readonly reason: NotDeliveredReason }> => {
  const stop = (reason: NotDeliveredReason) => Effect.succeed({ next: false, reason })
  if (options.finishReason === "interrupted") return stop("finished")
  const clientCalls = options.toolCalls.filter((call) => call.providerExecuted !== true)
  const clientOutputs = options.toolOutputs.filter((output) => output.providerExecuted !== true)
  if (clientCalls.length !== clientOutputs.length + (options.deniedApprovals ?? 0)) return stop("waiting-for-tool-results")
  if (clientCalls.length === 0) {
    // queued messages wait for a task that was not cut off
    const isTruncated = options.finishReason === "length" || options.finishReason === "content-filter"
    const steering = options.steering
    if (steering === undefined || (!steering.hasPendingMessages() && (isTruncated || !steering.promoteQueuedMessage()))) {
      return stop("finished")
    }
    // steering messages do not continue a failed step
    if (options.finishReason === "error") return stop("error")
  }
  return Effect.map(
    isStopConditionMet(options.stopConditions, options.steps),
    (met) => met ? { next: false, reason: "stop-condition" as const } : { next: true, reason: "finished" as const }
  )
}

const isReasoning = (part: ContentPart): part is Content.Reasoning | FilePart =>
  part.type === "reasoning" || part.type === "reasoning-file"

/**
 * The final result of finished steps (at least one), as upstream's result getters compute it:
 * `finishReason`, `rawFinishReason` and `totalUsage` are given (streamText takes them from the
 * `finish` part, generateText from the final step and the sum of the steps).
 *
 * @internal
 */
export const resultOf = (
  steps: ReadonlyArray<StepResult>,
  totals: {
    readonly finishReason: UnifiedFinishReason
    readonly rawFinishReason: string | undefined
    readonly totalUsage: LanguageModelUsage
  }
): StreamTextResult => {
  const finalStep = steps[steps.length - 1]!
  return {
    text: finalStep.text,
    content: steps.flatMap((s) => s.content),
    reasoning: finalStep.content.filter(isReasoning),
    reasoningText: finalStep.reasoningText,
    files: steps.flatMap((s) => s.files),
    sources: steps.flatMap((s) => s.sources),
    steps,
    finalStep,
    toolCalls: steps.flatMap((s) => s.toolCalls),
    staticToolCalls: steps.flatMap((s) => s.staticToolCalls),
    dynamicToolCalls: steps.flatMap((s) => s.dynamicToolCalls),
    toolResults: steps.flatMap((s) => s.toolResults),
    staticToolResults: steps.flatMap((s) => s.staticToolResults),
    dynamicToolResults: steps.flatMap((s) => s.dynamicToolResults),
    finishReason: totals.finishReason,
    rawFinishReason: totals.rawFinishReason,
    usage: totals.totalUsage,
    totalUsage: totals.totalUsage,
    warnings: steps.flatMap((s) => s.warnings),
    request: finalStep.request,
    response: finalStep.response,
    responseMessages: steps.flatMap((s) => s.response.messages),
    providerMetadata: finalStep.providerMetadata
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
