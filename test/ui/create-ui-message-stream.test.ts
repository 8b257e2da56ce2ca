/**
 * `createUIMessageStream` against upstream's: the same writes (data parts, updates by id,
 * transient data) and a merged `toUIMessageStream` of the same model script; a failing
 * `execute` and a failing merged stream (error chunks, the stream goes on); the response id in
 * `start`; `onEnd` with the message and the outcome; continuation of the last assistant message.
 * Equal chunks and `onEnd` events; SSE bytes equal through both responses.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  createUIMessageStream as upCreate,
  createUIMessageStreamResponse,
  streamText as upStreamText,
  toUIMessageStream as upToUIMessageStream,
  type UIMessage as UpUIMessage,
  type UIMessageChunk as UpChunk
} from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { LanguageModel } from "../../src/LanguageModel.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import * as CreateUIMessageStream from "../../src/ui/CreateUIMessageStream.ts"
import * as ToUIMessageStream from "../../src/ui/ToUIMessageStream.ts"
import type * as UIMessage from "../../src/ui/UIMessage.ts"
import type { UIMessageChunk } from "../../src/ui/UIMessageChunk.ts"
import * as UIMessageStreamResponse from "../../src/ui/UIMessageStreamResponse.ts"
import { chunksOfBody } from "./harness.ts"

interface Scenario {
  readonly script: ReadonlyArray<StreamPart>
  readonly failExecute?: boolean
  readonly failMerged?: boolean
  readonly originalMessages?: ReadonlyArray<UIMessage.UIMessage>
}

// fresh objects per run: upstream keeps a written data chunk as the message part and updates it in place
const before = (): ReadonlyArray<UIMessageChunk> => [
  { type: "data-weather", id: "w1", data: { city: "Rome", status: "loading" } },
  { type: "data-notice", data: "transient", transient: true }
]
const after = (): ReadonlyArray<UIMessageChunk> => [{ type: "data-weather", id: "w1", data: { city: "Rome", status: "done" } }]

const upstream = async (s: Scenario) => {
  let end: unknown
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...s.script]) as never }) })
  const stream = upCreate({
    generateId: () => "resp-1",
    ...(s.originalMessages !== undefined ? { originalMessages: [...s.originalMessages] as Array<UpUIMessage> } : {}),
    onEnd: (event) => {
      end = event
    },
    execute: async ({ writer }) => {
      for (const chunk of before()) writer.write(chunk as UpChunk)
      const result = upStreamText({ model, prompt: "hi", onError: () => {} })
      // (a failing merged stream alone: two concurrent merged streams interleave by scheduling)
      if (s.failMerged !== true) writer.merge(upToUIMessageStream({ stream: result.stream, onError: (e: unknown) => String(writer.onError?.(e)) }))
      if (s.failMerged === true) {
        writer.merge(new ReadableStream({ pull: () => Promise.reject(new Error("merged failed")) }))
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
      for (const chunk of after()) writer.write(chunk as UpChunk)
      if (s.failExecute === true) throw new Error("execute failed")
    }
  })
  const [a, b] = stream.tee()
  const chunks: Array<unknown> = []
  const [body] = await Promise.all([
    createUIMessageStreamResponse({ stream: b }).text(),
    (async () => {
      for await (const chunk of a) chunks.push(chunk)
    })()
  ])
  return { chunks, body, end }
}

const ours = (s: Scenario) =>
  Effect.gen(function*() {
    let end: unknown
    const chunks: Array<UIMessageChunk> = []
    const stream = CreateUIMessageStream.createUIMessageStream<Error, LanguageModel>({
      generateId: () => "resp-1",
      originalMessages: s.originalMessages,
      onEnd: (event) => Effect.sync(() => void (end = event)),
      execute: (writer) =>
        Effect.gen(function*() {
          for (const chunk of before()) yield* writer.write(chunk)
          if (s.failMerged !== true) {
            yield* writer.merge(
              ToUIMessageStream.toUIMessageStream({ stream: StreamText.streamText({ prompt: "hi", onError: () => Effect.void }), onError: writer.onError })
            )
          }
          if (s.failMerged === true) yield* writer.merge(Stream.fail(new Error("merged failed")))
          yield* Effect.sleep("5 millis")
          for (const chunk of after()) yield* writer.write(chunk)
          if (s.failExecute === true) return yield* Effect.fail(new Error("execute failed"))
        })
    }).pipe(Stream.tap((chunk) => Effect.sync(() => void chunks.push(chunk))))
    const response = yield* UIMessageStreamResponse.toResponse(stream)
    const context = yield* Effect.context<never>()
    const body = yield* Effect.promise(() => HttpServerResponse.toWeb(response, { context }).text())
    return { chunks, body, end }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: { stream: s.script } })))

const json = (u: unknown) => JSON.parse(JSON.stringify(u))

const differential = (name: string, s: Scenario) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const up = yield* Effect.promise(() => upstream(s))
      const mine = yield* ours(s)
      // upstream keeps a written data chunk as the message part and updates it in place, so its
      // chunks are compared as they were sent (the body)
      expect(json(mine.chunks)).toEqual(chunksOfBody(up.body))
      expect(mine.body).toBe(up.body)
      expect(json(mine.end)).toEqual(json(up.end))
    }))

describe("createUIMessageStream (differential)", () => {
  differential("writes, a merged streamText, data part updated by id, transient data", {
    script: H.framed(H.textParts("t", "Hello"))
  })
  differential("execute fails after its writes: an error chunk, outcome failed", {
    script: H.framed(H.textParts("t", "x")),
    failExecute: true
  })
  differential("a merged stream fails: an error chunk, the writes go on", {
    script: H.framed(H.textParts("t", "x")),
    failMerged: true
  })
  differential("continuation of the last assistant message", {
    script: H.framed(H.textParts("t", "more")),
    originalMessages: [
      { id: "u1", role: "user", parts: [{ type: "text", text: "hi" }] },
      { id: "a1", role: "assistant", parts: [{ type: "text", text: "start", state: "done" }] }
    ]
  })
})
