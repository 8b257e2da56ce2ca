/**
 * Cancellation, xAI and Hugging Face: interrupting the consumer mid-stream
 * cancels the HTTP body and emits no `finish`, `tool-call` or `text-end`
 * for open blocks, as upstream on abort.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as LanguageModel from "../../../src/LanguageModel.ts"
import * as HuggingFace from "../../../src/providers/huggingface/HuggingFace.ts"
import * as HuggingFaceLanguageModel from "../../../src/providers/huggingface/HuggingFaceLanguageModel.ts"
import * as XAI from "../../../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../../../src/providers/xai/XAILanguageModel.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { linesToSse } from "./harness.ts"

const xaiHead = linesToSse([
  '{"type":"response.created","response":{"id":"r","object":"response","output":[],"status":"in_progress"}}',
  '{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"Hel"}',
  '{"type":"response.output_item.added","output_index":1,"item":{"type":"function_call","id":"f","call_id":"c","name":"w","arguments":""}}',
  '{"type":"response.function_call_arguments.delta","item_id":"f","output_index":1,"delta":"{\\"a\\":"}'
].join("\n"))

const hfHead = linesToSse([
  '{"type":"response.created","response":{"id":"r","object":"response","created_at":1,"status":"in_progress","model":"m"}}',
  '{"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"m","role":"assistant"}}',
  '{"type":"response.output_text.delta","item_id":"m","delta":"Hel"}'
].join("\n"))

const run = (make: (client: HttpClient.HttpClient) => LanguageModel.Service, head: string, last: StreamPart["type"]) =>
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
    const started = yield* make(client).stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
    const parts: Array<StreamPart> = []
    const sawLast = yield* Deferred.make<void>()
    const fiber = yield* Stream.runForEach(started.stream, (part) =>
      Effect.gen(function*() {
        parts.push(part)
        if (part.type === last) yield* Deferred.succeed(sawLast, undefined)
      })).pipe(Effect.forkChild)
    yield* Deferred.await(sawLast)
    yield* Fiber.interrupt(fiber)
    return { types: parts.map((p) => p.type), cancelled }
  })

describe("xAI and Hugging Face stream cancellation", () => {
  it.effect("xAI: interrupting the consumer cancels the body and emits no finish", () =>
    Effect.gen(function*() {
      const { cancelled, types } = yield* run(
        (client) => XAILanguageModel.makeWith(client, XAI.modelConfig("grok-4.3", { apiKey: "k" })),
        xaiHead,
        "tool-input-delta"
      )
      expect(types).toStrictEqual(["stream-start", "response-metadata", "text-start", "text-delta", "tool-input-start", "tool-input-delta"])
      expect(cancelled).toBe(true)
    }))

  it.effect("Hugging Face: interrupting the consumer cancels the body and emits no finish", () =>
    Effect.gen(function*() {
      const { cancelled, types } = yield* run(
        (client) => HuggingFaceLanguageModel.makeWith(client, HuggingFace.modelConfig("m", { apiKey: "k" })),
        hfHead,
        "text-delta"
      )
      expect(types).toStrictEqual(["stream-start", "response-metadata", "text-start", "text-delta"])
      expect(cancelled).toBe(true)
    }))
})
