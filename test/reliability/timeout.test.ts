/**
 * Timeouts on TestClock: total, step, first chunk and idle (chunk). Each ends in its own typed
 * error (never interruption, never an abort part), for `generate`, `stream`, `generateText` and
 * `streamText`.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import * as Timeout from "../../src/reliability/Timeout.ts"
import {
  ChunkTimeoutError,
  FirstChunkTimeoutError,
  StepTimeoutError,
  TotalTimeoutError
} from "../../src/contract/errors/TimeoutError.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const result: GenerateResult = {
  content: [{ type: "text", text: "done" }],
  finishReason: H.finishReason("stop"),
  usage: H.usage(1, 1),
  warnings: []
}

const finish: StreamPart = { type: "finish", finishReason: H.finishReason("stop"), usage: H.usage(1, 1) }

/** A stream whose parts come after the given delays (ms). */
const timed = (items: ReadonlyArray<readonly [number, StreamPart]>): Stream.Stream<StreamPart> =>
  Stream.fromIterable(items).pipe(Stream.mapEffect(([ms, part]) => Effect.as(Effect.sleep(ms), part)))

const delta = (text: string): StreamPart => ({ type: "text-delta", id: "t", delta: text })

const runStream = (layer: Layer.Layer<LanguageModel, unknown>) =>
  Effect.gen(function*() {
    const seen: Array<StreamPart> = []
    const fiber = yield* Effect.gen(function*() {
      const m = yield* LanguageModel
      const r = yield* m.stream({ prompt: [] })
      return yield* Stream.runForEach(r.stream, (p) => Effect.sync(() => seen.push(p)))
    }).pipe(Effect.provide(layer), Effect.exit, Effect.forkChild)
    yield* TestClock.adjust("1 hour")
    return { exit: yield* Fiber.join(fiber), seen }
  })

const failureOf = <A, E>(exit: Exit.Exit<A, E>): E | undefined =>
  Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined

const modelWith = (stream: Stream.Stream<StreamPart>, options: ReliableModel.Options) =>
  ReliableModel.layer({ retry: false, ...options }).pipe(Layer.provide(MockLanguageModel.layer({ stream: { stream } })))

