/**
 * Retries: differential against upstream `ai` (`generateText` + `MockLanguageModelV4` with
 * `maxRetries`, fake timers) and aimux (`generateText` over `ReliableModel.layer` on a mock
 * model, TestClock). The same sequence of failures gives the same number of calls, the same
 * delays between them, and the same final outcome (the error itself or a `RetryError` with
 * upstream's message, reason and every attempt's error).
 */
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Clock, Duration, Effect, Exit, Fiber, Layer, Schedule, Stream } from "effect"
import { TestClock } from "effect/testing"
import { vi } from "vitest"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Fallback from "../../src/reliability/Fallback.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import * as Retry from "../../src/reliability/Retry.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { ModelError } from "../../src/contract/errors/ModelError.ts"
import { RetryError } from "../../src/contract/errors/RetryError.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

/** One scripted call: a failure (status + headers) or a success. */
type Step = { readonly status: number; readonly headers?: Record<string, string> } | "ok"

const result: GenerateResult = {
  content: [{ type: "text", text: "done" }],
  finishReason: H.finishReason("stop"),
  usage: H.usage(1, 1),
  warnings: []
}

const errorFields = (step: Exclude<Step, "ok">, i: number) => ({
  message: `failure ${i} (${step.status})`,
  url: "https://api.example.com/v1/chat",
  requestBodyValues: {},
  statusCode: step.status,
  ...(step.headers !== undefined ? { responseHeaders: step.headers } : {})
})

interface Outcome {
  readonly calls: ReadonlyArray<number>
  readonly outcome: unknown
}

const describeError = (e: unknown): unknown => {
  if (!(e instanceof Error)) return { thrown: String(e) }
  const out: Record<string, unknown> = { name: e.name, message: e.message }
  if ("reason" in e) out.reason = e.reason
  if ("errors" in e && Array.isArray(e.errors)) {
    out.errors = e.errors.map((x: unknown) => x instanceof Error ? `${x.name}: ${x.message}` : String(x))
  }
  if ("statusCode" in e) out.statusCode = e.statusCode
  if ("isRetryable" in e) out.isRetryable = e.isRetryable
  return out
}

const runUpstream = async (steps: ReadonlyArray<Step>, maxRetries: number | undefined): Promise<Outcome> => {
  vi.useFakeTimers({ now: 0 })
  try {
    const calls: Array<number> = []
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        const i = calls.length
        calls.push(Date.now())
        const step = steps[i]
        if (step === undefined) throw new Error("script exhausted")
        if (step === "ok") return result as never
        throw new UpstreamAPICallError(errorFields(step, i))
      }
    })
    let settled = false
    const promise = upstreamGenerateText({ model, prompt: "hi", ...(maxRetries !== undefined ? { maxRetries } : {}) })
      .then((r) => ({ ok: r.text }), (e: unknown) => describeError(e))
      .finally(() => {
        settled = true
      })
    for (let i = 0; i < 1000 && !settled; i++) await vi.advanceTimersByTimeAsync(500)
    return { calls, outcome: await promise }
  } finally {
    vi.useRealTimers()
  }
}

const runOurs = (steps: ReadonlyArray<Step>, maxRetries: number | undefined) =>
  Effect.gen(function*() {
    const calls: Array<number> = []
    const mock = MockLanguageModel.layer({
      generate: (_options, i) =>
        Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<GenerateResult, ModelError> => {
          calls.push(now)
          const step = steps[i]
          if (step === undefined) return Effect.die(new Error("script exhausted"))
          if (step === "ok") return Effect.succeed(result)
          return Effect.fail(new APICallError(errorFields(step, i)))
        })
    })
    const model = ReliableModel.layer(maxRetries === undefined ? {} : { retry: { maxRetries } }).pipe(
      Layer.provide(mock)
    )
    // ReliableModel does the retrying here; core's own maxRetries (default 2, as upstream) is off
    const fiber = yield* GenerateText.generateText({ prompt: "hi", maxRetries: 0 }).pipe(
      Effect.provide(model),
      Effect.match({ onSuccess: (r) => ({ ok: r.text }), onFailure: describeError }),
      Effect.forkChild
    )
    yield* TestClock.adjust("2 hours")
    const outcome = yield* Fiber.join(fiber)
    return { calls, outcome }
  })

