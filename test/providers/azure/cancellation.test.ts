/**
 * Cancellation: interrupting the consumer of an Azure stream (Responses and chat) aborts the HTTP
 * request; parts already emitted stay emitted; no finish. Upstream's parts before its AbortError
 * are the reference.
 */
import { createAzure } from "@ai-sdk/azure"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import * as Azure from "../../../src/providers/azure/Azure.ts"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import * as Cancellation from "../_kit/Cancellation.ts"
import { partJson } from "../_kit/Wire.ts"
import { decodeCallOptions, hi } from "./harness.ts"

const sse = (frames: ReadonlyArray<unknown>) => frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("")
const bodies = {
  responses: sse([
    { type: "response.created", response: { id: "r", created_at: 1, model: "gpt-4.1-mini" } },
    { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1" } },
    { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, delta: "Hel" }
  ]),
  chat: sse([
    { id: "c", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta: { role: "assistant", content: "Hel" }, finish_reason: null }] },
    { id: "c", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta: { content: "lo" }, finish_reason: null }] }
  ])
}

describe("Azure cancellation", () => {
  for (const api of ["responses", "chat"] as const) {
    it(`${api}: interrupting the consumer mid-stream keeps the parts so far, no finish, the request aborted`, async () => {
      const upstream = await Cancellation.upstreamAbortAfter(bodies[api], 4, (fetch, abortSignal) => {
        const provider = createAzure({ resourceName: "aimux-holdout", apiKey: "k", fetch })
        return (api === "responses" ? provider.responses("gpt-4.1-mini") : provider.chat("gpt-4o-mini"))
          .doStream({ ...hi, abortSignal })
      })
      expect(upstream.error).toBeInstanceOf(Error)
      const replay = ReplayHttpClient.make({ body: bodies[api], hang: true })
      const parts = await Effect.runPromise(
        Effect.gen(function*() {
          const settings = { resourceName: "aimux-holdout", apiKey: "k" }
          const model = yield* (api === "responses"
            ? Azure.responses("gpt-4.1-mini", settings)
            : Azure.chat("gpt-4o-mini", settings))
          const response = yield* model.stream(decodeCallOptions(hi))
          return yield* Cancellation.interruptAfter(response.stream, 4)
        }).pipe(Effect.provide(Layer.merge(replay.layer, IdGenerator.layerCounter("id"))))
      )
      expect(parts.map(partJson)).toEqual(upstream.parts)
      expect(parts.map((p) => p.type)).toEqual(["stream-start", "response-metadata", "text-start", "text-delta", ...(api === "chat" ? ["text-delta"] : [])])
      expect(replay.recorder.cancelledBodies).toBe(1)
    })
  }
})
