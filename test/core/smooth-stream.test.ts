/**
 * `smoothStream` against upstream `ai` 7.0.173 (`experimental_transform: smoothStream(...)` on the
 * same scripted parts): word, line, RegExp, custom detector and `Intl.Segmenter` chunking,
 * metadata and id boundaries, reasoning deltas, and the delays (upstream under vitest fake timers,
 * aimux on `TestClock`): the time at which each part arrives.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { smoothStream as upstreamSmoothStream, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Clock, Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as SmoothStream from "../../src/core/SmoothStream.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

afterEach(() => {
  vi.useRealTimers()
})

const upstreamParts = async (scripted: ReadonlyArray<StreamPart>, options: Parameters<typeof upstreamSmoothStream>[0]) => {
  const result = upstreamStreamText({
    model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...scripted]) as never }) }),
    prompt: "hi",
    experimental_transform: upstreamSmoothStream(options)
  })
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  return parts
}

const ourParts = (scripted: ReadonlyArray<StreamPart>, options: SmoothStream.Options) =>
  StreamText.streamText({ prompt: "hi", experimental_transform: SmoothStream.smoothStream(options) }).pipe(
    Stream.runCollect,
    Effect.map((c) => Array.from(c)),
    Effect.provide(MockLanguageModel.layer({ stream: { stream: scripted } }))
  )

const text: ReadonlyArray<StreamPart> = H.framed([
  ...H.reasoningParts("r", "I think", " about ", "it.\nYes"),
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "Hello, wor" },
  { type: "text-delta", id: "t", delta: "ld! This is\nline two\n\nand " },
  { type: "text-delta", id: "t", delta: "", providerMetadata: { p: { sig: "x" } } },
  { type: "text-delta", id: "t", delta: "a tail", providerMetadata: { p: { k: 1 } } },
  { type: "text-delta", id: "t", delta: " with more words " },
  { type: "text-end", id: "t" }
])

const differential = (name: string, upstream: Parameters<typeof upstreamSmoothStream>[0], ours: SmoothStream.Options) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const expected = yield* Effect.promise(() => upstreamParts(text, upstream))
      const actual = yield* ourParts(text, ours)
      expect(normalize(actual)).toEqual(normalize(expected))
    }))

describe("smoothStream (differential)", () => {
  differential("word chunking (default)", { delayInMs: null }, { delayInMs: null })
  differential("line chunking", { delayInMs: null, chunking: "line" }, { delayInMs: null, chunking: "line" })
  differential("RegExp chunking", { delayInMs: null, chunking: /[,.!]\s*/ }, { delayInMs: null, chunking: /[,.!]\s*/ })
  const twoChars = (buffer: string) => (buffer.length >= 2 ? buffer.slice(0, 2) : null)
  differential("custom detector", { delayInMs: null, chunking: twoChars }, { delayInMs: null, chunking: twoChars })
  differential(
    "Intl.Segmenter (words)",
    { delayInMs: null, chunking: new Intl.Segmenter("en", { granularity: "word" }) },
    { delayInMs: null, chunking: new Intl.Segmenter("en", { granularity: "word" }) }
  )

  it.live("without a transform: the text stage keeps a step's first text id's last metadata on later deltas, as upstream", () =>
    Effect.gen(function*() {
      const scripted = H.framed([
        ...text.slice(1, -1),
        ...H.textParts("u", "second id ")
      ])
      const result = upstreamStreamText({
        model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...scripted]) as never }) }),
        prompt: "hi"
      })
      const expected: Array<unknown> = []
      yield* Effect.promise(async () => {
        for await (const part of result.fullStream) expected.push(part)
      })
      const actual = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: scripted } }))
      )
      expect(normalize(Array.from(actual))).toEqual(normalize(expected))
    }))

  it.effect("delays: each chunk is followed by delayInMs, as upstream's timers", () =>
    Effect.gen(function*() {
      const scripted = H.framed(H.textParts("t", "one two ", "three four five "))
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 })
      const upstreamTimes: Array<[string, number]> = []
      const done = (async () => {
        const result = upstreamStreamText({
          model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...scripted]) as never }) }),
          prompt: "hi",
          experimental_transform: upstreamSmoothStream({ delayInMs: 100 })
        })
        for await (const part of result.fullStream) upstreamTimes.push([part.type, Date.now()])
      })()
      yield* Effect.promise(async () => {
        await vi.runAllTimersAsync()
        await done
      })
      vi.useRealTimers()
      const ourTimes: Array<[string, number]> = []
      const fiber = yield* StreamText.streamText({ prompt: "hi", experimental_transform: SmoothStream.smoothStream({ delayInMs: 100 }) }).pipe(
        Stream.runForEach((part) => Effect.map(Clock.currentTimeMillis, (now) => void ourTimes.push([part.type, now]))),
        Effect.provide(MockLanguageModel.layer({ stream: { stream: scripted } })),
        Effect.forkChild
      )
      yield* TestClock.adjust(10_000)
      yield* Fiber.join(fiber)
      expect(ourTimes).toEqual(upstreamTimes)
      expect(ourTimes.filter(([type]) => type === "text-delta").map(([, t]) => t)).toEqual([0, 100, 200, 300, 400])
    }))

  it.effect("a detector that returns a non-prefix dies with upstream's message", () =>
    Effect.gen(function*() {
      const exit = yield* ourParts(text, { delayInMs: null, chunking: () => "zz" }).pipe(Effect.exit)
      expect(exit._tag).toBe("Failure")
      expect(String(exit._tag === "Failure" ? exit.cause : "")).toContain("Chunking function must return a match that is a prefix of the buffer")
    }))
})
