/**
 * docs/telemetry.md's `tracing` layer against a real OTLP/HTTP receiver on 127.0.0.1: Effect's
 * OTLP exporter (nothing mocked) posts the spans of a traced streamText run with a tool, and its
 * metrics, as OTLP JSON; the receiver sees the `ai.*` spans with their parent links and
 * attributes, and the `ai.requests` metric.
 */
import { afterAll, beforeAll, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"
import { tracing, weatherReport } from "./telemetry.ts"

interface OtlpSpan {
  readonly name: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: Record<string, unknown> }>
}

const received: Array<{ readonly path: string; readonly body: unknown }> = []
let server: http.Server
let baseUrl = ""
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) })
      res.writeHead(200, { "content-type": "application/json" })
      res.end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const spansOf = (body: unknown): ReadonlyArray<OtlpSpan> => {
  const resourceSpans = (body as { resourceSpans?: ReadonlyArray<{ scopeSpans: ReadonlyArray<{ spans: ReadonlyArray<OtlpSpan> }> }> }).resourceSpans ?? []
  return resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))
}
const attribute = (span: OtlpSpan | undefined, key: string) => span?.attributes.find((a) => a.key === key)?.value

const model = MockLanguageModel.layer({
  stream: [
    { stream: [StreamHelpers.toolCall("c1", "weather", { city: "Paris" }), StreamHelpers.finish("tool-calls")] },
    { stream: [...StreamHelpers.textParts("t", "Sunny, ", "21°C"), StreamHelpers.finish("stop")] }
  ]
})

it.live("the spans and metrics of a traced run arrive at an OTLP/HTTP receiver", () =>
  Effect.gen(function*() {
    // the layer's scope closes after the run: the exporter flushes then
    yield* weatherReport.pipe(Effect.provide(model), Effect.provide(tracing(baseUrl)))
    const spans = received.filter((r) => r.path === "/v1/traces").flatMap((r) => spansOf(r.body))
    const byName = (name: string) => spans.filter((s) => s.name === name)
    const root = byName("ai.streamText")[0]
    expect(root).toBeDefined()
    expect(attribute(root, "ai.telemetry.functionId")).toEqual({ stringValue: "weather-report" })
    const steps = byName("ai.streamText.doStream")
    expect(steps.map((s) => s.parentSpanId)).toEqual([root?.spanId, root?.spanId])
    const tool = byName("ai.toolCall")[0]
    expect(tool?.parentSpanId).toBe(steps[0]?.spanId)
    expect(attribute(tool, "ai.toolCall.result")).toEqual({ stringValue: "{\"city\":\"Paris\",\"temperature\":21}" })
    expect(attribute(steps[1], "ai.response.text")).toEqual({ stringValue: "Sunny, 21°C" })
    const metrics = JSON.stringify(received.filter((r) => r.path === "/v1/metrics").map((r) => r.body))
    expect(metrics).toContain("\"ai.requests\"")
  }))
