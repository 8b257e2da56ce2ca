/**
 * Cancellation (spec §6, behaviour 38): interrupting the consumer aborts the
 * HTTP request; parts already emitted stay emitted; no tool-call for open
 * calls, no finish. Upstream's parts before its AbortError are the reference.
 */
import { Duration, Effect, Layer, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { partJson } from "../_kit/Wire.ts"
import * as Cancellation from "../_kit/Cancellation.ts"
import { decodeCallOptions } from "./differential.ts"
import { upstreamChat } from "./upstream.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"

const frames = [
  { id: "c", created: 1, model: "m", choices: [{ index: 0, delta: { content: "Hi" }, finish_reason: null }] },
  {
    choices: [{
      index: 0,
      delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "f", arguments: "{\"a\":" } }] },
      finish_reason: null
    }]
  }
]
const sse = frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("")
const hi = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }

const upstreamAbortAfter = (count: number) =>
  Cancellation.upstreamAbortAfter(sse, count, (fetch, abortSignal) => upstreamChat("gpt-4o-mini", fetch).doStream({ ...hi, abortSignal }))

const layerFor = (replay: ReturnType<typeof ReplayHttpClient.make>) =>
  Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", { apiKey: "k" })).pipe(
    Layer.provide(Layer.merge(replay.layer, IdGenerator.layerCounter("id")))
  )

describe("OpenAI chat cancellation", () => {
  it("interrupting the consumer mid-stream: parts so far, no tool-call, no finish, request aborted", async () => {
    const upstream = await upstreamAbortAfter(5)
    expect(upstream.error).toBeInstanceOf(Error)

    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const parts = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "k" })
        const response = yield* model.stream(decodeCallOptions(hi))
        return yield* Cancellation.interruptAfter(response.stream, 5)
      }).pipe(Effect.provide(Layer.merge(replay.layer, IdGenerator.layerCounter("id"))))
    )
    expect(parts.map(partJson)).toEqual(upstream.parts)
    expect(parts.map((p) => p.type)).toEqual([
      "stream-start",
      "response-metadata",
      "text-start",
      "text-delta",
      "tool-input-start",
      "tool-input-delta"
    ].slice(0, parts.length))
    expect(parts.some((p) => p.type === "tool-call" || p.type === "finish")).toBe(false)
    expect(replay.recorder.cancelledBodies).toBe(1)
  })

  it("interrupting while waiting for the first output aborts the request", async () => {
    const replay = ReplayHttpClient.make({
      body: `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] })}\n\n`,
      hang: true
    })
    const result = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* OpenAI.chat("gpt-4o-mini", { apiKey: "k" })
        return yield* Effect.timeoutOption(model.stream(decodeCallOptions(hi)), Duration.millis(50))
      }).pipe(Effect.provide(replay.layer))
    )
    expect(result._tag).toBe("None")
    await Effect.runPromise(Effect.sleep(Duration.millis(10)))
    expect(replay.recorder.cancelledBodies).toBe(1)
  })

  it("the Layer builds a model whose stream is tied to the consumer", async () => {
    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const taken = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* LanguageModel
        const response = yield* model.stream(decodeCallOptions(hi))
        return yield* Stream.runCollect(Stream.take(response.stream, 4))
      }).pipe(Effect.provide(layerFor(replay)))
    )
    expect(taken.map((p) => p.type)).toEqual(["stream-start", "response-metadata", "text-start", "text-delta"])
    await Effect.runPromise(Effect.sleep(Duration.millis(10)))
    expect(replay.recorder.cancelledBodies).toBe(1)
  })
})
