/**
 * The current tracer without its `context` hook, for hot loops. A tracer such as
 * `@effect/opentelemetry`'s wraps the evaluation of every Effect primitive of a fiber that has a
 * current span in its own context propagation (OpenTelemetry's `context.with`, so non-Effect code
 * sees the span as active): in streamText's per-part loop that is one wrap per part step, 3–4× the
 * loop's own cost. Under {@link quiet} spans are still created by the same tracer with the same
 * parents (the span tree is unchanged); only that propagation is skipped, so non-Effect code run
 * inside does not see the span as OpenTelemetry's active span. Tool handlers keep it: a tool's
 * execution is quiet around its handler and {@link loud} inside it (`ExecuteTool`).
 *
 * @internal
 */
import { Context, Effect } from "effect"
import * as Tracer from "effect/Tracer"

/** The tracer {@link quiet} replaced, for {@link loud}. */
const Loud = Context.Reference<Tracer.Tracer | undefined>("aimux/core/internal/QuietTracer/Loud", {
  defaultValue: () => undefined
})

const quietTracers = new WeakMap<Tracer.Tracer, Tracer.Tracer>()

const quietOf = (tracer: Tracer.Tracer): Tracer.Tracer => {
  let quietTracer = quietTracers.get(tracer)
  if (quietTracer === undefined) {
    quietTracer = Tracer.make({ span: (options) => tracer.span(options) })
    quietTracers.set(tracer, quietTracer)
  }
  return quietTracer
}

/** Runs `effect` with the current tracer minus its `context` hook (unchanged without one). @internal */
export const quiet = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.tracer, (tracer) =>
    tracer.context === undefined
      ? effect
      : effect.pipe(Effect.withTracer(quietOf(tracer)), Effect.provideService(Loud, tracer)))

/** Runs `effect` with the tracer an enclosing {@link quiet} replaced (a tool's handler). @internal */
export const loud = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Loud, (tracer) => tracer === undefined ? effect : Effect.withTracer(effect, tracer))

/**
 * Captured services without the tracing state (the tracer, the current span, the tracer
 * {@link quiet} replaced): provided somewhere else, they keep that place's span and tracer, so a
 * quiet loop stays quiet and a span stays the parent. @internal
 */
export const withoutTracing = <R>(context: Context.Context<R>): Context.Context<R> =>
  // still a Context<R>: what goes is what every place of use has (the tracer and the quiet
  // tracer's reference have defaults; the span is the one the provided effect runs under)
  Context.makeUnsafe<R>(Context.omit(Tracer.Tracer, Tracer.ParentSpan, Loud)(context).mapUnsafe)
