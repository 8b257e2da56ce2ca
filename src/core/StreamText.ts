/**
 * `streamText`: the upstream `fullStream` as an Effect `Stream`, multi-step, with client tool
 * execution between steps (upstream `stream-text.ts` + `stream-language-model-call.ts`).
 *
 * Design for Effect users: {@link streamText} returns a cold `Stream`; every run calls the model
 * (so there is no hidden replay buffer). The aggregated values (text, steps, usage, response
 * messages) are a fold over the parts: {@link collect} consumes the stream once and returns them;
 * {@link withResult} gives the stream plus an Effect of the aggregate that completes when that
 * same run ends, so the model is never called twice. {@link failOnError} turns the first `error`
 * part into a typed failure of the stream.
 *
 * @since 0.1.0
 */
import { Cause, Deferred, Effect, Logger, Queue, Result, Schema, Stream } from "effect"
import * as Arr from "effect/Array"
import { dual } from "effect/Function"
import { LanguageModel } from "../LanguageModel.ts"
import { getErrorMessage } from "../contract/errors/getErrorMessage.ts"
import { NoOutputGeneratedError } from "../contract/errors/NoOutputGeneratedError.ts"
import type { Prompt } from "../contract/Prompt.ts"
import * as CoreUsage from "./CoreUsage.ts"
import type { StreamTextInclude } from "./GenerationInclude.ts"
import { perAttempt } from "./generation/AttemptTransforms.ts"
import { defaultCollects } from "./internal/ContentRetention.ts"
import { includeOf, RequestMessages } from "./generation/IncludeOptions.ts"
import { before, notify, resolveCallbacks } from "./generation/Callbacks.ts"
import { GenerationTracer, withTelemetry } from "./generation/GenerationTelemetry.ts"
import * as Telemetry from "./Telemetry.ts"
import { annotateEnd, continuesAfter, resultOf } from "./generation/Outcome.ts"
import { aggregateParts, withResumed } from "./generation/StreamTextFold.ts"
import type { BaseOptions } from "./generation/Settings.ts"
import { callOptionsOf, stopConditionsOf } from "./generation/Settings.ts"
import { toPrompt } from "./ModelMessage.ts"
import { setupStep, type StepSetup, type StepState } from "./generation/PrepareStep.ts"
import { ConversationFiles } from "./generation/ConversationFiles.ts"
import { StepMessages } from "./generation/StepMessages.ts"
import { runStreamStep, type StreamStepEnv } from "./generation/StreamStep.ts"
import { type StreamApprovals, streamApprovals } from "./generation/StreamApprovals.ts"
import { makeIdReserver, withStickyTextMetadata } from "./generation/StreamParts.ts"
import { makeToolRuntime } from "./generation/ToolRuntime.ts"
import { standardizePrompt, withInstructions } from "./generation/StandardizePrompt.ts"
import { callIds, generationIds } from "./generation/Ids.ts"
import { prepareRetries } from "./generation/CallRetry.ts"
import { startEventOf, stepStartEventOf } from "./generation/EventPayloads.ts"
import * as Timeouts from "./generation/Timeouts.ts"
import { timeoutsOf } from "./generation/Timeouts.ts"
import { withStreamOutput } from "./generation/OutputWiring.ts"
import { skipsCallbacks, type StreamRetryPolicy, streamRetryPolicyOf } from "./generation/StreamRetries.ts"
import type * as Output from "./Output.ts"
import * as OutputStream from "./OutputStream.ts"
import type { NoObjectGeneratedError } from "../contract/errors/NoObjectGeneratedError.ts"
import { type ResponseMessage, toPromptMessage } from "./ResponseMessages.ts"
import type { StepResult } from "./StepResult.ts"
import { isStepCount } from "./StopCondition.ts"
import type { StreamTextResult } from "./StreamTextResult.ts"
import type { TextStreamPart } from "./TextStreamPart.ts"
import type * as Toolkit from "./Toolkit.ts"
import type * as ToolApproval from "./approval/ToolApproval.ts"
import * as ToolApprovalResume from "./approval/ToolApprovalResume.ts"
import { type SteeringRun, startRun as startSteeringRun } from "./SteeringState.ts"
import * as SteeringStep from "./generation/SteeringStep.ts"

