/**
 * generateImage against upstream `ai` 7.0.173 (`MockImageModelV4`): batching by
 * maxImagesPerCall (model value, function, option), parallel calls (all start at once), the
 * per-call retries (API errors with backoff and retry headers, empty results unless marked not
 * retryable) on vitest fake timers vs TestClock, the merged result (images with media types and
 * per-image metadata, calls, warnings, responses, provider metadata incl. gateway cost sums,
 * usage) and NoImageGeneratedError.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { APICallError as UpstreamAPICallError, type ImageModelV4CallOptions, type ImageModelV4Result } from "@ai-sdk/provider"
import { generateImage as upstreamGenerateImage } from "ai"
import { MockImageModelV4 } from "ai/test"
import { Clock, Effect } from "effect"
import * as GenerateImage from "../../src/core/GenerateImage.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { ImageCallOptions, ImageResult } from "../../src/contract/Image.ts"
import * as MockImageModel from "../../src/testing/MockImageModel.ts"
import { callView, onTestClock, outcomeOf, underFakeTimers } from "./harness.ts"

afterEach(() => {
  vi.useRealTimers()
})

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString("base64")
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9])

/** What a call answers: a result, or an API error with a status (and headers). */
type Answer =
  | { readonly images: ReadonlyArray<string> | ReadonlyArray<Uint8Array>; readonly isRetryable?: boolean; readonly meta?: boolean; readonly usage?: boolean }
  | { readonly status: number; readonly headers?: Record<string, string> }

/** A scenario: per batch size `n`, the answers of its attempts in order (then a default). */
interface Scenario {
  readonly answers: (n: number, attempt: number) => Answer
  readonly modelMax?: number | "function" | "effect" | undefined
  readonly options: Omit<GenerateImage.Options, "prompt"> & { readonly prompt?: GenerateImage.Prompt }
}

const resultOf = (answer: Extract<Answer, { images: unknown }>, n: number, now: number): ImageResult => ({
  images: answer.images,
  ...(answer.isRetryable !== undefined ? { isRetryable: answer.isRetryable } : {}),
  warnings: [{ type: "unsupported", feature: `n=${n}` }],
  response: { timestamp: new Date(now), modelId: `m-${n}`, headers: { "x-n": String(n) } },
  ...(answer.meta
    ? {
      providerMetadata: {
        test: { images: answer.images.map((_, i) => (i % 2 === 0 ? { revised: `r${n}-${i}` } : null)), extra: n },
        gateway: { images: [], cost: "0.015", marketCost: "1", note: `n${n}` }
      }
    }
    : {}),
  ...(answer.usage ? { usage: { inputTokens: n, outputTokens: undefined, totalTokens: n * 10 } } : {})
})

const apiError = (answer: Extract<Answer, { status: number }>) => ({
  message: `status ${answer.status}`,
  url: "https://api.test/images",
  requestBodyValues: {},
  statusCode: answer.status,
  ...(answer.headers ? { responseHeaders: answer.headers } : {})
})

const upstreamRun = async (scenario: Scenario) => {
  const calls: Array<{ time: number; options: unknown }> = []
  const attempts = new Map<number, number>()
  const max = scenario.modelMax
  const outcome = await underFakeTimers(() =>
    upstreamGenerateImage({
      model: new MockImageModelV4({
        maxImagesPerCall: max === "function" ? () => 3 : max === "effect" ? async () => 2 : max,
        doGenerate: async (options: ImageModelV4CallOptions) => {
          calls.push({ time: Date.now(), options })
          const attempt = attempts.get(options.n) ?? 0
          attempts.set(options.n, attempt + 1)
          const answer = scenario.answers(options.n, attempt)
          if ("status" in answer) throw new UpstreamAPICallError(apiError(answer))
          // (the scenario's results are V4 results; the aimux type is the same shape)
          // (the same result through the upstream type)
          const result: unknown = resultOf(answer, options.n, Date.now())
          return result as ImageModelV4Result
        }
      }),
      prompt: scenario.options.prompt ?? "a cat",
      ...scenario.options
    } as Parameters<typeof upstreamGenerateImage>[0])
  )
  return { outcome, calls }
}

const oursRun = (scenario: Scenario) =>
  Effect.gen(function*() {
    const calls: Array<{ time: number; options: unknown }> = []
    const attempts = new Map<number, number>()
    const max = scenario.modelMax
    const layer = MockImageModel.layer({
      maxImagesPerCall: max === "function" ? () => 3 : max === "effect" ? () => Effect.succeed(2) : max,
      generate: (options: ImageCallOptions) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          calls.push({ time: now, options })
          const attempt = attempts.get(options.n) ?? 0
          attempts.set(options.n, attempt + 1)
          const answer = scenario.answers(options.n, attempt)
          if ("status" in answer) return Effect.fail(new APICallError(apiError(answer)))
          return Effect.succeed(resultOf(answer, options.n, now))
        })
    })
    const outcome = yield* onTestClock(
      GenerateImage.generateImage({ prompt: "a cat", ...scenario.options }).pipe(Effect.provide(layer))
    )
    return { outcome, calls }
  })

