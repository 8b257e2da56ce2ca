/**
 * A canary API key never reaches telemetry: real providers (OpenAI chat and embeddings, Cohere
 * reranking) against a loopback HTTP server on 127.0.0.1, every call traced with inputs and
 * outputs recorded, spans exported through `@effect/opentelemetry` into a real SDK
 * `InMemorySpanExporter`, metrics into a fresh `MetricRegistry`. No span name, attribute, event or
 * status and no metric name or label holds the key — neither the provider's key nor a credential
 * header the call itself sets — while the server did receive it.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer, Metric, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Embed from "../../src/core/Embed.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Rerank from "../../src/core/Rerank.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Telemetry from "../../src/core/Telemetry.ts"
import { EmbeddingModel } from "../../src/EmbeddingModel.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { Cohere } from "../../src/providers/cohere/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import { RerankingModel } from "../../src/RerankingModel.ts"
import * as L from "../reliability/loopback.ts"
import { ourTools } from "../testing/toolsets.ts"
import { otelLayer } from "./spans.ts"

const canary = "sk-CANARY-7f3e9a1c5b2d4e6f8a0b"
const fixtures = path.resolve(import.meta.dirname, "../../fixtures/openai-chat")
const toolCallsSse = fs.readFileSync(path.join(fixtures, "parallel-tool-calls.sse"), "utf8")
const textSse = fs.readFileSync(path.join(fixtures, "text.sse"), "utf8")

const completion = (message: unknown, finish: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1711357598,
  model: "gpt-4o-mini-2024-07-18",
  choices: [{ index: 0, message, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
})
const toolCallMessage = {
  role: "assistant",
  content: null,
  tool_calls: [{ id: "call_a", type: "function", function: { name: "weather", arguments: "{\"city\":\"Paris\"}" } }]
}

let server: L.Server
beforeAll(async () => {
  server = await L.start((req, res, body) => {
    const url = req.url ?? ""
    if (url.endsWith("/embeddings")) {
      return L.json(res, 200, { data: [{ embedding: [0.1, 0.2], index: 0 }], usage: { prompt_tokens: 3 } })
    }
    if (url.endsWith("/rerank")) {
      return L.json(res, 200, { id: "rr1", results: [{ index: 1, relevance_score: 0.9 }, { index: 0, relevance_score: 0.1 }], meta: {} })
    }
    if (body.includes("\"unauthorized\"")) {
      return L.json(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } })
    }
    const answered = body.includes("\"role\":\"tool\"")
    if (body.includes("\"stream\":true")) return L.sse(res, answered ? textSse : toolCallsSse)
    return L.json(res, 200, answered ? completion({ role: "assistant", content: "Sunny." }, "stop") : completion(toolCallMessage, "tool_calls"))
  })
})
afterAll(() => server.stop())

const models = () => {
  const settings = { apiKey: canary, baseURL: server.baseURL }
  return Layer.mergeAll(
    Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", settings)),
    Layer.effect(EmbeddingModel, OpenAI.embedding("text-embedding-3-small", settings)),
    Layer.effect(RerankingModel, Cohere.reranking("rerank-v3.5", settings))
  ).pipe(Layer.provide(FetchHttpClient.layer))
}

/** The call sets a credential header of its own, next to a harmless one. */
const headers = { "x-api-key": canary, "x-trace": "1" }
const common = { headers, maxRetries: 0, runtimeContext: { user: "u1" } }

const calls = Effect.gen(function*() {
  yield* StreamText.streamText({
    ...common,
    prompt: "weather in Paris?",
    tools: ourTools(),
    stopWhen: StopCondition.isStepCount(3),
    onError: () => Effect.void
  }).pipe(Stream.runDrain)
  yield* GenerateText.generateText({ ...common, prompt: "weather in Paris?", tools: ourTools(), stopWhen: StopCondition.isStepCount(3) })
  yield* Effect.exit(GenerateText.generateText({ ...common, prompt: "unauthorized" }))
  yield* StreamText.streamText({ ...common, prompt: "unauthorized", onError: () => Effect.void }).pipe(Stream.runDrain)
  yield* Embed.embed({ ...common, value: "sunny" })
  yield* Rerank.rerank({ ...common, query: "weather", documents: ["rain", "sun"] })
})

/** Every text a span exports: name, attributes, events, status, links, resource. */
const textsOf = (span: ReadableSpan): Array<string> => [
  span.name,
  JSON.stringify(span.attributes),
  JSON.stringify(span.events),
  JSON.stringify(span.status),
  JSON.stringify(span.links),
  JSON.stringify(span.resource.attributes)
]

describe("a canary API key never appears in telemetry", () => {
  it.live("spans and metrics of streamText, generateText (with tools and a 401), embed and rerank, recording on", () =>
    Effect.gen(function*() {
      const { exporter, provider, layer } = otelLayer()
      yield* calls.pipe(
        Effect.provide(Layer.mergeAll(models(), layer, Telemetry.layer({ recordInputs: true, recordOutputs: true, includeRuntimeContext: { user: true } })))
      )
      yield* Effect.promise(() => provider.forceFlush())
      const metrics = yield* Metric.snapshot
      const spans = exporter.getFinishedSpans()
      const names = new Set(spans.map((s) => s.name))
      // the scan is meaningful: every kind of span is there, with recorded inputs and outputs ...
      for (const name of ["ai.streamText", "ai.streamText.doStream", "ai.generateText", "ai.generateText.doGenerate", "ai.toolCall", "ai.embed", "ai.embed.doEmbed", "ai.rerank", "ai.rerank.doRerank"]) {
        expect(names).toContain(name)
      }
      expect(spans.some((s) => s.status.code === 2 && String(s.status.message).includes("Incorrect API key"))).toBe(true)
      expect(spans.some((s) => typeof s.attributes["ai.prompt"] === "string")).toBe(true)
      expect(spans.some((s) => typeof s.attributes["ai.response.text"] === "string")).toBe(true)
      expect(spans.some((s) => s.attributes["ai.request.headers.x-trace"] === "1")).toBe(true)
      expect(spans.some((s) => "ai.request.headers.x-api-key" in s.attributes)).toBe(false)
      // ... and the server did receive the key, from the provider and from the call's header
      expect(server.requests.some((r) => r.headers["authorization"] === `Bearer ${canary}`)).toBe(true)
      expect(server.requests.some((r) => r.headers["x-api-key"] === canary)).toBe(true)
      const leaks = spans.flatMap((span) => textsOf(span).filter((text) => text.includes(canary) || text.includes(canary.slice(3))).map(() => span.name))
      expect(leaks).toStrictEqual([])
      // the metrics: every series of every kind, labelled with the models, and no label holds the key
      const ids = new Set(metrics.map((m) => m.id))
      for (const id of ["ai.requests", "ai.tokens", "ai.time_to_first_chunk", "ai.call.duration", "ai.operation.duration", "ai.tool.duration", "ai.errors"]) {
        expect(ids).toContain(id)
      }
      expect(metrics.some((m) => m.attributes?.["gen_ai.request.model"] === "gpt-4o-mini")).toBe(true)
      const labelLeaks = metrics.filter((m) => JSON.stringify([m.id, m.description, m.attributes]).includes(canary.slice(3)))
      expect(labelLeaks).toStrictEqual([])
    }).pipe(Effect.provideService(Metric.MetricRegistry, new Map())))
})
