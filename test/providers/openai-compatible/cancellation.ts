/**
 * Cancellation check (spec §6, behaviour 38): upstream aborted mid-stream vs
 * aimux with its consumer interrupted mid-stream, on a body that never ends.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { Effect, Fiber, Latch, Layer, Schema, Stream } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import { expect } from "vitest"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { normalizeParts } from "./streamHarness.ts"

const options: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }

const hangingFetch = (body: string, onAbort: () => void): typeof fetch => async (_input, init) => {
  const bytes = new TextEncoder().encode(body)
  let sent = false
  init?.signal?.addEventListener("abort", onAbort)
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true
          controller.enqueue(bytes)
          return
        }
        return new Promise<void>((_, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))
        })
      }
    }),
    { headers: { "content-type": "text/event-stream" } }
  )
}

/** Stops after the first `tool-input-delta` on both sides and compares. */
export const checkCancellation = async (
  makeUpstream: (fetch: typeof globalThis.fetch) => LanguageModelV4,
  modelLayer: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>,
  body: string
): Promise<void> => {
  // upstream: abort after the first tool-input-delta
  let upstreamAborted = false
  const controller = new AbortController()
  const model = makeUpstream(hangingFetch(body, () => {
    upstreamAborted = true
  }))
  const result = await model.doStream({ ...options, abortSignal: controller.signal })
  const reader = result.stream.getReader()
  const upstreamParts: Array<LanguageModelV4StreamPart> = []
  let upstreamError: unknown
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      upstreamParts.push(value)
      if (value.type === "tool-input-delta") controller.abort()
    }
  } catch (error) {
    upstreamError = error
  }
  expect(upstreamAborted).toBe(true)
  expect(upstreamError).toBeInstanceOf(Error)
  expect(upstreamParts.some((part) => part.type === "finish" || part.type === "tool-call")).toBe(false)

  // aimux: interrupt the consuming fiber after the first tool-input-delta
  const replay = ReplayHttpClient.make({ chunks: [body], hang: true, headers: { "content-type": "text/event-stream" } })
  const parts: Array<unknown> = []
  const program = Effect.gen(function*() {
    const llm = yield* LanguageModel
    const response = yield* llm.stream(Schema.decodeUnknownSync(CallOptions)(options))
    const seenDelta = yield* Latch.make()
    const fiber = yield* Stream.runForEach(response.stream, (part) =>
      Effect.sync(() => {
        parts.push(part)
        if (part.type === "tool-input-delta") seenDelta.openUnsafe()
      })).pipe(Effect.forkChild)
    yield* seenDelta.await
    yield* Fiber.interrupt(fiber)
  })
  await Effect.runPromise(
    program.pipe(Effect.provide(Layer.provideMerge(modelLayer, Layer.merge(replay.layer, IdGenerator.layerCounter()))))
  )
  expect(replay.recorder.cancelledBodies).toBe(1)
  expect(normalizeParts(parts, body)).toEqual(normalizeParts(upstreamParts, body))
}
