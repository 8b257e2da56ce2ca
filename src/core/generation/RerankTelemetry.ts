/**
 * The spans of one rerank call on Effect's tracer, as upstream's `LegacyOpenTelemetry` builds
 * them: `ai.rerank` (the call) and `ai.rerank.doRerank` (the model call) under it. As upstream,
 * one model-call span is tracked: a retried attempt (same call id) replaces the failed one, which
 * is not ended (so not exported) — the call span and the last attempt's span carry the error.
 *
 * @internal
 */
import { Effect } from "effect"
import type { RerankEndEvent, RerankingModelCallEndEvent, RerankingModelCallStartEvent, RerankStartEvent } from "../RerankEvents.ts"
import * as Attr from "../internal/TelemetryAttributes.ts"
import { before, type Callback } from "./Callbacks.ts"
import * as Operation from "./OperationTracer.ts"
import * as WireJson from "../../runtime/WireJson.ts"

const documents = (event: RerankStartEvent | RerankingModelCallStartEvent): Record<string, Attr.AttributeSpec> => ({
  "ai.documents": Attr.input(() => event.documents.map((d) => WireJson.render(d)))
})

/**
 * The span state of one rerank call.
 *
 * @internal
 */
export class RerankTracer extends Operation.OperationTracer<RerankStartEvent, RerankEndEvent> {
  readonly onStart = (event: RerankStartEvent): Effect.Effect<void> => this.openRoot(event, documents(event))

  readonly onRerankStart = (event: RerankingModelCallStartEvent): Effect.Effect<void> =>
    this.openCall(event.callId, event, documents(event))

  readonly onRerankEnd = (event: RerankingModelCallEndEvent): Effect.Effect<void> =>
    Effect.andThen(
      this.metrics.callEnd(event.callId, {}),
      this.endCall(event.callId, {
        "ai.ranking.type": event.documentsType,
        "ai.ranking": Attr.output(() => event.ranking.map((r) => WireJson.render(r)))
      })
    )

  /** Upstream records nothing on the call span at the end. */
  readonly onEnd = (_event: RerankEndEvent): Effect.Effect<void> => Effect.andThen(this.metrics.end, this.endRoot({}))
}

/** The options of a rerank call that telemetry reads and rewrites. @internal */
export interface TracedOptions extends Operation.TracedOptions<RerankStartEvent, RerankEndEvent> {
  readonly onRerankStart?: Callback<RerankingModelCallStartEvent>
  readonly onRerankEnd?: Callback<RerankingModelCallEndEvent>
}

/** The model-call callbacks the tracer wraps. */
type ModelCallCallbacks = Pick<TracedOptions, "onRerankStart" | "onRerankEnd">

/**
 * Runs a rerank call with its spans when the call is traced (see {@link Operation.traced}).
 *
 * @internal
 */
export const traced = <O extends TracedOptions, A, E, R>(
  options: O,
  run: (options: O) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Operation.traced<RerankStartEvent, RerankEndEvent, O, RerankTracer, ModelCallCallbacks, A, E, R>(
    options,
    (recording) => new RerankTracer(recording),
    (tracer) => ({
      onRerankStart: before(tracer.onRerankStart, options.onRerankStart),
      onRerankEnd: before(tracer.onRerankEnd, options.onRerankEnd)
    }),
    run
  )
