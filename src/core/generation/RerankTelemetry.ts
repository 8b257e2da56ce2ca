/**
 * The spans of one rerank call on Effect's tracer, as upstream's `LegacyOpenTelemetry` builds
 * them: `ai.rerank` (the call) and `ai.rerank.doRerank` (the model call) under it. As upstream,
 * one model-call span is tracked: a retried attempt replaces the failed one, which is not ended
 * (so not exported) — the call span and the last attempt's span carry the error.
 *
 * @internal
 */
import { Effect } from "effect"
import type * as Tracer from "effect/Tracer"
import type { RerankEndEvent, RerankingModelCallEndEvent, RerankingModelCallStartEvent, RerankStartEvent } from "../RerankEvents.ts"
import { resolve, type Resolved, type TelemetrySettings } from "../Telemetry.ts"
import * as Attr from "../internal/TelemetryAttributes.ts"
import { before, type Callback } from "./Callbacks.ts"
import { endSpan, openSpan, setAll } from "./GenerationTelemetry.ts"
import { OperationMetrics } from "./OperationMetrics.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/** The callbacks a rerank call notifies. @internal */
export interface RerankCallbacks {
  readonly onStart: Callback<RerankStartEvent>
  readonly onEnd: Callback<RerankEndEvent>
  readonly onRerankStart: Callback<RerankingModelCallStartEvent>
  readonly onRerankEnd: Callback<RerankingModelCallEndEvent>
}

/**
 * The span state of one rerank call.
 *
 * @internal
 */
export class RerankTracer {
  private root: Tracer.Span | undefined = undefined
  private call: Tracer.Span | undefined = undefined
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

  readonly onStart = (event: RerankStartEvent): Effect.Effect<void> => {
    this.base = Attr.baseAttributes({
      provider: event.provider,
      modelId: event.modelId,
      settings: { maxRetries: event.maxRetries },
      headers: event.headers,
      runtimeContext: Attr.includedContext(event.runtimeContext, this.recording.includeRuntimeContext)
    })
    const attributes = Attr.select(this.recording, {
      ...Attr.operationName(event.operationId, this.recording),
      ...this.base,
      "ai.documents": Attr.input(() => event.documents.map((d) => WireJson.render(d)))
    })
    return Effect.andThen(
      this.metrics.start(event.operationId, event),
      Effect.map(openSpan(event.operationId, attributes, undefined), (span) => {
        this.root = span
      })
    )
  }

  readonly onRerankStart = (event: RerankingModelCallStartEvent): Effect.Effect<void> => {
    if (this.root === undefined) return Effect.void
    const metrics = this.metrics.callStart(event.callId, event.operationId, event)
    const attributes = Attr.select(this.recording, {
      ...Attr.operationName(event.operationId, this.recording),
      ...this.base,
      "ai.documents": Attr.input(() => event.documents.map((d) => WireJson.render(d)))
    })
    return Effect.andThen(
      metrics,
      Effect.map(openSpan(event.operationId, attributes, this.root), (span) => {
        this.call = span
      })
    )
  }

  readonly onRerankEnd = (event: RerankingModelCallEndEvent): Effect.Effect<void> =>
    Effect.andThen(this.metrics.callEnd(event.callId, {}), this.endCall(event))

  private endCall(event: RerankingModelCallEndEvent): Effect.Effect<void> {
    const span = this.call
    if (span === undefined) return Effect.void
    this.call = undefined
    setAll(
      span,
      Attr.select(this.recording, {
        "ai.ranking.type": event.documentsType,
        "ai.ranking": Attr.output(() => event.ranking.map((r) => WireJson.render(r)))
      })
    )
    return endSpan(span)
  }

  /** Upstream records nothing on the call span at the end. */
  readonly onEnd = (_event: RerankEndEvent): Effect.Effect<void> => Effect.andThen(this.metrics.end, this.endRoot())

  private endRoot(): Effect.Effect<void> {
    const span = this.root
    if (span === undefined) return Effect.void
    this.root = undefined
    return endSpan(span)
  }

  /** The call failed (upstream `onError`): the open model call and the call span end with the error. */
  readonly onError = (error: unknown): Effect.Effect<void> =>
    Effect.andThen(this.metrics.error(error), () => {
      const failed = { error: this.filtered ? new Error("AI SDK operation failed") : error }
      const open = [...(this.call ? [this.call] : []), ...(this.root ? [this.root] : [])]
      this.call = undefined
      this.root = undefined
      return Effect.forEach(open, (span) => endSpan(span, failed), { discard: true })
    })

  /** Whatever is still open when the call ends (an interruption) ends. */
  readonly close: Effect.Effect<void> = Effect.andThen(Effect.suspend(() => this.metrics.close), () => {
    const open = [...(this.call ? [this.call] : []), ...(this.root ? [this.root] : [])]
    this.call = undefined
    this.root = undefined
    return Effect.forEach(open, (span) => endSpan(span), { discard: true })
  })
}

/** The options of a rerank call that telemetry reads and rewrites. @internal */
export interface TracedOptions {
  readonly telemetry?: TelemetrySettings | undefined
  readonly experimental_telemetry?: TelemetrySettings | undefined
  readonly onStart?: Callback<RerankStartEvent>
  readonly experimental_onStart?: Callback<RerankStartEvent>
  readonly onEnd?: Callback<RerankEndEvent>
  readonly experimental_onEnd?: Callback<RerankEndEvent>
  readonly onRerankStart?: Callback<RerankingModelCallStartEvent>
  readonly onRerankEnd?: Callback<RerankingModelCallEndEvent>
}

/**
 * Runs a rerank call with its spans when the call is traced: the options' callbacks get the
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
    const tracer = new RerankTracer(recording)
    const callbacks: RerankCallbacks = {
      onStart: before(tracer.onStart, options.onStart ?? options.experimental_onStart),
      onEnd: before(tracer.onEnd, options.onEnd ?? options.experimental_onEnd),
      onRerankStart: before(tracer.onRerankStart, options.onRerankStart),
      onRerankEnd: before(tracer.onRerankEnd, options.onRerankEnd)
    }
    return run({ ...options, ...callbacks }).pipe(Effect.tapError(tracer.onError), Effect.ensuring(tracer.close))
  })
