/**
 * The metrics of traced calls (src/core/TelemetryMetrics.ts), read back with `Metric.snapshot`
 * from a fresh `MetricRegistry` per test: model calls, tokens in and out by model, time to first
 * chunk, model call and operation durations, tool durations and errors by type, for streamText,
 * generateText, embed and rerank, a retried, a failing and an aborted call; nothing without
 * telemetry; and the same series through `@effect/opentelemetry`'s `OtelMetrics` into a real
 * SDK `MetricReader`.
 */
import { describe, expect, it } from "@effect/vitest"
import * as OtelMetrics from "@effect/opentelemetry/OtelMetrics"
import * as Resource from "@effect/opentelemetry/Resource"
import { AggregationTemporality, MetricReader } from "@opentelemetry/sdk-metrics"
import { Effect, Layer, Metric, Stream } from "effect"
import * as Embed from "../../src/core/Embed.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Rerank from "../../src/core/Rerank.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Telemetry from "../../src/core/Telemetry.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockEmbeddingModel from "../../src/testing/MockEmbeddingModel.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as MockRerankingModel from "../../src/testing/MockRerankingModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { ourTools } from "../testing/toolsets.ts"

const at0 = new Date(0)
const toolStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  H.toolCall("c1", "weather", { city: "Paris" }),
  H.toolCall("c2", "fails", {}),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(3, 10) }
]
const answer: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  ...H.textParts("t", "It is ", "21"),
  { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage: H.usage(5, 7) }
]
const failure = { message: "Bad Request", url: "https://api.test/v1", requestBodyValues: {}, statusCode: 400 }
const retryable = { ...failure, message: "Overloaded", statusCode: 529, responseHeaders: { "retry-after-ms": "0" } }

type Call = ReadonlyArray<StreamPart> | "fail" | "retry" | "hang"

const model = (calls: ReadonlyArray<Call>) => {
  const at = (index: number) => {
    const call = calls[index] ?? "fail"
    if (call === "fail") return Effect.fail(new APICallError(failure))
    if (call === "retry") return Effect.fail(new APICallError(retryable))
    return Effect.succeed(call)
  }
  return MockLanguageModel.layer({
    stream: (_options, index) =>
      Effect.map(at(index), (call) => ({
        stream: call === "hang" ? Stream.concat(Stream.fromIterable(answer.slice(0, 3)), Stream.never) : call
      })),
    generate: (_options, index) =>
      Effect.map(at(index), (call) => {
        const parts = call === "hang" ? answer : call
        const finish = parts.find((p) => p.type === "finish")
        const calls = parts.filter((p) => p.type === "tool-call")
        return {
          content: calls.length > 0 ? calls : [{ type: "text" as const, text: "It is 21" }],
          finishReason: finish?.type === "finish" ? finish.finishReason : { unified: "other" as const, raw: undefined },
          usage: finish?.type === "finish" ? finish.usage : H.usage(),
          warnings: []
        }
      })
  })
}

interface Series {
  readonly id: string
  readonly attributes: Readonly<Record<string, string>>
  /** A counter's count, a histogram's number of observations. */
  readonly value: number
  /** A histogram's sum. */
  readonly sum?: number
}

/** Every series of the registry, as numbers. */
const series: Effect.Effect<ReadonlyArray<Series>> = Effect.map(Metric.snapshot, (snapshots) =>
  snapshots.flatMap((s): ReadonlyArray<Series> => {
    const attributes = s.attributes ?? {}
    if (s.type === "Counter") return [{ id: s.id, attributes, value: Number(s.state.count) }]
    if (s.type === "Histogram") return [{ id: s.id, attributes, value: s.state.count, sum: s.state.sum }]
    return []
  }))

/** The series of `id` whose attributes include `match`, summed. */
const total = (all: ReadonlyArray<Series>, id: string, match: Readonly<Record<string, string>> = {}) =>
  all
    .filter((s) => s.id === id && Object.entries(match).every(([k, v]) => s.attributes[k] === v))
    .reduce((sum, s) => sum + s.value, 0)

const mock = { "gen_ai.system": "mock-provider", "gen_ai.request.model": "mock-model-id" }

/** Runs a program traced, in a fresh metric registry; every series it left. */
const measured = <A, E>(program: Effect.Effect<A, E>, telemetry: Layer.Layer<never> = Telemetry.layer()) =>
  Effect.gen(function*() {
    yield* Effect.ignore(program)
    return yield* series
  }).pipe(Effect.provide(telemetry), Effect.provideService(Metric.MetricRegistry, new Map()))

