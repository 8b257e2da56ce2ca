/**
 * The spans of one generateText / streamText call on Effect's tracer, built from the lifecycle
 * events as upstream's `LegacyOpenTelemetry` builds them: `ai.generateText` / `ai.streamText`
 * (the call), one `ai.generateText.doGenerate` / `ai.streamText.doStream` per step under it, one
 * `ai.toolCall` per client tool execution under its step. The recorder's callbacks run before the
 * user's (see {@link withTelemetry}); whatever is still open when the run ends is closed by
 * {@link GenerationTracer.close}.
 *
 * @internal
 */
import { Clock, Effect, Exit } from "effect"
import type * as Tracer from "effect/Tracer"
import type { Prompt } from "../../contract/Prompt.ts"
import { convertToBase64 } from "../../runtime/Base64.ts"
import type { LanguageModelUsage } from "../CoreUsage.ts"
import type {
  LanguageModelCallEndEvent,
  LanguageModelCallStartEvent,
  StartEvent,
  StepErrorEvent,
  StepStartEvent,
  ToolExecutionEndEvent,
  ToolExecutionStartEvent
} from "../GenerationEvents.ts"
import type { ModelMessage } from "../ModelMessage.ts"
import type { StepResult } from "../StepResult.ts"
import type { Resolved } from "../Telemetry.ts"
import * as Attr from "../internal/TelemetryAttributes.ts"
import { before, type Callback, type ResolvedCallbacks } from "./Callbacks.ts"
import { GenerationMetrics } from "./GenerationMetrics.ts"
import type { BaseOptions } from "./Settings.ts"
import * as WireJson from "../../runtime/WireJson.ts"

type Options = Pick<
  BaseOptions<StepResult, {}, unknown>,
  | "prompt" | "messages" | "system" | "maxOutputTokens" | "temperature" | "topP" | "topK" | "presencePenalty"
  | "frequencyPenalty" | "stopSequences" | "seed" | "headers"
>

/** The totals of a finished run (upstream `GenerateTextEndEvent`, what the root span records). @internal */
export interface EndView {
  readonly finishReason: StepResult["finishReason"]
  readonly text: string
  readonly toolCalls: StepResult["toolCalls"]
  readonly files: StepResult["files"]
  readonly usage: LanguageModelUsage
  readonly finalStep: StepResult
}

/** Upstream `stringifyForTelemetry`: file bytes as base64, URLs as strings. */
const stringifyPrompt = (prompt: Prompt): string =>
  WireJson.render(prompt.map((message) =>
    typeof message.content === "string" ? message : {
      ...message,
      content: message.content.map((part) => part.type === "file" ? { ...part, data: fileData(part.data) } : part)
    }
  ))

const fileData = (data: Extract<Prompt[number]["content"][number], { readonly type: "file" }>["data"]): unknown => {
  switch (data.type) {
    case "data":
      return convertToBase64(data.data)
    case "url":
      return data.url.toString()
    case "reference":
      return data.reference
    case "text":
      return data.text
  }
}

/** The prompt as upstream's standardized messages (a string prompt is one user message). */
const standardMessages = (options: Options): ReadonlyArray<ModelMessage> =>
  typeof options.prompt === "string"
    ? [{ role: "user", content: options.prompt }]
    : options.prompt ?? options.messages ?? []

const usageAttributes = (usage: LanguageModelUsage): Record<string, Attr.AttributeSpec> => ({
  "ai.usage.inputTokens": usage.inputTokens,
  "ai.usage.outputTokens": usage.outputTokens,
  "ai.usage.totalTokens": usage.totalTokens,
  "ai.usage.reasoningTokens": usage.outputTokenDetails?.reasoningTokens,
  "ai.usage.cachedInputTokens": usage.inputTokenDetails?.cacheReadTokens,
  "ai.usage.inputTokenDetails.noCacheTokens": usage.inputTokenDetails?.noCacheTokens,
  "ai.usage.inputTokenDetails.cacheReadTokens": usage.inputTokenDetails?.cacheReadTokens,
  "ai.usage.inputTokenDetails.cacheWriteTokens": usage.inputTokenDetails?.cacheWriteTokens,
  "ai.usage.outputTokenDetails.textTokens": usage.outputTokenDetails?.textTokens,
  "ai.usage.outputTokenDetails.reasoningTokens": usage.outputTokenDetails?.reasoningTokens
})

