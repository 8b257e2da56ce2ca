/**
 * `streamRetries` of streamText against upstream `ai` 7.0.173 (added in 7.0.91): the same scripted
 * model attempts (`MockLanguageModelV4` / aimux `MockLanguageModel`) through both; compared are the
 * full stream, the result fields (the step keeps only the successful attempt), the callback
 * payloads (`onError`, `onStepEnd`, `onEnd`, `onLanguageModelCallStart`, `onChunk`), the number
 * of model calls, and for a failing reconnect the call times (upstream on fake timers, aimux on
 * `TestClock`). Normalization: test/testing/normalize.ts (errors through test/providers/_kit/Wire.ts).
 *
 * One deliberate difference: upstream calls `onChunk` for a retried error while parts before it
 * are still queued in its TransformStream chain, so its `onChunk` sequence interleaves by read
 * timing; aimux calls `onChunk` in stream order. The `onChunk` payloads are compared as a multiset
 * (and in stream order for aimux) — docs/divergences.md.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Cause, Clock, Effect, Exit, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

/** One model call: its parts, or a failed call with a status (and headers). */
type Call = ReadonlyArray<StreamPart> | { readonly status: number; readonly headers?: Record<string, string> }

const apiError = (call: { readonly status: number; readonly headers?: Record<string, string> }) => ({
  message: `status ${call.status}`,
  url: "https://api.test/v1",
  requestBodyValues: {},
  statusCode: call.status,
  ...(call.headers !== undefined ? { responseHeaders: call.headers } : {})
})

const at0 = new Date(0)
const start = (message: string): StreamPart => ({ type: "stream-start", warnings: [{ type: "other", message }] })
const boom = (message = "boom"): StreamPart => ({ type: "error", error: new Error(message) })
const providerError = (): StreamPart => ({
  type: "error",
  error: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }
})
const finish = H.finish()

/** text, then the stream fails */
const textThenError: ReadonlyArray<StreamPart> = [
  start("w1"),
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "par" },
  boom()
]
/** reasoning open, a tool call started and parsed, then the stream fails */
const reasoningToolThenError: ReadonlyArray<StreamPart> = [
  start("w1"),
  { type: "reasoning-start", id: "r" },
  { type: "reasoning-delta", id: "r", delta: "hmm" },
  { type: "tool-input-start", id: "c1", toolName: "weather" },
  { type: "tool-input-delta", id: "c1", delta: '{"city":"Paris"}' },
  { type: "tool-input-end", id: "c1" },
  H.toolCall("c1", "weather", { city: "Paris" }),
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "held" },
  providerError()
]
const answer: ReadonlyArray<StreamPart> = [
  start("w2"),
  { type: "response-metadata", id: "r2", modelId: "m2", timestamp: at0 },
  ...H.textParts("t", "It is ", "21"),
  finish
]
const toolAnswer: ReadonlyArray<StreamPart> = [
  start("w2"),
  H.toolCall("c2", "weather", { city: "Rome" }),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(2, 3) }
]

interface Observed {
  readonly parts: ReadonlyArray<unknown>
  readonly result: unknown
  readonly errors: ReadonlyArray<unknown>
  readonly stepEnds: ReadonlyArray<unknown>
  readonly ends: ReadonlyArray<unknown>
  readonly calls: number
  readonly callStarts: number
  readonly chunks: ReadonlyArray<string>
  readonly times: ReadonlyArray<number>
}

const stepView = (s: Record<string, unknown>) => ({
  stepNumber: s.stepNumber,
  content: s.content,
  text: s.text,
  reasoningText: s.reasoningText,
  toolCalls: s.toolCalls,
  toolResults: s.toolResults,
  finishReason: s.finishReason,
  usage: s.usage,
  warnings: s.warnings,
  request: s.request,
  response: s.response
})

const resultView = (v: Record<string, unknown>) => ({
  text: v.text,
  content: v.content,
  toolCalls: v.toolCalls,
  toolResults: v.toolResults,
  finishReason: v.finishReason,
  totalUsage: v.totalUsage,
  warnings: v.warnings,
  request: v.request,
  response: v.response,
  responseMessages: v.responseMessages,
  steps: (v.steps as ReadonlyArray<Record<string, unknown>>).map(stepView)
})

/** Upstream's onError option of a case: observe, or observe and ask for a retry. */
type OnErrorMode = "observe" | "retry" | "none"

interface Case {
  readonly calls: ReadonlyArray<Call>
  readonly streamRetries?: number
  readonly onError?: OnErrorMode
  readonly maxRetries?: number
  readonly steps?: number
}

