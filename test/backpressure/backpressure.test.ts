/**
 * Backpressure end to end (issue 24): a loopback server streams a 100 MB body as fast as the
 * connection takes it; the consumer takes one delta per millisecond for a while, then stops
 * pulling. During the pause the server can write only what the socket buffers and aimux's bound
 * take, and aimux's live heap does not grow: aimux stops reading the body, so TCP flow control
 * holds the server. Measured on the server side (bytes `res.write` accepted, kernel queues of
 * the connection); no timing is asserted, the pause only gives a reader time to run ahead.
 *
 * Paths: provider streams (OpenAI chat SSE, Bedrock event-stream frames), `streamText` with a
 * tool step (the flood is the second step; a tool's streamed preliminary results are paced too),
 * the interop bridge read through an upstream-shaped `ReadableStream` reader, and the
 * reliability wrapper (retries and timeouts) under `streamText` with its own timeouts. A control
 * run with the unbounded hand-off (`bufferSize: Infinity`, the former behaviour) shows the
 * measurement sees buffering.
 */
import { createOpenAI } from "@ai-sdk/openai"
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { Effect, Layer, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { afterEach, expect, it } from "vitest"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { TextStreamPart } from "../../src/core/TextStreamPart.ts"
import { isStepCount } from "../../src/core/StopCondition.ts"
import { fromLanguageModelV4 } from "../../src/interop/FromLanguageModelV4.ts"
import { toLanguageModelV4 } from "../../src/interop/ToLanguageModelV4.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { AmazonBedrock } from "../../src/providers/amazon-bedrock/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { partsJson } from "../providers/_kit/Wire.ts"
import { ourTools } from "../testing/toolsets.ts"
import * as F from "./flood.ts"

const MiB = 1024 * 1024
const TOTAL = 100 * MiB
/** Deltas taken one per millisecond before the pause. */
const SLOW_PARTS = 150
const PAUSE_MS = 300
/**
 * What user space may hold past the kernel queues: Node's HTTP client (undici's body buffer,
 * about 0.25 MiB measured with a bare `fetch` reader) plus aimux's documented bound (a
 * `streamText` run: 256 parts queued plus the network read being handed over; a provider stream
 * or the interop bridge: the read being handed over).
 */
const USER_SPACE_BOUND = 2 * MiB
/**
 * The live heap a paused run may hold, and may grow by during the pause (measured: under 1 MiB;
 * the unbounded control holds over 20 MiB of a 32 MiB body).
 */
const HEAP_BOUND = 4 * MiB

const servers: Array<F.Flood> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()))
})

const flood = async (format: F.Format, before?: ReadonlyArray<string>, totalBytes = TOTAL) => {
  const server = await F.start({ format, totalBytes, ...(before !== undefined ? { before } : {}) })
  servers.push(server)
  return server
}

const layers = Layer.merge(FetchHttpClient.layer, IdGenerator.layerCounter("id"))

const openai = (server: F.Flood) => OpenAI.chat("gpt-4o-mini", { apiKey: "k", baseURL: server.baseURL })
const bedrock = (server: F.Flood) =>
  AmazonBedrock.model("us.anthropic.claude-sonnet-4-5-20250929-v1:0", { region: "us-east-1", apiKey: "k", baseURL: server.baseURL })

const call = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }

const isModelDelta = (part: StreamPart) => part.type === "text-delta"
const isTextDelta = (part: TextStreamPart) => part.type === "text-delta"

/**
 * Consumes `stream` one delta per millisecond for {@link SLOW_PARTS} deltas, then pauses (the
 * stream is not pulled) and reports; the stream is then dropped, which cancels the body.
 */
const slowThenPause = <A, E, R>(server: F.Flood, stream: Stream.Stream<A, E, R>, isDelta: (a: A) => boolean) =>
  Effect.gen(function*() {
    const seen: { consumed: number; report: F.PauseReport | undefined } = { consumed: 0, report: undefined }
    const baseline = F.liveHeap()
    yield* Stream.runForEachWhile(stream, (part) => {
      if (!isDelta(part)) return Effect.succeed(true)
      seen.consumed++
      if (seen.consumed < SLOW_PARTS) return Effect.as(Effect.sleep("1 millis"), true)
      return Effect.map(Effect.promise(() => F.pause(server, seen.consumed, PAUSE_MS, baseline)), (r) => {
        seen.report = r
        return false
      })
    })
    return seen
  })

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