const scenarios: ReadonlyArray<{
  readonly name: string
  readonly steps: ReadonlyArray<Step>
  readonly maxRetries?: number
  /** The call times both sides must show, where the scenario pins them. */
  readonly calls?: ReadonlyArray<number>
}> = [
  { name: "success at once", steps: ["ok"] },
  { name: "500, 500, success", steps: [{ status: 500 }, { status: 500 }, "ok"], calls: [0, 2000, 6000] },
  { name: "500 three times: maxRetriesExceeded", steps: [{ status: 500 }, { status: 502 }, { status: 503 }] },
  { name: "400 first: the error itself", steps: [{ status: 400 }] },
  { name: "429 then 400: errorNotRetryable", steps: [{ status: 429 }, { status: 400 }] },
  { name: "529 overloaded, then success", steps: [{ status: 529 }, "ok"] },
  { name: "408 and 409 are retryable", steps: [{ status: 408 }, { status: 409 }, "ok"] },
  { name: "retry-after-ms", steps: [{ status: 429, headers: { "retry-after-ms": "1500" } }, "ok"], calls: [0, 1500] },
  { name: "retry-after seconds", steps: [{ status: 429, headers: { "retry-after": "3" } }, "ok"] },
  {
    name: "retry-after HTTP date",
    steps: [{ status: 429, headers: { "retry-after": new Date(7000).toUTCString() } }, "ok"],
    calls: [0, 7000]
  },
  { name: "retry-after-ms wins over retry-after", steps: [{ status: 429, headers: { "retry-after-ms": "250", "retry-after": "9" } }, "ok"] },
  { name: "retry-after above 60 s: backoff", steps: [{ status: 429, headers: { "retry-after": "120" } }, "ok"] },
  { name: "negative retry-after-ms: backoff", steps: [{ status: 429, headers: { "retry-after-ms": "-5" } }, "ok"] },
  { name: "unparsable retry-after: backoff", steps: [{ status: 503, headers: { "retry-after": "soon" } }, "ok"] },
  { name: "maxRetries 0: the error unwrapped", steps: [{ status: 500 }], maxRetries: 0 },
  { name: "maxRetries 1, then 400 on the last try: maxRetriesExceeded", steps: [{ status: 500 }, { status: 400 }], maxRetries: 1 },
  {
    name: "maxRetries 5, all 503",
    steps: [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }],
    maxRetries: 5
  },
  {
    name: "retry-after 90 s on the 4th retry is below the 16 s backoff? no: backoff stays",
    steps: [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 429, headers: { "retry-after": "90" } }, "ok"],
    maxRetries: 4
  }
]

describe("retry: differential against upstream generateText maxRetries", () => {
  for (const scenario of scenarios) {
    it.effect(scenario.name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => runUpstream(scenario.steps, scenario.maxRetries))
        const ours = yield* runOurs(scenario.steps, scenario.maxRetries)
        expect(ours).toStrictEqual(upstream)
        expect(ours.calls.length).toBeGreaterThan(0)
        if (scenario.calls !== undefined) expect(ours.calls).toStrictEqual(scenario.calls)
      }))
  }
})

