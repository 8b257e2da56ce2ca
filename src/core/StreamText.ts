/**
 * `streamText`: the upstream `fullStream` as an Effect `Stream`, multi-step, with client tool
 * execution between steps (upstream `stream-text.ts` + `stream-language-model-call.ts`).
 *
 * Design for Effect users: {@link streamText} returns a cold `Stream`; every run calls the model
 * (so there is no hidden replay buffer). The aggregated values (text, steps, usage, response
 * messages) are a fold over the parts: {@link collect} consumes the stream once and returns them;
 * {@link withResult} gives the stream plus an Effect of the aggregate that completes when that
 * same run ends, so the model is never called twice.
 *
 * @since 0.1.0
 */
import { Cause, Clock, Deferred, Effect, Exit, Queue, Schema, Stream } from "effect"
import { LanguageModel } from "../LanguageModel.ts"
import type * as Content from "../spec/Content.ts"
import { getErrorMessage } from "../spec/errors/getErrorMessage.ts"
import { ToolChoiceViolationError } from "../spec/errors/ToolChoiceViolationError.ts"
import { NoOutputGeneratedError } from "../spec/errors/NoOutputGeneratedError.ts"
import { normalizeStreamProviderError } from "../spec/errors/StreamProviderError.ts"
import type { UnifiedFinishReason } from "../spec/FinishReason.ts"
import type { Prompt } from "../spec/Prompt.ts"
import type { ProviderMetadata } from "../spec/ProviderMetadata.ts"
import type { RequestInfo } from "../spec/Results.ts"
import type { StreamPart } from "../spec/StreamPart.ts"
import type { Warning } from "../spec/Warning.ts"
import type { LanguageModelUsage } from "./CoreUsage.ts"
import * as CoreUsage from "./CoreUsage.ts"
import { notify } from "./internal/generationCallbacks.ts"
import type { BaseOptions } from "./internal/generationSettings.ts"
import { callOptionsOf, stopConditionsOf } from "./internal/generationSettings.ts"
import { downloadAssets, toPrompt } from "./internal/generationPrompt.ts"
import { setupStep, type StepSetup, type StepState } from "./internal/generationStep.ts"
import { makeToolRuntime } from "./internal/generationTools.ts"
import { type ResponseMessage, toResponseMessages } from "./ResponseMessages.ts"
import type { ContentPart, FilePart, ToolCall, ToolError, ToolResult } from "./StepContent.ts"
import { generatedFileOf, getTool, toTextStreamToolResult } from "./StepContent.ts"
import { isStepCount } from "./StopCondition.ts"
import { annotateEnd, continuesAfter, resultFields, stepViews } from "./internal/generationResult.ts"
import { makeContentBuilder, makeIdReserver, makePartIdMap, makeRawCollector } from "./internal/generationStreamParts.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { PreliminaryToolResult } from "./ToolResult.ts"

/**
 * The response of a step.
 *
 * @since 0.1.0
 */
