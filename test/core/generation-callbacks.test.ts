/**
 * Lifecycle callbacks of streamText / generateText against upstream `ai` 7.0.173 on the same
 * scripted model: the order of every callback (onStart, onStepStart, onLanguageModelCallStart/End,
 * onToolExecutionStart/End, onStepEnd, onStepError, onError, onEnd) and their comparable payload
 * fields; one call id per run; a retried call notifies onLanguageModelCallStart per attempt and
 * onStepStart once (a `retry-after-ms: 0` header keeps both sides off the timers).
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

type Call = ReadonlyArray<StreamPart> | "fail" | "retry"

const failure = { message: "Bad Request", url: "https://api.test/v1", requestBodyValues: {}, statusCode: 400 }
const retryable = { ...failure, message: "Overloaded", statusCode: 529, responseHeaders: { "retry-after-ms": "0" } }
const at0 = new Date(0)

const toolStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  H.toolCall("c1", "weather", { city: "Paris" }),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(3, 10) }
]
const answer: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r2", modelId: "m2", timestamp: at0 },
  ...H.textParts("t", "It is 21"),
  { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage: H.usage(5, 7) }
]

/** The comparable fields of each callback's payload. */
const views: Record<string, (e: Record<string, unknown>) => unknown> = {
  onStart: (e) => ({ operationId: e.operationId, provider: e.provider, modelId: e.modelId, maxRetries: e.maxRetries, temperature: e.temperature }),
  onStepStart: (e) => ({ stepNumber: e.stepNumber, provider: e.provider, steps: (e.steps as Array<unknown>).length, stepToolChoice: e.stepToolChoice }),
  onLanguageModelCallStart: (e) => ({ provider: e.provider, modelId: e.modelId, tools: e.tools }),
  onLanguageModelCallEnd: (e) => ({ modelId: e.modelId, finishReason: e.finishReason, usage: e.usage, responseId: e.responseId, content: e.content }),
  onToolExecutionStart: (e) => ({ toolCall: e.toolCall }),
  onToolExecutionEnd: (e) => ({ toolCall: e.toolCall, toolOutput: e.toolOutput }),
  onStepEnd: (e) => ({ stepNumber: e.stepNumber, finishReason: e.finishReason }),
  onStepError: (e) => ({ stepNumber: e.stepNumber, error: e.error }),
  onError: (e) => ({ error: e.error }),
  onEnd: (e) => ({ finishReason: e.finishReason, text: e.text })
}

const recorder = () => {
  const events: Array<{ readonly name: string; readonly view: unknown }> = []
  const callIds = new Set<unknown>()
  const record = (name: string) => (event: unknown) => {
    const e = event as Record<string, unknown>
    if ("callId" in e) callIds.add(e.callId)
    events.push({ name, view: views[name]!(e) })
  }
  return { events, callIds, record }
}

const upstreamCallbacks = (record: (name: string) => (event: unknown) => void) =>
  Object.fromEntries(Object.keys(views).map((name) => [name, (event: unknown) => void record(name)(event)]))

const ourCallbacks = (record: (name: string) => (event: unknown) => void) =>
  Object.fromEntries(Object.keys(views).map((name) => [name, (event: unknown) => Effect.sync(() => record(name)(event))]))

const runUpstreamStream = async (calls: ReadonlyArray<Call>) => {
  const r = recorder()
  let index = 0
  const result = upstreamStreamText({
    model: new MockLanguageModelV4({
      doStream: async () => {
        const call = calls[index++]
        if (call === "fail" || call === undefined) throw new UpstreamAPICallError(failure)
        if (call === "retry") throw new UpstreamAPICallError(retryable)
        return { stream: convertArrayToReadableStream([...call]) as never }
      }
    }),
    prompt: "hi",
    temperature: 0.5,
    tools: upstreamTools(),
    stopWhen: upIsStepCount(3),
    ...upstreamCallbacks(r.record)
  })
  for await (const _ of result.fullStream) void _
  return r
}

