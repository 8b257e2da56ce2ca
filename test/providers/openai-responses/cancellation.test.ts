/**
 * Cancellation: interrupting the consumer of a Responses stream aborts the
 * HTTP request; parts already emitted stay emitted; no tool-call for the open
 * function call, no finish. Upstream's parts before its AbortError are the
 * reference. Interrupting `stream` while it peeks for the first output event
 * aborts the request too.
 */
import { Duration, Effect, Fiber, Layer, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import type { StreamPart } from "../../../src/spec/StreamPart.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { partJson } from "../../kit/wire.ts"
import { readAll } from "../openai/upstream.ts"
import { decodeCallOptions, upstreamModel } from "./harness.ts"

const frames = [
  { type: "response.created", response: { id: "resp_1", created_at: 1, model: "gpt-4.1-mini" } },
  { type: "response.in_progress", response: { id: "resp_1", created_at: 1, model: "gpt-4.1-mini" } },
  { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1" } },
  { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, delta: "Hi" },
  { type: "response.output_item.done", output_index: 0, item: { type: "message", id: "msg_1" } },
  {
    type: "response.output_item.added",
    output_index: 1,
    item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "f", arguments: "" }
  },
  { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 1, delta: "{\"a\":" }
]
const sse = frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("")
const hi = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }

const upstreamAbortAfter = async (count: number) => {
  const controller = new AbortController()
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const bytes = new TextEncoder().encode(sse)
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        init?.signal?.addEventListener("abort", () => c.error(init.signal?.reason))
      },
      pull(c) {
        if (!sent) {
          sent = true
          c.enqueue(bytes)
        }
        return new Promise(() => {})
      }
    })
    return new Response(body, { headers: { "content-type": "text/event-stream" } })
  }
  const result = await upstreamModel("gpt-4.1-mini", fetch).doStream({ ...hi, abortSignal: controller.signal })
  const reader = result.stream.getReader()
  const parts: Array<unknown> = []
  while (parts.length < count) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
  }
  controller.abort()
  reader.releaseLock()
  const rest = await readAll(result.stream)
  return { parts: [...parts, ...rest.parts].map(partJson), error: rest.error }
}

describe("OpenAI Responses cancellation", () => {
  it("interrupting the consumer mid-stream: parts so far, no tool-call, no finish, request aborted", async () => {
    const upstream = await upstreamAbortAfter(7)
    expect(upstream.error).toBeInstanceOf(Error)
    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const parts: Array<StreamPart> = []
    await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* OpenAI.responses("gpt-4.1-mini", { apiKey: "k" })
        const response = yield* model.stream(decodeCallOptions(hi))
        const fiber = yield* Effect.forkChild(
          Stream.runForEach(response.stream, (part) => Effect.sync(() => parts.push(part)))
        )
        while (parts.length < 7) yield* Effect.sleep(Duration.millis(5))
        yield* Effect.sleep(Duration.millis(20))
        yield* Fiber.interrupt(fiber)
      }).pipe(Effect.provide(Layer.merge(replay.layer, IdGenerator.layerCounter("id"))))
    )
    expect(parts.map(partJson)).toEqual(upstream.parts)
    expect(parts.map((p) => p.type)).toEqual([
      "stream-start",
      "response-metadata",
      "text-start",
      "text-delta",
      "text-end",
      "tool-input-start",
      "tool-input-delta"
    ])
    expect(parts.some((p) => p.type === "tool-call" || p.type === "finish")).toBe(false)
    expect(replay.recorder.cancelledBodies).toBe(1)
  })

  it("interrupting while waiting for the first output aborts the request", async () => {
    const replay = ReplayHttpClient.make({
      body: frames.slice(0, 2).map((f) => `data: ${JSON.stringify(f)}\n\n`).join(""),
      hang: true
    })
    const result = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* OpenAI.responses("gpt-4.1-mini", { apiKey: "k" })
        return yield* Effect.timeoutOption(model.stream(decodeCallOptions(hi)), Duration.millis(50))
      }).pipe(Effect.provide(replay.layer))
    )
    expect(result._tag).toBe("None")
    await Effect.runPromise(Effect.sleep(Duration.millis(10)))
    expect(replay.recorder.cancelledBodies).toBe(1)
  })

  it("OpenAI.layer builds the Responses model; its stream is tied to the consumer", async () => {
    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const taken = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* LanguageModel
        expect(model.provider).toBe("openai.responses")
        const response = yield* model.stream(decodeCallOptions(hi))
        return yield* Stream.runCollect(Stream.take(response.stream, 4))
      }).pipe(Effect.provide(OpenAI.layer("gpt-4.1-mini", { apiKey: "k" }).pipe(Layer.provide(replay.layer))))
    )
    expect(taken.map((p) => p.type)).toEqual(["stream-start", "response-metadata", "text-start", "text-delta"])
    await Effect.runPromise(Effect.sleep(Duration.millis(10)))
    expect(replay.recorder.cancelledBodies).toBe(1)
  })
})