export interface StepResponse {
  readonly id: string
  readonly timestamp: Date
  readonly modelId: string
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * A part of the full stream (upstream `TextStreamPart`, without approvals).
 *
 * @since 0.1.0
 */
export type TextStreamPart =
  | { readonly type: "start" }
  | { readonly type: "start-step"; readonly request: RequestInfo; readonly warnings: ReadonlyArray<Warning> }
  | { readonly type: "text-start" | "text-end" | "reasoning-start" | "reasoning-end"; readonly id: string; readonly providerMetadata?: ProviderMetadata | undefined; readonly citations?: ReadonlyArray<Content.Citation> | undefined }
  | { readonly type: "text-delta" | "reasoning-delta"; readonly id: string; readonly text: string; readonly providerMetadata?: ProviderMetadata | undefined }
  | { readonly type: "tool-input-start"; readonly id: string; readonly toolName: string; readonly dynamic?: boolean | undefined; readonly title?: string | undefined; readonly providerExecuted?: boolean | undefined; readonly providerMetadata?: ProviderMetadata | undefined; readonly toolMetadata?: unknown }
  | { readonly type: "tool-input-delta"; readonly id: string; readonly delta: string; readonly providerMetadata?: ProviderMetadata | undefined }
  | { readonly type: "tool-input-end"; readonly id: string; readonly providerMetadata?: ProviderMetadata | undefined }
  | ToolCall
  | ToolResult
  | PreliminaryToolResult
  | ToolError
  | Content.UrlSource
  | Content.DocumentSource
  | Content.CustomContent
  | FilePart
  | {
    readonly type: "finish-step"
    readonly finishReason: UnifiedFinishReason
    readonly rawFinishReason: string | undefined
    readonly usage: LanguageModelUsage
    readonly performance: { readonly stepTimeMs: number; readonly toolExecutionMs: Readonly<Record<string, number>> }
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
  | { readonly type: "abort"; readonly reason?: string | undefined }
  | { readonly type: "ping" }
  | { readonly type: "raw"; readonly rawValue: unknown }

/**
 * A finished step as the stream reports it.
 *
 * @since 0.1.0
 */
export interface StepResult {
  readonly stepNumber: number
  readonly content: ReadonlyArray<ContentPart>
  readonly text: string
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly toolResults: ReadonlyArray<ToolResult>
  readonly finishReason: UnifiedFinishReason
  readonly rawFinishReason: string | undefined
  readonly usage: LanguageModelUsage
  readonly warnings: ReadonlyArray<Warning>
  readonly request: RequestInfo
  readonly response: StepResponse & { readonly messages: ReadonlyArray<ResponseMessage> }
  readonly providerMetadata: ProviderMetadata | undefined
}

/**
 * An abort trigger: an Effect that completes (with the abort reason) when the generation must
 * stop, or an `AbortSignal` for interop.
 *
 * @since 0.1.0
 */
export type AbortTrigger = Effect.Effect<unknown> | AbortSignal

/**
 * Options of {@link streamText}. Callbacks are optional Effects run in order with the stream (the
 * stream waits for them, as upstream awaits its callbacks); a failing callback is ignored and
 * never corrupts the stream nor replaces an error.
 *
 * @since 0.1.0
 */
export interface StreamTextOptions<T extends Toolkit.Any, R> extends BaseOptions<StepResult, T, R> {
  /** Forward provider `raw` parts. */
  readonly includeRawChunks?: boolean | undefined
  /** Ends the run with an `abort` part when it completes (or the signal aborts). */
  readonly abort?: AbortTrigger | undefined
  /** Called before each part is emitted (every part except `abort`), in stream order. */
  readonly onChunk?: ((part: TextStreamPart) => Effect.Effect<void, unknown>) | undefined
  /** Called for each `error` part. */
  readonly onError?: ((error: unknown) => Effect.Effect<void, unknown>) | undefined
  /** Called after each step (upstream `onStepEnd`). */
  readonly onStepEnd?: ((step: StepResult) => Effect.Effect<void, unknown>) | undefined
  /** Deprecated upstream alias of `onStepEnd`; used when `onStepEnd` is absent. */
  readonly onStepFinish?: ((step: StepResult) => Effect.Effect<void, unknown>) | undefined
  /** Called once after the last step, before `finish` is emitted (upstream `onEnd`); not on abort. */
  readonly onEnd?: ((result: StreamTextResult) => Effect.Effect<void, unknown>) | undefined
  /** Deprecated upstream alias of `onEnd`; used when `onEnd` is absent. */
  readonly onFinish?: ((result: StreamTextResult) => Effect.Effect<void, unknown>) | undefined
  /** Called when the abort trigger ends the run. */
  readonly onAbort?: ((event: { readonly steps: ReadonlyArray<StepResult>; readonly reason: string | undefined }) => Effect.Effect<void, unknown>) | undefined
}

/**
 * The aggregated values of a run.
 *
 * @since 0.1.0
 */
export interface StreamTextResult {
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
  readonly response: StepResponse & { readonly messages: ReadonlyArray<ResponseMessage> }
  readonly providerMetadata: ProviderMetadata | undefined
}

/**
 * Why aggregated values are unavailable: the run was aborted (`reason` as given to the trigger).
 *
 * @since 0.1.0
 */
export class AbortedError extends Schema.TaggedError<AbortedError>()("AbortedError", {
  reason: Schema.Unknown
}) {}

/** Upstream's step finish reason before any `finish` part (a function so narrowing does not fix it to "other"). */
const initialFinishReason = (): UnifiedFinishReason => "other"

const isToolExecutionAllowed = (reason: UnifiedFinishReason) => reason === "stop" || reason === "tool-calls"

let idCounter = 0
const defaultGenerateId = (): string => `aitxt-${Date.now().toString(36)}${(idCounter++).toString(36)}`

/**
 * Streams a generation. The stream never fails: model failures are `error` parts, as upstream;
 * interrupting the consumer interrupts the model stream and running tools and emits nothing more.
 *
 * @since 0.1.0
 */
export const streamText = <T extends Toolkit.Any = {}, R = never>(
  options: StreamTextOptions<T, R>
): Stream.Stream<TextStreamPart, never, LanguageModel | Toolkit.Services<T> | R> =>
  Stream.callback<TextStreamPart, never, LanguageModel | Toolkit.Services<T> | R>((queue) =>
    Effect.gen(function*() {
      const baseRuntime = yield* makeToolRuntime(options, options.system)
      // the caller's services, captured so that the step loop needs none (prepareStep may rebuild the runtime)
      const context = yield* Effect.context<LanguageModel | Toolkit.Services<T> | R>()
      const setup = (state: StepState<StepResult>) =>
        Effect.provideContext(setupStep(options, state, baseRuntime), context)
      const emit = (part: TextStreamPart) => {
        Queue.offerUnsafe(queue, part)
      }
      const emitChunk = (part: TextStreamPart): Effect.Effect<void> =>
        options.onChunk === undefined
          ? Effect.sync(() => emit(part))
          : Effect.andThen(notify(options.onChunk, part), Effect.sync(() => emit(part)))
      const steps: Array<StepResult> = []
      const run = runSteps(options, setup, emitChunk, steps)
      const abort = options.abort
      if (abort === undefined) {
        yield* run
      } else {
        const trigger: Effect.Effect<unknown> = Effect.isEffect(abort) ? abort : fromSignal(abort)
        const winner = yield* Effect.raceFirst(
          Effect.map(run, () => ({ aborted: false as const, reason: undefined })),
          Effect.map(trigger, (reason) => ({ aborted: true as const, reason }))
        )
        if (winner.aborted) {
          const reason = winner.reason === undefined ? undefined : getErrorMessage(winner.reason)
          yield* notify(options.onAbort, { steps, reason })
          emit({ type: "abort", ...(reason !== undefined ? { reason } : {}) })
        }
      }
      yield* Queue.end(queue)
    }).pipe(Effect.withSpan("StreamText.streamText"))
  )

const fromSignal = (signal: AbortSignal): Effect.Effect<unknown> =>
  Effect.callback<unknown>((resume) => {
    if (signal.aborted) return resume(Effect.succeed(signal.reason))
    const onAbort = () => resume(Effect.succeed(signal.reason))
    signal.addEventListener("abort", onAbort, { once: true })
    return Effect.sync(() => signal.removeEventListener("abort", onAbort))
  })

const runSteps = <T extends Toolkit.Any, R>(
  options: StreamTextOptions<T, R>,
  setup: (state: StepState<StepResult>) => Effect.Effect<StepSetup>,
  emitChunk: (part: TextStreamPart) => Effect.Effect<void>,
  steps: Array<StepResult>
): Effect.Effect<void, never, LanguageModel> =>
  Effect.gen(function*() {
    const model = yield* LanguageModel
    yield* Effect.annotateCurrentSpan({ "gen_ai.system": model.provider, "gen_ai.request.model": model.modelId })
    const onStepEnd = options.onStepEnd ?? options.onStepFinish
    const stopConditions = stopConditionsOf(options.stopWhen, isStepCount(1))
    const reserveText = makeIdReserver(defaultGenerateId)
    const reserveReasoning = makeIdReserver(defaultGenerateId)
    // the conversation without the system message, which each step adds (prepareStep may change it)
    let conversation: Prompt = toPrompt({ prompt: options.prompt, messages: options.messages })
    let system = options.system
    let totalUsage = CoreUsage.nullUsage()
    yield* emitChunk({ type: "start" })
    for (let stepNumber = 0;; stepNumber++) {
      const stepStart = yield* Clock.currentTimeMillis
      const stepSetup = yield* setup({ stepNumber, steps, system, conversation })
      const { prompt: stepMessages, runtime } = stepSetup
      const withheld = runtime.toolChoice.type === "none"
      // file URLs the model does not support are fetched through the Download service, per step
      // (upstream); a DownloadError ends the run with an error part, like a failed call
      const started = yield* Effect.exit(
        Effect.flatMap(model.supportedUrls, (urls) => downloadAssets(stepMessages, urls)).pipe(
          Effect.flatMap((modelPrompt) =>
            model.stream(callOptionsOf(options, modelPrompt, runtime, { includeRawChunks: options.includeRawChunks === true }))
          )
        )
      )
      if (Exit.isFailure(started)) {
        const error = Cause.squash(started.cause)
        yield* notify(options.onError, error)
        yield* emitChunk({ type: "error", error })
        return
      }
      const { stream, request, response } = started.value
      const builder = makeContentBuilder()
      // the V4 content of the call, for ToolChoiceViolationError (collected only when enforced)
      const rawContent: Array<Content.Content> = []
      const collectRaw = runtime.toolChoice.type !== "auto" ? makeRawCollector(rawContent) : undefined
      const textIds = makePartIdMap(reserveText)
      const reasoningIds = makePartIdMap(reserveReasoning)
      const callsById = new Map<string, ToolCall>()
      const stepToolCalls: Array<ToolCall> = []
      const stepOutputs: Array<ToolResult | ToolError> = []
      const toExecute: Array<ToolCall> = []
      const toolExecutionMs: Record<string, number> = {}
      let warnings: ReadonlyArray<Warning> = []
      let finishReason: UnifiedFinishReason = initialFinishReason()
      let rawFinishReason: string | undefined = undefined
      let usage = CoreUsage.nullUsage()
      let providerMetadata: ProviderMetadata | undefined = undefined
      let stepResponse: StepResponse = {
        id: defaultGenerateId(),
        timestamp: new Date(yield* Clock.currentTimeMillis),
        modelId: model.modelId
      }
      let first = true
      let terminal = false
      let output = false
      const stepRequest: RequestInfo = { ...request }
      const forward = (part: TextStreamPart) =>
        Effect.suspend(() => {
          builder.add(part)
          return emitChunk(part)
        })
      // `start-step` goes out before the first part after `stream-start` (once per step)
      const startStep = (): Effect.Effect<void> => {
        if (!first) return Effect.void
        first = false
        return emitChunk({ type: "start-step", request: stepRequest, warnings })
      }
      const handle = (part: StreamPart): Effect.Effect<void> => {
        if (part.type === "stream-start") {
          warnings = part.warnings
          return Effect.void
        }
        // toolChoice 'none' rejects tool calls at the finish: tool parts are withheld (upstream 7.0.149)
        if (withheld && (part.type === "tool-input-start" || part.type === "tool-input-delta" || part.type === "tool-input-end")) {
          return Effect.void
        }
        if (collectRaw !== undefined) collectRaw(part)
        return first ? Effect.andThen(startStep(), handlePart(part)) : handlePart(part)
      }
      const handlePart = (part: Exclude<StreamPart, { readonly type: "stream-start" }>): Effect.Effect<void> => {
        switch (part.type) {
          case "text-start":
            return forward({ ...part, id: textIds.start(part.id) })
          case "text-delta":
            if (part.delta.length > 0) output = true
            if (part.delta.length === 0 && part.providerMetadata == null) return Effect.void
            return forward({
              type: "text-delta",
              id: textIds.get(part.id),
              text: part.delta,
              providerMetadata: part.providerMetadata
            })
          case "text-end":
            return forward({ ...part, id: textIds.end(part.id) })
          case "reasoning-start":
            return forward({ ...part, id: reasoningIds.start(part.id) })
          case "reasoning-delta":
            if (part.delta.length > 0) output = true
            return forward({
              type: "reasoning-delta",
              id: reasoningIds.get(part.id),
              text: part.delta,
              providerMetadata: part.providerMetadata
            })
          case "reasoning-end":
            return forward({ ...part, id: reasoningIds.end(part.id) })
          case "tool-input-start": {
            const own = getTool(runtime.info, part.toolName)
            return forward({
              ...part,
              dynamic: part.dynamic ?? own?.type === "dynamic",
              title: own?.title,
              ...(own?.metadata != null ? { toolMetadata: own.metadata } : {})
            })
          }
          case "tool-input-delta":
            if (part.delta.length > 0) output = true
            return forward(part)
          case "tool-input-end":
            return forward(part)
          case "tool-call": {
            output = true
            return Effect.flatMap(runtime.parse(part, stepMessages), (call) => {
              callsById.set(call.toolCallId, call)
              if (withheld) return Effect.void
              stepToolCalls.push(call)
              const parts: Array<TextStreamPart> = [call]
              if (call.invalid === true) {
                if (call.providerExecuted !== true) {
                  const toolError: ToolError = {
                    type: "tool-error",
                    toolCallId: call.toolCallId,
                    toolName: call.toolName,
                    input: call.input,
                    error: getErrorMessage(call.error),
                    dynamic: true,
                    title: call.title,
                    ...(call.toolMetadata != null ? { toolMetadata: call.toolMetadata } : {})
                  }
                  stepOutputs.push(toolError)
                  parts.push(toolError)
                }
              } else if (runtime.isExecutable(call)) {
                toExecute.push(call)
              }
              return Effect.forEach(parts, forward, { discard: true })
            })
          }
          case "tool-result": {
            if (withheld) return Effect.void
            const result = toTextStreamToolResult(part, callsById.get(part.toolCallId))
            stepOutputs.push(result)
            return forward(result)
          }
          case "file":
          case "reasoning-file":
            output = true
            return forward({
              type: part.type,
              file: generatedFileOf(part.data, part.mediaType),
              providerMetadata: part.providerMetadata
            })
          case "source":
          case "custom":
            return forward(part)
          case "response-metadata":
            stepResponse = {
              id: part.id ?? stepResponse.id,
              timestamp: part.timestamp ?? stepResponse.timestamp,
              modelId: part.modelId ?? stepResponse.modelId
            }
            return Effect.void
          case "finish": {
            terminal = true
            usage = CoreUsage.asLanguageModelUsage(part.usage)
            finishReason = part.finishReason.unified
            rawFinishReason = part.finishReason.raw
            providerMetadata = part.providerMetadata
            const violation = toolChoiceViolation(part.finishReason.unified)
            if (violation === undefined) return Effect.void
            // the step ends with 'error' so that no tool runs (upstream model-call-end)
            finishReason = "error"
            return Effect.andThen(notify(options.onError, violation), forward({ type: "error", error: violation }))
          }
          case "error": {
            terminal = true
            finishReason = "error"
            const error = normalizeStreamProviderError(part.error)
            return Effect.andThen(notify(options.onError, error), forward({ type: "error", error }))
          }
          case "raw":
            return options.includeRawChunks === true ? forward(part) : Effect.void
          case "ping":
            return forward(part)
          case "tool-approval-request":
            return Effect.void
        }
      }
      const toolChoiceViolation = (reason: UnifiedFinishReason): ToolChoiceViolationError | undefined => {
        const choice = runtime.toolChoice
        if (choice.type === "auto") return undefined
        const calls = Array.from(callsById.values())
        const violated = choice.type === "none"
          ? calls.length > 0
          : reason !== "interrupted" &&
            !calls.some((call) => choice.type === "required" || call.toolName === choice.toolName)
        if (!violated) return undefined
        return new ToolChoiceViolationError({
          toolChoice: choice,
          finishReason: reason,
          provider: model.provider,
          modelId: model.modelId,
          content: rawContent
        })
      }

      const streamExit = yield* Effect.exit(Stream.runForEach(stream, handle))
      if (Exit.isFailure(streamExit)) {
        if (Cause.hasInterruptsOnly(streamExit.cause)) return yield* Effect.interrupt
        const error = Cause.squash(streamExit.cause)
        yield* notify(options.onError, error)
        yield* emitChunk({ type: "error", error })
        return
      }
      if (!terminal && !output) {
        yield* emitChunk({
          type: "error",
          error: new NoOutputGeneratedError({
            message: "No output generated. The model stream ended without a finish chunk."
          })
        })
        return
      }
      yield* startStep()
      // client tools run only when the model call ended with stop/tool-calls
      if (isToolExecutionAllowed(finishReason) && toExecute.length > 0) {
        yield* Effect.forEach(
          toExecute,
          (call) =>
            Effect.flatMap(runtime.execute(call, stepMessages, forward), (executed) => {
              if (executed === undefined) return Effect.void
              toolExecutionMs[call.toolCallId] = executed.toolExecutionMs
              stepOutputs.push(executed.output)
              return forward(executed.output)
            }),
          { concurrency: options.toolCallConcurrency ?? "unbounded", discard: true }
        )
      }
      const stepEnd = yield* Clock.currentTimeMillis
      const finishStep: TextStreamPart = {
        type: "finish-step",
        finishReason,
        rawFinishReason,
        usage,
        performance: { stepTimeMs: stepEnd - stepStart, toolExecutionMs },
        providerMetadata,
        response: { ...stepResponse, headers: response?.headers }
      }
      yield* emitChunk(finishStep)
      totalUsage = CoreUsage.add(totalUsage, usage)
      const responseMessages = yield* toResponseMessages(builder.content, runtime.info)
      const step: StepResult = {
        stepNumber,
        ...stepViews(builder.content),
        finishReason,
        rawFinishReason,
        usage,
        warnings,
        request: stepRequest,
        response: { ...stepResponse, headers: response?.headers, messages: responseMessages },
        providerMetadata
      }
      steps.push(step)
      yield* notify(onStepEnd, step)

      const next = yield* continuesAfter({
        finishReason,
        toolCalls: stepToolCalls,
        toolOutputs: stepOutputs,
        stopConditions,
        steps
      })
      if (!next) {
        yield* annotateEnd({ finishReason, totalUsage, text: step.text, recordContent: options.recordContent })
        yield* notify(options.onEnd ?? options.onFinish, resultOf(steps, totalUsage))
        yield* emitChunk({ type: "finish", finishReason, rawFinishReason, totalUsage })
        return
      }
      // prepareStep's system message and messages carry over to the next step, as upstream
      system = stepSetup.system
      conversation = [...stepSetup.conversation, ...responseMessages]
    }
  })

/**
 * Folds the parts of one run into the aggregated values. Fails with {@link AbortedError} when the
 * run ended with `abort`, and with `NoOutputGeneratedError` when no step finished.
 *
 * @since 0.1.0
 */
export const collect = <E, R>(
  stream: Stream.Stream<TextStreamPart, E, R>
): Effect.Effect<StreamTextResult, E | AbortedError | NoOutputGeneratedError, R> =>
  Effect.flatMap(Stream.runCollect(stream), (parts) => aggregate(Array.from(parts)))

/**
 * Rebuilds the aggregated values from the parts of a run.
 *
 * @since 0.1.0
 */
export const aggregate = (
  parts: ReadonlyArray<TextStreamPart>
): Effect.Effect<StreamTextResult, AbortedError | NoOutputGeneratedError> =>
  Effect.gen(function*() {
    const steps: Array<StepResult> = []
    let builder = makeContentBuilder()
    let warnings: ReadonlyArray<Warning> = []
    let request: RequestInfo = {}
    let totalUsage = CoreUsage.nullUsage()
    for (const part of parts) {
      switch (part.type) {
        case "abort":
          return yield* Effect.fail(new AbortedError({ reason: part.reason }))
        case "start-step":
          builder = makeContentBuilder()
          warnings = part.warnings
          request = part.request
          break
        case "finish-step": {
          const messages = yield* toResponseMessages(builder.content, undefined)
          steps.push({
            stepNumber: steps.length,
            ...stepViews(builder.content),
            finishReason: part.finishReason,
            rawFinishReason: part.rawFinishReason,
            usage: part.usage,
            warnings,
            request,
            response: { ...part.response, messages },
            providerMetadata: part.providerMetadata
          })
          totalUsage = CoreUsage.add(totalUsage, part.usage)
          break
        }
        default:
          builder.add(part)
      }
    }
    if (steps.length === 0) return yield* Effect.fail(new NoOutputGeneratedError())
    return resultOf(steps, totalUsage)
  })

/** The aggregated values of finished steps (at least one). */
const resultOf = (steps: ReadonlyArray<StepResult>, totalUsage: LanguageModelUsage): StreamTextResult => {
  const { last, ...fields } = resultFields(steps, totalUsage)
  // unlike generateText, the response holds the messages of every step (upstream stream-text.ts)
  return { ...fields, response: { ...last.response, messages: steps.flatMap((s) => s.response.messages) } }
}

/**
 * The stream plus an Effect of its aggregated values, both backed by the same single run: the
 * aggregate completes when the returned stream has been consumed (it waits until then).
 *
 * @since 0.1.0
 */
export const withResult = <E, R>(
  stream: Stream.Stream<TextStreamPart, E, R>
): Effect.Effect<{
  readonly fullStream: Stream.Stream<TextStreamPart, E, R>
  readonly result: Effect.Effect<StreamTextResult, AbortedError | NoOutputGeneratedError>
}> =>
  Effect.map(Deferred.make<ReadonlyArray<TextStreamPart>>(), (done) => {
    const seen: Array<TextStreamPart> = []
    return {
      fullStream: stream.pipe(
        Stream.tap((part) => Effect.sync(() => seen.push(part))),
        Stream.ensuring(Deferred.succeed(done, seen))
      ),
      result: Effect.flatMap(Deferred.await(done), aggregate)
    }
  })

