/**
 * Cancellation: interrupting the consumer of a Mistral stream aborts the HTTP
 * request; parts already emitted stay emitted; no tool-call for the open
 * tool call, no finish. Upstream's parts before its AbortError are the
 * reference (reasoning block ids from the same counter on both sides).
 */
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { createMistral } from "@ai-sdk/mistral"
import * as Mistral from "../../../src/providers/mistral/Mistral.ts"
import { IdGenerator, makeCounter } from "../../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import * as Cancellation from "../_kit/Cancellation.ts"
import { partJson } from "../_kit/Wire.ts"
import { toAimux } from "./harness.ts"

const chunk = (delta: unknown) => ({ id: "c1", model: "magistral-medium-latest", created: 1, choices: [{ index: 0, delta, finish_reason: null }] })
const frames = [
  chunk({ role: "assistant", content: [{ type: "thinking", thinking: [{ type: "text", text: "plan" }] }] }),
  chunk({ content: "Hi" }),
  chunk({ tool_calls: [{ id: "call_1", index: 0, function: { name: "f", arguments: "{\"a\":" } }] })
]
const sse = frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("")
const hi = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }

describe("Mistral cancellation", () => {
  it("interrupting the consumer mid-stream: parts so far, no tool-call, no finish, request aborted", async () => {
    const upstream = await Cancellation.upstreamAbortAfter(sse, 8, (fetch, abortSignal) =>
      createMistral({ apiKey: "k", fetch, generateId: makeCounter("id") })("magistral-medium-latest").doStream({ ...hi, abortSignal }))
    expect(upstream.error).toBeInstanceOf(Error)
    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const parts = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* Mistral.model("magistral-medium-latest", { apiKey: "k" })
        const response = yield* model.stream(toAimux(hi))
        return yield* Cancellation.interruptAfter(response.stream, 8)
      }).pipe(Effect.provide(Layer.merge(replay.layer, IdGenerator.layerCounter("id"))))
    )
    expect(parts.map(partJson)).toEqual(upstream.parts)
    expect(parts.map((p) => p.type)).toEqual([
      "stream-start",
      "response-metadata",
      "reasoning-start",
      "reasoning-delta",
      "reasoning-end",
      "text-start",
      "text-delta",
      "tool-input-start",
      "tool-input-delta"
    ])
    expect(replay.recorder.cancelledBodies).toBe(1)
  })
})
