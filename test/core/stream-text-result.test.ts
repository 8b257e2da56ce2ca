/**
 * streamText / generateText results against upstream `ai` 7.0.173 (`MockLanguageModelV4`, the same
 * scripted parts on both sides): the result fields (the final step's `response`, every step's
 * `responseMessages`, the accessors), a model call failing in a later step (the result still
 * resolves, onEnd still runs), a stream without finish (NoOutputGeneratedError, onError), the
 * default onError (upstream logs, aimux logs through Effect's logger), the first error kept as
 * `cause` (an aimux addition, see docs/divergences.md) and `failOnError`.
 * Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Cause, Effect, Exit, Logger, Stream } from "effect"
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

/** One model call: its parts, or a failure of the call (a 400, not retryable on either side). */
type Call = ReadonlyArray<StreamPart> | "fail"

const failure = { message: "Bad Request", url: "https://api.test/v1", requestBodyValues: {}, statusCode: 400 }

const at0 = new Date(0)
const usage = H.usage(3, 10)
const toolStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [{ type: "other", message: "w1" }] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  ...H.reasoningParts("r", "think"),
  H.toolCall("c1", "weather", { city: "Paris" }),
  { type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" },
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage, providerMetadata: { p: { a: 1 } } }
]
const answerStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r2", modelId: "m2", timestamp: at0 },
  ...H.reasoningParts("r", "again"),
  { type: "file", mediaType: "image/png", data: { type: "data", data: "aGVsbG8=" } },
  ...H.textParts("t", "It is ", "21"),
  { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage: H.usage(5, 7) }
]

interface Observed {
  readonly parts: ReadonlyArray<unknown>
  readonly result: unknown
  readonly errors: ReadonlyArray<unknown>
  readonly ends: ReadonlyArray<unknown>
}

/** A generated file as `{base64, mediaType}` (upstream's class keeps its data in private fields). */
const filesView = (files: unknown) =>
  (files as ReadonlyArray<{ readonly base64: string; readonly mediaType: string }>).map((f) => ({ base64: f.base64, mediaType: f.mediaType }))

const resultView = (r: StreamText.StreamTextResult | Record<string, unknown>): Record<string, unknown> => {
  const v = r as Record<string, unknown>
  const steps = v.steps as ReadonlyArray<Record<string, unknown>>
  return {
    text: v.text,
    content: v.content,
    reasoning: v.reasoning,
    reasoningText: v.reasoningText,
    files: filesView(v.files),
    sources: v.sources,
    toolCalls: v.toolCalls,
    staticToolCalls: v.staticToolCalls,
    dynamicToolCalls: v.dynamicToolCalls,
    toolResults: v.toolResults,
    staticToolResults: v.staticToolResults,
    dynamicToolResults: v.dynamicToolResults,
    finishReason: v.finishReason,
    rawFinishReason: v.rawFinishReason,
    usage: v.usage,
    totalUsage: v.totalUsage,
    warnings: v.warnings,
    request: v.request,
    response: v.response,
    responseMessages: v.responseMessages,
    providerMetadata: v.providerMetadata,
    steps: steps.map((s) => ({
      stepNumber: s.stepNumber,
      text: s.text,
      reasoning: s.reasoning,
      reasoningText: s.reasoningText,
      files: filesView(s.files),
      sources: s.sources,
      finishReason: s.finishReason,
      usage: s.usage,
      warnings: s.warnings,
      response: s.response
    }))
  }
}

const settle = async <A>(promise: PromiseLike<A>): Promise<{ ok: A } | { error: unknown }> => {
  try {
    return { ok: await promise }
  } catch (error) {
    return { error }
  }
}

const runUpstream = async (calls: ReadonlyArray<Call>, extra: Record<string, unknown> = {}): Promise<Observed> => {
  let index = 0
  const model = new MockLanguageModelV4({
    doStream: async () => {
      const call = calls[index++]
      if (call === "fail" || call === undefined) throw new UpstreamAPICallError(failure)
      return { stream: convertArrayToReadableStream([...call]) as never }
    }
  })
  const errors: Array<unknown> = []
  const ends: Array<unknown> = []
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    tools: upstreamTools(),
    stopWhen: upIsStepCount(3),
    onError: ({ error }) => void errors.push(error),
    onEnd: (event) => void ends.push(resultView(event as never)),
    ...extra
  })
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  const settled = await settle(Promise.all([
    result.text,
    result.content,
    result.reasoning,
    result.reasoningText,
    result.files,
    result.sources,
    result.toolCalls,
    result.staticToolCalls,
    result.dynamicToolCalls,
    result.toolResults,
    result.staticToolResults,
    result.dynamicToolResults,
    result.finishReason,
    result.rawFinishReason,
    result.usage,
    result.totalUsage,
    result.warnings,
    result.request,
    result.response,
    result.responseMessages,
    result.providerMetadata,
    result.steps
  ]))
  if ("error" in settled) return { parts, result: { error: settled.error }, errors, ends }
  const [
    text, content, reasoning, reasoningText, files, sources, toolCalls, staticToolCalls, dynamicToolCalls,
    toolResults, staticToolResults, dynamicToolResults, finishReason, rawFinishReason, usage_, totalUsage, warnings,
    request, response, responseMessages, providerMetadata, steps
  ] = settled.ok
  return {
    parts,
    result: resultView({
      text, content, reasoning, reasoningText, files, sources, toolCalls, staticToolCalls, dynamicToolCalls,
      toolResults, staticToolResults, dynamicToolResults, finishReason, rawFinishReason, usage: usage_, totalUsage,
      warnings, request, response, responseMessages, providerMetadata, steps
    }),
    errors,
    ends
  }
}