const expectBounded = (server: F.Flood, result: { readonly report: F.PauseReport | undefined; readonly consumed: number }) => {
  const { report, consumed } = result
  expect(consumed).toBe(SLOW_PARTS)
  if (report === undefined) return expect.unreachable("no pause")
  // the server did stream fast: it is megabytes ahead of the consumer (the socket buffers are full)
  expect(server.snapshot().accepted).toBeGreaterThan(consumed * server.eventBytes + MiB / 2)
  expect(report.userSpace).toBeLessThanOrEqual(USER_SPACE_BOUND)
  expect(report.duringPause).toBeLessThanOrEqual(USER_SPACE_BOUND + report.kernelGrowth)
  expect(report.heapGrowth).toBeLessThanOrEqual(HEAP_BOUND)
  expect(report.heapHeld).toBeLessThanOrEqual(HEAP_BOUND)
}

it("provider stream (OpenAI chat SSE): a paused consumer holds the server", async () => {
  const server = await flood("openai")
  const result = await run(Effect.gen(function*() {
    const model = yield* openai(server)
    const response = yield* model.stream(call)
    return yield* slowThenPause(server, response.stream, isModelDelta)
  }).pipe(Effect.provide(layers)))
  expectBounded(server, result)
})

it("provider stream (Bedrock event-stream frames): a paused consumer holds the server", async () => {
  const server = await flood("bedrock")
  const result = await run(Effect.gen(function*() {
    const model = yield* bedrock(server)
    const response = yield* model.stream(call)
    return yield* slowThenPause(server, response.stream, isModelDelta)
  }).pipe(Effect.provide(layers)))
  expectBounded(server, result)
})

const lookup = (executed: Array<string>) => ({
  lookup: Tool.make({
    inputSchema: Tool.jsonSchema({ type: "object" }),
    // streamed preliminary results, then the final one
    execute: () => Stream.suspend(() => {
      executed.push("lookup")
      return Stream.make("searching", "found")
    })
  })
})

const streamTextOver = (server: F.Flood, model: Effect.Effect<Service, unknown, never>, options: { readonly bufferSize?: number } = {}) =>
  Effect.gen(function*() {
    const executed: Array<string> = []
    const service = yield* model
    const stream = StreamText.streamText({
      prompt: "hi",
      tools: lookup(executed),
      stopWhen: isStepCount(2),
      ...options
    }).pipe(Stream.provideService(LanguageModel, service))
    const result = yield* slowThenPause(server, stream, isTextDelta)
    return { ...result, executed, requests: server.requests() }
  })

it("streamText with a tool step: the second step's flood is held while the consumer pauses", async () => {
  const server = await flood("openai", [F.openaiToolCallBody("lookup", "{}")])
  const result = await run(Effect.provide(streamTextOver(server, Effect.provide(openai(server), layers)), layers))
  expect({ executed: result.executed, requests: result.requests }).toStrictEqual({ executed: ["lookup"], requests: 2 })
  expectBounded(server, result)
})

it("control: the unbounded hand-off (bufferSize: Infinity) reads far ahead and holds it in the heap", async () => {
  // a smaller body: the unbounded reader takes all of it before the pause
  const server = await flood("openai", undefined, 24 * MiB)
  const result = await run(Effect.gen(function*() {
    const service = yield* openai(server)
    const stream = StreamText.streamText({ prompt: "hi", bufferSize: Infinity }).pipe(Stream.provideService(LanguageModel, service))
    return yield* slowThenPause(server, stream, isTextDelta)
  }).pipe(Effect.provide(layers)))
  if (result.report === undefined) return expect.unreachable("no pause")
  expect(result.report.userSpace).toBeGreaterThan(4 * USER_SPACE_BOUND)
  expect(result.report.heapHeld).toBeGreaterThan(2 * HEAP_BOUND)
})

it("streamText: a tool's streamed results are produced only as fast as they are consumed (bufferSize 64)", async () => {
  const BUFFER = 64
  let produced = 0
  const tools = {
    counter: Tool.make({
      inputSchema: Tool.jsonSchema({ type: "object" }),
      execute: () => Stream.iterate(0, (n) => n + 1).pipe(Stream.take(1_000_000), Stream.tap(() => Effect.sync(() => produced++)))
    })
  }
  const model: Service = {
    specificationVersion: "v4",
    provider: "test",
    modelId: "test",
    supportedUrls: Effect.succeed({}),
    generate: () => Effect.die("unused"),
    stream: () =>
      Effect.succeed({
        stream: Stream.make<Array<StreamPart>>(
          { type: "stream-start", warnings: [] },
          { type: "tool-call", toolCallId: "c1", toolName: "counter", input: "{}" },
          { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } } }
        )
      })
  }
  const seen = await run(Effect.gen(function*() {
    let results = 0
    yield* StreamText.streamText({ prompt: "hi", tools, bufferSize: BUFFER }).pipe(
      Stream.provideService(LanguageModel, model),
      Stream.runForEachWhile((part) => {
        if (part.type !== "tool-result") return Effect.succeed(true)
        results++
        // the consumer pauses (the tool's fiber may run meanwhile), then stops
        return results === 100 ? Effect.as(Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100))), false) : Effect.succeed(true)
      })
    )
    return { results, produced }
  }).pipe(Effect.provide(layers)))
  expect(seen.results).toBe(100)
  // the tool ran at most one queue (256 parts) ahead of the consumer, not to its million
  // the consumer holds one chunk (at most a queue's worth) and at most a queue's worth waits
  expect(produced).toBeLessThanOrEqual(100 + 2 * BUFFER + 2)
})

