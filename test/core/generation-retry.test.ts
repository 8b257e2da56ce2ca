/**
 * `maxRetries` and `timeout` of generateText / streamText against upstream `ai` 7.0.173: request
 * counts, the delays between attempts (upstream under vitest fake timers, aimux on `TestClock`),
 * `retry-after-ms` / `retry-after`, the `RetryError` outcomes, argument validation, and the
 * total / step / chunk timeouts (upstream aborts with a `TimeoutError`; aimux fails generateText
 * with the typed timeout error and ends streamText with the same `abort` part).
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Clock, Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

/** An attempt: a failure with a status (and headers), or success. */
type Attempt = { readonly status: number; readonly headers?: Record<string, string> } | "ok"

const apiError = (attempt: Exclude<Attempt, "ok">) => ({
  message: `status ${attempt.status}`,
  url: "https://api.test/v1",
  requestBodyValues: {},
  statusCode: attempt.status,
  ...(attempt.headers !== undefined ? { responseHeaders: attempt.headers } : {})
})

const generated: GenerateResult = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: "stop" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
}
const streamed: ReadonlyArray<StreamPart> = H.framed(H.textParts("t", "done"))

const errorView = (error: unknown) => {
  const e = error as { name: string; message: string; reason?: string; errors?: ReadonlyArray<unknown> }
  return { name: e.name, message: e.message, reason: e.reason, attempts: e.errors?.length }
}

afterEach(() => {
  vi.useRealTimers()
})

/** Runs an upstream promise under fake timers; returns its outcome and the fake time of each call. */
const underFakeTimers = async <A>(start: (times: Array<number>) => Promise<A>) => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 })
  const times: Array<number> = []
  const promise = start(times).then((ok) => ({ ok }), (error: unknown) => ({ error }))
  await vi.runAllTimersAsync()
  const outcome = await promise
  vi.useRealTimers()
  return { outcome, times }
}

const upstreamGenerate = (attempts: ReadonlyArray<Attempt>, extra: Record<string, unknown> = {}) =>
  underFakeTimers((times) => {
    let index = 0
    return upstreamGenerateText({
      model: new MockLanguageModelV4({
        doGenerate: async () => {
          times.push(Date.now())
          const attempt = attempts[index++] ?? "ok"
          if (attempt !== "ok") throw new UpstreamAPICallError(apiError(attempt))
          return generated as never
        }
      }),
      prompt: "hi",
      ...extra
    })
  })

/** Our generateText on TestClock: the outcome and the Clock time of each call. */
const oursGenerate = (attempts: ReadonlyArray<Attempt>, extra: Partial<GenerateText.GenerateTextOptions<{}, never>> = {}) =>
  Effect.gen(function*() {
    const times: Array<number> = []
    const fiber = yield* GenerateText.generateText({ prompt: "hi", ...extra }).pipe(
      Effect.provide(MockLanguageModel.layer({
        generate: (_options, index) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => {
            times.push(now)
            const attempt = attempts[index] ?? "ok"
            return attempt === "ok" ? Effect.succeed(generated) : Effect.fail(new APICallError(apiError(attempt)))
          })
      })),
      Effect.result,
      Effect.forkChild
    )
    yield* TestClock.adjust(120_000)
    const outcome = yield* Fiber.join(fiber)
    return { outcome, times }
  })

const differentialRetry = (name: string, attempts: ReadonlyArray<Attempt>, extra: Record<string, unknown> = {}) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => upstreamGenerate(attempts, extra))
      const ours = yield* oursGenerate(attempts, extra)
      expect(ours.times).toEqual(upstream.times)
      if ("ok" in upstream.outcome) {
        expect(ours.outcome._tag).toBe("Success")
        if (ours.outcome._tag === "Success") expect(ours.outcome.success.text).toBe(upstream.outcome.ok.text)
      } else {
        expect(ours.outcome._tag).toBe("Failure")
        if (ours.outcome._tag === "Failure") expect(errorView(ours.outcome.failure)).toEqual(errorView(upstream.outcome.error))
      }
    }))