const ourModel = (calls: ReadonlyArray<Call>) =>
  MockLanguageModel.layer({
    stream: (_options, index) => {
      const call = calls[index]
      return call === "fail" || call === undefined
        ? Effect.fail(new APICallError(failure))
        : { stream: call }
    }
  })

const runOurs = (calls: ReadonlyArray<Call>, extra: Partial<StreamText.StreamTextOptions<ReturnType<typeof ourTools>, never>> = {}) =>
  Effect.gen(function*() {
    const errors: Array<unknown> = []
    const ends: Array<unknown> = []
    const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({
      prompt: "hi",
      tools: ourTools(),
      stopWhen: StopCondition.isStepCount(3),
      onError: ({ error }) => Effect.sync(() => void errors.push(error)),
      onEnd: (event) => Effect.sync(() => void ends.push(resultView(event))),
      ...extra
    }))
    const parts = Array.from(yield* Stream.runCollect(fullStream).pipe(Effect.provide(ourModel(calls))))
    const exit = yield* Effect.exit(result)
    const aggregate = Exit.isSuccess(exit) ? resultView(exit.value) : { error: Cause.squash(exit.cause) }
    return { parts, result: aggregate, errors, ends } satisfies Observed
  })

/** The result with its error's `cause` left out (the one documented difference of a failed run). */
const withoutErrorCause = (result: unknown): unknown => {
  const error: unknown = typeof result === "object" && result !== null ? Reflect.get(result, "error") : undefined
  if (!(error instanceof Error)) return result
  const fields = Object.fromEntries(Object.entries(error).filter(([key]) => key !== "cause" && key !== "_tag"))
  return { ...result as object, error: { ...fields, name: error.name, message: error.message } }
}

const compare = (ours: Observed, upstream: Observed) => {
  expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
  expect(normalize([ours.result])).toEqual(normalize([upstream.result]))
  expect(normalize(ours.errors)).toEqual(normalize(upstream.errors))
  expect(normalize(ours.ends)).toEqual(normalize(upstream.ends))
}

describe("streamText result (differential)", () => {
  it.live("two steps: response is the final step's, responseMessages every step's; accessors as upstream", () =>
    Effect.gen(function*() {
      const calls = [toolStep, answerStep]
      const upstream = yield* Effect.promise(() => runUpstream(calls))
      const ours = yield* runOurs(calls)
      compare(ours, upstream)
      const result = ours.result as { response: { messages: ReadonlyArray<unknown> }; responseMessages: ReadonlyArray<unknown> }
      // the final step has one assistant message; all steps: assistant, tool, assistant
      expect(result.response.messages).toHaveLength(1)
      expect(result.responseMessages).toHaveLength(3)
    }))

  it.live("a model call failing in a later step: error part, no finish; the result resolves (other, null usage) and onEnd runs", () =>
    Effect.gen(function*() {
      const calls: ReadonlyArray<Call> = [toolStep, "fail"]
      const upstream = yield* Effect.promise(() => runUpstream(calls))
      const ours = yield* runOurs(calls)
      compare(ours, upstream)
      expect(ours.ends).toHaveLength(1)
      expect((ours.result as { finishReason: string }).finishReason).toBe("other")
    }))

  it.live("a later step whose stream ends without finish or output: NoOutputGeneratedError part, onError, the result fails, no onEnd", () =>
    Effect.gen(function*() {
      const calls: ReadonlyArray<Call> = [toolStep, [{ type: "stream-start", warnings: [] }]]
      const upstream = yield* Effect.promise(() => runUpstream(calls))
      const ours = yield* runOurs(calls)
      compare(ours, upstream)
      expect(normalize(ours.errors)).toEqual([{
        name: "AI_NoOutputGeneratedError",
        message: "No output generated. The model stream ended without a finish chunk."
      }])
      expect(ours.ends).toHaveLength(0)
    }))

  it.live("a failed first call: error part, onError, the result fails with NoOutputGeneratedError (aimux keeps the cause)", () =>
    Effect.gen(function*() {
      const calls: ReadonlyArray<Call> = ["fail"]
      const upstream = yield* Effect.promise(() => runUpstream(calls))
      const ours = yield* runOurs(calls)
      // divergence: upstream's error has no cause; aimux keeps the run's first error (compared without it)
      compare({ ...ours, result: withoutErrorCause(ours.result) }, upstream)
      const error = (ours.result as { error: { cause?: unknown } }).error
      expect(APICallError.isInstance(error.cause)).toBe(true)
      expect((upstream.result as { error: { cause?: unknown } }).error.cause).toBeUndefined()
    }))
})