it("interop: an upstream-shaped ReadableStream reader that pauses holds the server", async () => {
  const server = await flood("openai")
  const service = await run(Effect.provide(openai(server), layers))
  const v4 = toLanguageModelV4(service)
  const result = await v4.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
  const baseline = F.liveHeap()
  const reader = result.stream.getReader()
  const seen: { consumed: number; report: F.PauseReport | undefined } = { consumed: 0, report: undefined }
  try {
    while (seen.report === undefined) {
      const read: ReadableStreamReadResult<LanguageModelV4StreamPart> = await reader.read()
      if (read.done) break
      if (read.value.type !== "text-delta") continue
      seen.consumed++
      if (seen.consumed < SLOW_PARTS) await new Promise((resolve) => setTimeout(resolve, 1))
      else seen.report = await F.pause(server, seen.consumed, PAUSE_MS, baseline)
    }
  } finally {
    await reader.cancel()
  }
  expectBounded(server, seen)
})

it("interop: an upstream provider model (@ai-sdk/openai over fetch) under streamText holds the server", async () => {
  const server = await flood("openai")
  const upstream = createOpenAI({ apiKey: "k", baseURL: server.baseURL }).chat("gpt-4o-mini")
  const result = await run(Effect.gen(function*() {
    const stream = StreamText.streamText({ prompt: "hi" }).pipe(Stream.provide(fromLanguageModelV4(upstream)))
    return yield* slowThenPause(server, stream, isTextDelta)
  }))
  expectBounded(server, result)
})

it("reliability: ReliableModel (retries, timeouts) under streamText with its own timeouts holds the server", async () => {
  const server = await flood("openai", [F.openaiToolCallBody("lookup", "{}")])
  const reliable = Effect.provide(openai(server), layers).pipe(
    Effect.flatMap((service) =>
      ReliableModel.make(service, { retry: { maxRetries: 2 }, timeout: { firstChunk: "5 seconds", chunk: "50 millis", step: "1 minute" } })
    )
  )
  const result = await run(Effect.gen(function*() {
    const executed: Array<string> = []
    const service = yield* reliable
    const stream = StreamText.streamText({
      prompt: "hi",
      tools: lookup(executed),
      stopWhen: isStepCount(2),
      maxRetries: 1,
      // a chunk timeout shorter than the pause: the pause is not model idle time
      timeout: { totalMs: 60_000, chunkMs: 50 }
    }).pipe(Stream.provideService(LanguageModel, service))
    const parts: Array<string> = []
    const out = yield* slowThenPause(server, Stream.tap(stream, (p) => Effect.sync(() => {
      if (p.type === "error" || p.type === "abort") parts.push(p.type)
    })), isTextDelta)
    return { ...out, executed, parts }
  }).pipe(Effect.provide(layers)))
  expect({ executed: result.executed, parts: result.parts }).toStrictEqual({ executed: ["lookup"], parts: [] })
  expectBounded(server, result)
})

it("the parts and their order do not depend on bufferSize (1, 7, 256, Infinity)", async () => {
  const script = [
    {
      stream: H.framed(
        [
          ...H.textParts("t", ...Array.from({ length: 600 }, (_, i) => `d${i} `)),
          H.toolCall("c1", "weather", { city: "Rome" }),
          H.toolCall("c2", "progress", {}),
          H.toolCall("c3", "fails", {})
        ],
        H.finish("tool-calls")
      )
    },
    { stream: H.framed(H.textParts("t2", "done")) }
  ]
  const runWith = (bufferSize: number) =>
    Effect.runPromise(
      StreamText.streamText({ prompt: "hi", tools: ourTools(), stopWhen: isStepCount(2), bufferSize, toolCallConcurrency: 1, onError: () => Effect.void }).pipe(
        Stream.runCollect,
        Effect.provide(Layer.merge(MockLanguageModel.layer({ stream: script }), IdGenerator.layerCounter("id")))
      )
    )
  // the clock's values (response timestamps, step times) differ between runs
  const comparable = (parts: ReadonlyArray<TextStreamPart>) =>
    JSON.parse(JSON.stringify(partsJson(parts), (key, value) => key === "timestamp" || key === "performance" ? undefined : value))
  const runs = []
  for (const size of [1, 7, 256, Infinity]) runs.push(comparable(await runWith(size)))
  expect(runs[0].length).toBeGreaterThan(600)
  expect(runs.slice(1)).toStrictEqual([runs[0], runs[0], runs[0]])
})
