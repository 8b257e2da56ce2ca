/**
 * The spans of one embed / embedMany call on Effect's tracer, as upstream's `LegacyOpenTelemetry`
 * builds them: `ai.embed` / `ai.embedMany` (the call) and one `ai.embed.doEmbed` /
 * `ai.embedMany.doEmbed` per model call under it.
 *
 * @internal
 */
import { Effect } from "effect"
import type * as Tracer from "effect/Tracer"
import type { EmbeddingModelCallEndEvent, EmbeddingModelCallStartEvent, EmbedEndEvent, EmbedStartEvent } from "../EmbedEvents.ts"
import { type Resolved, resolve, type TelemetrySettings } from "../Telemetry.ts"
import * as Attr from "../internal/TelemetryAttributes.ts"
import { before, type Callback } from "./Callbacks.ts"
import { endSpan, openSpan, setAll } from "./GenerationTelemetry.ts"
import { OperationMetrics } from "./OperationMetrics.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/** The callbacks an embedding call notifies. @internal */
export interface EmbedCallbacks {
  readonly onStart: Callback<EmbedStartEvent>
  readonly onEnd: Callback<EmbedEndEvent>
  readonly onEmbedStart: Callback<EmbeddingModelCallStartEvent>
  readonly onEmbedEnd: Callback<EmbeddingModelCallEndEvent>
}

/**
 * The span state of one embedding call.
 *
 * @internal
 */
export class EmbedTracer {
  private root: Tracer.Span | undefined = undefined
  private readonly calls = new Map<string, Tracer.Span>()
  private base: Record<string, Attr.AttributeSpec> = {}
  readonly recording: Resolved
  private readonly metrics: OperationMetrics

  constructor(recording: Resolved) {
    this.recording = recording
    this.metrics = new OperationMetrics(recording.functionId)
  }

  private get filtered(): boolean {
    return !this.recording.recordInputs || !this.recording.recordOutputs
  }

  readonly onStart = (event: EmbedStartEvent): Effect.Effect<void> => {
    this.base = Attr.baseAttributes({
      provider: event.provider,
      modelId: event.modelId,
      settings: { maxRetries: event.maxRetries },
      headers: event.headers,
      runtimeContext: Attr.includedContext(event.runtimeContext, this.recording.includeRuntimeContext)
    })
    const value = event.value
    const attributes = Attr.select(this.recording, {
      ...Attr.operationName(event.operationId, this.recording),
      ...this.base,
      ...(typeof value === "string"
        ? { "ai.value": Attr.input(() => WireJson.render(value)) }
        : { "ai.values": Attr.input(() => value.map((v) => WireJson.render(v))) })
    })
    return Effect.andThen(
      this.metrics.start(event.operationId, event),
      Effect.map(openSpan(event.operationId, attributes, undefined), (span) => {
        this.root = span
      })
    )
  }

  readonly onEmbedStart = (event: EmbeddingModelCallStartEvent): Effect.Effect<void> => {
    if (this.root === undefined) return Effect.void
    const metrics = this.metrics.callStart(event.embedCallId, event.operationId, event)
    const attributes = Attr.select(this.recording, {
      ...Attr.operationName(event.operationId, this.recording),
      ...this.base,
      "ai.values": Attr.input(() => event.values.map((v) => WireJson.render(v)))
    })
    return Effect.andThen(
      metrics,
      Effect.map(openSpan(event.operationId, attributes, this.root), (span) => {
        this.calls.set(event.embedCallId, span)
      })
    )
  }

  readonly onEmbedEnd = (event: EmbeddingModelCallEndEvent): Effect.Effect<void> =>
    Effect.andThen(this.metrics.callEnd(event.embedCallId, { inputTokens: event.usage.tokens }), this.endCall(event))

  private endCall(event: EmbeddingModelCallEndEvent): Effect.Effect<void> {
    const span = this.calls.get(event.embedCallId)
    if (span === undefined) return Effect.void
    this.calls.delete(event.embedCallId)
    setAll(
      span,
      Attr.select(this.recording, {
        "ai.embeddings": Attr.output(() => event.embeddings.map((e) => WireJson.render(e))),
        "ai.usage.tokens": event.usage.tokens
      })
    )
    return endSpan(span)
  }

