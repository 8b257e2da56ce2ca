/**
 * One step of streamText (upstream `streamStep` in `stream-text.ts` with the per-part conversion
 * of `stream-language-model-call.ts`): the model call, the step's parts as an object that owns
 * their bookkeeping ({@link StepParts}), client tool execution, `finish-step`, and the step's
 * result.
 *
 * @internal
 */
import { Cause, Clock, Effect, Exit, Stream } from "effect"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import type * as Prompt from "../../contract/Prompt.ts"
import type { StepStartEvent } from "../GenerationEvents.ts"
import { notify, type ResolvedCallbacks } from "./Callbacks.ts"
import { callStartEventOf, executeWithCallbacks } from "./EventPayloads.ts"
import { withRetries } from "./CallRetry.ts"
import type { CallOptions } from "../../contract/CallOptions.ts"
import type * as Content from "../../contract/Content.ts"
import { getErrorMessage } from "../../contract/errors/getErrorMessage.ts"
import { NoOutputGeneratedError } from "../../contract/errors/NoOutputGeneratedError.ts"
import { normalizeStreamProviderError } from "../../contract/errors/StreamProviderError.ts"
import { ToolChoiceViolationError } from "../../contract/errors/ToolChoiceViolationError.ts"
import { ToolCallNotFoundForApprovalError } from "../../contract/errors/ToolCallNotFoundForApprovalError.ts"
import type { UnifiedFinishReason } from "../../contract/FinishReason.ts"
import type { ProviderMetadata } from "../../contract/ProviderMetadata.ts"
import type { StepRequest } from "../GenerationInclude.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { Warning } from "../../contract/Warning.ts"
import * as CoreUsage from "../CoreUsage.ts"
import type { LanguageModelUsage } from "../CoreUsage.ts"
import { type ResponseMessage, toResponseMessages } from "../ResponseMessages.ts"
import type { ToolCall, ToolError, ToolOutput, ToolResult } from "../StepContent.ts"
import { generatedFileOf, getTool, toTextStreamToolResult } from "../StepContent.ts"
import { type StepResult, viewsOf } from "../StepResult.ts"
import type { StepResponse, TextStreamPart } from "../TextStreamPart.ts"
import type { ModelMessage } from "../ModelMessage.ts"
import type { StepSetup } from "./PrepareStep.ts"
import { type ConversationFiles, stepModelPrompt } from "./ConversationFiles.ts"
import type { CallGate } from "./StreamApprovals.ts"
import type { StepContexts } from "../approval/ToolApproval.ts"
import { makeContentBuilder, makePartIdMap, makeRawCollector, withResumedMessages } from "./StreamParts.ts"
import { type Include, stepRequestOf } from "./IncludeOptions.ts"
import { chunkTimeouts, isOwnChunkTimeout, type Timeouts } from "./Timeouts.ts"
import { markAttemptStart } from "../internal/AttemptStart.ts"
import { quiet } from "../internal/QuietTracer.ts"
import { consumeWithRetries, markRetried, type StreamRetryPolicy } from "./StreamRetries.ts"
import type { ChunkTimeoutError, FirstChunkTimeoutError } from "../../contract/errors/TimeoutError.ts"

/**
 * What a step needs from its run: the model, how to call it, where parts go, and the id sources
 * shared by every step of the run.
 *
 * @internal
 */