export type { StepResult, StepViews, StepReasoningPart } from "./StepResult.ts"
export type { StreamTextResult } from "./StreamTextResult.ts"
export type { StepPerformance, StepResponse, TextStreamPart } from "./TextStreamPart.ts"

/**
 * An abort trigger: an Effect that completes (with the abort reason) when the generation must
 * stop, or an `AbortSignal` for interop.
 *
 * @since 0.1.0
 * @category models
 */
export type AbortTrigger = Effect.Effect<unknown> | AbortSignal

/**
 * The payload of `onError` (upstream `{ error }`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ErrorEvent {
  readonly error: unknown
}

/**
 * The payload of `onChunk` (upstream `{ chunk }`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ChunkEvent {
  readonly chunk: TextStreamPart
}

/**
 * Options of {@link streamText}. Callbacks are optional Effects run in order with the stream (the
 * stream waits for them, as upstream awaits its callbacks); a failing callback is ignored and
 * never corrupts the stream nor replaces an error.
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamTextOptions<T extends Toolkit.Any, R, Typed extends Toolkit.Any = T>
  extends BaseOptions<StepResult<NoInfer<Typed>>, T, R>, ToolApproval.Options<T, R>
{
  /** Forward provider `raw` parts (upstream deprecates it for `include.rawChunks`). */
  readonly includeRawChunks?: boolean | undefined
  /** What parts and step results keep of each call (upstream `include`; request body off by default). */
  readonly include?: StreamTextInclude | undefined
  /** Deprecated upstream alias of `include`. */
  readonly experimental_include?: StreamTextInclude | undefined
  /**
   * Stream transforms applied to the parts before streamText's own text stage (upstream
   * `experimental_transform`, e.g. `SmoothStream.smoothStream()`), in order.
   */
  readonly experimental_transform?:
    | ((stream: Stream.Stream<TextStreamPart>) => Stream.Stream<TextStreamPart>)
    | ReadonlyArray<(stream: Stream.Stream<TextStreamPart>) => Stream.Stream<TextStreamPart>>
    | undefined
  /** Ends the run with an `abort` part when it completes (or the signal aborts). */
  readonly abort?: AbortTrigger | undefined
  /**
   * How many parts the run may produce ahead of its consumer (default {@link defaultBufferSize}).
   * When that many wait unread, the step loop suspends: the model stream is not pulled, so the
   * HTTP body is not read and TCP flow control slows the server. See `docs/backpressure.md`.
   */
  readonly bufferSize?: number | undefined
  /** Called before each part is emitted (every part except `abort`), in stream order. */
  readonly onChunk?: ((event: ChunkEvent) => Effect.Effect<void, unknown>) | undefined
  /**
   * Called for each `error` part, after it is emitted. Default: logs the error at error level
   * through Effect's logger (upstream's default logs it to the console). With `streamRetries`
   * given, it sees a provider error before it is decided, and returning `{ retry: true }` asks
   * for one more attempt of the step once the automatic ones are used up (upstream
   * `StreamTextOnErrorRetryCallback`).
   */
  readonly onError?: ((event: ErrorEvent) => Effect.Effect<void | OnErrorRetry, unknown>) | undefined
  /**
   * Retries of a step whose model stream sent an `error` part after streaming started (upstream
   * `streamRetries`, 7.0.91): the step is rerun, only the successful attempt is kept in its result;
   * what the failed attempt already emitted stays in the stream (its open text/reasoning parts are
   * closed), its tool parts are held back and dropped. Absent: no stream retry at all (default).
   */
  readonly streamRetries?: number | undefined
  /**
   * Upstream's `_internal.retention`: `collectContent: false` keeps no step content (set by
   * `StreamTextLowMemory.experimental_streamTextLowMemory`, which decides it from the options).
   * Absent, the run keeps step content only when an option reads it (`internal/contentRetention.ts`).
   */
  readonly _internal?: { readonly retention?: { readonly collectContent: boolean } | undefined } | undefined
  /** Called after each step (upstream `onStepEnd`). */
  readonly onStepEnd?: ((step: StepResult<NoInfer<Typed>>) => Effect.Effect<void, unknown>) | undefined
  /** Deprecated upstream alias of `onStepEnd`; used when `onStepEnd` is absent. */
  readonly onStepFinish?: ((step: StepResult<NoInfer<Typed>>) => Effect.Effect<void, unknown>) | undefined
  /**
   * Called once after the last step, before `finish` is emitted (upstream `onEnd`); also when a
   * later step's model call fails (with the steps so far); not on abort, not when no step finished.
   */
  readonly onEnd?: ((result: StreamTextResult<NoInfer<Typed>>) => Effect.Effect<void, unknown>) | undefined
  /** Deprecated upstream alias of `onEnd`; used when `onEnd` is absent. */
  readonly onFinish?: ((result: StreamTextResult<NoInfer<Typed>>) => Effect.Effect<void, unknown>) | undefined
  /** Called when the abort trigger ends the run. */
  readonly onAbort?:
    | ((event: {
      readonly callId: string
      readonly steps: ReadonlyArray<StepResult<NoInfer<Typed>>>
      readonly reason: string | undefined
    }) => Effect.Effect<void, unknown>)
    | undefined
}

