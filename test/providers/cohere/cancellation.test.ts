/**
 * Cancellation: interrupting the consumer of a Cohere stream aborts the HTTP
 * request; parts already emitted stay emitted; no tool-call for the open
 * tool call, no finish. Upstream's parts before its AbortError are the
 * reference.
 */
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { createCohere } from "@ai-sdk/cohere"
import * as Cohere from "../../../src/providers/cohere/Cohere.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import * as Cancellation from "../_kit/Cancellation.ts"
import { partJson } from "../_kit/Wire.ts"
import { toAimux } from "./harness.ts"

const frames = [
  { id: "m1", type: "message-start" },
  { type: "content-start", index: 0, delta: { message: { content: { type: "text", text: "" } } } },
  { type: "content-delta", index: 0, delta: { message: { content: { text: "Hi" } } } },
  { type: "content-end", index: 0 },
  { type: "tool-call-start", delta: { message: { tool_calls: { id: "call_1", type: "function", function: { name: "f", arguments: "" } } } } },
  { type: "tool-call-delta", delta: { message: { tool_calls: { function: { arguments: "{\"a\":" } } } } }
]
const sse = frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("")
const hi = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }

describe("Cohere cancellation", () => {
  it("interrupting the consumer mid-stream: parts so far, no tool-call, no finish, request aborted", async () => {
    const upstream = await Cancellation.upstreamAbortAfter(sse, 7, (fetch, abortSignal) =>
      createCohere({ apiKey: "k", fetch })("command-a-03-2025").doStream({ ...hi, abortSignal }))
    expect(upstream.error).toBeInstanceOf(Error)
    const replay = ReplayHttpClient.make({ body: sse, hang: true })
    const parts = await Effect.runPromise(
      Effect.gen(function*() {
        const model = yield* Cohere.model("command-a-03-2025", { apiKey: "k" })
        const response = yield* model.stream(toAimux(hi))
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
    expect(replay.recorder.cancelledBodies).toBe(1)
  })
})