const responseAttributes = (view: {
  readonly text: string
  readonly reasoning: StepResult["reasoning"]
  readonly toolCalls: StepResult["toolCalls"]
  readonly files: StepResult["files"]
}): Record<string, Attr.AttributeSpec> => ({
  "ai.response.text": Attr.output(() => view.text),
  "ai.response.reasoning": Attr.output(() =>
    view.reasoning.length > 0
      ? view.reasoning.flatMap((part) => part.type === "reasoning" ? [part.text] : []).join("\n")
      : undefined
  ),
  "ai.response.toolCalls": Attr.output(() =>
    view.toolCalls.length > 0
      ? WireJson.render(view.toolCalls.map((call) => ({ toolCallId: call.toolCallId, toolName: call.toolName, input: call.input })))
      : undefined
  ),
  "ai.response.files": Attr.output(() =>
    view.files.length > 0
      ? WireJson.render(view.files.map((file) => ({ type: "file", mediaType: file.mediaType, data: file.base64 })))
      : undefined
  )
})

const tokensPerSecond = (tokens: number | undefined, durationMs: number): number => {
  const rate = (1000 * (tokens ?? 0)) / durationMs
  return Number.isFinite(rate) ? rate : 0
}

/** Sets every attribute on a span. @internal */
export const setAll = (span: Tracer.Span, attributes: Readonly<Record<string, unknown>>): void => {
  for (const key in attributes) span.attribute(key, attributes[key])
}

/** Ends a span now; `error` ends it failed (an `exception` event and the error status). @internal */
export const endSpan = (span: Tracer.Span, error?: { readonly error: unknown }): Effect.Effect<void> =>
  Effect.map(Clock.currentTimeNanos, (now) => span.end(now, error === undefined ? Exit.void : Exit.fail(error.error)))

/**
 * The span state of one call and the event handlers that build its spans.
 *
 * @internal
 */
export class GenerationTracer {
  private root: Tracer.Span | undefined = undefined
  private step: Tracer.Span | undefined = undefined
  private readonly tools = new Map<string, Tracer.Span>()
  private base: Record<string, Attr.AttributeSpec> = {}
  private settings: Record<string, unknown> = {}
  private toolsRecorded = false
  private performance: LanguageModelCallEndEvent["performance"] | undefined = undefined
  private readonly isStream: boolean
  private readonly stepOperationId: string
  readonly recording: Resolved
  readonly operationId: StartEvent["operationId"]
  private readonly options: Options
  private readonly metrics: GenerationMetrics

  constructor(recording: Resolved, operationId: StartEvent["operationId"], options: Options) {
    this.recording = recording
    this.operationId = operationId
    this.options = options
    this.isStream = operationId === "ai.streamText"
    this.stepOperationId = this.isStream ? "ai.streamText.doStream" : "ai.generateText.doGenerate"
    this.metrics = new GenerationMetrics(operationId, this.stepOperationId, recording.functionId)
  }

  /**
   * Upstream's dispatcher filters events when inputs or outputs are not recorded: errors become
   * "AI SDK operation failed", provider metadata goes, tool inputs go with the inputs.
   */
  private get filtered(): boolean {
    return !this.recording.recordInputs || !this.recording.recordOutputs
  }

  private errorOf(error: unknown): { readonly error: unknown } {
    return { error: this.filtered ? new Error("AI SDK operation failed") : error }
  }

  private metadataOf(metadata: StepResult["providerMetadata"]): string | undefined {
    return metadata && !this.filtered ? WireJson.render(metadata) : undefined
  }

  private select(specs: Readonly<Record<string, Attr.AttributeSpec>>) {
    return Attr.select(this.recording, specs)
  }

  private open(name: string, attributes: Record<string, Attr.AttributeValue>, parent: Tracer.Span | undefined) {
    return openSpan(name, attributes, parent)
  }