/**
 * What `onError` returns to request a stream retry (upstream `StreamTextOnErrorResult`).
 *
 * @since 0.1.0
 * @category models
 */
export interface OnErrorRetry {
  readonly retry: true
}

/**
 * Why aggregated values are unavailable: the run was aborted (`reason` as given to the trigger).
 *
 * @since 0.1.0
 * @category errors
 */
export class AbortedError extends Schema.TaggedError<AbortedError>()("AbortedError", {
  reason: Schema.Unknown
}) {}

/**
 * The default {@link StreamTextOptions.bufferSize}: parts produced ahead of the consumer. About one
 * network read of a text stream (a 16 KiB read of chat deltas decodes to ~100–200 parts), so a run
 * holds at most this plus the read being handed over, whatever the consumer's pace.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultBufferSize = 256

/**
 * The default `onError`: the error at error level through Effect's logger, as a failure cause so
 * that loggers render it with its own cause chain. Effect's built-in console loggers write it to
 * stderr (upstream's `console.error`), so a program whose stdout is data (JSON lines) stays pure
 * whatever fails; a logger the program installs still receives it.
 *
 * @since 0.1.0
 * @category callbacks
 */
export const logError = (event: ErrorEvent): Effect.Effect<void> =>
  Effect.logError("streamText error part", Cause.fail(event.error)).pipe(Effect.provideService(Logger.LogToStderr, true))


/**
 * Streams a generation. The stream never fails: model failures are `error` parts, as upstream
 * (see {@link failOnError} for the error channel); interrupting the consumer interrupts the model
 * stream and running tools and emits nothing more.
 *
 * @since 0.1.0
 * @category generation
 */
export function streamText<T extends Toolkit.Any = {}, R = never>(
  input: StreamTextOptions<T, R> & {
    /** Structured output (upstream `output`): response format, text-delta coalescing; see `OutputStream`. */
    readonly output?: Output.Any | undefined
  }
): Stream.Stream<TextStreamPart<NoInfer<T>>, never, LanguageModel | Toolkit.Services<T> | R>
// the run holds its steps for the open toolkit; the signature above types the callbacks' steps
// and results by the toolkit (the values are those: each call and result was parsed against its tool)
export function streamText(
  input: StreamTextOptions<Toolkit.Any, unknown, Toolkit.Any> & { readonly output?: Output.Any | undefined }
): Stream.Stream<TextStreamPart, never, unknown> {
  return run(input)
}