const sortCalls = (calls: ReadonlyArray<{ time: number; options: unknown }>) =>
  calls.map((c) => ({ time: c.time, options: callView(c.options) })).sort((a, b) =>
    a.time - b.time || JSON.stringify(a.options).localeCompare(JSON.stringify(b.options))
  )

const differential = (name: string, scenario: Scenario, check?: (outcome: unknown) => void) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => upstreamRun(scenario))
      const ours = yield* oursRun(scenario)
      expect(sortCalls(ours.calls)).toEqual(sortCalls(upstream.calls))
      const expected = outcomeOf(upstream.outcome)
      expect(outcomeOf(ours.outcome)).toEqual(expected)
      check?.(expected)
    }))

const ok = (count: number, extra: Partial<Extract<Answer, { images: unknown }>> = {}): Answer => ({
  images: Array.from({ length: count }, (_, i) => (i % 2 === 0 ? png : Buffer.from(jpeg).toString("base64"))),
  meta: true,
  usage: true,
  ...extra
})

describe("generateImage batching and results (differential)", () => {
  differential("n 5, maxImagesPerCall 2: three parallel calls (2, 2, 1) at time 0, merged result", {
    answers: (n) => ok(n),
    options: { n: 5, maxImagesPerCall: 2 }
  }, (expected) => {
    const e = expected as { ok: { images: Array<unknown>; calls: Array<unknown> } }
    expect(e.ok.images).toHaveLength(5)
    expect(e.ok.calls).toHaveLength(3)
  })
  differential("n 20 with the model's limit 3 (function): 7 calls", { answers: (n) => ok(n), modelMax: "function", options: { n: 20 } })
  differential("model limit from a promise / Effect (2), n 3", { answers: (n) => ok(n), modelMax: "effect", options: { n: 3 } })
  differential("model limit undefined: one image per call", { answers: (n) => ok(n), modelMax: undefined, options: { n: 3 } })
  differential("n 4, limit 4: one call; size, aspect ratio, seed, provider options and headers pass through", {
    answers: (n) => ok(n, { meta: false }),
    modelMax: 4,
    options: {
      n: 4,
      size: "1024x1024",
      aspectRatio: "16:9",
      seed: 7,
      providerOptions: { test: { style: "vivid" } },
      headers: { "x-custom": "1" }
    }
  })
  differential("bytes images: media types detected (jpeg), default png for unknown bytes", {
    answers: () => ({ images: [jpeg, new Uint8Array([1, 2, 3])] }),
    modelMax: 2,
    options: { n: 2 }
  })
  differential("prompt with images (data URL, URL, base64, bytes) and a mask", {
    answers: (n) => ok(n),
    options: {
      prompt: {
        text: "edit",
        images: [`data:image/webp;base64,${png}`, "https://example.com/a.png", png, jpeg],
        mask: jpeg
      }
    }
  })
})

describe("generateImage retries (differential, fake timers vs TestClock)", () => {
  differential("429 twice then images: calls at 0, 2 s, 6 s", {
    answers: (_n, attempt) => (attempt < 2 ? { status: 429 } : ok(1)),
    options: {}
  })
  differential("retry-after-ms honoured", {
    answers: (_n, attempt) => (attempt < 1 ? { status: 503, headers: { "retry-after-ms": "150" } } : ok(1)),
    options: {}
  })
  differential("429 on every attempt: RetryError after 3 calls", { answers: () => ({ status: 429 }), options: {} })
  differential("one batch fails non-retryably: the error (the other batches do not matter)", {
    answers: (n) => (n === 1 ? { status: 400 } : ok(n)),
    options: { n: 3, maxImagesPerCall: 2 }
  })
  differential("an empty result is retried (unclassified), then images", {
    answers: (_n, attempt) => (attempt === 0 ? { images: [] } : ok(1)),
    options: {}
  })
  differential("empty results every time: NoImageGeneratedError with every call's response", {
    answers: () => ({ images: [], meta: true }),
    options: { maxRetries: 1 }
  })
  differential("an empty result marked not retryable is final: NoImageGeneratedError after one call", {
    answers: () => ({ images: [], isRetryable: false }),
    options: {}
  })
  differential("one batch empty (not retryable), the other with images: result from the other", {
    answers: (n) => (n === 1 ? { images: [], isRetryable: false } : ok(n)),
    options: { n: 3, maxImagesPerCall: 2 }
  })
  differential("maxRetries 0: an empty result is not retried", { answers: () => ({ images: [] }), options: { maxRetries: 0 } })
  differential("maxRetries must be an integer", { answers: (n) => ok(n), options: { maxRetries: 0.5 } })
})
