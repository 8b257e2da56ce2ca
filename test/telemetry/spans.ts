/**
 * Span trees from real OpenTelemetry SDK exporters, for the telemetry differentials: upstream's
 * `LegacyOpenTelemetry` (`@ai-sdk/otel`) on a `BasicTracerProvider`, and aimux's spans through
 * `@effect/opentelemetry`'s `OtelTracer` on another; both end in an `InMemorySpanExporter`.
 *
 * Normalization (docs/divergences.md, "Telemetry"):
 * - only `ai.*` spans are compared; aimux's own Effect spans (`GenerateText.generateText`, ...) are
 *   dropped and their `ai.*` children re-parented to the nearest `ai.*` ancestor;
 * - span ids, trace ids and times are dropped; children are ordered by start time, concurrent
 *   tool executions by call id;
 * - timing attributes (`ai.response.msToFirstChunk`, `msToFinish`, `avgOutputTokensPerSecond`)
 *   become `"<number>"`; `ai.request.headers.user-agent` is dropped (each side names itself);
 * - status: OK and UNSET are both "ok" (Effect sets OK on success, upstream leaves it unset);
 * - exception events keep type and message, not the stack.
 */
import { LegacyOpenTelemetry } from "@ai-sdk/otel"
import * as OtelTracer from "@effect/opentelemetry/OtelTracer"
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"
import * as Telemetry from "../../src/core/Telemetry.ts"

/** A span as the differential compares it. */
export interface SpanNode {
  readonly name: string
  readonly attributes: Record<string, unknown>
  readonly events: ReadonlyArray<{ readonly name: string; readonly attributes: Record<string, unknown> }>
  readonly status: { readonly code: "ok" | "error"; readonly message?: string }
  readonly children: ReadonlyArray<SpanNode>
}

const timing = new Set(["ai.response.msToFirstChunk", "ai.response.msToFinish", "ai.response.avgOutputTokensPerSecond"])
const dropped = new Set(["ai.request.headers.user-agent", "exception.stacktrace"])

const attributesOf = (attributes: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (dropped.has(key)) continue
    out[key] = timing.has(key) && typeof value === "number" ? "<number>" : value
  }
  return out
}

const toMicros = (time: readonly [number, number]) => time[0] * 1e6 + time[1] / 1e3

/** The `ai.*` span forest of finished spans, normalized. */
export const treeOf = (spans: ReadonlyArray<ReadableSpan>): ReadonlyArray<SpanNode> => {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]))
  const kept = (span: ReadableSpan) => span.name.startsWith("ai.")
  // the nearest kept ancestor
  const parentOf = (span: ReadableSpan): string | undefined => {
    let id = span.parentSpanContext?.spanId
    while (id !== undefined) {
      const parent = byId.get(id)
      if (parent === undefined) return undefined
      if (kept(parent)) return id
      id = parent.parentSpanContext?.spanId
    }
    return undefined
  }
  const ordered = [...spans].filter(kept).sort((a, b) => toMicros(a.startTime) - toMicros(b.startTime))
  // concurrent tool executions start in whatever order their validation settles: by call id
  const toolId = (span: ReadableSpan) => span.name === "ai.toolCall" ? String(span.attributes["ai.toolCall.id"]) : ""
  const build = (parent: string | undefined): ReadonlyArray<SpanNode> =>
    ordered.filter((span) => parentOf(span) === parent).sort((a, b) => toolId(a).localeCompare(toolId(b))).map((span) => ({
      name: span.name,
      attributes: attributesOf(span.attributes),
      events: span.events.map((event) => ({ name: event.name, attributes: attributesOf(event.attributes) })),
      status: span.status.code === 2
        ? { code: "error", ...(span.status.message !== undefined ? { message: span.status.message } : {}) }
        : { code: "ok" },
      children: build(span.spanContext().spanId)
    }))
  return build(undefined)
}

/** Runs upstream with a `LegacyOpenTelemetry` integration; the normalized span forest. */
export const upstreamSpans = async (
  run: (integration: LegacyOpenTelemetry) => Promise<unknown>
): Promise<ReadonlyArray<SpanNode>> => {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  await run(new LegacyOpenTelemetry({ tracer: provider.getTracer("ai") })).catch(() => undefined)
  await provider.forceFlush()
  return treeOf(exporter.getFinishedSpans())
}

/** The layer that sends Effect's spans to an SDK provider with an in-memory exporter. */
export const otelLayer = () => {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  const layer = OtelTracer.layer.pipe(Layer.provide(Layer.succeed(OtelTracer.OtelTracerProvider, provider)))
  return { exporter, provider, layer }
}

/** Runs an aimux program with `Telemetry.layer` and the OpenTelemetry tracer; the normalized span forest. */
export const ourSpans = <A, E>(
  program: Effect.Effect<A, E>,
  defaults: Telemetry.TelemetrySettings = {}
): Effect.Effect<ReadonlyArray<SpanNode>> => {
  const { exporter, provider, layer } = otelLayer()
  return program.pipe(
    Effect.ignore,
    Effect.provide(Layer.merge(layer, Telemetry.layer(defaults))),
    Effect.andThen(Effect.promise(() => provider.forceFlush())),
    Effect.map(() => treeOf(exporter.getFinishedSpans()))
  )
}
