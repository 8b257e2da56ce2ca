/**
 * `generateText`: one or more non-streaming model calls with client tool execution between steps
 * (upstream `generate-text.ts`).
 *
 * @since 0.1.0
 */
import { Clock, Effect, Result } from "effect"
import { LanguageModel } from "../LanguageModel.ts"
import type * as Content from "../contract/Content.ts"
import type { DownloadError } from "../contract/errors/DownloadError.ts"
import { getErrorMessage } from "../contract/errors/getErrorMessage.ts"
import type { ModelError } from "../contract/errors/index.ts"
import type { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import type { NoObjectGeneratedError } from "../contract/errors/NoObjectGeneratedError.ts"
import { ToolChoiceViolationError } from "../contract/errors/ToolChoiceViolationError.ts"
import type { Prompt } from "../contract/Prompt.ts"
import type { RequestInfo } from "../contract/Results.ts"
import * as CoreUsage from "./CoreUsage.ts"
import { before, notify, resolveCallbacks } from "./generation/Callbacks.ts"
import { GenerationTracer, withTelemetry } from "./generation/GenerationTelemetry.ts"
import * as Telemetry from "./Telemetry.ts"
import type { BaseOptions } from "./generation/Settings.ts"
import { callOptionsOf, stopConditionsOf } from "./generation/Settings.ts"
import { toPrompt } from "./ModelMessage.ts"
import { setupStep, type StepSetup } from "./generation/PrepareStep.ts"
import { ConversationFiles, stepModelPrompt } from "./generation/ConversationFiles.ts"
import { StepMessages } from "./generation/StepMessages.ts"
import { annotateEnd, continuesAfter, resultOf } from "./generation/Outcome.ts"
import { makeToolRuntime } from "./generation/ToolRuntime.ts"
import { standardizePrompt, withInstructions } from "./generation/StandardizePrompt.ts"
import type { InvalidPromptError } from "../contract/errors/InvalidPromptError.ts"
import { callIds, generationIds } from "./generation/Ids.ts"
import type { GenerateTextInclude } from "./GenerationInclude.ts"
import { includeOf, RequestMessages, responseBodyOf, stepRequestOf } from "./generation/IncludeOptions.ts"
import { callStartEventOf, executeWithCallbacks, startEventOf, stepStartEventOf } from "./generation/EventPayloads.ts"
import { prepareRetries, withRetries } from "./generation/CallRetry.ts"
import * as Timeouts from "./generation/Timeouts.ts"
import { type WithOutput, withGenerateOutput } from "./generation/OutputWiring.ts"
import type * as Output from "./Output.ts"
import { toPromptMessage, toResponseMessages } from "./ResponseMessages.ts"
import type { ToolCall, ToolCallNotFound, ToolOutput } from "./StepContent.ts"
import { fromGenerateContent } from "./StepContent.ts"
import { isStepCount } from "./StopCondition.ts"
import { type StepResult, viewsOf } from "./StepResult.ts"
import type { StreamTextResult } from "./StreamTextResult.ts"
import type * as Toolkit from "./Toolkit.ts"
import * as ToolApproval from "./approval/ToolApproval.ts"
import * as ToolApprovalResume from "./approval/ToolApprovalResume.ts"
import type { InvalidToolApprovalError } from "../contract/errors/InvalidToolApprovalError.ts"
import type { ToolCallNotFoundForApprovalError } from "../contract/errors/ToolCallNotFoundForApprovalError.ts"
import type { InvalidToolApprovalSignatureError } from "../contract/errors/InvalidToolApprovalSignatureError.ts"
import type { MissingToolResultsError } from "../contract/errors/MissingToolResultsError.ts"
import type { RetryError } from "../contract/errors/RetryError.ts"
import { StepTimeoutError, TotalTimeoutError } from "../contract/errors/TimeoutError.ts"
import { type SteeringRun, startRun as startSteeringRun } from "./SteeringState.ts"
import * as SteeringStep from "./generation/SteeringStep.ts"

/**
 * Options of {@link generateText}. Callbacks are optional Effects; a failing callback is ignored
 * (it never replaces the generation's result or error).
 *
 * @since 0.1.0
 * @category models
 */
export interface GenerateTextOptions<T extends Toolkit.Any, R> extends BaseOptions<StepResult<NoInfer<T>>, T, R>, ToolApproval.Options<T, R> {
  /** Called after each step (upstream `onStepEnd`). */
  readonly onStepEnd?: ((step: StepResult<NoInfer<T>>) => Effect.Effect<void, unknown>) | undefined
  /** Deprecated upstream alias of `onStepEnd`; used when `onStepEnd` is absent. */
  readonly onStepFinish?: ((step: StepResult<NoInfer<T>>) => Effect.Effect<void, unknown>) | undefined
  /** What step results keep of each call (upstream `include`; request and response bodies off by default). */
  readonly include?: GenerateTextInclude | undefined
  /** Deprecated upstream alias of `include`. */
  readonly experimental_include?: GenerateTextInclude | undefined
  /** Called once with the result (upstream `onEnd`). */
  readonly onEnd?: ((result: GenerateTextResult<NoInfer<T>>) => Effect.Effect<void, unknown>) | undefined
  /** Deprecated upstream alias of `onEnd`; used when `onEnd` is absent. */
  readonly onFinish?: ((result: GenerateTextResult<NoInfer<T>>) => Effect.Effect<void, unknown>) | undefined
  /** Called with `{ error }` when the generation fails (an aimux addition; the Effect still fails with it). */
  readonly onError?: ((event: { readonly error: unknown }) => Effect.Effect<void, unknown>) | undefined
}

/**
 * The result of {@link generateText}: `content`, `toolCalls`, `toolResults` span all steps; `text`,
 * `finishReason`, `response` (its `messages` the last step's only), `providerMetadata` are the
 * last step's; `responseMessages` holds the messages of every step (upstream).
 *
 * @since 0.1.0
 * @category models
 */
export type GenerateTextResult<T extends Toolkit.Any = Toolkit.Any> = StreamTextResult<T>


/**
 * The failures of {@link generateText}.
 *
 * @since 0.1.0
 * @category errors
 */
export type GenerateTextError =
  | ModelError
  | ToolCallNotFound
  | ToolChoiceViolationError
  | DownloadError
  | NoObjectGeneratedError
  | CoreInvalidArgumentError
  | InvalidToolApprovalError
  | ToolCallNotFoundForApprovalError
  | InvalidToolApprovalSignatureError
  | MissingToolResultsError
  | RetryError
  | InvalidPromptError
  | Timeouts.GenerationTimeoutError

/**
 * Generates text (and runs client tools between steps) with the {@link LanguageModel} service.
 * The services of the tools' handlers (and of `repairToolCall` / `refineToolInput`) are required
 * in `R`.
 *
 * @since 0.1.0
 * @category generation
 */
export function generateText<T extends Toolkit.Any = {}, R = never, O extends Output.Any = Output.Output<string, string, never>>(
  options: GenerateTextOptions<T, R> & {
    /** Structured output (upstream `output`; default `Output.text()`): response format and `result.output`. */
    readonly output?: O | undefined
  }
): Effect.Effect<
  WithOutput<GenerateTextResult<T>, Output.CompleteOf<O>>,
  GenerateTextError,
  LanguageModel | Toolkit.Services<T> | R
>
// the run holds its steps for the open toolkit; the signature above types them by the toolkit
// (the values are those: each call and result was parsed against its tool)
export function generateText(
  options: GenerateTextOptions<Toolkit.Any, unknown> & { readonly output?: Output.Any | undefined }
): Effect.Effect<WithOutput<GenerateTextResult, unknown>, GenerateTextError, unknown> {
  // upstream starts the steering run when generateText is called (a used object throws there)
  return Effect.flatMap(startSteeringRun(options.experimental_steering), (steering) =>
    SteeringStep.endWith(
      steering,
      withGenerateOutput(options.output, Timeouts.total(run(withInstructions(options), steering), Timeouts.timeoutsOf(options.timeout).totalMs)),
      // a timeout aborts, as upstream's timeout aborts its signal
      (error) => error instanceof TotalTimeoutError || error instanceof StepTimeoutError ? "aborted" : "error"
    )).pipe(
    Effect.tapError((error) => notify(options.onError, { error })),
    Effect.withSpan("GenerateText.generateText")
  )
}

const run = (
  options: GenerateTextOptions<Toolkit.Any, unknown>,
  steering: SteeringRun | undefined
): Effect.Effect<GenerateTextResult, GenerateTextError, unknown> =>
  Effect.flatMap(Telemetry.resolve(options.telemetry ?? options.experimental_telemetry), (recording) => {
    if (recording === undefined) return runSteps(options, steering, undefined)
    const tracer = new GenerationTracer(recording, "ai.generateText", options)
    return runSteps(options, steering, tracer).pipe(Effect.tapError(tracer.onError), Effect.ensuring(tracer.close))
  })

const runSteps = (
  options: GenerateTextOptions<Toolkit.Any, unknown>,
  steering: SteeringRun | undefined,
  tracer: GenerationTracer | undefined
): Effect.Effect<GenerateTextResult, GenerateTextError, unknown> =>
  Effect.gen(function*() {
    const model = yield* LanguageModel
    yield* Effect.annotateCurrentSpan({ "gen_ai.system": model.provider, "gen_ai.request.model": model.modelId })
    yield* standardizePrompt(options)
    const baseRuntime = yield* makeToolRuntime(options, options.system)
    const maxRetries = yield* prepareRetries(options.maxRetries)
    const generateId = yield* generationIds
    const callId = (yield* callIds)()
    const callbacks = withTelemetry(resolveCallbacks(options), tracer)
    const include = includeOf(options)
    const requestMessages = new RequestMessages(include, options)
    const stepMs = Timeouts.timeoutsOf(options.timeout).stepMs
    const stopConditions = stopConditionsOf(options.stopWhen, isStepCount(1))
    const onStepEnd = before(tracer?.onStepEnd, options.onStepEnd ?? options.onStepFinish)
    // the conversation without the system message, which each step adds (prepareStep may change it)
    const initialMessages: Prompt = toPrompt({ prompt: options.prompt, messages: options.messages })
    const files = new ConversationFiles()
    let system = options.system
    let runtimeContext: Readonly<Record<string, unknown>> | undefined = undefined
    let toolsContext: Readonly<Record<string, unknown>> | undefined = undefined
    const steps: Array<StepResult> = []
    yield* notify(callbacks.onStart, startEventOf("ai.generateText", callId, model, options, maxRetries, initialMessages))
    // after onStart: approvals answered in the last tool message run (or are denied) before the first step (upstream)
    const resumed = yield* ToolApprovalResume.resume({
      messages: typeof options.prompt === "string" ? [] : options.prompt ?? options.messages ?? [],
      prompt: initialMessages,
      tools: options.tools,
      toolInfo: baseRuntime.info,
      configuration: options.toolApproval,
      refineToolInput: options.refineToolInput,
      secret: options.experimental_toolApprovalSecret,
      contexts: { toolsContext: options.toolsContext, runtimeContext: options.runtimeContext },
      execute: (call, messages) => executeWithCallbacks(baseRuntime, callbacks, callId, call, () => messages, () => Effect.void),
      concurrency: options.toolCallConcurrency
    })
    // one append-only log; each step's messages are copied only when read (StepMessages)
    let conversation = StepMessages.of(ToolApprovalResume.appendToConversation(initialMessages, resumed))
    requestMessages.resumed(resumed)
    for (let stepNumber = 0;; stepNumber++) {
      const stepStart = yield* Clock.currentTimeMillis
      // waiting steering messages join the step's messages before prepareStep (upstream)
      const taken = SteeringStep.takeForStep(steering, conversation)
      const stepSetup: StepSetup = yield* setupStep(
        options,
        {
          stepNumber, steps, system, conversation: taken.conversation, initialMessages, model, runtimeContext, toolsContext,
          steeringMessages: taken.messages
        },
        baseRuntime
      )
      const delivered = SteeringStep.deliver(steering, stepNumber, taken.messages, stepSetup.conversation.read)
      const sentMessages = requestMessages.forStep(taken.messages, stepSetup.replacedMessages)
      const { prompt: stepMessages, runtime } = stepSetup
      // file URLs the model does not support are fetched through the Download service, per step (upstream)
      // prepareStep may give the step its own model and call settings
      const stepModel = stepSetup.model
      // the conversation's files are kept per message added (ConversationFiles), not rescanned
      const modelPrompt = yield* stepModelPrompt(files, stepSetup, yield* stepModel.supportedUrls)
      // one step deadline bounds the call (its retries included) and the step's tools, as upstream's step signal
      const stepStartEvent = stepStartEventOf(callId, stepModel, options, stepNumber, steps, stepSetup, modelPrompt)
      yield* notify(callbacks.onStepStart, stepStartEvent)
      const callOptions = callOptionsOf(stepSetup.settings, modelPrompt, runtime)
      // upstream generateText notifies the call start once, outside its retries
      yield* notify(callbacks.onLanguageModelCallStart, callStartEventOf(callId, stepModel, stepSetup))
      const callStart = yield* Clock.currentTimeMillis
      const result = yield* Timeouts.stepFrom(withRetries(stepModel.generate(callOptions), maxRetries), stepStart, stepMs).pipe(
        // a step that started and fails before its result reports onStepError (upstream)
        Effect.tapError((error) => notify(callbacks.onStepError, { ...stepStartEvent, error }))
      )
      const now = yield* Clock.currentTimeMillis
      const usage = CoreUsage.asLanguageModelUsage(result.usage)
      const providerCalls = result.content.filter((p): p is Content.ToolCall => p.type === "tool-call")
      const toolCalls: Array<ToolCall> = yield* Effect.forEach(providerCalls, (call) => runtime.parse(call, stepMessages))
      const responseId = result.response?.id ?? generateId()
      if (callbacks.onLanguageModelCallEnd !== undefined) {
        const callContent = yield* fromGenerateContent({ content: result.content, toolCalls, toolOutputs: [], tools: runtime.info })
        yield* notify(callbacks.onLanguageModelCallEnd, {
          callId,
          provider: stepModel.provider,
          modelId: result.response?.modelId ?? stepModel.modelId,
          finishReason: result.finishReason.unified,
          usage,
          content: callContent,
          responseId,
          ...(result.providerMetadata != null ? { providerMetadata: result.providerMetadata } : {}),
          performance: { responseTimeMs: now - callStart }
        })
      }
      const reason = result.finishReason.unified
      const choice = runtime.toolChoice
      if (
        choice.type !== "auto" &&
        (choice.type === "none"
          ? toolCalls.length > 0
          : reason !== "interrupted" &&
            !toolCalls.some((call) => choice.type === "required" || call.toolName === choice.toolName))
      ) {
        return yield* Effect.fail(
          new ToolChoiceViolationError({
            toolChoice: choice,
            finishReason: reason,
            provider: stepModel.provider,
            modelId: stepModel.modelId,
            content: result.content
          })
        )
      }
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
      const approvals = yield* ToolApproval.gateStep({
        toolCalls,
        tools: options.tools,
        configuration: options.toolApproval,
        get messages() {
          return stepSetup.conversation.read()
        },
        contexts: stepSetup,
        generateId,
        secret: options.experimental_toolApprovalSecret
      })
      if (reason === "stop" || reason === "tool-calls") {
        const runs = yield* Timeouts.stepFrom(
          Effect.forEach(
            toolCalls.filter((call) => runtime.isExecutable(call) && !approvals.blocked.has(call.toolCallId)),
            // each call runs to its end; an invalid tool context then fails the generation with
            // the first such error (upstream's Promise.all rejects while the other calls go on)
            (call) => Effect.result(executeWithCallbacks(runtime, callbacks, callId, call, stepMessages, () => Effect.void)),
            { concurrency: options.toolCallConcurrency ?? "unbounded" }
          ),
          stepStart,
          stepMs
        )
        for (const run of runs) {
          if (Result.isFailure(run)) return yield* Effect.fail(run.failure)
          if (run.success !== undefined) outputs.push(run.success.output)
        }
      }
      const content = ToolApproval.placeContent(
        yield* fromGenerateContent({ content: result.content, toolCalls, toolOutputs: [], tools: runtime.info }),
        outputs,
        approvals
      )
      const responseMessages = yield* toResponseMessages(content, runtime.info)
      const step: StepResult = {
        stepNumber,
        model: { provider: stepModel.provider, modelId: stepModel.modelId },
        ...viewsOf(content),
        finishReason: reason,
        rawFinishReason: result.finishReason.raw,
        usage,
        warnings: result.warnings,
        request: stepRequestOf(result.request, include, sentMessages),
        response: {
          id: responseId,
          timestamp: result.response?.timestamp ?? new Date(now),
          modelId: result.response?.modelId ?? stepModel.modelId,
          headers: result.response?.headers,
          messages: responseMessages,
          body: responseBodyOf(result.response, include)
        },
        providerMetadata: result.providerMetadata,
        runtimeContext: stepSetup.runtimeContext,
        toolsContext: stepSetup.toolsContext,
        ...(delivered.length > 0 ? { experimental_steeringMessages: delivered.map((d) => d.message) } : {})
      }
      steps.push(step)
      yield* notify(onStepEnd, step)
      // prepareStep's system message and messages carry over to the next step, as upstream
      system = stepSetup.system
      conversation = stepSetup.conversation.concat(responseMessages.map(toPromptMessage))
      requestMessages.answered(responseMessages)
      // prepareStep's runtime context and tools' context carry over too (upstream)
      runtimeContext = stepSetup.runtimeContext
      toolsContext = stepSetup.toolsContext
      const next = yield* continuesAfter({
        finishReason: reason,
        toolCalls,
        toolOutputs: outputs,
        deniedApprovals: approvals.denied,
        stopConditions,
        steps,
        steering
      })
      if (!next.next) {
        steering?.end(next.reason)
        break
      }
    }
    const totalUsage = steps.reduce((acc, s) => CoreUsage.add(acc, s.usage), CoreUsage.nullUsage())
    const last = steps[steps.length - 1]!
    yield* annotateEnd({ finishReason: last.finishReason, totalUsage, text: last.text, recordContent: options.recordContent })
    const stepsResult: GenerateTextResult = resultOf(steps, {
      finishReason: last.finishReason,
      rawFinishReason: last.rawFinishReason,
      totalUsage
    })
    // the resumed tool message comes first in the response messages (upstream initialResponseMessages)
    const out: GenerateTextResult = resumed.length === 0
      ? stepsResult
      : { ...stepsResult, responseMessages: [...resumed, ...stepsResult.responseMessages] }
    if (tracer !== undefined) {
      yield* tracer.onEnd({ ...out, usage: totalUsage })
    }
    yield* notify(options.onEnd ?? options.onFinish, out)
    return out
  })