export interface StreamStepEnv {
  readonly model: LanguageModelService
  /** Builds the V4 call options of a step from its prompt (after downloads) and its setup. */
  readonly callOptions: (prompt: () => CallOptions["prompt"], setup: StepSetup) => CallOptions
  /** Retries of each model call. */
  readonly maxRetries: number
  readonly callId: string
  readonly callbacks: ResolvedCallbacks
  /** The `onStepStart` payload of a step (the finished steps so far are the run's). */
  readonly stepStartEvent: (stepNumber: number, setup: StepSetup, promptMessages: () => Prompt.Prompt) => StepStartEvent
  readonly includeRawChunks: boolean
  /** What start-step parts and step results keep of each call (upstream `include`). */
  readonly include: Include
  /** The first-chunk and idle timeouts of each model stream. */
  readonly timeouts: Timeouts
  readonly toolCallConcurrency: number | "unbounded"
  /** Emits a part to the consumer (through `onChunk` / `onError`). */
  readonly emit: (part: TextStreamPart) => Effect.Effect<void>
  readonly reserveText: (id: string) => string
  readonly reserveReasoning: (id: string) => string
  readonly generateId: () => string
  /** The approval decision of a valid call (see `generationStreamApprovals.ts`). */
  readonly gate: (call: ToolCall, messages: () => Prompt.Prompt, contexts?: StepContexts) => Effect.Effect<CallGate>
  /** The resumed tool message before the first step, carried by that step's `start-step` for the fold. */
  readonly resumed?: ReadonlyArray<ResponseMessage> | undefined
  /** The messages the step sends, model-message form, kept with `include.requestMessages`. */
  readonly sentMessages?: ReadonlyArray<ModelMessage | Prompt.Message> | undefined
  /**
   * Whether steps collect their content (text, reasoning, tool calls): false only in the
   * low-memory mode when nothing reads it (upstream `retention.collectContent`).
   */
  readonly collectContent?: boolean | undefined
  /** `streamRetries` (undefined: no stream retry behaviour, as upstream without the option). */
  readonly streamRetry?: StreamRetryPolicy | undefined
  /** The step's delivered `steering-message` parts (see {@link runStreamStep} for where they go). */
  readonly steeringParts?: ReadonlyArray<TextStreamPart> | undefined
  /** The run's conversation files, kept per message added (undefined: each step scans its prompt). */
  readonly files?: ConversationFiles | undefined
}

/**
 * How a step ended: `Failed` (an error part was emitted and the run ends; `noOutput` when the
 * model stream ended without a finish and without output) or `Finished` with its result.
 *
 * @internal
 */
export type StepOutcome =
  | { readonly _tag: "Failed"; readonly noOutput: boolean }
  | {
    readonly _tag: "Finished"
    readonly step: StepResult
    readonly toolCalls: ReadonlyArray<ToolCall>
    readonly toolOutputs: ReadonlyArray<ToolOutput>
    readonly responseMessages: ReadonlyArray<ResponseMessage>
    /** Calls denied by the approval policy: answered without an output (upstream). */
    readonly deniedApprovals: number
  }

/** Upstream's step finish reason before any `finish` part (a function so narrowing does not fix it to "other"). */
const initialFinishReason = (): UnifiedFinishReason => "other"

/** Client tools run only when the model call ended with stop/tool-calls (upstream). */
const isToolExecutionAllowed = (reason: UnifiedFinishReason) => reason === "stop" || reason === "tool-calls"

/**
 * The parts of one model call and what the step records of them (upstream's per-step state in
 * `streamStep` and the conversion of `stream-language-model-call.ts`).
 *
 * @internal
 */
export class StepParts {
  readonly builder = makeContentBuilder()
  /** The V4 content of the call, for ToolChoiceViolationError (collected only when enforced). */
  readonly rawContent: Array<Content.Content> = []
  readonly callsById = new Map<string, ToolCall>()
  readonly toolCalls: Array<ToolCall> = []
  readonly outputs: Array<ToolResult | ToolError> = []
  readonly toExecute: Array<ToolCall> = []
  /** Approval responses with `approved: false` in this step. */
  deniedApprovals = 0
  warnings: ReadonlyArray<Warning> = []
  finishReason: UnifiedFinishReason = initialFinishReason()
  rawFinishReason: string | undefined = undefined
  usage: LanguageModelUsage = CoreUsage.nullUsage()
  providerMetadata: ProviderMetadata | undefined = undefined
  /** A finish or error part arrived. */
  terminal = false
  /** An output part arrived (upstream `isOutputChunk`). */
  output = false
  /** When the model call started (Clock millis), for `onLanguageModelCallEnd`. */
  callStart = 0
  /** When the first output part arrived (Clock millis), for `timeToFirstOutputMs`. */
  firstOutputAt: number | undefined = undefined
  private first = true
  private readonly withheld: boolean
  private readonly collectRaw: ((part: StreamPart) => void) | undefined
  private readonly textIds: ReturnType<typeof makePartIdMap>
  private readonly reasoningIds: ReturnType<typeof makePartIdMap>

  private readonly env: StreamStepEnv
  private readonly setup: StepSetup
  readonly request: StepRequest
  response: StepResponse