describe("timeouts: stream", () => {
  it.effect("first chunk: metadata parts do not count as output", () =>
    Effect.gen(function*() {
      const { exit, seen } = yield* runStream(modelWith(
        timed([[0, { type: "stream-start", warnings: [] }], [100, { type: "text-start", id: "t" }], [2000, delta("late")]]),
        { timeout: { firstChunk: "1 second" } }
      ))
      const error = failureOf(exit)
      expect(error).toBeInstanceOf(FirstChunkTimeoutError)
      expect(String(error)).toBe("TimeoutError: First chunk timeout of 1000ms exceeded")
      expect(Exit.hasInterrupts(exit)).toBe(false)
      expect(seen.map((p) => p.type)).toStrictEqual(["stream-start", "text-start"])
    }))

  it.effect("first chunk met, then an idle gap beyond chunk: ChunkTimeoutError", () =>
    Effect.gen(function*() {
      const { exit, seen } = yield* runStream(modelWith(
        timed([[500, delta("a")], [400, delta("b")], [400, delta("c")], [1500, delta("d")], [0, finish]]),
        { timeout: { firstChunk: "1 second", chunk: "1 second" } }
      ))
      expect(failureOf(exit)).toBeInstanceOf(ChunkTimeoutError)
      expect(seen.map((p) => p.type === "text-delta" ? p.delta : p.type)).toStrictEqual(["a", "b", "c"])
    }))

  it.effect("pings (non-output parts) do not reset the idle timer", () =>
    Effect.gen(function*() {
      const { exit } = yield* runStream(modelWith(
        timed([[0, delta("a")], [600, { type: "raw", rawValue: "ping" }], [600, { type: "raw", rawValue: "ping" }], [600, delta("b")]]),
        { timeout: { chunk: "1 second" } }
      ))
      expect(failureOf(exit)).toBeInstanceOf(ChunkTimeoutError)
    }))

  it.effect("a stream within all limits ends normally", () =>
    Effect.gen(function*() {
      const { exit, seen } = yield* runStream(modelWith(
        timed([[900, delta("a")], [900, delta("b")], [900, delta("c")], [0, finish]]),
        { timeout: { firstChunk: "1 second", chunk: "1 second", step: "10 seconds" } }
      ))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(seen).toHaveLength(4)
    }))

  it.effect("a consumer's pauses between pulls are not model idle time (backpressure)", () =>
    Effect.gen(function*() {
      const seen: Array<StreamPart> = []
      const fiber = yield* Effect.gen(function*() {
        const m = yield* LanguageModel
        const r = yield* m.stream({ prompt: [] })
        // the consumer takes 5 s per part: the stream is not pulled meanwhile
        return yield* Stream.runForEach(r.stream, (p) => Effect.andThen(Effect.sleep("5 seconds"), Effect.sync(() => seen.push(p))))
      }).pipe(
        Effect.provide(modelWith(
          timed([[0, { type: "stream-start", warnings: [] }], [500, delta("a")], [500, delta("b")], [500, delta("c")], [0, finish]]),
          { timeout: { firstChunk: "1 second", chunk: "1 second" } }
        )),
        Effect.exit,
        Effect.forkChild
      )
      yield* TestClock.adjust("1 hour")
      const exit = yield* Fiber.join(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(seen.map((p) => p.type === "text-delta" ? p.delta : p.type)).toStrictEqual(["stream-start", "a", "b", "c", "finish"])
    }))

  it.effect("step bounds the whole stream", () =>
    Effect.gen(function*() {
      const { exit, seen } = yield* runStream(modelWith(
        timed([[900, delta("a")], [900, delta("b")], [900, delta("c")], [0, finish]]),
        { timeout: { chunk: "1 second", step: "2 seconds" } }
      ))
      const error = failureOf(exit)
      expect(error).toBeInstanceOf(StepTimeoutError)
      expect(String(error)).toBe("TimeoutError: Step timeout of 2000ms exceeded")
      expect(seen).toHaveLength(2)
    }))

  it.effect("step bounds the stream Effect (a stalled request)", () =>
    Effect.gen(function*() {
      const layer = ReliableModel.layer({ retry: false, timeout: { step: "5 seconds" } }).pipe(
        Layer.provide(MockLanguageModel.layer({ stream: () => Effect.never }))
      )
      const { exit } = yield* runStream(layer)
      expect(failureOf(exit)).toBeInstanceOf(StepTimeoutError)
    }))

  it.effect("a first-chunk timeout can be retried when the policy says so", () =>
    Effect.gen(function*() {
      const layer = ReliableModel.layer({
        retry: { maxRetries: 1, initialDelay: "1 second", additionalRetryable: (e) => e instanceof FirstChunkTimeoutError },
        timeout: { firstChunk: "1 second" }
      }).pipe(Layer.provide(MockLanguageModel.layer({
        stream: (_o, i) =>
          Effect.succeed({
            stream: i === 0
              ? timed([[0, { type: "stream-start", warnings: [] }], [5000, delta("stalled")]])
              : timed([[0, { type: "stream-start", warnings: [] }], [10, delta("fresh")], [0, finish]])
          })
      })))
      const { exit, seen } = yield* runStream(layer)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(seen.map((p) => p.type === "text-delta" ? p.delta : p.type)).toStrictEqual(["stream-start", "fresh", "finish"])
    }))
})

describe("timeouts: generate and core", () => {
  it.effect("generate: step timeout covers the call and its retries", () =>
    Effect.gen(function*() {
      const layer = ReliableModel.layer({ timeout: { step: "3 seconds" } }).pipe(
        Layer.provide(MockLanguageModel.layer({ generate: () => Effect.never }))
      )
      const fiber = yield* GenerateText.generateText({ prompt: "hi" }).pipe(Effect.provide(layer), Effect.flip, Effect.forkChild)
      yield* TestClock.adjust("1 minute")
      expect(yield* Fiber.join(fiber)).toBeInstanceOf(StepTimeoutError)
    }))

  it.effect("total: generateText under Timeout.total", () =>
    Effect.gen(function*() {
      const layer = MockLanguageModel.layer({ generate: () => Effect.as(Effect.sleep("10 seconds"), result) })
      const fiber = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(layer),
        Timeout.total("5 seconds"),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      expect(error).toBeInstanceOf(TotalTimeoutError)
      expect(error.message).toBe("Total timeout of 5000ms exceeded")
    }))

  it.effect("streamText: an idle timeout becomes an error part (streamText never fails), no finish", () =>
    Effect.gen(function*() {
      const layer = modelWith(
        timed([[0, { type: "stream-start", warnings: [] }], [0, { type: "text-start", id: "t" }], [10, delta("a")], [5000, delta("b")]]),
        { timeout: { chunk: "1 second" } }
      )
      const fiber = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Stream.runCollect,
        Effect.provide(layer),
        Effect.forkChild
      )
      yield* TestClock.adjust("1 minute")
      const parts = yield* Fiber.join(fiber)
      const errors = parts.filter((p) => p.type === "error")
      expect(errors).toHaveLength(1)
      expect(errors[0]?.type === "error" && errors[0].error).toBeInstanceOf(ChunkTimeoutError)
      expect(parts.some((p) => p.type === "abort")).toBe(false)
    }))

  it.effect("total: a streamText stream under Timeout.totalStream fails with TotalTimeoutError", () =>
    Effect.gen(function*() {
      const layer = MockLanguageModel.layer({
        stream: { stream: timed([[0, { type: "stream-start", warnings: [] }], [0, { type: "text-start", id: "t" }], [3000, delta("a")], [3000, delta("b")]]) }
      })
      const fiber = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Timeout.totalStream("4 seconds"),
        Stream.runCollect,
        Effect.provide(layer),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust("1 minute")
      expect(yield* Fiber.join(fiber)).toBeInstanceOf(TotalTimeoutError)
    }))
})