const stream = (calls: ReadonlyArray<Call>, extra: { readonly telemetry?: Telemetry.TelemetrySettings } = {}) =>
  StreamText.streamText({
    prompt: "hi",
    tools: ourTools(),
    stopWhen: StopCondition.isStepCount(3),
    onError: () => Effect.void,
    ...extra
  }).pipe(Stream.runDrain, Effect.provide(model(calls)))

describe("telemetry metrics", () => {
  it.live("streamText with tools: model calls, tokens by model, first chunk, durations, tool outcomes", () =>
    Effect.map(measured(stream([toolStep, answer], { telemetry: { functionId: "bot" } })), (all) => {
      const doStream = { ...mock, "ai.operationId": "ai.streamText.doStream", "ai.telemetry.functionId": "bot" }
      expect(total(all, "ai.requests", doStream)).toBe(2)
      expect(total(all, "ai.tokens", { ...doStream, "gen_ai.token.type": "input" })).toBe(8)
      expect(total(all, "ai.tokens", { ...doStream, "gen_ai.token.type": "output" })).toBe(17)
      expect(total(all, "ai.time_to_first_chunk", doStream)).toBe(2)
      expect(total(all, "ai.call.duration", doStream)).toBe(2)
      const tool = { ...mock, "ai.operationId": "ai.toolCall" }
      expect(total(all, "ai.tool.duration", { ...tool, "ai.toolCall.name": "weather", outcome: "success" })).toBe(1)
      expect(total(all, "ai.tool.duration", { ...tool, "ai.toolCall.name": "fails", outcome: "error" })).toBe(1)
      expect(total(all, "ai.errors", { ...tool, "ai.toolCall.name": "fails", "error.type": "Error" })).toBe(1)
      expect(total(all, "ai.errors")).toBe(1)
      expect(total(all, "ai.operation.duration", { ...mock, "ai.operationId": "ai.streamText", outcome: "success" })).toBe(1)
    }))

  it.live("generateText: the same counts under ai.generateText.doGenerate; no first chunk", () =>
    Effect.map(
      measured(
        GenerateText.generateText({ prompt: "hi", tools: ourTools(), stopWhen: StopCondition.isStepCount(3) }).pipe(
          Effect.provide(model([toolStep, answer]))
        )
      ),
      (all) => {
        const doGenerate = { ...mock, "ai.operationId": "ai.generateText.doGenerate" }
        expect(total(all, "ai.requests", doGenerate)).toBe(2)
        expect(total(all, "ai.tokens", { ...doGenerate, "gen_ai.token.type": "input" })).toBe(8)
        expect(total(all, "ai.tokens", { ...doGenerate, "gen_ai.token.type": "output" })).toBe(17)
        expect(total(all, "ai.time_to_first_chunk")).toBe(0)
        expect(total(all, "ai.call.duration", doGenerate)).toBe(2)
        expect(total(all, "ai.tool.duration", { "ai.toolCall.name": "fails", outcome: "error" })).toBe(1)
        expect(total(all, "ai.operation.duration", { "ai.operationId": "ai.generateText", outcome: "success" })).toBe(1)
      }
    ))

  it.live("a failing call: errors by type at the model call and the operation", () =>
    Effect.map(measured(stream(["fail"])), (all) => {
      expect(total(all, "ai.errors", { "ai.operationId": "ai.streamText.doStream", "error.type": "APICallError" })).toBe(1)
      expect(total(all, "ai.errors", { "ai.operationId": "ai.streamText", "error.type": "APICallError" })).toBe(1)
      expect(total(all, "ai.operation.duration", { "ai.operationId": "ai.streamText", outcome: "error" })).toBe(1)
      expect(total(all, "ai.call.duration")).toBe(0)
    }))

  it.live("retried until it gives up: each streamText attempt is a model call, the failure a RetryError", () =>
    Effect.map(measured(stream(["retry", "retry", "retry"])), (all) => {
      expect(total(all, "ai.requests", { "ai.operationId": "ai.streamText.doStream" })).toBe(3)
      expect(total(all, "ai.errors", { "ai.operationId": "ai.streamText", "error.type": "RetryError" })).toBe(1)
    }))

  it.live("a retried call that succeeds: no error", () =>
    Effect.map(measured(stream(["retry", answer])), (all) => {
      expect(total(all, "ai.requests")).toBe(2)
      expect(total(all, "ai.call.duration")).toBe(1)
      expect(total(all, "ai.errors")).toBe(0)
      expect(total(all, "ai.operation.duration", { outcome: "success" })).toBe(1)
    }))

  it.live("an aborted stream: the operation's outcome is aborted", () => {
    const controller = new AbortController()
    const aborted = StreamText.streamText({ prompt: "hi", abort: controller.signal }).pipe(
      Stream.runForEach((part) => Effect.sync(() => part.type === "text-delta" && controller.abort("stop"))),
      Effect.provide(model(["hang"]))
    )
    return Effect.map(measured(aborted), (all) => {
      expect(total(all, "ai.requests")).toBe(1)
      expect(total(all, "ai.operation.duration", { "ai.operationId": "ai.streamText", outcome: "aborted" })).toBe(1)
      expect(total(all, "ai.errors")).toBe(0)
    })
  })

  it.live("embed and rerank: model calls, embedding tokens as input, durations, a failing rerank", () => {
    const embed = Embed.embed({ value: "hello" }).pipe(
      Effect.provide(MockEmbeddingModel.layer({ embed: () => Effect.succeed({ embeddings: [[1, 2]], usage: { tokens: 4 }, warnings: [] }) }))
    )
    const rerank = (ok: boolean) =>
      Rerank.rerank({ query: "q", documents: ["a", "b"], maxRetries: 0 }).pipe(
        Effect.provide(MockRerankingModel.layer({
          rerank: () => ok ? Effect.succeed({ ranking: [{ index: 1, relevanceScore: 0.9 }], warnings: [] }) : Effect.fail(new APICallError(failure))
        }))
      )
    return Effect.map(measured(Effect.all([embed, rerank(true), Effect.ignore(rerank(false))])), (all) => {
      expect(total(all, "ai.requests", { "ai.operationId": "ai.embed.doEmbed" })).toBe(1)
      expect(total(all, "ai.tokens", { "ai.operationId": "ai.embed.doEmbed", "gen_ai.token.type": "input" })).toBe(4)
      expect(total(all, "ai.call.duration", { "ai.operationId": "ai.embed.doEmbed" })).toBe(1)
      expect(total(all, "ai.operation.duration", { "ai.operationId": "ai.embed", outcome: "success" })).toBe(1)
      expect(total(all, "ai.requests", { "ai.operationId": "ai.rerank.doRerank" })).toBe(2)
      expect(total(all, "ai.call.duration", { "ai.operationId": "ai.rerank.doRerank" })).toBe(1)
      expect(total(all, "ai.errors", { "ai.operationId": "ai.rerank.doRerank", "error.type": "APICallError" })).toBe(1)
      expect(total(all, "ai.errors", { "ai.operationId": "ai.rerank", "error.type": "APICallError" })).toBe(1)
      expect(total(all, "ai.operation.duration", { "ai.operationId": "ai.rerank", outcome: "error" })).toBe(1)
    })
  })

  it.live("without telemetry (or with isEnabled: false) nothing is recorded", () =>
    Effect.gen(function*() {
      const off = yield* measured(stream([toolStep, answer]), Layer.empty)
      expect(off.filter((s) => s.id.startsWith("ai."))).toStrictEqual([])
      const disabled = yield* measured(stream([toolStep, answer], { telemetry: { isEnabled: false } }))
      expect(disabled.filter((s) => s.id.startsWith("ai."))).toStrictEqual([])
    }))

  it.live("through @effect/opentelemetry's OtelMetrics into an SDK MetricReader", () => {
    class Reader extends MetricReader {
      protected onShutdown = () => Promise.resolve()
      protected onForceFlush = () => Promise.resolve()
    }
    const reader = new Reader()
    const otel = OtelMetrics.layer(() => reader).pipe(Layer.provide(Resource.layer({ serviceName: "aimux-test" })))
    return Effect.gen(function*() {
      yield* stream([toolStep, answer])
      const { resourceMetrics } = yield* Effect.promise(() => reader.collect())
      const metrics = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics)
      const byName = new Map(metrics.map((m) => [m.descriptor.name, m]))
      const requests = byName.get("ai.requests")
      expect(requests?.aggregationTemporality).toBe(AggregationTemporality.CUMULATIVE)
      expect(requests?.dataPoints.map((p) => [p.attributes["ai.operationId"], p.attributes["gen_ai.request.model"], p.value])).toEqual([
        ["ai.streamText.doStream", "mock-model-id", 2]
      ])
      const tokens = byName.get("ai.tokens")?.dataPoints.map((p) => [p.attributes["gen_ai.token.type"], p.value])
      expect(tokens).toEqual(expect.arrayContaining([["input", 8], ["output", 17]]))
      const firstChunk = byName.get("ai.time_to_first_chunk")?.dataPoints[0]?.value
      expect(firstChunk).toMatchObject({ count: 2 })
      expect([...byName.keys()]).toEqual(expect.arrayContaining(["ai.call.duration", "ai.operation.duration", "ai.tool.duration", "ai.errors"]))
    }).pipe(
      Effect.provide(Layer.merge(otel, Telemetry.layer())),
      Effect.provideService(Metric.MetricRegistry, new Map())
    )
  })
})