describe("streamText error visibility", () => {
  it.live("default onError: upstream logs each error part to the console, aimux through Effect's logger with the error as cause", () =>
    Effect.gen(function*() {
      const consoleErrors: Array<unknown> = []
      const original = console.error
      console.error = (...args: Array<unknown>) => void consoleErrors.push(args[0])
      const upstream = yield* Effect.promise(() => runUpstream(["fail"], { onError: undefined })).pipe(
        Effect.ensuring(Effect.sync(() => void (console.error = original)))
      )
      const logged: Array<{ level: string; cause: Cause.Cause<unknown> }> = []
      const logger = Logger.make<unknown, void>((options) => void logged.push({ level: options.logLevel, cause: options.cause }))
      const parts = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        Stream.runCollect,
        Effect.provide(ourModel(["fail"])),
        Effect.provide(Logger.layer([logger]))
      )
      expect(normalize(Array.from(parts))).toEqual(normalize(upstream.parts))
      expect(consoleErrors).toHaveLength(1)
      expect(logged).toHaveLength(1)
      expect(logged[0]?.level).toBe("Error")
      expect(normalize([Cause.squash(logged[0]!.cause)])).toEqual(normalize(consoleErrors))
    }))

  it.effect("failOnError: the parts before the first error part, then a typed failure with that error", () =>
    Effect.gen(function*() {
      const parts: Array<string> = []
      const exit = yield* StreamText.streamText({ prompt: "hi", onError: () => Effect.void }).pipe(
        StreamText.failOnError,
        Stream.runForEach((part) => Effect.sync(() => void parts.push(part.type))),
        Effect.provide(ourModel([[{ type: "stream-start", warnings: [] }, ...H.textParts("t", "a"), { type: "error", error: { message: "overloaded" } }, H.finish()]])),
        Effect.exit
      )
      expect(parts).toEqual(["start", "start-step", "text-start", "text-delta", "text-end"])
      const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      expect(error).toBeInstanceOf(StreamText.StreamTextError)
      expect(normalize([(error as StreamText.StreamTextError).error])).toEqual([
        { name: "AI_StreamProviderError", message: "overloaded", statusCode: 503, isRetryable: true, data: { message: "overloaded" } }
      ])
    }))

  it.effect("failOnError on a failed call fails with the APICallError itself", () =>
    Effect.gen(function*() {
      const error = yield* StreamText.streamText({ prompt: "hi", onError: () => Effect.void }).pipe(
        StreamText.failOnError,
        Stream.runDrain,
        Effect.provide(ourModel(["fail"])),
        Effect.flip
      )
      expect(APICallError.isInstance(error.error)).toBe(true)
    }))
})

describe("generateText result (differential)", () => {
  const toGenerate = (parts: ReadonlyArray<StreamPart>) => parts
  it.live("two steps: response is the final step's, responseMessages every step's", () =>
    Effect.gen(function*() {
      const first: GenerateResult = {
        content: [{ type: "reasoning", text: "think" }, { type: "tool-call", toolCallId: "c1", toolName: "weather", input: "{\"city\":\"Paris\"}" }],
        finishReason: { unified: "tool-calls", raw: "tool_use" },
        usage,
        warnings: [],
        response: { id: "r1", modelId: "m1", timestamp: at0 }
      }
      const second: GenerateResult = {
        content: [{ type: "file", mediaType: "image/png", data: { type: "data", data: "aGVsbG8=" } }, { type: "text", text: "It is 21" }],
        finishReason: { unified: "stop", raw: "end_turn" },
        usage: H.usage(5, 7),
        warnings: [],
        response: { id: "r2", modelId: "m2", timestamp: at0 }
      }
      let index = 0
      const upstream = yield* Effect.promise(() =>
        upstreamGenerateText({
          model: new MockLanguageModelV4({ doGenerate: async () => [first, second][index++] as never }),
          prompt: "hi",
          tools: upstreamTools(),
          stopWhen: upIsStepCount(3)
        })
      )
      const ours = yield* GenerateText.generateText({ prompt: "hi", tools: ourTools(), stopWhen: StopCondition.isStepCount(3) }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: [first, second] }))
      )
      void toGenerate
      expect(normalize([resultView(ours)])).toEqual(normalize([resultView(upstream as never)]))
      expect(ours.response.messages).toHaveLength(1)
      expect(ours.responseMessages).toHaveLength(3)
    }))
})