describe("retry: policy", () => {
  it.effect("maxRetries is validated as upstream (integer, >= 0)", () =>
    Effect.gen(function*() {
      const a = yield* Effect.flip(Retry.make({ maxRetries: 1.5 }))
      expect(a.message).toBe("Invalid argument for parameter maxRetries: maxRetries must be an integer")
      const b = yield* Effect.flip(Retry.make({ maxRetries: -1 }))
      expect(b.message).toBe("Invalid argument for parameter maxRetries: maxRetries must be >= 0")
    }))

  it.effect("a custom Schedule sets count and delays; the errors are kept", () =>
    Effect.gen(function*() {
      const times: Array<number> = []
      const policy: Retry.Policy = { schedule: Schedule.spaced("100 millis").pipe(Schedule.upTo({ times: 3 })), isRetryable: () => true }
      const fiber = yield* Clock.currentTimeMillis.pipe(
        Effect.tap((now) => Effect.sync(() => times.push(now))),
        Effect.andThen(Effect.fail("boom")),
        Retry.retry(policy),
        Effect.flip,
        Effect.forkChild
      )
      yield* TestClock.adjust("1 second")
      const error = yield* Fiber.join(fiber)
      expect(times).toStrictEqual([0, 100, 200, 300])
      expect(error).toBeInstanceOf(RetryError)
      expect(RetryError.isInstance(error) && error.errors).toStrictEqual(["boom", "boom", "boom", "boom"])
    }))

  it.effect("additionalRetryable extends the predicate", () =>
    Effect.gen(function*() {
      const policy = yield* Retry.make({ maxRetries: 1, initialDelay: "10 millis", additionalRetryable: (e) => e === "flaky" })
      let n = 0
      const fiber = yield* Effect.suspend(() => ++n === 1 ? Effect.fail("flaky") : Effect.succeed(n)).pipe(
        Retry.retry(policy),
        Effect.forkChild
      )
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toBe(2)
    }))

  it.effect("interruption is never retried", () =>
    Effect.gen(function*() {
      let n = 0
      const exit = yield* Effect.suspend(() => {
        n++
        return Effect.interrupt
      }).pipe(Retry.retry(Retry.defaultPolicy), Effect.exit)
      expect(Exit.hasInterrupts(exit)).toBe(true)
      expect(n).toBe(1)
    }))
})

const streamParts = (text: string): ReadonlyArray<StreamPart> => [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: text },
  { type: "text-end", id: "t" },
  { type: "finish", finishReason: H.finishReason("stop"), usage: H.usage(1, 1) }
]

const fail500 = (i: number) => new APICallError({ ...errorFields({ status: 500 }, i) })