const run = <T extends Toolkit.Any, R>(
  input: StreamTextOptions<T, R, Toolkit.Any> & {
    /** Structured output (upstream `output`): response format, text-delta coalescing; see `OutputStream`. */
    readonly output?: Output.Any | undefined
  }
): Stream.Stream<TextStreamPart, never, LanguageModel | Toolkit.Services<T> | R> => {
  const options = withInstructions(input)
  // the hand-off to the consumer is a bounded queue: `emit` suspends the step loop (model stream,
  // tool fibers) while `bufferSize` parts wait unread
  const bufferSize = options.bufferSize ?? defaultBufferSize
  return withStreamOutput(options.output, textStage(options, Stream.callback<TextStreamPart, never, LanguageModel | Toolkit.Services<T> | R>((queue) =>
    Effect.gen(function*() {
      const baseRuntime = yield* makeToolRuntime(options, options.system)
      // the caller's services, captured so that the step loop needs none (prepareStep may rebuild the runtime)
      const context = yield* Effect.context<LanguageModel | Toolkit.Services<T> | R>()
      const setup = (state: StepState<StepResult>) =>
        Effect.provideContext(setupStep(options, state, baseRuntime), context)
      const approvals = streamApprovals(options, baseRuntime, context)
      // the common case (room in the queue) costs what an unbounded offer did; a full queue waits
      const emit = (part: TextStreamPart): Effect.Effect<void> =>
        Effect.suspend(() => Queue.offerUnsafe(queue, part) ? Effect.void : Effect.asVoid(Queue.offer(queue, part)))
      const onChunk = options.onChunk
      const onError = options.onError ?? logError
      let streamRetry: StreamRetryPolicy | undefined = undefined
      // every error part, whatever produced it, reaches onError after it is emitted (upstream's
      // event processor: enqueue, onChunk, onError), unless a stream retry already showed it them
      let tracer: GenerationTracer | undefined = undefined
      const emitChunk = (part: TextStreamPart): Effect.Effect<void> => {
        const emitted = emit(part)
        if (skipsCallbacks(streamRetry, part)) return emitted
        const chunk = onChunk === undefined ? emitted : Effect.andThen(notify(onChunk, { chunk: part }), emitted)
        if (part.type !== "error") return chunk
        const notified = Effect.andThen(chunk, notify(onError, { error: part.error }))
        if (tracer !== undefined) tracer.noteError(part.error)
        return notified
      }
      const steps: Array<StepResult> = []
      const maxRetries = yield* Effect.exit(prepareRetries(options.maxRetries))
      if (maxRetries._tag === "Failure") {
        // upstream throws from streamText itself; here the run is that one error part
        yield* emitChunk({ type: "error", error: Cause.squash(maxRetries.cause) })
        return yield* Queue.end(queue)
      }
      const streamRetries = yield* Effect.exit(
        options.streamRetries === undefined
          ? Effect.succeed(undefined)
          : prepareRetries(options.streamRetries, { parameter: "streamRetries", defaultMaxRetries: 0 })
      )
      if (streamRetries._tag === "Failure") {
        yield* emitChunk({ type: "error", error: Cause.squash(streamRetries.cause) })
        return yield* Queue.end(queue)
      }
      streamRetry = streamRetryPolicyOf(streamRetries.value, { ownOnError: options.onError !== undefined, onChunk, onError })
      // upstream starts the steering run when streamText is called (a used object throws there)
      const steering = yield* Effect.exit(startSteeringRun(options.experimental_steering))
      if (steering._tag === "Failure") {
        yield* emitChunk({ type: "error", error: Cause.squash(steering.cause) })
        return yield* Queue.end(queue)
      }
      const timeouts = timeoutsOf(options.timeout)
      const callId = (yield* callIds)()
      const recording = yield* Telemetry.resolve(options.telemetry ?? options.experimental_telemetry)
      if (recording !== undefined) tracer = new GenerationTracer(recording, "ai.streamText", options)
      // a timeout ends the run as an abort does (upstream aborts with a TimeoutError reason)
      const run = Timeouts.total(
        SteeringStep.endWith(
          steering.value,
          runSteps(options, setup, emitChunk, steps, callId, maxRetries.value, timeouts, streamRetry, approvals, steering.value, tracer)
        ),
        timeouts.totalMs
      ).pipe(
        // an abort, a timeout or an interruption closes what is open (upstream onAbort ends the spans)
        Effect.ensuring(tracer?.close ?? Effect.void),
        Effect.map((): { readonly aborted: boolean; readonly reason: unknown } => ({ aborted: false, reason: undefined })),
        Effect.catch((error): Effect.Effect<{ readonly aborted: true; readonly reason: unknown }> =>
          Effect.succeed({ aborted: true, reason: error }))
      )
      const abort = options.abort
      const winner = abort === undefined ? yield* run : yield* Effect.raceFirst(
        run,
        Effect.map(Effect.isEffect(abort) ? abort : fromSignal(abort), (reason) => ({ aborted: true as const, reason }))
      )
      if (winner.aborted) {
        const reason = winner.reason === undefined ? undefined : getErrorMessage(winner.reason)
        yield* notify(options.onAbort, { callId, steps, reason })
        yield* emit({ type: "abort", ...(reason !== undefined ? { reason } : {}) })
      }
      yield* Queue.end(queue)
    }).pipe(Effect.withSpan("StreamText.streamText")),
    { bufferSize: validBufferSize(bufferSize) }
  )))
}