const runUpstream = async (c: Case): Promise<Observed> => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 })
  let index = 0
  const times: Array<number> = []
  const model = new MockLanguageModelV4({
    doStream: async () => {
      times.push(Date.now())
      const call = c.calls[index++]
      if (call === undefined) throw new UpstreamAPICallError(apiError({ status: 400 }))
      if (!Array.isArray(call)) throw new UpstreamAPICallError(apiError(call as { status: number }))
      return { stream: convertArrayToReadableStream([...call]) as never, request: { body: `request ${index}` } }
    }
  })
  const errors: Array<unknown> = []
  const stepEnds: Array<unknown> = []
  const ends: Array<unknown> = []
  const chunks: Array<string> = []
  let callStarts = 0
  const mode = c.onError ?? "observe"
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    tools: upstreamTools(),
    stopWhen: upIsStepCount(c.steps ?? 1),
    include: { requestBody: true },
    ...(c.streamRetries !== undefined ? { streamRetries: c.streamRetries } : {}),
    ...(c.maxRetries !== undefined ? { maxRetries: c.maxRetries } : {}),
    ...(mode === "none" ? {} : {
      onError: ({ error }: { error: unknown }) => {
        errors.push(error)
        return mode === "retry" ? { retry: true as const } : undefined
      }
    }),
    onChunk: ({ chunk }) => void chunks.push(chunk.type),
    onLanguageModelCallStart: () => void callStarts++,
    onStepEnd: (step) => void stepEnds.push(stepView(step as never)),
    onEnd: (event) => void ends.push(resultView(event as never))
  })
  const parts: Array<unknown> = []
  const consumed = (async () => {
    for await (const part of result.fullStream) parts.push(part)
  })()
  await vi.runAllTimersAsync()
  await consumed
  const [text, content, toolCalls, toolResults, finishReason, totalUsage, warnings, request, response, responseMessages, steps] =
    await Promise.all([
      result.text,
      result.content,
      result.toolCalls,
      result.toolResults,
      result.finishReason,
      result.totalUsage,
      result.warnings,
      result.request,
      result.response,
      result.responseMessages,
      result.steps
    ])
  vi.useRealTimers()
  return {
    parts,
    result: resultView({
      text, content, toolCalls, toolResults, finishReason, totalUsage, warnings, request, response, responseMessages, steps
    }),
    errors,
    stepEnds,
    ends,
    calls: index,
    callStarts,
    chunks,
    times
  }
}

const runOurs = (c: Case) =>
  Effect.gen(function*() {
    const times: Array<number> = []
    let calls = 0
    const errors: Array<unknown> = []
    const stepEnds: Array<unknown> = []
    const ends: Array<unknown> = []
    const chunks: Array<string> = []
    let callStarts = 0
    const mode = c.onError ?? "observe"
    const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({
      prompt: "hi",
      tools: ourTools(),
      stopWhen: StopCondition.isStepCount(c.steps ?? 1),
      include: { requestBody: true },
      ...(c.streamRetries !== undefined ? { streamRetries: c.streamRetries } : {}),
      ...(c.maxRetries !== undefined ? { maxRetries: c.maxRetries } : {}),
      ...(mode === "none" ? {} : {
        onError: ({ error }) =>
          Effect.sync(() => {
            errors.push(error)
            return mode === "retry" ? { retry: true as const } : undefined
          })
      }),
      onChunk: ({ chunk }) => Effect.sync(() => void chunks.push(chunk.type)),
      onLanguageModelCallStart: () => Effect.sync(() => void callStarts++),
      onStepEnd: (step) => Effect.sync(() => void stepEnds.push(stepView(step as never))),
      onEnd: (event) => Effect.sync(() => void ends.push(resultView(event as never)))
    }))
    const model = MockLanguageModel.layer({
      stream: (_options, index) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          times.push(now)
          calls = index + 1
          const call = c.calls[index]
          if (call === undefined) return Effect.fail(new APICallError(apiError({ status: 400 })))
          if (!Array.isArray(call)) return Effect.fail(new APICallError(apiError(call as { status: number })))
          return Effect.succeed({ stream: call as ReadonlyArray<StreamPart>, request: { body: `request ${index + 1}` } })
        })
    })
    const fiber = yield* Stream.runCollect(fullStream).pipe(Effect.provide(model), Effect.forkChild)
    yield* TestClock.adjust(120_000)
    const parts = Array.from(yield* Fiber.join(fiber))
    const exit = yield* Effect.exit(result)
    const aggregate = Exit.isSuccess(exit) ? resultView(exit.value as never) : { error: Cause.squash(exit.cause) }
    return { parts, result: aggregate, errors, stepEnds, ends, calls, callStarts, chunks, times } satisfies Observed
  })

const sorted = (values: ReadonlyArray<string>) => [...values].sort()

const compare = (ours: Observed, upstream: Observed) => {
  expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
  expect(normalize([ours.result])).toEqual(normalize([upstream.result]))
  expect(normalize(ours.errors)).toEqual(normalize(upstream.errors))
  expect(normalize(ours.stepEnds)).toEqual(normalize(upstream.stepEnds))
  expect(normalize(ours.ends)).toEqual(normalize(upstream.ends))
  expect({ calls: ours.calls, callStarts: ours.callStarts, times: ours.times }).toEqual({
    calls: upstream.calls,
    callStarts: upstream.callStarts,
    times: upstream.times
  })
  expect(sorted(ours.chunks)).toEqual(sorted(upstream.chunks))
  // aimux: onChunk in stream order (a retried error reaches onChunk without being emitted)
  const emitted = ours.parts.map((p) => (p as { type: string }).type).filter((t) => t !== "error")
  expect(ours.chunks.filter((t) => t !== "error")).toEqual(emitted)
}

