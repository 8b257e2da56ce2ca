/**
 * `generateText`: one or more non-streaming model calls with client tool execution between steps
 * (upstream `generate-text.ts`).
 *
 * @since 0.1.0
 */
import { Clock, Effect, Stream } from "effect"
import { LanguageModel } from "../LanguageModel.ts"
import type * as Content from "../spec/Content.ts"
import { getErrorMessage } from "../spec/errors/getErrorMessage.ts"
import type { ModelError } from "../spec/errors/index.ts"
import type { UnifiedFinishReason } from "../spec/FinishReason.ts"
import type { Prompt } from "../spec/Prompt.ts"
import type { ProviderMetadata } from "../spec/ProviderMetadata.ts"
import type { RequestInfo } from "../spec/Results.ts"
import type { Warning } from "../spec/Warning.ts"
import * as CoreUsage from "./CoreUsage.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import type { BaseOptions } from "./internal/generationSettings.ts"
import { callOptionsOf, stopConditionsOf } from "./internal/generationSettings.ts"
import { toPrompt } from "./internal/generationPrompt.ts"
import { type ExecEvent, noToolsCall } from "./internal/generationTools.ts"
import { type ResponseMessage, toResponseMessages } from "./ResponseMessages.ts"
import type { ContentPart, ToolCall, ToolCallNotFound, ToolOutput, ToolResult } from "./StepContent.ts"
import { fromGenerateContent, textOf } from "./StepContent.ts"
import { isStepCount, isStopConditionMet } from "./StopCondition.ts"
import type { StepResult } from "./StreamText.ts"

/**
 * Options of {@link generateText}.
 *
 * @since 0.1.0
 */
export interface GenerateTextOptions<R> extends BaseOptions<StepResult, R> {
  readonly onStepFinish?: ((step: StepResult) => Effect.Effect<void, unknown>) | undefined
  readonly onFinish?: ((result: GenerateTextResult) => Effect.Effect<void, unknown>) | undefined
}

/**
 * The result of {@link generateText}: `content`, `toolCalls`, `toolResults` span all steps; `text`,
 * `finishReason`, `response`, `providerMetadata` are the last step's; `response.messages` holds
 * the messages of every step (upstream `responseMessages`).
 *
 * @since 0.1.0
 */
export interface GenerateTextResult {
  readonly text: string
  readonly content: ReadonlyArray<ContentPart>
  readonly steps: ReadonlyArray<StepResult>
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly toolResults: ReadonlyArray<ToolResult>
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly usage: LanguageModelUsage
  readonly totalUsage: LanguageModelUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly request: RequestInfo
  readonly response: StepResult["response"]
  readonly responseMessages: ReadonlyArray<ResponseMessage>
  readonly providerMetadata: ProviderMetadata | undefined
}

let idCounter = 0
const generateId = (): string => `aitxt-${Date.now().toString(36)}${(idCounter++).toString(36)}`

const notify = <A>(callback: ((a: A) => Effect.Effect<void, unknown>) | undefined, a: A): Effect.Effect<void> =>
  callback === undefined ? Effect.void : Effect.ignoreCause(Effect.suspend(() => callback(a)))

const collectFinal = <R>(events: Stream.Stream<ExecEvent, never, R>): Effect.Effect<ToolOutput | undefined, never, R> =>
  Stream.runFold(events, (): ToolOutput | undefined => undefined, (acc, e) => (e._tag === "Final" ? e.part : acc))

/**
 * Generates text (and runs client tools) with the {@link LanguageModel} service.
 *
 * @since 0.1.0
 */