/**
 * The user's transforms, then (without structured output) upstream's text stage: the text deltas
 * of a step's first text id keep that id's last provider metadata.
 */
const textStage = <R>(
  options: { readonly experimental_transform?: StreamTextOptions<{}, never>["experimental_transform"]; readonly output?: unknown },
  stream: Stream.Stream<TextStreamPart, never, R>
): Stream.Stream<TextStreamPart, never, R> => {
  const transform = options.experimental_transform
  const transforms = transform === undefined ? [] : typeof transform === "function" ? [transform] : transform
  // a transform is written for the parts alone; the run's services are provided around it
  const applyAll = (segment: Stream.Stream<TextStreamPart, never, R>) =>
    transforms.reduce<Stream.Stream<TextStreamPart, never, R>>(
      (acc, f) => Stream.unwrap(Effect.map(Effect.context<R>(), (context) => f(Stream.provideContext(acc, context)))),
      segment
    )
  // restarted per stream-retry attempt, as upstream
  const transformed = transforms.length === 0 ? stream : perAttempt(stream, applyAll)
  return options.output === undefined ? withStickyTextMetadata(transformed) : transformed
}

/** At least one part (a queue of 0 would never hand one over); `Infinity` is the unbounded queue. */
const validBufferSize = (size: number): number =>
  size === Infinity ? size : Number.isFinite(size) ? Math.max(1, Math.floor(size)) : defaultBufferSize

const fromSignal = (signal: AbortSignal): Effect.Effect<unknown> =>
  Effect.callback<unknown>((resume) => {
    if (signal.aborted) return resume(Effect.succeed(signal.reason))
    const onAbort = () => resume(Effect.succeed(signal.reason))
    signal.addEventListener("abort", onAbort, { once: true })
    return Effect.sync(() => signal.removeEventListener("abort", onAbort))
  })