  readonly onStart = (event: StartEvent): Effect.Effect<void> => {
    const o = this.options
    this.settings = {
      maxOutputTokens: o.maxOutputTokens,
      temperature: o.temperature,
      topP: o.topP,
      topK: o.topK,
      presencePenalty: o.presencePenalty,
      frequencyPenalty: o.frequencyPenalty,
      stopSequences: o.stopSequences,
      seed: o.seed,
      maxRetries: event.maxRetries
    }
    this.base = Attr.baseAttributes({
      provider: event.provider,
      modelId: event.modelId,
      settings: this.settings,
      headers: o.headers,
      runtimeContext: Attr.includedContext(event.runtimeContext, this.recording.includeRuntimeContext)
    })
    const attributes = this.select({
      ...Attr.operationName(this.operationId, this.recording),
      ...this.base,
      "ai.prompt": Attr.input(() => WireJson.render({ system: event.system, messages: standardMessages(o) }))
    })
    return Effect.andThen(
      this.metrics.onStart(event),
      Effect.map(this.open(this.operationId, attributes, undefined), (span) => {
        this.root = span
      })
    )
  }

  readonly onStepStart = (event: StepStartEvent): Effect.Effect<void> => {
    if (this.root === undefined) return Effect.void
    const metrics = this.metrics.onStepStart(event)
    const s = this.settings
    this.toolsRecorded = false
    this.performance = undefined
    const attributes = this.select({
      ...Attr.operationName(this.stepOperationId, this.recording),
      ...this.base,
      "ai.model.provider": event.provider,
      "ai.model.id": event.modelId,
      "ai.prompt.messages": Attr.input(() => stringifyPrompt(event.promptMessages)),
      "ai.prompt.toolChoice": Attr.input(() => WireJson.render(event.stepToolChoice)),
      "gen_ai.system": event.provider,
      "gen_ai.request.model": event.modelId,
      "gen_ai.request.frequency_penalty": numberOf(s.frequencyPenalty),
      "gen_ai.request.max_tokens": numberOf(s.maxOutputTokens),
      "gen_ai.request.presence_penalty": numberOf(s.presencePenalty),
      "gen_ai.request.stop_sequences": Array.isArray(s.stopSequences) ? s.stopSequences : undefined,
      "gen_ai.request.temperature": numberOf(s.temperature),
      "gen_ai.request.top_k": numberOf(s.topK),
      "gen_ai.request.top_p": numberOf(s.topP)
    })
    return Effect.andThen(
      metrics,
      Effect.map(this.open(this.stepOperationId, attributes, this.root), (span) => {
        this.step = span
      })
    )
  }

  /** The step's tools (upstream records them at the step start; the call start carries them here). */
  readonly onLanguageModelCallStart = (event: LanguageModelCallStartEvent): Effect.Effect<void> =>
    Effect.andThen(this.metrics.onLanguageModelCallStart(event), Effect.sync(() => {
      if (this.step === undefined || this.toolsRecorded) return
      this.toolsRecorded = true
      const tools = event.tools
      setAll(
        this.step,
        this.select({
          "ai.prompt.tools": Attr.input(() => tools?.map((tool) => WireJson.render(toolDefinition(tool))))
        })
      )
    }))

  readonly onLanguageModelCallEnd = (event: LanguageModelCallEndEvent): Effect.Effect<void> =>
    Effect.andThen(this.metrics.onLanguageModelCallEnd(event), Effect.sync(() => {
      this.performance = event.performance
    }))

  readonly onToolExecutionStart = (event: ToolExecutionStartEvent): Effect.Effect<void> => {
    if (this.step === undefined) return Effect.void
    const call = event.toolCall
    const context: Record<string, Attr.AttributeSpec> = {}
    for (const key in this.base) if (key.startsWith("ai.settings.context.")) context[key] = this.base[key]
    const attributes = this.select({
      ...Attr.operationName("ai.toolCall", this.recording),
      ...context,
      "ai.toolCall.name": call.toolName,
      "ai.toolCall.id": call.toolCallId,
      // upstream records the arguments with the outputs
      "ai.toolCall.args": this.recording.recordInputs ? Attr.output(() => WireJson.render(call.input)) : undefined
    })
    return Effect.map(this.open("ai.toolCall", attributes, this.step), (span) => {
      this.tools.set(call.toolCallId, span)
    })
  }