afterEach(() => {
  vi.useRealTimers()
})

const differential = (name: string, c: Case, check?: (ours: Observed) => void) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(c))
      const ours = yield* runOurs(c)
      compare(ours, upstream)
      check?.(ours)
    }))

const texts = (observed: Observed) => (observed.result as { text?: unknown }).text

describe("streamRetries (streamText, differential)", () => {
  differential("text, then an error part: the step is rerun; the result holds only the second attempt", {
    calls: [textThenError, answer],
    streamRetries: 1
  }, (ours) => {
    expect(texts(ours)).toBe("It is 21")
    expect(ours.calls).toBe(2)
  })

  differential("reasoning and a tool call before the error: the tool parts are held back and dropped, reasoning closed", {
    calls: [reasoningToolThenError, answer],
    streamRetries: 2
  })

  differential("two failed attempts within streamRetries 2: three calls", {
    calls: [textThenError, reasoningToolThenError, answer],
    streamRetries: 2
  }, (ours) => expect(ours.calls).toBe(3))

  differential("retries used up: the last error part ends the step (finish-step with error), no further call", {
    calls: [textThenError, textThenError, answer],
    streamRetries: 1
  }, (ours) => expect(ours.calls).toBe(2))

  differential("streamRetries 0 and onError { retry: true }: exactly one retry by the callback", {
    calls: [textThenError, textThenError, answer],
    streamRetries: 0,
    onError: "retry"
  }, (ours) => expect(ours.calls).toBe(2))

  differential("streamRetries 1 and onError { retry: true }: one automatic, then one by the callback", {
    calls: [textThenError, textThenError, answer],
    streamRetries: 1,
    onError: "retry"
  }, (ours) => expect(ours.calls).toBe(3))

  differential("no streamRetries: onError { retry: true } does not retry (stream retries off)", {
    calls: [textThenError, answer],
    onError: "retry"
  }, (ours) => expect(ours.calls).toBe(1))

  differential("streamRetries without an own onError: automatic retries, no callback retry", {
    calls: [textThenError, answer],
    streamRetries: 1,
    onError: "none"
  })

  differential("a tool step, then a retried answer step: the first step's tool results are kept", {
    calls: [toolAnswer, textThenError, answer],
    streamRetries: 1,
    steps: 3
  }, (ours) => expect((ours.result as { steps: ReadonlyArray<unknown> }).steps.length).toBe(2))

  differential("a retried tool step: the new attempt's tool call runs, the failed one's never", {
    calls: [reasoningToolThenError, toolAnswer, answer],
    streamRetries: 1,
    steps: 3
  })

  differential("the reconnect fails with 429s: maxRetries' backoff (2 s, 4 s), then RetryError as the step's error", {
    calls: [textThenError, { status: 429 }, { status: 429 }, { status: 429 }],
    streamRetries: 1
  }, (ours) => expect(ours.times).toEqual([0, 0, 2000, 6000]))

  differential("the reconnect honours retry-after-ms", {
    calls: [textThenError, { status: 503, headers: { "retry-after-ms": "700" } }, answer],
    streamRetries: 1
  }, (ours) => expect(ours.times).toEqual([0, 0, 700]))

  differential("the reconnect fails without retries (maxRetries 0): the call's error unwrapped", {
    calls: [textThenError, { status: 400 }],
    streamRetries: 1,
    maxRetries: 0
  })

  for (const [name, streamRetries] of [["an integer", 1.5], [">= 0", -1]] as const) {
    it.effect(`streamRetries must be ${name}: upstream throws from streamText, aimux's run is that error part`, () =>
      Effect.gen(function*() {
        const thrown = yield* Effect.promise(async () => {
          try {
            upstreamStreamText({ model: new MockLanguageModelV4({}), prompt: "hi", streamRetries })
            return undefined
          } catch (error) {
            return error
          }
        })
        const parts = Array.from(yield* StreamText.streamText({ prompt: "hi", streamRetries, onError: () => Effect.void }).pipe(
          Stream.runCollect,
          Effect.provide(MockLanguageModel.layer({ stream: { stream: answer } }))
        ))
        expect(thrown).toBeInstanceOf(Error)
        expect(normalize(parts)).toEqual(normalize([{ type: "error", error: thrown }]))
      }))
  }
})

describe("streamRetries (aimux)", () => {
  it.effect("collect of a retried run equals the run's own onEnd result", () =>
    Effect.gen(function*() {
      let end: unknown = undefined
      const collected = yield* StreamText.streamText({
        prompt: "hi",
        streamRetries: 1,
        onError: () => Effect.void,
        onEnd: (event) => Effect.sync(() => void (end = event))
      }).pipe(
        StreamText.collect,
        Effect.provide(MockLanguageModel.layer({
          stream: (_options, index) => ({ stream: index === 0 ? textThenError : answer })
        }))
      )
      expect(collected.text).toBe("It is 21")
      expect(normalize([resultView(collected as never)])).toEqual(normalize([resultView(end as never)]))
    }))
})