/** The step loop: `start`, the steps (each a {@link runStreamStep}), then `finish`. */
const runSteps = <T extends Toolkit.Any, R>(
  options: StreamTextOptions<T, R, Toolkit.Any>,
  setup: (state: StepState<StepResult>) => Effect.Effect<StepSetup>,
  emitChunk: (part: TextStreamPart) => Effect.Effect<void>,
  steps: Array<StepResult>,
  callId: string,
  maxRetries: number,
  timeouts: Timeouts.Timeouts,
  streamRetry: StreamRetryPolicy | undefined,
  approvals: StreamApprovals,
  steering: SteeringRun | undefined,
  tracer: GenerationTracer | undefined
): Effect.Effect<void, Timeouts.GenerationTimeoutError, LanguageModel> =>
  Effect.gen(function*() {
    const model = yield* LanguageModel
    yield* Effect.annotateCurrentSpan({ "gen_ai.system": model.provider, "gen_ai.request.model": model.modelId })
    const onStepEnd = before(tracer?.onStepEnd, options.onStepEnd ?? options.onStepFinish)
    const userOnEnd = options.onEnd ?? options.onFinish
    const onEnd = tracer === undefined ? userOnEnd : before((result: StreamTextResult) => tracer.onEnd({ ...result, usage: result.totalUsage }), userOnEnd)
    const stopConditions = stopConditionsOf(options.stopWhen, isStepCount(1))
    const generateId = yield* generationIds
    const callbacks = withTelemetry(resolveCallbacks(options), tracer)
    const include = includeOf(options)
    const requestMessages = new RequestMessages(include, options)
    // the conversation's files, kept per message added (not rescanned every step)
    const files = new ConversationFiles()
    const env: StreamStepEnv = {
      model,
      callOptions: (prompt, stepSetup) =>
        callOptionsOf(stepSetup.settings, prompt, stepSetup.runtime, { includeRawChunks: include.rawChunks }),
      maxRetries,
      callId,
      callbacks,
      stepStartEvent: (stepNumber, stepSetup, promptMessages) =>
        stepStartEventOf(callId, stepSetup.model, options, stepNumber, steps, stepSetup, promptMessages),
      includeRawChunks: include.rawChunks,
      include,
      timeouts,
      toolCallConcurrency: options.toolCallConcurrency ?? "unbounded",
      emit: emitChunk,
      reserveText: makeIdReserver(generateId),
      reserveReasoning: makeIdReserver(generateId),
      generateId,
      streamRetry,
      // the default mode keeps step content only when something can read it (contentRetention.ts)
      // the spans record the steps' text, reasoning and tool calls when outputs are recorded
      collectContent: options._internal?.retention?.collectContent ??
        (defaultCollects(options) || tracer?.recording.recordOutputs === true),
      gate: approvals.gate(generateId),
      files
    }
    // the conversation without the system message, which each step adds (prepareStep may change it)
    const initialMessages: Prompt = toPrompt({ prompt: options.prompt, messages: options.messages })
    let system = options.system
    let runtimeContext: Readonly<Record<string, unknown>> | undefined = undefined
    let toolsContext: Readonly<Record<string, unknown>> | undefined = undefined
    let totalUsage = CoreUsage.nullUsage()
    yield* emitChunk({ type: "start" })
    // upstream standardizePrompt: an invalid prompt ends the run with its error part
    const standardized = yield* Effect.exit(standardizePrompt(options))
    if (standardized._tag === "Failure") return yield* emitChunk({ type: "error", error: Cause.squash(standardized.cause) })
    yield* notify(callbacks.onStart, startEventOf("ai.streamText", callId, model, options, maxRetries, initialMessages))
    // approvals answered in the last tool message run (or are denied) before the first step (upstream)
    const resumedExit = yield* Effect.exit(approvals.resume(emitChunk, initialMessages, callbacks, callId))
    if (resumedExit._tag === "Failure") return yield* emitChunk({ type: "error", error: Cause.squash(resumedExit.cause) })
    const resumed = resumedExit.value
    const withResumed = ToolApprovalResume.appendToConversation(initialMessages, resumed)
    requestMessages.resumed(resumed)
    // upstream's prompt rule: a client call without a result before a later message (vercel/ai#17033)
    const checked = yield* Effect.exit(ToolApprovalResume.checkToolResults(withResumed))
    if (checked._tag === "Failure") return yield* emitChunk({ type: "error", error: Cause.squash(checked.cause) })
    // one append-only log; each step's messages are copied only when read (StepMessages)
    let conversation = StepMessages.of(withResumed)
    for (let stepNumber = 0;; stepNumber++) {
      // waiting steering messages join the step's messages before prepareStep (upstream)
      const taken = SteeringStep.takeForStep(steering, conversation)
      const stepSetup: StepSetup = yield* setup({
        stepNumber, steps, system, conversation: taken.conversation, initialMessages, model, runtimeContext, toolsContext,
        steeringMessages: taken.messages
      })
      const delivered = SteeringStep.deliver(steering, stepNumber, taken.messages, stepSetup.conversation.read)
      const sentMessages = requestMessages.forStep(taken.messages, stepSetup.replacedMessages)
      const stepEnv = SteeringStep.withParts(
        { ...env, ...(stepNumber === 0 && resumed.length > 0 ? { resumed } : {}), ...(sentMessages !== undefined ? { sentMessages } : {}) },
        delivered,
        stepNumber
      )
      const outcome = yield* Timeouts.step(runStreamStep(stepEnv, stepNumber, stepSetup), timeouts.stepMs)
      if (outcome._tag === "Failed") {
        // upstream: a failed model call after finished steps still ends the run with onEnd (the
        // final step's values, no finish part: null total usage); an incomplete stream does not
        if (steps.length > 0 && !outcome.noOutput) yield* notify(onEnd, endEventOf(steps, CoreUsage.nullUsage(), resumed))
        // otherwise upstream reports the run's error to telemetry (its spans end failed)
        else if (tracer !== undefined) yield* tracer.failWithNoted
        return
      }
      const step = SteeringStep.withSteeringMessages(outcome.step, delivered.map((d) => d.message))
      steps.push(step)
      totalUsage = CoreUsage.add(totalUsage, step.usage)
      yield* notify(onStepEnd, step)
      const next = yield* continuesAfter({
        finishReason: step.finishReason,
        toolCalls: outcome.toolCalls,
        toolOutputs: outcome.toolOutputs,
        deniedApprovals: outcome.deniedApprovals,
        stopConditions,
        steps,
        steering
      })
      if (!next.next) {
        steering?.end(next.reason)
        yield* annotateEnd({ finishReason: step.finishReason, totalUsage, text: step.text, recordContent: options.recordContent })
        yield* notify(onEnd, endEventOf(steps, totalUsage, resumed))
        yield* emitChunk({ type: "finish", finishReason: step.finishReason, rawFinishReason: step.rawFinishReason, totalUsage })
        return
      }
      // prepareStep's system message and messages carry over to the next step, as upstream
      system = stepSetup.system
      conversation = stepSetup.conversation.concat(outcome.responseMessages.map(toPromptMessage))
      requestMessages.answered(outcome.responseMessages)
      // prepareStep's runtime context and tools' context carry over too (upstream)
      runtimeContext = stepSetup.runtimeContext
      toolsContext = stepSetup.toolsContext
    }
  })

