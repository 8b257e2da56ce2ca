/**
 * What the spans of a traced embed / embedMany / rerank call share, as upstream's
 * `LegacyOpenTelemetry` builds them: one call span, the model-call spans under it, the base
 * attributes both carry, the operation's metrics, and ending whatever is still open at a failure
 * or an interruption. Each operation's tracer (`EmbedTelemetry.ts`, `RerankTelemetry.ts`) says
 * what its spans record.
 *
 * @internal
 */
import { Effect } from "effect"
import type * as Tracer from "effect/Tracer"
import { type Resolved, resolve, type TelemetrySettings } from "../Telemetry.ts"
import * as Attr from "../internal/TelemetryAttributes.ts"
import { before, type Callback } from "./Callbacks.ts"
import { endSpan, openSpan, setAll } from "./GenerationTelemetry.ts"
import { OperationMetrics } from "./OperationMetrics.ts"

/** What a call's start event tells every span of the call. @internal */
export interface OperationStart {
  readonly operationId: string
  readonly provider: string
  readonly modelId: string
  readonly maxRetries: number
  readonly headers: Readonly<Record<string, string | undefined>> | undefined
  readonly runtimeContext: Readonly<Record<string, unknown>> | undefined
}

/** What a model call's start event tells its span. @internal */
export interface ModelCallStart {
  readonly operationId: string
  readonly provider: string
  readonly modelId: string
}

/**
 * The span state of one traced call: its `onStart` / `onEnd` handlers, written by the operation,
 * run before the user's callbacks of the same name.
 *
 * @internal
 */
export abstract class OperationTracer<Start extends OperationStart, End> {
  private root: Tracer.Span | undefined = undefined
  private readonly calls = new Map<string, Tracer.Span>()
  private base: Record<string, Attr.AttributeSpec> = {}
  readonly recording: Resolved
  protected readonly metrics: OperationMetrics

  constructor(recording: Resolved) {
    this.recording = recording
    this.metrics = new OperationMetrics(recording.functionId)
  }

  abstract readonly onStart: (event: Start) => Effect.Effect<void>
  abstract readonly onEnd: (event: End) => Effect.Effect<void>

  private get filtered(): boolean {
    return !this.recording.recordInputs || !this.recording.recordOutputs
  }

  /** Opens the call span with the base attributes and the call's inputs. */
  protected openRoot(event: Start, inputs: Readonly<Record<string, Attr.AttributeSpec>>): Effect.Effect<void> {
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
      ...inputs
    })
    return Effect.andThen(
      this.metrics.start(event.operationId, event),
      Effect.map(openSpan(event.operationId, attributes, undefined), (span) => {
        this.root = span
      })
    )
  }

  /**
   * Opens a model call's span under the call span, tracked by `id`. As upstream, a retried attempt
   * under the same id replaces the failed one's span, which is not ended (so not exported).
   */
  protected openCall(
    id: string,
    event: ModelCallStart,
    inputs: Readonly<Record<string, Attr.AttributeSpec>>
  ): Effect.Effect<void> {
    const root = this.root
    if (root === undefined) return Effect.void
    const metrics = this.metrics.callStart(id, event.operationId, event)
    const attributes = Attr.select(this.recording, {
      ...Attr.operationName(event.operationId, this.recording),
      ...this.base,
      ...inputs
    })
    return Effect.andThen(
      metrics,
      Effect.map(openSpan(event.operationId, attributes, root), (span) => {
        this.calls.set(id, span)
      })
    )
  }

  /** Ends the model call's span tracked by `id` with its outputs. */
  protected endCall(id: string, outputs: Readonly<Record<string, Attr.AttributeSpec>>): Effect.Effect<void> {
    const span = this.calls.get(id)
    if (span === undefined) return Effect.void
    this.calls.delete(id)
    setAll(span, Attr.select(this.recording, outputs))
    return endSpan(span)
  }

  /** Ends the call span with its outputs. */
  protected endRoot(outputs: Readonly<Record<string, Attr.AttributeSpec>>): Effect.Effect<void> {
    const span = this.root
    if (span === undefined) return Effect.void
    this.root = undefined
    setAll(span, Attr.select(this.recording, outputs))
    return endSpan(span)
  }

  /** The open spans, model calls first, forgotten. */
  private takeOpen(): ReadonlyArray<Tracer.Span> {
    const open = [...this.calls.values(), ...(this.root ? [this.root] : [])]
    this.calls.clear()
    this.root = undefined
    return open
  }

  /** The call failed (upstream `onError`): the open model calls and the call span end with the error. */
  readonly onError = (error: unknown): Effect.Effect<void> =>
    Effect.andThen(this.metrics.error(error), () => {
      const failed = { error: this.filtered ? new Error("AI SDK operation failed") : error }
      return Effect.forEach(this.takeOpen(), (span) => endSpan(span, failed), { discard: true })
    })

  /** Whatever is still open when the call ends (an interruption) ends. */
  readonly close: Effect.Effect<void> = Effect.andThen(
    Effect.suspend(() => this.metrics.close),
    () => Effect.forEach(this.takeOpen(), (span) => endSpan(span), { discard: true })
  )
}

/**
 * The tracing options and call lifecycle callbacks of embed, embedMany and rerank (upstream names;
 * the `experimental_*` names are upstream's deprecated aliases, used when the new name is absent).
 *
 * @internal
 */
export interface TracedOptions<Start, End> {
  /** Tracing of this call (upstream `telemetry`; see `Telemetry.ts`). */
  readonly telemetry?: TelemetrySettings | undefined
  /** Upstream's older name of `telemetry`. */
  readonly experimental_telemetry?: TelemetrySettings | undefined
  readonly onStart?: Callback<Start>
  readonly experimental_onStart?: Callback<Start>
  readonly onEnd?: Callback<End>
  readonly experimental_onEnd?: Callback<End>
}

/**
 * Runs a call with its spans when the call is traced: the options' `onStart` / `onEnd` and the
 * model-call callbacks `callbacks` returns get the tracer's handlers first, a failure ends the
 * open spans failed.
 *
 * @internal
 */
export const traced = <
  Start extends OperationStart,
  End,
  O extends TracedOptions<Start, End>,
  T extends OperationTracer<Start, End>,
  C extends object,
  A,
  E,
  R
>(
  options: O,
  tracer: (recording: Resolved) => T,
  callbacks: (tracer: T) => C,
  run: (options: O) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.flatMap(resolve(options.telemetry ?? options.experimental_telemetry), (recording) => {
    if (recording === undefined) return run(options)
    const t = tracer(recording)
    return run({
      ...options,
      ...callbacks(t),
      onStart: before(t.onStart, options.onStart ?? options.experimental_onStart),
      onEnd: before(t.onEnd, options.onEnd ?? options.experimental_onEnd)
    }).pipe(Effect.tapError(t.onError), Effect.ensuring(t.close))
  })
