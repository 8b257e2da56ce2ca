/**
 * Cancellation: interrupting the consumer mid-stream cancels the HTTP body
 * (the response stream's `cancel` runs) and no `finish`, `tool-call` or
 * `text-end` is emitted for open blocks, as upstream on abort.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Anthropic from "../../../src/providers/anthropic/Anthropic.ts"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { chunksToSse } from "./harness.ts"

const head = chunksToSse([
  '{"type":"message_start","message":{"id":"m","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}',
  '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}',
  '{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"a\\":1}"}}'
].join("\n"))

describe("Anthropic stream cancellation", () => {
  it.effect("interrupting the consumer cancels the body and emits no finish", () =>
    Effect.gen(function*() {
      let cancelled = false
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head))
          // the body stays open: the rest never arrives
        },
        cancel() {
          cancelled = true
        }
      })
      const client = HttpClient.make((request) =>
        Effect.succeed(HttpClientResponse.fromWeb(request, new Response(body, { status: 200 })))
      )
      const config = yield* Anthropic.modelConfig("claude-sonnet-4-5", { apiKey: "k" })
      const model = AnthropicLanguageModel.makeWith(client, config)
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
      expect(parts.map((p) => p.type)).toStrictEqual([
        "stream-start",
        "response-metadata",
        "custom",
        "text-start",
        "text-delta",
        "tool-input-start",
        "tool-input-delta"
      ])
      expect(cancelled).toBe(true)
    }))
})
