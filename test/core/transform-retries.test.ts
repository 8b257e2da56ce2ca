/**
 * `experimental_transform` under `streamRetries`, against upstream `ai` 7.0.173
 * (`MockLanguageModelV4`, the same scripted attempts on both sides): upstream restarts each user
 * transform at a retry boundary (`applyStreamTextTransforms` closes the transformed segment, which
 * flushes the transform, and pipes the next attempt through a fresh one), so a stateful transform
 * sees only its own attempt. Compared: the full stream and the aggregated text.
 * Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { streamText as upstreamStreamText, type TextStreamPart as UpstreamPart, type ToolSet } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as StreamText from "../../src/core/StreamText.ts"
import type { TextStreamPart } from "../../src/core/TextStreamPart.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const start: StreamPart = { type: "stream-start", warnings: [] }
const meta: StreamPart = { type: "response-metadata", id: "r", modelId: "m", timestamp: new Date(0) }
const failing = (...deltas: ReadonlyArray<string>): ReadonlyArray<StreamPart> => [
  start,
  meta,
  { type: "text-start", id: "t" },
  ...deltas.map((delta): StreamPart => ({ type: "text-delta", id: "t", delta })),
  { type: "error", error: new Error("boom") }
]
const succeeding = (...deltas: ReadonlyArray<string>): ReadonlyArray<StreamPart> => [start, meta, ...H.textParts("t", ...deltas), H.finish()]

// numbers the text deltas it sees: a fresh transform starts at 0
const upstreamCounter = () => {
  let n = 0
  return new TransformStream<UpstreamPart<ToolSet>, UpstreamPart<ToolSet>>({
    transform(part, controller) {
      controller.enqueue(part.type === "text-delta" ? { ...part, text: `${n++}:${part.text}` } : part)
    }
  })
}
const ourCounter = (stream: Stream.Stream<TextStreamPart>) =>
  Stream.suspend(() => {
    let n = 0
    return Stream.map(stream, (part): TextStreamPart => part.type === "text-delta" ? { ...part, text: `${n++}:${part.text}` } : part)
  })

// holds a text's deltas back and writes them as one delta before its text-end, or when its input
// ends (its flush: the failed attempt's text, which has no text-end)
const upstreamHolder = () => {
  const held: Array<string> = []
  let id = ""
  const release = (controller: TransformStreamDefaultController<UpstreamPart<ToolSet>>) => {
    if (held.length > 0) controller.enqueue({ type: "text-delta", id, text: held.splice(0).join("|") })
  }
  return new TransformStream<UpstreamPart<ToolSet>, UpstreamPart<ToolSet>>({
    transform(part, controller) {
      if (part.type === "text-delta") {
        id = part.id
        held.push(part.text)
        return
      }
      if (part.type === "text-end") release(controller)
      controller.enqueue(part)
    },
    flush: release
  })
}
const ourHolder = (stream: Stream.Stream<TextStreamPart>) =>
  Stream.suspend(() => {
    const held: Array<string> = []
    let id = ""
    const release = (): ReadonlyArray<TextStreamPart> =>
      held.length > 0 ? [{ type: "text-delta", id, text: held.splice(0).join("|") }] : []
    return Stream.concat(
      Stream.flatMap(stream, (part) => {
        if (part.type === "text-delta") {
          id = part.id
          held.push(part.text)
          return Stream.empty
        }
        return Stream.fromIterable(part.type === "text-end" ? [...release(), part] : [part])
      }),
      Stream.suspend(() => Stream.fromIterable(release()))
    )
  })

const runUpstream = async (attempts: ReadonlyArray<ReadonlyArray<StreamPart>>, transform: unknown) => {
  let call = 0
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...(attempts[call++] ?? [])]) as never })
  })
  const result = upstreamStreamText({ model, prompt: "hi", streamRetries: 2, onError: () => {}, experimental_transform: transform as never })
  const parts: Array<unknown> = []
  for await (const p of result.fullStream) parts.push(p)
  return { parts: normalize(parts), text: await result.text, calls: call }
}

const runOurs = (
  attempts: ReadonlyArray<ReadonlyArray<StreamPart>>,
  transform: StreamText.StreamTextOptions<{}, never>["experimental_transform"]
) =>
  Effect.gen(function*() {
    const parts = Array.from(yield* Stream.runCollect(StreamText.streamText({
      prompt: "hi",
      streamRetries: 2,
      onError: () => Effect.void,
      experimental_transform: transform
    })))
    const result = yield* StreamText.aggregate(parts)
    return { parts: normalize(parts), text: result.text, calls: attempts.length }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: attempts.map((parts) => ({ stream: parts })) })))

const differential = (
  name: string,
  attempts: ReadonlyArray<ReadonlyArray<StreamPart>>,
  ours: StreamText.StreamTextOptions<{}, never>["experimental_transform"],
  upstream: unknown,
  check: (text: string) => void
) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const expected = yield* Effect.promise(() => runUpstream(attempts, upstream))
      const actual = yield* runOurs(attempts, ours)
      expect(expected.calls).toBe(attempts.length)
      expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)))
      check(actual.text)
    }))

describe("experimental_transform restarts per stream-retry attempt (vs upstream)", () => {
  differential(
    "a counting transform numbers the successful attempt's deltas from 0",
    [failing("a", "b"), succeeding("c", "d")],
    ourCounter,
    upstreamCounter,
    (text) => expect(text).toBe("0:c1:d")
  )
  differential(
    "two failed attempts, then success: each attempt gets a fresh transform",
    [failing("a"), failing("b", "c"), succeeding("d", "e", "f")],
    ourCounter,
    upstreamCounter,
    (text) => expect(text).toBe("0:d1:e2:f")
  )
  differential(
    "a holding transform is flushed at the boundary; the successful attempt's text is its own",
    [failing("a", "b"), succeeding("c", "d")],
    ourHolder,
    upstreamHolder,
    (text) => expect(text).toBe("c|d")
  )
  differential(
    "transforms in order, each restarted",
    [failing("a"), succeeding("b", "c")],
    [ourCounter, ourHolder],
    [upstreamCounter, upstreamHolder],
    (text) => expect(text).toBe("0:b|1:c")
  )
  differential(
    "no retry: one transform over the whole run",
    [succeeding("a", "b", "c")],
    ourCounter,
    upstreamCounter,
    (text) => expect(text).toBe("0:a1:b2:c")
  )
})