  /** The tool's own spans (and OpenTelemetry's active context) are under its `ai.toolCall` span. */
  readonly executeTool = <A, E, R>(toolCallId: string, execute: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    // looked up when it runs: the span opens at onToolExecutionStart, after this is built
    Effect.suspend(() => {
      const span = this.tools.get(toolCallId)
      return span === undefined ? execute : Effect.withParentSpan(execute, span, noStackTrace)
    })

  readonly onToolExecutionEnd = (event: ToolExecutionEndEvent): Effect.Effect<void> =>
    Effect.andThen(this.metrics.onToolExecutionEnd(event), () => {
      const span = this.tools.get(event.toolCall.toolCallId)
      if (span === undefined) return Effect.void
      this.tools.delete(event.toolCall.toolCallId)
      const out = event.toolOutput
      if (out.type === "tool-error") return endSpan(span, this.errorOf(out.error))
      const result = jsonOf(out.output)
      if (result !== undefined) setAll(span, this.select({ "ai.toolCall.result": Attr.output(() => result) }))
      return endSpan(span)
    })

  readonly onStepEnd = (step: StepResult): Effect.Effect<void> => {
    const span = this.step
    if (span === undefined) return Effect.void
    this.step = undefined
    const performance = this.performance
    const stream = this.isStream && performance !== undefined
    const msToFirstChunk = stream ? performance.timeToFirstOutputMs : undefined
    const msToFinish = stream ? performance.responseTimeMs : undefined
    const perSecond = stream ? tokensPerSecond(step.usage.outputTokens, performance.responseTimeMs) : undefined
    setAll(
      span,
      this.select({
        "ai.response.finishReason": step.finishReason,
        ...responseAttributes(step),
        "ai.response.id": step.response.id,
        "ai.response.model": step.response.modelId,
        "ai.response.timestamp": step.response.timestamp.toISOString(),
        "ai.response.providerMetadata": this.metadataOf(step.providerMetadata),
        "ai.response.msToFirstChunk": msToFirstChunk,
        "ai.response.msToFinish": msToFinish,
        "ai.response.avgOutputTokensPerSecond": perSecond,
        ...usageAttributes(step.usage),
        "gen_ai.response.finish_reasons": [step.finishReason],
        "gen_ai.response.id": step.response.id,
        "gen_ai.response.model": step.response.modelId,
        "gen_ai.usage.input_tokens": step.usage.inputTokens,
        "gen_ai.usage.output_tokens": step.usage.outputTokens
      })
    )
    return Effect.flatMap(Clock.currentTimeNanos, (now) => {
      if (msToFirstChunk !== undefined) span.event("ai.stream.firstChunk", now, { "ai.response.msToFirstChunk": msToFirstChunk })
      if (this.isStream) {
        span.event("ai.stream.finish", now, {
          ...(msToFinish !== undefined ? { "ai.response.msToFinish": msToFinish } : {}),
          ...(perSecond !== undefined ? { "ai.response.avgOutputTokensPerSecond": perSecond } : {})
        })
      }
      return step.finishReason === "error" ? endSpan(span, { error: "finish reason: error" }) : endSpan(span)
    })
  }

  readonly onStepError = (event: StepErrorEvent): Effect.Effect<void> =>
    Effect.andThen(this.metrics.onStepError(event), () => {
      const span = this.step
      if (span === undefined) return Effect.void
      this.step = undefined
      return endSpan(span, this.errorOf(event.error))
    })

  readonly onEnd = (end: EndView): Effect.Effect<void> => Effect.andThen(this.metrics.onEnd, this.endRoot(end))

  private endRoot(end: EndView): Effect.Effect<void> {
    const span = this.root
    if (span === undefined) return Effect.void
    this.root = undefined
    setAll(
      span,
      this.select({
        "ai.response.finishReason": end.finishReason,
        ...responseAttributes({ text: end.text, reasoning: end.finalStep.reasoning, toolCalls: end.toolCalls, files: end.files }),
        "ai.response.providerMetadata": this.metadataOf(end.finalStep.providerMetadata),
        ...usageAttributes(end.usage)
      })
    )
    return end.finishReason === "error" ? endSpan(span, { error: "finish reason: error" }) : endSpan(span)
  }

  /** The run failed (upstream `onError`): the open step and the call span end with the error. */
  readonly onError = (error: unknown): Effect.Effect<void> =>
    Effect.andThen(this.metrics.onError(error), () => {
      const step = this.step
      const root = this.root
      this.step = undefined
      this.root = undefined
      return Effect.andThen(
        step === undefined ? Effect.void : endSpan(step, this.errorOf(error)),
        root === undefined ? Effect.void : endSpan(root, this.errorOf(error))
      )
    })

  private noted: { readonly error: unknown } | undefined = undefined

  /** streamText: the last error part, for {@link failWithNoted}. */
  noteError(error: unknown): void {
    this.noted = { error }
  }

  /** streamText: a run that ends failed without an end event ends its spans with its last error. */
  readonly failWithNoted: Effect.Effect<void> = Effect.suspend(() =>
    this.noted === undefined ? Effect.void : this.onError(this.noted.error)
  )

  /** The run ended without an end or error event (an abort, an interruption): everything open ends. */
  readonly close: Effect.Effect<void> = Effect.andThen(Effect.suspend(() => this.metrics.close), () => {
    const open = [...this.tools.values(), ...(this.step ? [this.step] : []), ...(this.root ? [this.root] : [])]
    this.tools.clear()
    this.step = undefined
    this.root = undefined
    return Effect.forEach(open, (span) => endSpan(span), { discard: true })
  })
}

/** Starts a span (under `parent`, else the current span) with its attributes. @internal */
export const openSpan = (
  name: string,
  attributes: Record<string, Attr.AttributeValue>,
  parent: Tracer.Span | undefined
): Effect.Effect<Tracer.Span> =>
  Effect.tap(
    Effect.makeSpan(name, parent === undefined ? {} : { parent }),
    (span) => Effect.sync(() => setAll(span, attributes))
  )

/** A re-parented effect needs no stack trace of its own (capturing one costs an Error per call). */
const noStackTrace: { readonly captureStackTrace: false } = { captureStackTrace: false }

const numberOf = (value: unknown): number | undefined => typeof value === "number" ? value : undefined

/** JSON of a tool result, or undefined when it cannot be serialized (upstream skips it then). */
const jsonOf = (value: unknown): string | undefined => {
  const text = WireJson.render(value)
  return text === WireJson.unprintable ? undefined : text
}

/** A call tool as upstream's step start lists it (provider tool credentials redacted as upstream). */
const toolDefinition = (tool: NonNullable<LanguageModelCallStartEvent["tools"]>[number]): unknown =>
  tool.type === "function"
    ? {
      type: tool.type,
      name: tool.name,
      inputSchema: tool.inputSchema,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(tool.inputExamples !== undefined ? { inputExamples: tool.inputExamples } : {}),
      ...(tool.strict !== undefined ? { strict: tool.strict } : {}),
      ...(tool.providerOptions !== undefined ? { providerOptions: tool.providerOptions } : {})
    }
    : tool

/**
 * The callbacks with the tracer's handlers first (a user callback that fails still cannot break
 * the spans: the tracer runs before it).
 *
 * @internal
 */
export const withTelemetry = (callbacks: ResolvedCallbacks, tracer: GenerationTracer | undefined): ResolvedCallbacks =>
  tracer === undefined ? callbacks : {
    onStart: before(tracer.onStart, callbacks.onStart),
    onStepStart: before(tracer.onStepStart, callbacks.onStepStart),
    onLanguageModelCallStart: before(tracer.onLanguageModelCallStart, callbacks.onLanguageModelCallStart),
    onLanguageModelCallEnd: before(tracer.onLanguageModelCallEnd, callbacks.onLanguageModelCallEnd),
    onToolExecutionStart: before(tracer.onToolExecutionStart, callbacks.onToolExecutionStart),
    onToolExecutionEnd: before(tracer.onToolExecutionEnd, callbacks.onToolExecutionEnd),
    onStepError: before(tracer.onStepError, callbacks.onStepError),
    executeTool: tracer.executeTool
  }