/**
 * The onEnd payload: finish reason of the final step (upstream `onEndEvent`), the given total
 * usage; a resumed tool message first in the response messages (upstream `initialResponseMessages`).
 */
const endEventOf = (
  steps: ReadonlyArray<StepResult>,
  totalUsage: CoreUsage.LanguageModelUsage,
  resumed: ReadonlyArray<ResponseMessage>
): StreamTextResult => {
  const finalStep = steps[steps.length - 1]!
  return withResumed(resultOf(steps, { finishReason: finalStep.finishReason, rawFinishReason: finalStep.rawFinishReason, totalUsage }), resumed)
}

/**
 * Folds the parts of one run into the aggregated values. Fails with {@link AbortedError} when the
 * run ended with `abort`, and with `NoOutputGeneratedError` when no step finished (its `cause` is
 * the run's first error) or a step's model stream ended without a finish and without output.
 *
 * @since 0.1.0
 * @category combinators
 */
export function collect<T extends Toolkit.Any, E, R>(
  stream: Stream.Stream<TextStreamPart<T>, E, R>
): Effect.Effect<StreamTextResult<T>, E | AbortedError | NoOutputGeneratedError, R>
// the fold holds the open toolkit; the signature above types it by the stream's toolkit (the
// parts are that run's: each call and result was parsed against its tool)
export function collect<E, R>(
  stream: Stream.Stream<TextStreamPart, E, R>
): Effect.Effect<StreamTextResult, E | AbortedError | NoOutputGeneratedError, R> {
  return Effect.flatMap(Stream.runCollect(stream), (parts) => aggregate(Array.from(parts)))
}

/**
 * {@link collect} with the run's output specification: the result gains `output`, the final
 * step's text parsed by it (upstream `result.output`, see `OutputStream.output`), typed by the
 * specification as generateText's `output` is.
 *
 * @since 0.1.0
 * @category combinators
 */
export const collectOutput: {
  <O extends Output.Any>(output: O): <T extends Toolkit.Any, E, R>(
    stream: Stream.Stream<TextStreamPart<T>, E, R>
  ) => Effect.Effect<WithOutput<T, O>, E | AbortedError | NoOutputGeneratedError | NoObjectGeneratedError, R>
  <T extends Toolkit.Any, O extends Output.Any, E, R>(
    stream: Stream.Stream<TextStreamPart<T>, E, R>,
    output: O
  ): Effect.Effect<WithOutput<T, O>, E | AbortedError | NoOutputGeneratedError | NoObjectGeneratedError, R>
} = dual(2, <T extends Toolkit.Any, O extends Output.Any, E, R>(
  stream: Stream.Stream<TextStreamPart<T>, E, R>,
  output: O
): Effect.Effect<WithOutput<T, O>, E | AbortedError | NoOutputGeneratedError | NoObjectGeneratedError, R> =>
  Effect.flatMap(collect(stream), (result) => Effect.map(OutputStream.output(result, output), (value) => ({ ...result, output: value }))))

