/**
 * OpenTelemetry context propagation under streamText (src/core/internal/QuietTracer.ts): with
 * `@effect/opentelemetry`'s tracer and a real async-hooks context manager, the per-part loop runs
 * without the tracer's per-primitive `context.with` — the number of context switches does not
 * grow with the number of parts — while the span tree is unchanged (the differentials in
 * generation-spans.test.ts) and a tool handler's non-Effect code still sees its `ai.toolCall`
 * span as OpenTelemetry's active span (and the run's span without telemetry).
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as api from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Telemetry from "../../src/core/Telemetry.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { otelLayer } from "./spans.ts"

const manager = new AsyncLocalStorageContextManager()
let switches = 0
const originalWith = api.context.with.bind(api.context)
beforeAll(() => {
  api.context.setGlobalContextManager(manager.enable())
  api.context.with = (context, fn, thisArg, ...args) => {
    switches++
    return originalWith(context, fn, thisArg, ...args)
  }
})
afterAll(() => {
  api.context.with = originalWith
  api.context.disable()
})

const parts = (deltas: number): ReadonlyArray<StreamPart> => [
  { type: "stream-start", warnings: [] },
  H.toolCall("c1", "probe", {}),
  ...H.textParts("t", ...Array.from({ length: deltas }, () => "x")),
  H.finish("tool-calls")
]

/** One streamText run with a tool that records the active OpenTelemetry span's id. */
const run = (deltas: number, telemetry: boolean) =>
  Effect.gen(function*() {
    const { exporter, provider, layer } = otelLayer()
    const active: Array<string | undefined> = []
    const probe = Tool.make({
      inputSchema: Tool.jsonSchema({ type: "object" }),
      execute: () => Effect.sync(() => active.push(api.trace.getActiveSpan()?.spanContext().spanId))
    })
    switches = 0
    yield* StreamText.streamText({ prompt: "hi", tools: { probe } }).pipe(
      Stream.runDrain,
      Effect.provide(MockLanguageModel.layer({ stream: { stream: parts(deltas) } })),
      Effect.provide(Layer.merge(layer, telemetry ? Telemetry.layer() : Layer.empty))
    )
    const counted = switches
    yield* Effect.promise(() => provider.forceFlush())
    const spans: ReadonlyArray<ReadableSpan> = exporter.getFinishedSpans()
    return { switches: counted, active, spans }
  })

const idOf = (spans: ReadonlyArray<ReadableSpan>, name: string) => spans.find((s) => s.name === name)?.spanContext().spanId

describe("OpenTelemetry context propagation under streamText", () => {
  for (const telemetry of [false, true]) {
    it.live(`${telemetry ? "with" : "without"} Telemetry.layer: context switches do not grow with the parts; tools see their span`, () =>
      Effect.gen(function*() {
        const small = yield* run(100, telemetry)
        const large = yield* run(5_000, telemetry)
        expect(small.switches).toBeGreaterThan(0)
        expect(large.switches - small.switches).toBeLessThan(50)
        for (const { active, spans } of [small, large]) {
          expect(active).toHaveLength(1)
          expect(active[0]).toBe(idOf(spans, telemetry ? "ai.toolCall" : "StreamText.streamText"))
          expect(active[0]).toBeDefined()
        }
        if (telemetry) {
          const step = large.spans.find((s) => s.name === "ai.streamText.doStream")
          expect(step?.parentSpanContext?.spanId).toBe(idOf(large.spans, "ai.streamText"))
          expect(large.spans.find((s) => s.name === "ai.toolCall")?.parentSpanContext?.spanId).toBe(step?.spanContext().spanId)
        }
      }))
  }

  it.live("generateText: a tool handler's active span is its ai.toolCall span", () =>
    Effect.gen(function*() {
      const { exporter, provider, layer } = otelLayer()
      const active: Array<string | undefined> = []
      const probe = Tool.make({
        inputSchema: Tool.jsonSchema({ type: "object" }),
        execute: () => Effect.sync(() => active.push(api.trace.getActiveSpan()?.spanContext().spanId))
      })
      yield* GenerateText.generateText({ prompt: "hi", tools: { probe } }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: { content: [{ type: "tool-call", toolCallId: "c1", toolName: "probe", input: "{}" }], finishReason: { unified: "tool-calls", raw: undefined }, usage: H.usage(1, 1), warnings: [] }
        })),
        Effect.provide(Layer.merge(layer, Telemetry.layer()))
      )
      yield* Effect.promise(() => provider.forceFlush())
      expect(active).toEqual([idOf(exporter.getFinishedSpans(), "ai.toolCall")])
      expect(active[0]).toBeDefined()
    }))
})
