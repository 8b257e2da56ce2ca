/**
 * Cancellation: interrupting the consumer mid-stream cancels the HTTP body
 * (the response stream's `cancel` runs); no `finish`, `tool-call` or
 * `text-end` is emitted for open blocks, and a frame cut in half by the
 * interruption is not reported as an incomplete frame.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as AmazonBedrock from "../../../src/providers/amazon-bedrock/AmazonBedrock.ts"
import * as AmazonBedrockLanguageModel from "../../../src/providers/amazon-bedrock/AmazonBedrockLanguageModel.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { chunksToBody } from "./harness.ts"

const head = chunksToBody([
  '{"messageStart":{"role":"assistant"}}',
  '{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Hel"}}}',
  '{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"t1","name":"f"}}}}',
  '{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\\"a\\":1}"}}}}'
].join("\n"))
const next = chunksToBody('{"contentBlockStop":{"contentBlockIndex":1}}')

describe("Amazon Bedrock stream cancellation", () => {
  it.effect("interrupting the consumer cancels the body and emits no finish", () =>
    Effect.gen(function*() {
      let cancelled = false
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head)
          // half of the next frame; the rest never arrives
          controller.enqueue(next.subarray(0, 10))
        },
        cancel() {
          cancelled = true
        }
      })
      const client = HttpClient.make((request) =>
        Effect.succeed(HttpClientResponse.fromWeb(request, new Response(body, { status: 200 })))
      )
      const config = yield* AmazonBedrock.modelConfig("us.anthropic.claude-sonnet-4-5-20250929-v1:0", {
        region: "us-east-1",
        apiKey: "k"
      })
      const model = AmazonBedrockLanguageModel.makeWith(client, config)
      const started = yield* model.stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
      const parts: Array<StreamPart> = []
      const sawToolDelta = yield* Deferred.make<void>()
      const fiber = yield* Stream.runForEach(started.stream, (part) =>
        Effect.gen(function*() {
          parts.push(part)
          if (part.type === "tool-input-delta") yield* Deferred.succeed(sawToolDelta, undefined)
        })).pipe(Effect.forkChild)
      yield* Deferred.await(sawToolDelta)
      yield* Fiber.interrupt(fiber)
      expect(Exit.hasInterrupts(yield* Fiber.await(fiber))).toBe(true)
      expect(parts.map((p) => p.type)).toStrictEqual([
        "stream-start",
        "response-metadata",
        "text-start",
        "text-delta",
        "tool-input-start",
        "tool-input-delta"
      ])
      expect(cancelled).toBe(true)
    }))
})