  constructor(env: StreamStepEnv, setup: StepSetup, request: StepRequest, response: StepResponse, retried = false) {
    this.env = env
    // a stream retry's attempt continues a step whose start-step went out already
    this.first = !retried
    this.setup = setup
    this.request = request
    this.response = response
    this.withheld = setup.runtime.toolChoice.type === "none"
    this.collectRaw = setup.runtime.toolChoice.type !== "auto" ? makeRawCollector(this.rawContent) : undefined
    this.textIds = makePartIdMap(env.reserveText)
    this.reasoningIds = makePartIdMap(env.reserveReasoning)
  }

  /** Records and emits a part of the step's content. */
  readonly forward = (part: TextStreamPart): Effect.Effect<void> =>
    Effect.suspend(() => {
      if (this.env.collectContent !== false) this.builder.add(part)
      return this.env.emit(part)
    })

  /** `start-step` goes out before the first part after `stream-start` (once per step). */
  readonly startStep = (): Effect.Effect<void> => {
    if (!this.first) return Effect.void
    this.first = false
    const part: TextStreamPart = { type: "start-step", request: this.request, warnings: this.warnings }
    if (this.env.resumed !== undefined) withResumedMessages(part, this.env.resumed)
    return this.env.emit(part)
  }

  /** Handles one V4 part of the model stream. */
  readonly handle = (part: StreamPart): Effect.Effect<void> => {
    if (part.type === "stream-start") {
      this.warnings = part.warnings
      return Effect.void
    }
    // toolChoice 'none' rejects tool calls at the finish: tool parts are withheld (upstream 7.0.149)
    if (this.withheld && (part.type === "tool-input-start" || part.type === "tool-input-delta" || part.type === "tool-input-end")) {
      return Effect.void
    }
    if (this.collectRaw !== undefined) this.collectRaw(part)
    const hadOutput = this.output
    const converted = this.first ? Effect.andThen(this.startStep(), this.convert(part)) : this.convert(part)
    // the first output part's time, once per call (convert sets `output` before it runs)
    return hadOutput || !this.output || this.firstOutputAt !== undefined ? converted : Effect.andThen(
      Effect.map(Clock.currentTimeMillis, (now) => {
        this.firstOutputAt = now
      }),
      converted
    )
  }

  private convert(part: Exclude<StreamPart, { readonly type: "stream-start" }>): Effect.Effect<void> {
    switch (part.type) {
      case "text-start":
        return this.forward({ ...part, id: this.textIds.start(part.id) })
      case "text-delta":
        if (part.delta.length > 0) this.output = true
        if (part.delta.length === 0 && part.providerMetadata == null) return Effect.void
        return this.forward({
          type: "text-delta",
          id: this.textIds.get(part.id),
          text: part.delta,
          providerMetadata: part.providerMetadata
        })
      case "text-end":
        return this.forward({ ...part, id: this.textIds.end(part.id) })
      case "reasoning-start":
        return this.forward({ ...part, id: this.reasoningIds.start(part.id) })
      case "reasoning-delta":
        if (part.delta.length > 0) this.output = true
        return this.forward({
          type: "reasoning-delta",
          id: this.reasoningIds.get(part.id),
          text: part.delta,
          providerMetadata: part.providerMetadata
        })
      case "reasoning-end":
        return this.forward({ ...part, id: this.reasoningIds.end(part.id) })
      case "tool-input-start": {
        const own = getTool(this.setup.runtime.info, part.toolName)
        return this.forward({
          ...part,
          dynamic: part.dynamic ?? own?.type === "dynamic",
          title: own?.title,
          ...(own?.metadata != null ? { toolMetadata: own.metadata } : {})
        })
      }
      case "tool-input-delta":
        if (part.delta.length > 0) this.output = true
        return this.forward(part)
      case "tool-input-end":
        return this.forward(part)
      case "tool-call":
        this.output = true
        return Effect.flatMap(this.setup.runtime.parse(part, this.setup.prompt), (call) => this.onToolCall(call))
      case "tool-result": {
        if (this.withheld) return Effect.void
        const result = toTextStreamToolResult(part, this.callsById.get(part.toolCallId))
        this.outputs.push(result)
        return this.forward(result)
      }
      case "file":
      case "reasoning-file":
        this.output = true
        return this.forward({
          type: part.type,
          file: generatedFileOf(part.data, part.mediaType),
          providerMetadata: part.providerMetadata
        })
      case "source":
      case "custom":
        return this.forward(part)
      case "response-metadata":
        this.response = {
          id: part.id ?? this.response.id,
          timestamp: part.timestamp ?? this.response.timestamp,
          modelId: part.modelId ?? this.response.modelId
        }
        return Effect.void
      case "finish": {
        this.terminal = true
        this.usage = CoreUsage.asLanguageModelUsage(part.usage)
        this.finishReason = part.finishReason.unified
        this.rawFinishReason = part.finishReason.raw
        this.providerMetadata = part.providerMetadata
        const violation = this.toolChoiceViolation(part.finishReason.unified)
        const callEnd = this.callEnd(part.finishReason.unified)
        if (violation === undefined) return callEnd
        // the step ends with 'error' so that no tool runs (upstream model-call-end)
        this.finishReason = "error"
        return Effect.andThen(callEnd, this.forward({ type: "error", error: violation }))
      }
      case "error":
        this.terminal = true
        this.finishReason = "error"
        return this.forward({ type: "error", error: normalizeStreamProviderError(part.error) })
      case "raw":
        return this.env.includeRawChunks ? this.forward(part) : Effect.void
      case "ping":
        return this.forward(part)
      case "tool-approval-request": {
        // a provider-side approval request (e.g. an MCP call) names a call of this step (upstream)
        if (this.withheld) return Effect.void
        const call = this.callsById.get(part.toolCallId)
        if (call === undefined) {
          return this.forward({
            type: "error",
            error: new ToolCallNotFoundForApprovalError({ toolCallId: part.toolCallId, approvalId: part.approvalId })
          })
        }
        return this.forward({ type: "tool-approval-request", approvalId: part.approvalId, toolCall: call })
      }
    }
  }