describe("maxRetries (generateText, differential)", () => {
  differentialRetry("429 three times: RetryError maxRetriesExceeded after 3 calls, 2 s then 4 s", [
    { status: 429 },
    { status: 429 },
    { status: 429 }
  ])
  differentialRetry("500 then success: 2 calls", [{ status: 500 }, "ok"])
  differentialRetry("retry-after-ms 500 is honoured", [
    { status: 429, headers: { "retry-after-ms": "500" } },
    { status: 429, headers: { "retry-after-ms": "500" } },
    "ok"
  ])
  differentialRetry("retry-after in seconds is honoured; beyond 60 s the backoff wins", [
    { status: 503, headers: { "retry-after": "3" } },
    { status: 503, headers: { "retry-after": "90" } },
    "ok"
  ])
  differentialRetry("a non-retryable first error passes unwrapped", [{ status: 400 }])
  differentialRetry("a non-retryable error after a retry: RetryError errorNotRetryable", [{ status: 429 }, { status: 401 }])
  differentialRetry("maxRetries 0: one call, the error unwrapped", [{ status: 429 }], { maxRetries: 0 })
  differentialRetry("maxRetries 4: five calls", [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }], {
    maxRetries: 4
  })
  differentialRetry("maxRetries must be an integer", [], { maxRetries: 1.5 })
  differentialRetry("maxRetries must be >= 0", [], { maxRetries: -1 })
})

describe("maxRetries (streamText, differential)", () => {
  it.effect("503 twice, then the stream: same parts, 3 calls at 0, 2 s, 6 s", () =>
    Effect.gen(function*() {
      const attempts: ReadonlyArray<Attempt> = [{ status: 503 }, { status: 503 }, "ok"]
      const upstream = yield* Effect.promise(() =>
        underFakeTimers(async (times) => {
          let index = 0
          const result = upstreamStreamText({
            model: new MockLanguageModelV4({
              doStream: async () => {
                times.push(Date.now())
                const attempt = attempts[index++] ?? "ok"
                if (attempt !== "ok") throw new UpstreamAPICallError(apiError(attempt))
                return { stream: convertArrayToReadableStream([...streamed]) as never }
              }
            }),
            prompt: "hi",
            onError: () => {}
          })
          const parts: Array<unknown> = []
          for await (const part of result.fullStream) parts.push(part)
          return parts
        })
      )
      const times: Array<number> = []
      const fiber = yield* StreamText.streamText({ prompt: "hi", onError: () => Effect.void }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({
          stream: (_options, index) =>
            Effect.flatMap(Clock.currentTimeMillis, (now) => {
              times.push(now)
              const attempt = attempts[index] ?? "ok"
              return attempt === "ok" ? Effect.succeed({ stream: streamed }) : Effect.fail(new APICallError(apiError(attempt)))
            })
        })),
        Effect.forkChild
      )
      yield* TestClock.adjust(60_000)
      const parts = Array.from(yield* Fiber.join(fiber))
      expect(times).toEqual(upstream.times)
      expect("ok" in upstream.outcome).toBe(true)
      if ("ok" in upstream.outcome) expect(normalize(parts)).toEqual(normalize(upstream.outcome.ok))
    }))
})

/** A model stream that emits `parts` and then never ends (until the consumer stops). */
const hangingUpstreamStream = (parts: ReadonlyArray<StreamPart>) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
    }
  })