  readonly onEnd = (event: EmbedEndEvent): Effect.Effect<void> => Effect.andThen(this.metrics.end, this.endRoot(event))

  private endRoot(event: EmbedEndEvent): Effect.Effect<void> {
    const span = this.root
    if (span === undefined) return Effect.void
    this.root = undefined
    const embedding = event.embedding
    setAll(
      span,
      Attr.select(this.recording, {
        ...(event.operationId === "ai.embedMany"
          ? { "ai.embeddings": Attr.output(() => [...embedding].map((e) => WireJson.render(e))) }
          : { "ai.embedding": Attr.output(() => WireJson.render(embedding)) }),
        "ai.usage.tokens": event.usage.tokens
      })
    )
    return endSpan(span)
  }

  /** The call failed (upstream `onError`): the open model calls and the call span end with the error. */
  readonly onError = (error: unknown): Effect.Effect<void> =>
    Effect.andThen(this.metrics.error(error), () => {
      const failed = { error: this.filtered ? new Error("AI SDK operation failed") : error }
      const open = [...this.calls.values(), ...(this.root ? [this.root] : [])]
      this.calls.clear()
      this.root = undefined
      return Effect.forEach(open, (span) => endSpan(span, failed), { discard: true })
    })

  /** Whatever is still open when the call ends (an interruption) ends. */
  readonly close: Effect.Effect<void> = Effect.andThen(Effect.suspend(() => this.metrics.close), () => {
    const open = [...this.calls.values(), ...(this.root ? [this.root] : [])]
    this.calls.clear()
    this.root = undefined
    return Effect.forEach(open, (span) => endSpan(span), { discard: true })
  })
}

/**
 * The embedding callbacks with the tracer's handlers first.
 *
 * @internal
 */
export const withEmbedTelemetry = (callbacks: EmbedCallbacks, tracer: EmbedTracer | undefined): EmbedCallbacks =>
  tracer === undefined ? callbacks : {
    onStart: before(tracer.onStart, callbacks.onStart),
    onEnd: before(tracer.onEnd, callbacks.onEnd),
    onEmbedStart: before(tracer.onEmbedStart, callbacks.onEmbedStart),
    onEmbedEnd: before(tracer.onEmbedEnd, callbacks.onEmbedEnd)
  }

/** The options of an embedding call that telemetry reads and rewrites. @internal */
export interface TracedOptions {
  readonly telemetry?: TelemetrySettings | undefined
  readonly experimental_telemetry?: TelemetrySettings | undefined
  readonly onStart?: Callback<EmbedStartEvent>
  readonly experimental_onStart?: Callback<EmbedStartEvent>
  readonly onEnd?: Callback<EmbedEndEvent>
  readonly experimental_onEnd?: Callback<EmbedEndEvent>
  readonly onEmbedStart?: Callback<EmbeddingModelCallStartEvent>
  readonly onEmbedEnd?: Callback<EmbeddingModelCallEndEvent>
}

/**
 * Runs an embedding call with its spans when the call is traced: the options' callbacks get the
 * tracer's handlers first, a failure ends the open spans failed.
 *
 * @internal
 */
export const traced = <O extends TracedOptions, A, E, R>(
  options: O,
  run: (options: O) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.flatMap(resolve(options.telemetry ?? options.experimental_telemetry), (recording) => {
    if (recording === undefined) return run(options)
    const tracer = new EmbedTracer(recording)
    const callbacks = withEmbedTelemetry({
      onStart: options.onStart ?? options.experimental_onStart,
      onEnd: options.onEnd ?? options.experimental_onEnd,
      onEmbedStart: options.onEmbedStart,
      onEmbedEnd: options.onEmbedEnd
    }, tracer)
    return run({ ...options, ...callbacks }).pipe(Effect.tapError(tracer.onError), Effect.ensuring(tracer.close))
  })