/**
 * A result of {@link collectOutput}: the aggregated values and the parsed output.
 *
 * @since 0.1.0
 * @category models
 */
export type WithOutput<T extends Toolkit.Any, O extends Output.Any> = StreamTextResult<T> & { readonly output: Output.CompleteOf<O> }

/**
 * Rebuilds the aggregated values from the parts of a run, as upstream resolves its result
 * promises: `finishReason`, `rawFinishReason` and `totalUsage` come from the `finish` part (when
 * a later step failed there is none: `other` and null usage, as upstream), the rest from the steps.
 *
 * @since 0.1.0
 * @category combinators
 */
export function aggregate<T extends Toolkit.Any>(
  parts: ReadonlyArray<TextStreamPart<T>>
): Effect.Effect<StreamTextResult<T>, AbortedError | NoOutputGeneratedError>
export function aggregate(
  parts: ReadonlyArray<TextStreamPart>
): Effect.Effect<StreamTextResult, AbortedError | NoOutputGeneratedError> {
  return aggregateParts(parts, (reason) => new AbortedError({ reason }))
}

/**
 * The stream plus an Effect of its aggregated values, both backed by the same single run: the
 * aggregate completes when the returned stream has been consumed (it waits until then).
 *
 * @since 0.1.0
 * @category combinators
 */
export const withResult = <T extends Toolkit.Any, E, R>(
  stream: Stream.Stream<TextStreamPart<T>, E, R>
): Effect.Effect<{
  readonly fullStream: Stream.Stream<TextStreamPart<T>, E, R>
  readonly result: Effect.Effect<StreamTextResult<T>, AbortedError | NoOutputGeneratedError>
}> =>
  Effect.map(Deferred.make<ReadonlyArray<TextStreamPart<T>>>(), (done) => {
    const seen: Array<TextStreamPart<T>> = []
    return {
      fullStream: stream.pipe(
        Stream.tap((part) => Effect.sync(() => seen.push(part))),
        Stream.ensuring(Deferred.succeed(done, seen))
      ),
      result: Effect.flatMap(Deferred.await(done), (parts) => aggregate(parts))
    }
  })

/**
 * The failure {@link failOnError} raises: the error of the run's first `error` part.
 *
 * @since 0.1.0
 * @category errors
 */
export class StreamTextError extends Schema.TaggedError<StreamTextError>()("StreamTextError", {
  error: Schema.Unknown
}) {}

/**
 * Turns the first `error` part into a failure of the stream (the parts before it are emitted,
 * the error part itself is not, the run is interrupted): for users who want failures in the
 * error channel rather than as parts. `error` is the part's error as is (an `APICallError`, a
 * `ToolChoiceViolationError`, a `NoOutputGeneratedError`, ...).
 *
 * @since 0.1.0
 * @category errors
 */
export const failOnError = <T extends Toolkit.Any, E, R>(
  stream: Stream.Stream<TextStreamPart<T>, E, R>
): Stream.Stream<TextStreamPart<T>, E | StreamTextError, R> =>
  // per pulled chunk: the parts before the first error go out, the next pull fails
  Stream.transformPull(stream, (pull) => {
    let pending: StreamTextError | undefined = undefined
    return Effect.succeed(Effect.suspend(() => {
      if (pending !== undefined) return Effect.fail(pending)
      return Effect.flatMap(pull, (parts) => {
        const index = parts.findIndex((part) => part.type === "error")
        if (index === -1) return Effect.succeed(parts)
        const part = parts[index]!
        const error = new StreamTextError({ error: part.type === "error" ? part.error : undefined })
        const before = parts.slice(0, index)
        if (!Arr.isArrayNonEmpty(before)) return Effect.fail(error)
        pending = error
        return Effect.succeed(before)
      })
    }))
  })

/**
 * The text deltas of a run (upstream `textStream` / `toTextStream`): the `text` of every
 * `text-delta` part, per pulled chunk.
 *
 * @since 0.1.0
 * @category combinators
 */
export const textStream = <T extends Toolkit.Any, E, R>(stream: Stream.Stream<TextStreamPart<T>, E, R>): Stream.Stream<string, E, R> =>
  Stream.filterMap(stream, (part) => (part.type === "text-delta" ? Result.succeed(part.text) : Result.failVoid))
