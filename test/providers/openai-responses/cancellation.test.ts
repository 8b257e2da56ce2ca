/**
 * Cancellation: interrupting the consumer of a Responses stream aborts the
 * HTTP request; parts already emitted stay emitted; no tool-call for the open
 * function call, no finish. Upstream's parts before its AbortError are the
 * reference. Interrupting `stream` while it peeks for the first output event
 * aborts the request too.
 */
import { Duration, Effect, Layer, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { partJson } from "../_kit/Wire.ts"
import * as Cancellation from "../_kit/Cancellation.ts"
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

const upstreamAbortAfter = (count: number) =>
  Cancellation.upstreamAbortAfter(sse, count, (fetch, abortSignal) => upstreamModel("gpt-4.1-mini", fetch).doStream({ ...hi, abortSignal }))

describe("OpenAI Responses cancellation", () => {
  it("interrupting the consumer mid-stream: parts so far, no tool-call, no finish, request aborted", async () => {
    const upstream = await upstreamAbortAfter(7)
    expect(upstream.error).toBeInstanceOf(Error)
    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const parts = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* OpenAI.responses("gpt-4.1-mini", { apiKey: "k" })
        const response = yield* model.stream(decodeCallOptions(hi))
        return yield* Cancellation.interruptAfter(response.stream, 7)
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
