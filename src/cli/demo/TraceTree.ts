/**
 * `aimux demo --trace`: the run traced (`Telemetry.layer`) on an in-memory Effect tracer, and
 * its `ai.*` span tree printed after the answer — each span with its duration and main
 * attributes (model, finish reason, tokens, time to first chunk, tool name), failed spans with
 * their error.
 *
 * @since 0.1.0
 */
import { Cause, Effect, Exit, Option } from "effect"
import * as Tracer from "effect/Tracer"
import * as Telemetry from "../../core/Telemetry.ts"
import type { Style } from "./DemoRender.ts"

/**
 * The spans a traced run recorded.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recorder {
  readonly spans: ReadonlyArray<Tracer.NativeSpan>
  /** Runs `effect` traced into {@link Recorder.spans}. */
  readonly trace: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/**
 * A recorder: an in-memory tracer and the telemetry layer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const recorder = (): Recorder => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return {
    spans,
    trace: (effect) => effect.pipe(Effect.provide(Telemetry.layer()), Effect.withTracer(tracer))
  }
}

const isAi = (span: Tracer.AnySpan): boolean => span._tag === "Span" && span.name.startsWith("ai.")

/** The nearest `ai.*` ancestor of a span (aimux's own Effect spans in between are skipped). */
const aiParent = (span: Tracer.NativeSpan): Tracer.AnySpan | undefined => {
  let parent = Option.getOrUndefined(span.parent)
  while (parent !== undefined && !isAi(parent)) parent = parent._tag === "Span" ? Option.getOrUndefined(parent.parent) : undefined
  return parent
}

const durationOf = (span: Tracer.NativeSpan): string =>
  span.status._tag === "Ended" ? `${Number((span.status.endTime - span.status.startTime) / 1_000_000n)} ms` : "open"

const failureOf = (span: Tracer.NativeSpan): string | undefined => {
  if (span.status._tag !== "Ended" || Exit.isSuccess(span.status.exit)) return undefined
  const error = Cause.squash(span.status.exit.cause)
  return error instanceof Error ? error.message : String(error)
}

/** The attributes worth a glance, by span kind. */
const details = (span: Tracer.NativeSpan): ReadonlyArray<string> => {
  const a = span.attributes
  const text = (key: string) => {
    const value = a.get(key)
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined
  }
  const tokens = text("ai.usage.inputTokens") !== undefined || text("ai.usage.outputTokens") !== undefined
    ? `tokens ${text("ai.usage.inputTokens") ?? "?"} in / ${text("ai.usage.outputTokens") ?? "?"} out`
    : undefined
  const firstChunk = a.get("ai.response.msToFirstChunk")
  const out = span.name === "ai.toolCall"
    ? [text("ai.toolCall.name"), text("ai.toolCall.id")]
    : [
      span.name.includes(".do") ? undefined : text("ai.model.id"),
      text("ai.response.model"),
      text("ai.response.finishReason") === undefined ? undefined : `finish ${text("ai.response.finishReason")}`,
      tokens,
      typeof firstChunk === "number" ? `first chunk ${Math.round(firstChunk)} ms` : undefined
    ]
  return out.filter((part): part is string => part !== undefined)
}

/**
 * The `ai.*` span tree of the recorded spans, one line per span, children indented under their
 * parent in start order.
 *
 * @since 0.1.0
 * @category rendering
 */
export const render = (spans: ReadonlyArray<Tracer.NativeSpan>, s: Style): string => {
  const ai = spans.filter(isAi).sort((x, y) => (x.startTime < y.startTime ? -1 : x.startTime > y.startTime ? 1 : 0))
  const lines: Array<string> = []
  const walk = (parent: Tracer.AnySpan | undefined, depth: number): void => {
    for (const span of ai) {
      if (aiParent(span) !== parent) continue
      const failure = failureOf(span)
      const info = [...details(span), durationOf(span)].join(" · ")
      lines.push(`${"  ".repeat(depth + 1)}${s.bold(span.name)}  ${s.dim(info)}${failure === undefined ? "" : `  ${s.red(`✗ ${failure}`)}`}`)
      walk(span, depth + 1)
    }
  }
  walk(undefined, 0)
  return [s.bold("trace"), ...lines].join("\n")
}