  /** `onLanguageModelCallEnd` at the model's finish (upstream model-call-end). */
  private callEnd(finishReason: UnifiedFinishReason): Effect.Effect<void> {
    const callback = this.env.callbacks.onLanguageModelCallEnd
    if (callback === undefined) return Effect.void
    return Effect.flatMap(Clock.currentTimeMillis, (now) =>
      notify(callback, {
        callId: this.env.callId,
        provider: this.env.model.provider,
        modelId: this.response.modelId,
        finishReason,
        usage: this.usage,
        content: [...this.builder.content],
        responseId: this.response.id,
        ...(this.providerMetadata != null ? { providerMetadata: this.providerMetadata } : {}),
        performance: {
          responseTimeMs: now - this.callStart,
          timeToFirstOutputMs: this.firstOutputAt === undefined ? undefined : this.firstOutputAt - this.callStart
        }
      }))
  }

  private onToolCall(call: ToolCall): Effect.Effect<void> {
    this.callsById.set(call.toolCallId, call)
    if (this.withheld) return Effect.void
    this.toolCalls.push(call)
    if (call.invalid !== true) {
      // the call goes out first, then its approval parts; a blocked call does not run (upstream)
      return Effect.andThen(
        this.forward(call),
        Effect.flatMap(this.env.gate(call, this.setup.conversation.read, this.setup), (gate) => {
          if (gate.run && this.setup.runtime.isExecutable(call)) this.toExecute.push(call)
          if (gate.denied) this.deniedApprovals++
          return gate.parts.length === 0 ? Effect.void : Effect.forEach(gate.parts, this.forward, { discard: true })
        })
      )
    }
    if (call.providerExecuted === true) return this.forward(call)
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
    this.outputs.push(toolError)
    return Effect.andThen(this.forward(call), this.forward(toolError))
  }

  private toolChoiceViolation(reason: UnifiedFinishReason): ToolChoiceViolationError | undefined {
    const choice = this.setup.runtime.toolChoice
    if (choice.type === "auto") return undefined
    const calls = Array.from(this.callsById.values())
    const violated = choice.type === "none"
      ? calls.length > 0
      : reason !== "interrupted" &&
        !calls.some((call) => choice.type === "required" || call.toolName === choice.toolName)
    if (!violated) return undefined
    return new ToolChoiceViolationError({
      toolChoice: choice,
      finishReason: reason,
      provider: this.env.model.provider,
      modelId: this.env.model.modelId,
      content: this.rawContent
    })
  }

