/**
 * Steering messages in UI messages against upstream `ai` 7.0.173: the same steering messages
 * (text, parts with provider options, images and files as bytes, base64, hosted and data URLs)
 * through both streamTexts; upstream's `toUIMessageStream` chunks, the assistant message
 * `readUIMessageStream` builds and `convertToModelMessages` of it, against aimux's
 * `SteeringMessage.toUIMessageChunk` / `fromChunk` / `toModelMessage` of the same parts; the part
 * Schema against `safeValidateUIMessages`.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  convertToModelMessages,
  experimental_createSteering as upCreateSteering,
  readUIMessageStream,
  safeValidateUIMessages,
  streamText as upStreamText,
  type UIMessage,
  type UserModelMessage as UpUserModelMessage
} from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Exit, Schema, Stream } from "effect"
import * as Steering from "../../src/core/Steering.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { SteeringMessagePart } from "../../src/core/TextStreamPart.ts"
import * as SteeringMessage from "../../src/ui/SteeringMessage.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { errorJson, wireJson } from "../providers/_kit/Wire.ts"

const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3])

const messages: ReadonlyArray<readonly [string, Steering.UserModelMessage | string]> = [
  ["s1", "Use Paris, Texas instead."],
  ["s2", {
    role: "user",
    content: [
      { type: "text", text: "Look at these", providerOptions: { mock: { cache: true } } },
      { type: "image", image: bytes, mediaType: "image/png" },
      { type: "image", image: new URL("https://example.com/cat.png") },
      { type: "file", data: "aGVsbG8=", mediaType: "text/plain", filename: "hello.txt" },
      { type: "file", data: "https://example.com/doc.pdf", mediaType: "application/pdf" },
      { type: "file", data: new URL("data:text/csv;base64,YSxi"), mediaType: "text/plain", providerOptions: { mock: { x: 1 } } }
    ]
  }]
]

const answer = H.framed(H.textParts("t", "ok"))

/** Upstream: the UI chunks of a run that got the messages, the assistant message and its model messages. */
const upstreamRun = Effect.promise(async () => {
  const steering = upCreateSteering()
  for (const [id, message] of messages) void steering.steer(message as string | UpUserModelMessage, { id })
  const run = upStreamText({
    // every URL is supported, so nothing is downloaded
    model: new MockLanguageModelV4({ supportedUrls: { "*/*": [/.*/] }, doStream: async () => ({ stream: convertArrayToReadableStream([...answer]) as never }) }),
    prompt: "hi",
    experimental_steering: steering
  })
  const [forChunks, forMessage] = run.toUIMessageStream().tee()
  const chunks: Array<unknown> = []
  for await (const chunk of forChunks) chunks.push(chunk)
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream: forMessage })) last = message
  const modelMessages = await convertToModelMessages([
    { role: "user", parts: [{ type: "text", text: "hi" }] },
    { role: "assistant", parts: last!.parts }
  ])
  return { chunks, message: last!, modelMessages }
})

const oursRun = Effect.gen(function*() {
  const steering = yield* Steering.make
  for (const [id, message] of messages) yield* Effect.forkDetach(steering.steer(message, { id }), { startImmediately: true })
  const parts = yield* StreamText.streamText({ prompt: "hi", experimental_steering: steering }).pipe(
    Stream.runCollect,
    Effect.provide(MockLanguageModel.layer({ supportedUrls: { "*/*": [/.*/] }, stream: { stream: answer } }))
  )
  return Array.from(parts).filter((p): p is SteeringMessagePart => p.type === "steering-message")
})

describe("steering messages in UI messages (differential)", () => {
  it.live("UI message chunks, the assistant message's parts and the model messages", () =>
    Effect.gen(function*() {
      const upstream = yield* upstreamRun
      const parts = yield* oursRun
      expect(parts).toHaveLength(2)
      const chunks = parts.map(SteeringMessage.toUIMessageChunk)
      const upChunks = upstream.chunks.filter((c) => (c as { type: string }).type === "steering-message")
      expect(wireJson(chunks)).toEqual(wireJson(upChunks))
      // every chunk is valid under the chunk Schema
      for (const chunk of upChunks) expect(Exit.isSuccess(Schema.decodeUnknownExit(SteeringMessage.SteeringMessageChunk)(chunk))).toBe(true)

      const uiParts = chunks.map(SteeringMessage.fromChunk)
      const upParts = upstream.message.parts.filter((p) => p.type === "steering-message")
      expect(wireJson(uiParts)).toEqual(wireJson(upParts))
      // a steering part is placed before the output of the step that received it
      expect(upstream.message.parts.map((p) => p.type)).toEqual(["steering-message", "steering-message", "step-start", "text"])

      const modelMessages = yield* Effect.forEach(uiParts, SteeringMessage.toModelMessage)
      // upstream: the user prompt, then each steering part as a user message before the step's output
      expect(upstream.modelMessages.map((m) => m.role)).toEqual(["user", "user", "user", "assistant"])
      expect(wireJson(modelMessages)).toEqual(wireJson(upstream.modelMessages.slice(1, 3)))
    }))

  it.live("validation: the part Schema accepts and refuses what upstream's validation does", () =>
    Effect.gen(function*() {
      const candidates: ReadonlyArray<unknown> = [
        { type: "steering-message", id: "s1", parts: [{ type: "text", text: "a" }] },
        { type: "steering-message", id: "s1", parts: [{ type: "file", mediaType: "image/png", url: "https://x/y.png", filename: "y.png" }] },
        { type: "steering-message", id: "s1", parts: [{ type: "file", mediaType: "image/png", url: "", providerReference: { openai: "file-1" } }] },
        { type: "steering-message", parts: [{ type: "text", text: "a" }] },
        { type: "steering-message", id: 7, parts: [] },
        { type: "steering-message", id: "s1", parts: [{ type: "text" }] },
        { type: "steering-message", id: "s1", parts: [{ type: "file", url: "https://x" }] },
        { type: "steering-message", id: "s1", parts: [{ type: "text", text: "a", providerMetadata: { mock: 1 } }] }
      ]
      for (const candidate of candidates) {
        const upstream = yield* Effect.promise(() =>
          safeValidateUIMessages({ messages: [{ id: "m1", role: "assistant", parts: [candidate] }] })
        )
        const ours = Exit.isSuccess(Schema.decodeUnknownExit(SteeringMessage.SteeringMessageUIPart)(candidate))
        expect([candidate, ours]).toEqual([candidate, upstream.success])
      }
    }))

  it.live("a file URL that does not parse: InvalidPromptError (upstream's new URL throws a TypeError)", () =>
    Effect.gen(function*() {
      const part = {
        type: "steering-message" as const,
        id: "s1",
        parts: [{ type: "file" as const, mediaType: "image/png", url: "not a url" }]
      }
      const upstream = yield* Effect.promise(() =>
        convertToModelMessages([{ role: "assistant", parts: [part] }]).then(() => undefined, (error: unknown) => error)
      )
      expect(upstream).toBeInstanceOf(TypeError)
      const error = yield* Effect.flip(SteeringMessage.toModelMessage(part))
      expect(errorJson(error)).toMatchObject({ name: "AI_InvalidPromptError", message: "Invalid prompt: Invalid URL: not a url" })
    }))
})
