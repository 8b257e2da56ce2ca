/**
 * Spans of generateText / streamText against upstream `ai` 7.0.173 with `@ai-sdk/otel` 1.0.173's
 * `LegacyOpenTelemetry`: the same scripted model calls and tools through both, each into a real
 * SDK `InMemorySpanExporter`; the `ai.*` span trees (names, parent/child structure, attributes,
 * events, status) are equal after normalizing ids and times (see spans.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type * as Telemetry from "../../src/core/Telemetry.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"
import { ourSpans, type SpanNode, upstreamSpans } from "./spans.ts"

/** A scripted model call: its parts, a failure, a retryable failure, or parts then a stream that never ends. */
type Call = ReadonlyArray<StreamPart> | "fail" | "retry" | { readonly hang: ReadonlyArray<StreamPart> }

const failure = { message: "Bad Request", url: "https://api.test/v1", requestBodyValues: {}, statusCode: 400 }
const retryable = { ...failure, message: "Overloaded", statusCode: 529, responseHeaders: { "retry-after-ms": "0" } }
const at0 = new Date(0)
const hanging: Call = {
  hang: [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "r3", modelId: "m3", timestamp: at0 },
    ...H.textParts("t", "It is ").slice(0, 2)
  ]
}

const toolStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  H.toolCall("c1", "weather", { city: "Paris" }),
  H.toolCall("c2", "fails", {}),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(3, 10) }
]
const answer: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r2", modelId: "m2", timestamp: at0 },
  ...H.reasoningParts("r", "thinking"),
  ...H.textParts("t", "It is ", "21"),
  { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage: H.usage(5, 7) }
]

interface Scenario {
  readonly calls: ReadonlyArray<Call>
  readonly telemetry?: Telemetry.TelemetrySettings
  /** streamText: abort the run when the consumer sees the first text delta. */
  readonly abort?: boolean
  /** Asserts and removes a documented divergence from aimux's tree. */
  readonly divergence?: (ours: ReadonlyArray<SpanNode>) => ReadonlyArray<SpanNode>
}

/**
 * Divergence (docs/divergences.md): with `recordOutputs: false` upstream's filtered tool error is
 * `undefined` and its span gets the error status alone; an Effect span ends failed only with its
 * cause, so aimux's carries the redacted error ("AI SDK operation failed") as its exception.
 */
const redactedToolErrors = (nodes: ReadonlyArray<SpanNode>): ReadonlyArray<SpanNode> =>
  nodes.map((node) => {
    if (node.name !== "ai.toolCall" || node.status.code !== "error") return { ...node, children: redactedToolErrors(node.children) }
    expect(node.status).toEqual({ code: "error", message: "AI SDK operation failed" })
    expect(node.events).toEqual([{ name: "exception", attributes: { "exception.type": "Error", "exception.message": "AI SDK operation failed" } }])
    return { ...node, events: [], status: { code: "error" } }
  })

const common = {
  prompt: "hi",
  system: "be brief",
  temperature: 0.5,
  maxOutputTokens: 100,
  stopSequences: ["END"],
  headers: { "x-trace": "1" },
  runtimeContext: { userId: "u1", secret: "hidden" }
}

const upstreamTelemetry = (telemetry: Telemetry.TelemetrySettings | undefined, integration: unknown) =>
  ({ ...telemetry, integrations: [integration] }) as never

const toGenerate = (parts: ReadonlyArray<StreamPart>): GenerateResult => {
  const meta = parts.find((p) => p.type === "response-metadata")
  const finish = parts.find((p) => p.type === "finish")
  const calls = parts.filter((p) => p.type === "tool-call")
  const text = parts.filter((p) => p.type === "text-delta").map((p) => (p.type === "text-delta" ? p.delta : "")).join("")
  const reasoning = parts.filter((p) => p.type === "reasoning-delta").map((p) => (p.type === "reasoning-delta" ? p.delta : "")).join("")
  return {
    content: calls.length > 0 ? calls : [...(reasoning ? [{ type: "reasoning" as const, text: reasoning }] : []), { type: "text", text }],
    finishReason: finish?.type === "finish" ? finish.finishReason : { unified: "other", raw: undefined },
    usage: finish?.type === "finish" ? finish.usage : H.usage(),
    warnings: [],
    ...(meta?.type === "response-metadata" ? { response: { id: meta.id, modelId: meta.modelId, timestamp: meta.timestamp } } : {})
  }
}

const upstreamModel = (calls: ReadonlyArray<Call>) => {
  let index = 0
  const next = () => {
    const call = calls[index++]
    if (call === "fail" || call === undefined) throw new UpstreamAPICallError(failure)
    if (call === "retry") throw new UpstreamAPICallError(retryable)
    return call
  }
  return new MockLanguageModelV4({
    doStream: async () => {
      const call = next()
      if (!("hang" in call)) return { stream: convertArrayToReadableStream([...call]) as never }
      // the parts, then nothing: the stream stays open until the run is aborted
      const stream = new ReadableStream({
        start: (controller) => {
          for (const part of call.hang) controller.enqueue(part)
        }
      })
      return { stream: stream as never }
    },
    doGenerate: async () => {
      const call = next()
      return toGenerate("hang" in call ? call.hang : call) as never
    }
  })
}