const streamTimeoutCase = (name: string, timeout: Record<string, number>, parts: ReadonlyArray<StreamPart>) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        underFakeTimers(async () => {
          const aborts: Array<unknown> = []
          const result = upstreamStreamText({
            model: new MockLanguageModelV4({ doStream: async () => ({ stream: hangingUpstreamStream(parts) as never }) }),
            prompt: "hi",
            timeout,
            onError: () => {},
            onAbort: (event) => void aborts.push(event.reason === undefined ? undefined : String(event.reason))
          })
          const out: Array<unknown> = []
          for await (const part of result.fullStream) out.push(part)
          return { parts: out, aborts }
        })
      )
      const aborts: Array<unknown> = []
      const fiber = yield* StreamText.streamText({
        prompt: "hi",
        timeout,
        onError: () => Effect.void,
        onAbort: (event) => Effect.sync(() => void aborts.push(event.reason))
      }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: H.thenHang(Stream.fromIterable(parts)) } })),
        Effect.forkChild
      )
      yield* TestClock.adjust(60_000)
      const ours = Array.from(yield* Fiber.join(fiber))
      expect("ok" in upstream.outcome).toBe(true)
      if (!("ok" in upstream.outcome)) return
      expect(normalize(ours)).toEqual(normalize(upstream.outcome.ok.parts))
      expect(aborts).toEqual(upstream.outcome.ok.aborts)
    }))

describe("timeout (streamText, differential)", () => {
  const started: ReadonlyArray<StreamPart> = [{ type: "stream-start", warnings: [] }, { type: "text-start", id: "t" }, {
    type: "text-delta",
    id: "t",
    delta: "a"
  }]
  streamTimeoutCase("stepMs: the run ends with abort {TimeoutError: Step timeout ...}", { stepMs: 1000 }, started)
  streamTimeoutCase("chunkMs: no output chunk after the first for chunkMs", { chunkMs: 700 }, started)
  streamTimeoutCase("firstChunkMs: no output chunk at all", { firstChunkMs: 300 }, [{ type: "stream-start", warnings: [] }])

  it.effect("aggregate of a timed-out run: AbortedError with the timeout's text", () =>
    Effect.gen(function*() {
      const fiber = yield* StreamText.streamText({ prompt: "hi", timeout: 1000, onError: () => Effect.void }).pipe(
        StreamText.collect,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: Stream.never } })),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust(1000)
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "AbortedError", reason: "TimeoutError: Total timeout of 1000ms exceeded" })
    }))
})

describe("timeout (generateText)", () => {
  it.effect("totalMs: upstream rejects with AbortSignal.timeout's TimeoutError; aimux fails with TotalTimeoutError (same name, own message: docs/divergences.md)", () =>
    Effect.gen(function*() {
      // upstream's total timeout is AbortSignal.timeout (a platform timer vitest cannot fake): a short real one
      const upstream = yield* Effect.promise(() =>
        upstreamGenerateText({
          model: new MockLanguageModelV4({
            doGenerate: ({ abortSignal }) =>
              new Promise((_, reject) => abortSignal?.addEventListener("abort", () => reject(abortSignal.reason)))
          }),
          prompt: "hi",
          timeout: { totalMs: 5 }
        }).then(() => undefined, (error: unknown) => error as Error)
      )
      const fiber = yield* GenerateText.generateText({ prompt: "hi", timeout: { totalMs: 2500 } }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: () => Effect.never })),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust(2500)
      const error = yield* Fiber.join(fiber)
      expect(upstream?.name).toBe("TimeoutError")
      expect(upstream?.message).toBe("The operation was aborted due to timeout")
      expect({ tag: error._tag, name: error.name, message: error.message }).toEqual({
        tag: "TotalTimeoutError",
        name: "TimeoutError",
        message: "Total timeout of 2500ms exceeded"
      })
    }))

  it.effect("stepMs bounds the model call with its retries: StepTimeoutError while waiting for a retry", () =>
    Effect.gen(function*() {
      const fiber = yield* GenerateText.generateText({ prompt: "hi", timeout: { stepMs: 3000 } }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: () => Effect.fail(new APICallError(apiError({ status: 500 }))) })),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust(3000)
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "StepTimeoutError", name: "TimeoutError", message: "Step timeout of 3000ms exceeded" })
    }))
})