export const generateText: <R = never>(
  options: GenerateTextOptions<R>
) => Effect.Effect<GenerateTextResult, ModelError | ToolCallNotFound, LanguageModel | R> = Effect.fn(
  "GenerateText.generateText"
)(function*<R>(options: GenerateTextOptions<R>) {
  const model = yield* LanguageModel
  yield* Effect.annotateCurrentSpan({ "gen_ai.system": model.provider, "gen_ai.request.model": model.modelId })
  const runtime = options.toolRuntime
  const stopConditions = stopConditionsOf(options.stopWhen, isStepCount(1))
  let messages: Prompt = toPrompt(options)
  const steps: Array<StepResult> = []
  for (let stepNumber = 0;; stepNumber++) {
    const result = yield* model.generate(callOptionsOf(options, messages, runtime, options.toolChoice))
    const now = yield* Clock.currentTimeMillis
    const usage = CoreUsage.asLanguageModelUsage(result.usage)
    const providerCalls = result.content.filter((p): p is Content.ToolCall => p.type === "tool-call")
    const toolCalls: Array<ToolCall> = yield* Effect.forEach(providerCalls, (call) =>
      runtime === undefined ? Effect.succeed(noToolsCall(call)) : runtime.parse(call, messages))
    const outputs: Array<ToolOutput> = []
    for (const call of toolCalls) {
      if (call.invalid === true && call.dynamic === true && call.providerExecuted !== true) {
        outputs.push({
          type: "tool-error",
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: call.input,
          error: getErrorMessage(call.error),
          dynamic: true
        })
      }
    }
    const clientCalls = toolCalls.filter((call) => call.providerExecuted !== true)
    const reason = result.finishReason.unified
    if (runtime !== undefined && (reason === "stop" || reason === "tool-calls")) {
      const runs = yield* Effect.forEach(
        clientCalls.filter((call) => call.invalid !== true),
        (call) => {
          const events = runtime.execute(call, messages)
          return events === undefined ? Effect.succeed(undefined) : collectFinal(events)
        },
        { concurrency: options.toolCallConcurrency ?? "unbounded" }
      )
      for (const output of runs) if (output !== undefined) outputs.push(output)
    }
    const content = yield* fromGenerateContent({ content: result.content, toolCalls, toolOutputs: outputs, tools: runtime?.info })
    const responseMessages = yield* toResponseMessages(content, runtime?.info)
    const step: StepResult = {
      stepNumber,
      content,
      text: textOf(content),
      toolCalls: content.filter((p): p is ToolCall => p.type === "tool-call"),
      toolResults: content.filter((p): p is ToolResult => p.type === "tool-result"),
      finishReason: reason,
      rawFinishReason: result.finishReason.raw,
      usage,
      warnings: result.warnings,
      request: { ...result.request },
      response: {
        id: result.response?.id ?? generateId(),
        timestamp: result.response?.timestamp ?? new Date(now),
        modelId: result.response?.modelId ?? model.modelId,
        headers: result.response?.headers,
        messages: responseMessages
      },
      providerMetadata: result.providerMetadata
    }
    steps.push(step)
    yield* notify(options.onStepFinish, step)
    messages = [...messages, ...responseMessages]
    const clientOutputs = outputs.filter((o) => o.providerExecuted !== true)
    const next = reason !== "interrupted" &&
      clientOutputs.length === clientCalls.length &&
      clientCalls.length > 0 &&
      !(yield* isStopConditionMet(stopConditions, steps))
    if (!next) break
  }
  const last = steps[steps.length - 1]!
  const totalUsage = steps.reduce((acc, s) => CoreUsage.add(acc, s.usage), CoreUsage.nullUsage())
  yield* Effect.annotateCurrentSpan({
    "gen_ai.response.finish_reasons": [last.finishReason],
    "gen_ai.usage.input_tokens": totalUsage.inputTokens ?? 0,
    "gen_ai.usage.output_tokens": totalUsage.outputTokens ?? 0,
    ...(options.recordContent === true ? { "gen_ai.response.text": last.text } : {})
  })
  const out: GenerateTextResult = {
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
    request: last.request,
    response: last.response,
    responseMessages: steps.flatMap((s) => s.response.messages),
    providerMetadata: last.providerMetadata
  }
  yield* notify(options.onFinish, out)
  return out
})