const ourModel = (calls: ReadonlyArray<Call>) =>
  MockLanguageModel.layer({
    stream: (_options, index) => {
      const call = calls[index]
      if (call === "fail" || call === undefined) return Effect.fail(new APICallError(failure))
      if (call === "retry") return Effect.fail(new APICallError(retryable))
      if ("hang" in call) return { stream: Stream.concat(Stream.fromIterable(call.hang), Stream.never) }
      return { stream: call }
    },
    generate: (_options, index) => {
      const call = calls[index]
      if (call === "fail" || call === undefined) return Effect.fail(new APICallError(failure))
      if (call === "retry") return Effect.fail(new APICallError(retryable))
      return toGenerate("hang" in call ? call.hang : call)
    }
  })

const names = (nodes: ReadonlyArray<SpanNode>): unknown => nodes.map((n) => [n.name, names(n.children)])

const compare = (scenario: Scenario) => ({ ours, upstream }: { ours: ReadonlyArray<SpanNode>; upstream: ReadonlyArray<SpanNode> }) => {
  if (scenario.divergence !== undefined) ours = scenario.divergence(ours)
  expect(upstream.length).toBeGreaterThan(0)
  expect(names(ours)).toEqual(names(upstream))
  expect(ours).toEqual(upstream)
}

const streamScenario = ({ abort, calls, telemetry }: Scenario) =>
  Effect.gen(function*() {
    const upstreamAbort = new AbortController()
    const upstream = yield* Effect.promise(() =>
      upstreamSpans(async (integration) => {
        const result = upstreamStreamText({
          model: upstreamModel(calls),
          ...common,
          tools: upstreamTools(),
          stopWhen: upIsStepCount(3),
          telemetry: upstreamTelemetry(telemetry, integration),
          abortSignal: upstreamAbort.signal,
          onError: () => undefined
        })
        for await (const part of result.fullStream) if (abort === true && part.type === "text-delta") upstreamAbort.abort("stop")
      })
    )
    const ourAbort = new AbortController()
    const ours = yield* ourSpans(
      StreamText.streamText({
        ...common,
        tools: ourTools(),
        stopWhen: StopCondition.isStepCount(3),
        telemetry,
        abort: ourAbort.signal,
        onError: () => Effect.void
      }).pipe(
        Stream.runForEach((part) => Effect.sync(() => abort === true && part.type === "text-delta" && ourAbort.abort("stop"))),
        Effect.provide(ourModel(calls))
      )
    )
    return { ours, upstream }
  })

const generateScenario = ({ calls, telemetry }: Scenario) =>
  Effect.gen(function*() {
    const upstream = yield* Effect.promise(() =>
      upstreamSpans((integration) =>
        upstreamGenerateText({
          model: upstreamModel(calls),
          ...common,
          tools: upstreamTools(),
          stopWhen: upIsStepCount(3),
          telemetry: upstreamTelemetry(telemetry, integration)
        })
      )
    )
    const ours = yield* ourSpans(
      GenerateText.generateText({ ...common, tools: ourTools(), stopWhen: StopCondition.isStepCount(3), telemetry }).pipe(
        Effect.provide(ourModel(calls))
      )
    )
    return { ours, upstream }
  })

const scenarios: ReadonlyArray<readonly [string, Scenario]> = [
  ["multi-step with tools, one failing", { calls: [toolStep, answer] }],
  ["functionId and an included runtime context key", {
    calls: [toolStep, answer],
    telemetry: { functionId: "weather-bot", includeRuntimeContext: { userId: true } }
  }],
  ["recordInputs: false", { calls: [toolStep, answer], telemetry: { recordInputs: false } }],
  ["recordOutputs: false", { calls: [toolStep, answer], telemetry: { recordOutputs: false }, divergence: redactedToolErrors }],
  ["a retried call", { calls: ["retry", answer] }],
  ["a failed first call", { calls: ["fail"] }],
  ["a later call fails", { calls: [toolStep, "fail"] }]
]

const aborted: ReadonlyArray<readonly [string, Scenario]> = [
  ["an aborted stream", { calls: [hanging], abort: true }],
  ["a stream aborted in its second step", { calls: [toolStep, hanging], abort: true }]
]

describe("streamText spans (differential)", () => {
  for (const [name, scenario] of [...scenarios, ...aborted]) {
    it.live(name, () => Effect.map(streamScenario(scenario), compare(scenario)))
  }
  it.live("an aborted stream ends its open spans", () =>
    Effect.map(streamScenario(aborted[0]![1]), ({ ours, upstream }) => {
      expect(names(upstream)).toEqual([["ai.streamText", [["ai.streamText.doStream", []]]]])
      expect(ours).toEqual(upstream)
    }))
})

describe("generateText spans (differential)", () => {
  for (const [name, scenario] of scenarios) {
    it.live(name, () => Effect.map(generateScenario(scenario), compare(scenario)))
  }
})