  /** Runs the step's executable client calls; their outputs are emitted as they finish. */
  readonly executeTools = (toolExecutionMs: Record<string, number>): Effect.Effect<void> => {
    // client tools run only when the model call ended with stop/tool-calls
    if (!isToolExecutionAllowed(this.finishReason) || this.toExecute.length === 0) return Effect.void
    return Effect.forEach(
      this.toExecute,
      (call) =>
        Effect.flatMap(
          // an invalid tool context is an error part; the other calls still run (upstream)
          Effect.catch(
            executeWithCallbacks(this.setup.runtime, this.env.callbacks, this.env.callId, call, this.setup.prompt, this.forward),
            (error) =>
              Effect.suspend(() => {
                // an error part ends the step with finish reason 'error', as upstream's step transform
                this.finishReason = "error"
                return Effect.as(this.env.emit({ type: "error", error }), undefined)
              })
          ),
          (executed) => {
            if (executed === undefined) return Effect.void
            toolExecutionMs[call.toolCallId] = executed.toolExecutionMs
            this.outputs.push(executed.output)
            return this.forward(executed.output)
          }
        ),
      { concurrency: this.env.toolCallConcurrency, discard: true }
    )
  }
}

/**
 * Runs one step: the model call (downloads first), its parts, the client tools, `finish-step`.
 * A failed call or stream emits an `error` part and ends the run; a first-chunk or idle timeout
 * fails the step (the run aborts with it, as upstream's timeout aborts); interruption propagates.
 *
 * @internal
 */