const runOursStream = (calls: ReadonlyArray<Call>) =>
  Effect.gen(function*() {
    const r = recorder()
    yield* StreamText.streamText({
      prompt: "hi",
      temperature: 0.5,
      tools: ourTools(),
      stopWhen: StopCondition.isStepCount(3),
      ...ourCallbacks(r.record)
    }).pipe(
      Stream.runDrain,
      Effect.provide(MockLanguageModel.layer({
        stream: (_options, index) => {
          const call = calls[index]
          if (call === "fail" || call === undefined) return Effect.fail(new APICallError(failure))
          if (call === "retry") return Effect.fail(new APICallError(retryable))
          return { stream: call }
        }
      }))
    )
    return r
  })

const compare = (ours: ReturnType<typeof recorder>, upstream: ReturnType<typeof recorder>) => {
  expect(ours.events.map((e) => e.name)).toEqual(upstream.events.map((e) => e.name))
  expect(normalize(ours.events)).toEqual(normalize(upstream.events))
  expect(ours.callIds.size).toBe(1)
  expect(upstream.callIds.size).toBe(1)
}

describe("streamText callbacks (differential)", () => {
  const scenario = (name: string, calls: ReadonlyArray<Call>) =>
    it.live(name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => runUpstreamStream(calls))
        const ours = yield* runOursStream(calls)
        compare(ours, upstream)
      }))
  scenario("tool step then answer: order and payloads", [toolStep, answer])
  scenario("a later call fails: onError, onStepError, then onEnd", [toolStep, "fail"])
  scenario("a failed first call: onStepError before onError, no onEnd", ["fail"])
  scenario("a later stream without finish or output: onError then onStepError, no onEnd", [toolStep, [{ type: "stream-start", warnings: [] }]])
  scenario("a retried call: onLanguageModelCallStart per attempt, onStepStart once", ["retry", answer])
})

describe("generateText callbacks (differential)", () => {
  const toGenerate = (parts: ReadonlyArray<StreamPart>): GenerateResult => {
    const meta = parts.find((p) => p.type === "response-metadata")
    const finish = parts.find((p) => p.type === "finish")
    const call = parts.find((p) => p.type === "tool-call")
    const text = parts.filter((p) => p.type === "text-delta").map((p) => (p.type === "text-delta" ? p.delta : "")).join("")
    return {
      content: call !== undefined ? [call] : [{ type: "text", text }],
      finishReason: finish?.type === "finish" ? finish.finishReason : { unified: "other", raw: undefined },
      usage: finish?.type === "finish" ? finish.usage : H.usage(),
      warnings: [],
      ...(meta?.type === "response-metadata" ? { response: { id: meta.id, modelId: meta.modelId, timestamp: meta.timestamp } } : {})
    }
  }
  const scenario = (name: string, calls: ReadonlyArray<Call>) =>
    it.live(name, () =>
      Effect.gen(function*() {
        const upstream = recorder()
        let index = 0
        yield* Effect.promise(() =>
          upstreamGenerateText({
            model: new MockLanguageModelV4({
              doGenerate: async () => {
                const call = calls[index++]
                if (call === "fail" || call === undefined) throw new UpstreamAPICallError(failure)
                if (call === "retry") throw new UpstreamAPICallError(retryable)
                return toGenerate(call) as never
              }
            }),
            prompt: "hi",
            temperature: 0.5,
            tools: upstreamTools(),
            stopWhen: upIsStepCount(3),
            ...upstreamCallbacks(upstream.record)
          }).catch(() => undefined)
        )
        const ours = recorder()
        yield* GenerateText.generateText({
          prompt: "hi",
          temperature: 0.5,
          tools: ourTools(),
          stopWhen: StopCondition.isStepCount(3),
          ...ourCallbacks(ours.record),
          onError: undefined
        }).pipe(
          Effect.provide(MockLanguageModel.layer({
            generate: (_options, i) => {
              const call = calls[i]
              if (call === "fail" || call === undefined) return Effect.fail(new APICallError(failure))
              if (call === "retry") return Effect.fail(new APICallError(retryable))
              return toGenerate(call)
            }
          })),
          Effect.ignore
        )
        compare(ours, upstream)
      }))
  scenario("tool step then answer: order and payloads", [toolStep, answer])
  scenario("a later call fails: onStepError", [toolStep, "fail"])
  scenario("a failed first call: onStepError", ["fail"])
  scenario("a retried call: onLanguageModelCallStart once (outside the retries, as upstream generateText)", ["retry", answer])
})