describe("retry: stream", () => {
  it.effect("the stream Effect is retried before the response starts", () =>
    Effect.gen(function*() {
      const model = ReliableModel.layer().pipe(Layer.provide(MockLanguageModel.layer({
        stream: (_o, i) => i < 2 ? Effect.fail(fail500(i)) : Effect.succeed({ stream: streamParts("hi") })
      })))
      const fiber = yield* Effect.gen(function*() {
        const m = yield* LanguageModel
        const r = yield* m.stream({ prompt: [] })
        return yield* Stream.runCollect(r.stream)
      }).pipe(Effect.provide(model), Effect.forkChild)
      yield* TestClock.adjust("10 seconds")
      const parts = yield* Fiber.join(fiber)
      expect(parts.map((p) => p.type)).toStrictEqual(["stream-start", "text-start", "text-delta", "text-end", "finish"])
    }))

  it.effect("a failure before the first output part is retried without duplicating stream-start", () =>
    Effect.gen(function*() {
      const model = ReliableModel.layer({ retry: { initialDelay: "1 second" } }).pipe(Layer.provide(MockLanguageModel.layer({
        stream: (_o, i) =>
          Effect.succeed({
            stream: i === 0
              ? Stream.concat(Stream.fromIterable(streamParts("x").slice(0, 2)), Stream.fail(fail500(0)))
              : Stream.fromIterable(streamParts("second"))
          })
      })))
      const fiber = yield* Effect.gen(function*() {
        const m = yield* LanguageModel
        const r = yield* m.stream({ prompt: [] })
        return yield* Stream.runCollect(r.stream)
      }).pipe(Effect.provide(model), Effect.forkChild)
      yield* TestClock.adjust("10 seconds")
      const parts = yield* Fiber.join(fiber)
      expect(parts).toStrictEqual(streamParts("second"))
    }))

  it.effect("a failure after the first output part is not retried (no duplicate output)", () =>
    Effect.gen(function*() {
      let calls = 0
      const model = ReliableModel.layer().pipe(Layer.provide(MockLanguageModel.layer({
        stream: () => {
          calls++
          return Effect.succeed({
            stream: Stream.concat(Stream.fromIterable(streamParts("x").slice(0, 3)), Stream.fail(fail500(0)))
          })
        }
      })))
      const exit = yield* Effect.gen(function*() {
        const m = yield* LanguageModel
        const r = yield* m.stream({ prompt: [] })
        const seen: Array<string> = []
        const e = yield* Stream.runForEach(r.stream, (p) => Effect.sync(() => seen.push(p.type))).pipe(Effect.flip)
        return { seen, e }
      }).pipe(Effect.provide(model))
      expect(calls).toBe(1)
      expect(exit.seen).toStrictEqual(["stream-start", "text-start", "text-delta"])
      expect(exit.e).toBeInstanceOf(APICallError)
    }))

  it.effect("retries exhausted before output: held parts are emitted, then RetryError", () =>
    Effect.gen(function*() {
      const model = ReliableModel.layer({ retry: { maxRetries: 1, initialDelay: "1 second" } }).pipe(
        Layer.provide(MockLanguageModel.layer({
          stream: (_o, i) =>
            Effect.succeed({ stream: Stream.concat(Stream.fromIterable(streamParts("x").slice(0, 1)), Stream.fail(fail500(i))) })
        }))
      )
      const fiber = yield* Effect.gen(function*() {
        const m = yield* LanguageModel
        const r = yield* m.stream({ prompt: [] })
        const seen: Array<string> = []
        const e = yield* Stream.runForEach(r.stream, (p) => Effect.sync(() => seen.push(p.type))).pipe(Effect.flip)
        return { seen, e }
      }).pipe(Effect.provide(model), Effect.forkChild)
      yield* TestClock.adjust("10 seconds")
      const { e, seen } = yield* Fiber.join(fiber)
      expect(seen).toStrictEqual(["stream-start"])
      expect(e).toBeInstanceOf(RetryError)
      expect(e.message).toBe("Failed after 2 attempts. Last error: AI_APICallError: failure 1 (500)")
    }))
})

describe("fallback", () => {
  it.effect("a failing primary falls back; a non-matching failure does not", () =>
    Effect.gen(function*() {
      const primary = MockLanguageModel.layer({ generate: () => Effect.fail(fail500(0)) })
      const secondary = Layer.effect(LanguageModel, Effect.map(MockLanguageModel.make({ modelId: "backup", generate: result }), (m) => m.model))
      const ok = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(Fallback.layer(secondary).pipe(Layer.provide(primary)))
      )
      expect(ok.text).toBe("done")
      const refused = yield* GenerateText.generateText({ prompt: "hi", maxRetries: 0 }).pipe(
        Effect.provide(Fallback.layer(secondary, { when: (e) => e._tag === "RetryError" }).pipe(Layer.provide(primary))),
        Effect.flip
      )
      expect(refused).toBeInstanceOf(APICallError)
    }))

  it.effect("retry, then fall back (ReliableModel under Fallback)", () =>
    Effect.gen(function*() {
      let primaryCalls = 0
      const primary = MockLanguageModel.layer({
        generate: (_o, i) => Effect.suspend(() => {
          primaryCalls++
          return Effect.fail(fail500(i))
        })
      })
      const secondary = Layer.effect(LanguageModel, Effect.map(MockLanguageModel.make({ generate: result }), (m) => m.model))
      const fiber = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(
          Fallback.layer(secondary).pipe(Layer.provide(ReliableModel.layer({ retry: { maxRetries: 1 } })), Layer.provide(primary))
        ),
        Effect.forkChild
      )
      yield* TestClock.adjust(Duration.minutes(1))
      expect((yield* Fiber.join(fiber)).text).toBe("done")
      expect(primaryCalls).toBe(2)
    }))
})