export const runStreamStep = (
  runEnv: StreamStepEnv,
  stepNumber: number,
  setup: StepSetup
): Effect.Effect<StepOutcome, FirstChunkTimeoutError | ChunkTimeoutError> =>
  Effect.gen(function*() {
    // prepareStep may give the step its own model
    const modelEnv: StreamStepEnv = setup.model === runEnv.model ? runEnv : { ...runEnv, model: setup.model }
    // after a stream retry's reconnect, the attempt's first emitted part is marked as its start
    let attemptStart = false
    const env: StreamStepEnv = modelEnv.streamRetry === undefined ? modelEnv : {
      ...modelEnv,
      emit: (part) => {
        if (attemptStart) {
          attemptStart = false
          markAttemptStart(part)
        }
        return modelEnv.emit(part)
      }
    }
    const stepStart = yield* Clock.currentTimeMillis
    // file URLs the model does not support are fetched through the Download service, per step
    // (upstream); a DownloadError ends the run with an error part, like a failed call
    const downloaded = yield* Effect.exit(
      Effect.flatMap(env.model.supportedUrls, (urls) => stepModelPrompt(env.files, setup, urls))
    )
    if (Exit.isFailure(downloaded)) {
      if (Cause.hasInterruptsOnly(downloaded.cause)) return yield* Effect.interrupt
      yield* env.emit({ type: "error", error: Cause.squash(downloaded.cause) })
      return { _tag: "Failed", noOutput: false } as const
    }
    const stepStartEvent = env.stepStartEvent(stepNumber, setup, downloaded.value)
    yield* notify(env.callbacks.onStepStart, stepStartEvent)
    // delivered steering messages go out before the step's output where upstream's stitched
    // stream reads them: the first step's after onStepStart, a later step's once its model call
    // started (a later call that fails: after its error, which upstream puts in the previous step)
    const steering = env.steeringParts === undefined || env.steeringParts.length === 0
      ? Effect.void
      : Effect.forEach(env.steeringParts, env.emit, { discard: true })
    if (stepNumber === 0) yield* steering
    // a step that started and ends without a result reports onStepError (upstream notifyStepError)
    const stepError = (error: unknown) => notify(env.callbacks.onStepError, { ...stepStartEvent, error })
    const callOptions = env.callOptions(downloaded.value, setup)
    let callStart = 0
    const attempt = Effect.gen(function*() {
      yield* notify(env.callbacks.onLanguageModelCallStart, callStartEventOf(env.callId, env.model, setup))
      callStart = yield* Clock.currentTimeMillis
      return yield* env.model.stream(callOptions)
    })
    const started = yield* Effect.exit(withRetries(attempt, env.maxRetries))
    if (Exit.isFailure(started)) {
      if (Cause.hasInterruptsOnly(started.cause)) return yield* Effect.interrupt
      const error = Cause.squash(started.cause)
      // upstream: a first step's failed call reports onStepError before its error part, a later
      // step's after it (the later step fails inside the previous step's flush)
      if (stepNumber === 0) yield* stepError(error)
      yield* env.emit({ type: "error", error })
      if (stepNumber > 0) yield* Effect.andThen(stepError(error), steering)
      return { _tag: "Failed", noOutput: false } as const
    }
    if (stepNumber > 0) yield* steering
    let { request, response } = started.value
    const stepParts = (retried: boolean) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const made = new StepParts(env, setup, stepRequestOf(request, env.include, env.sentMessages), {
          id: env.generateId(),
          timestamp: new Date(now),
          modelId: env.model.modelId
        }, retried)
        made.callStart = callStart
        return made
      })
    let parts = yield* stepParts(false)
    let retried = false
    const policy = env.streamRetry
    const tracer = yield* Effect.tracer
    // the per-part loop skips the tracer's context propagation (QuietTracer): spans keep their parents
    const streamExit = yield* Effect.exit(quiet(
      policy === undefined
        ? Stream.runForEach(chunkTimeouts(started.value.stream, env.timeouts), parts.handle)
        : consumeWithRetries(policy, started.value.stream, {
          handle: (part) => parts.handle(part),
          wrap: (stream) => chunkTimeouts(stream, env.timeouts),
          // the new attempt's request, response headers and bookkeeping replace the failed one's
          reconnect: Effect.gen(function*() {
            const next = yield* withRetries(attempt, env.maxRetries)
            request = next.request
            response = next.response
            parts = yield* stepParts(true)
            retried = true
            attemptStart = true
            return next.stream
          }).pipe(Effect.withTracer(tracer))
        })
    ))
    if (Exit.isFailure(streamExit)) {
      if (Cause.hasInterruptsOnly(streamExit.cause)) return yield* Effect.interrupt
      const error = Cause.squash(streamExit.cause)
      if (isOwnChunkTimeout(error)) return yield* Effect.fail(error)
      yield* env.emit({ type: "error", error })
      yield* stepError(error)
      return { _tag: "Failed", noOutput: false } as const
    }
    if (!parts.terminal && !parts.output) {
      // an incomplete model stream without output: no empty step is recorded (upstream flush)
      const error = new NoOutputGeneratedError({
        message: "No output generated. The model stream ended without a finish chunk."
      })
      yield* env.emit({ type: "error", error })
      yield* stepError(error)
      return { _tag: "Failed", noOutput: true } as const
    }
    yield* parts.startStep()
    const toolExecutionMs: Record<string, number> = {}
    // quiet too (QuietTracer): each tool's handler runs with the propagation again (ExecuteTool)
    yield* quiet(parts.executeTools(toolExecutionMs))
    const stepEnd = yield* Clock.currentTimeMillis
    const performance = { stepTimeMs: stepEnd - stepStart, toolExecutionMs }
    const stepResponse: StepResponse = { ...parts.response, headers: response?.headers }
    const finishStep: TextStreamPart = {
      type: "finish-step",
      finishReason: parts.finishReason,
      rawFinishReason: parts.rawFinishReason,
      usage: parts.usage,
      performance,
      providerMetadata: parts.providerMetadata,
      response: stepResponse
    }
    if (retried) markRetried(finishStep, { content: [...parts.builder.content], request: parts.request, warnings: parts.warnings })
    yield* env.emit(finishStep)
    const responseMessages = yield* toResponseMessages(parts.builder.content, setup.runtime.info)
    const step: StepResult = {
      stepNumber,
      model: { provider: env.model.provider, modelId: env.model.modelId },
      ...viewsOf(parts.builder.content),
      finishReason: parts.finishReason,
      rawFinishReason: parts.rawFinishReason,
      usage: parts.usage,
      performance,
      warnings: parts.warnings,
      request: parts.request,
      response: { ...stepResponse, messages: responseMessages },
      providerMetadata: parts.providerMetadata,
      runtimeContext: setup.runtimeContext,
      toolsContext: setup.toolsContext
    }
    return {
      _tag: "Finished",
      step,
      toolCalls: parts.toolCalls,
      toolOutputs: parts.outputs,
      responseMessages,
      deniedApprovals: parts.deniedApprovals
    } as const
  })
