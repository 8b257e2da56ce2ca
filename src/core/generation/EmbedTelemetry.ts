/**
 * The spans of one embed / embedMany call on Effect's tracer, as upstream's `LegacyOpenTelemetry`
 * builds them: `ai.embed` / `ai.embedMany` (the call) and one `ai.embed.doEmbed` /
 * `ai.embedMany.doEmbed` per model call under it.
 *
 * @internal
 */
import { Effect } from "effect"
import type { EmbeddingModelCallEndEvent, EmbeddingModelCallStartEvent, EmbedEndEvent, EmbedStartEvent } from "../EmbedEvents.ts"
import * as Attr from "../internal/TelemetryAttributes.ts"
import { before, type Callback } from "./Callbacks.ts"
import * as Operation from "./OperationTracer.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * The span state of one embedding call.
 *
 * @internal
 */
export class EmbedTracer extends Operation.OperationTracer<EmbedStartEvent, EmbedEndEvent> {
  readonly onStart = (event: EmbedStartEvent): Effect.Effect<void> => {
    const value = event.value
    return this.openRoot(
      event,
      typeof value === "string"
        ? { "ai.value": Attr.input(() => WireJson.render(value)) }
        : { "ai.values": Attr.input(() => value.map((v) => WireJson.render(v))) }
    )
  }

  readonly onEmbedStart = (event: EmbeddingModelCallStartEvent): Effect.Effect<void> =>
    this.openCall(event.embedCallId, event, {
      "ai.values": Attr.input(() => event.values.map((v) => WireJson.render(v)))
    })

  readonly onEmbedEnd = (event: EmbeddingModelCallEndEvent): Effect.Effect<void> =>
    Effect.andThen(
      this.metrics.callEnd(event.embedCallId, { inputTokens: event.usage.tokens }),
      this.endCall(event.embedCallId, {
        "ai.embeddings": Attr.output(() => event.embeddings.map((e) => WireJson.render(e))),
        "ai.usage.tokens": event.usage.tokens
      })
    )

  readonly onEnd = (event: EmbedEndEvent): Effect.Effect<void> => {
    const embedding = event.embedding
    return Effect.andThen(
      this.metrics.end,
      this.endRoot({
        ...(event.operationId === "ai.embedMany"
          ? { "ai.embeddings": Attr.output(() => [...embedding].map((e) => WireJson.render(e))) }
          : { "ai.embedding": Attr.output(() => WireJson.render(embedding)) }),
        "ai.usage.tokens": event.usage.tokens
      })
    )
  }
}

/** The options of an embedding call that telemetry reads and rewrites. @internal */
export interface TracedOptions extends Operation.TracedOptions<EmbedStartEvent, EmbedEndEvent> {
  readonly onEmbedStart?: Callback<EmbeddingModelCallStartEvent>
  readonly onEmbedEnd?: Callback<EmbeddingModelCallEndEvent>
}

/** The model-call callbacks the tracer wraps. */
type ModelCallCallbacks = Pick<TracedOptions, "onEmbedStart" | "onEmbedEnd">

/**
 * Runs an embedding call with its spans when the call is traced (see {@link Operation.traced}).
 *
 * @internal
 */
export const traced = <O extends TracedOptions, A, E, R>(
  options: O,
  run: (options: O) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Operation.traced<EmbedStartEvent, EmbedEndEvent, O, EmbedTracer, ModelCallCallbacks, A, E, R>(
    options,
    (recording) => new EmbedTracer(recording),
    (tracer) => ({
      onEmbedStart: before(tracer.onEmbedStart, options.onEmbedStart),
      onEmbedEnd: before(tracer.onEmbedEnd, options.onEmbedEnd)
    }),
    run
  )
