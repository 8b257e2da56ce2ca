/**
 * `include` (and the deprecated `experimental_include` / `includeRawChunks`) of streamText and
 * generateText against upstream `ai` 7.0.173 (`MockLanguageModelV4`, the same scripted calls on
 * both sides, each call returning a request body, a response body and a raw chunk): what the
 * `start-step` parts, the steps and the result keep of each call. Upstream's defaults drop the
 * request body (and generateText's response body) and forward no raw chunk; `requestMessages`
 * keeps the messages each step sent (the prompt, tool calls and results, steering messages, or
 * what `prepareStep` put in their place).
 * Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  experimental_createSteering as upCreateSteering,
  generateText as upstreamGenerateText,
  isStepCount as upIsStepCount,
  streamText as upstreamStreamText
} from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Steering from "../../src/core/Steering.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

const at0 = new Date(0)
const toolStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "raw", rawValue: { chunk: 1 } },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
  H.toolCall("c1", "weather", { city: "Paris" }),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(1, 2) }
]
const answerStep: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "raw", rawValue: { chunk: 2 } },
  { type: "response-metadata", id: "r2", modelId: "m2", timestamp: at0 },
  ...H.textParts("t", "It is 21"),
  { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage: H.usage(3, 4) }
]
const calls = [toolStep, answerStep]
const requestBody = (index: number) => ({ model: "m", call: index })

const stepView = (s: Record<string, unknown>) => ({ request: s.request, response: s.response })
const resultView = (r: Record<string, unknown>) => ({
  request: r.request,
  response: r.response,
  steps: (r.steps as ReadonlyArray<Record<string, unknown>>).map(stepView)
})

const streamUpstream = async (extra: Record<string, unknown>) => {
  let index = 0
  const model = new MockLanguageModelV4({
    doStream: async () => {
      const call = calls[index]!
      index++
      return { stream: convertArrayToReadableStream([...call]) as never, request: { body: requestBody(index) } }
    }
  })
  const result = upstreamStreamText({ model, prompt: "hi", tools: upstreamTools(), stopWhen: upIsStepCount(3), ...extra })
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  const [request, response, steps] = await Promise.all([result.request, result.response, result.steps])
  return { parts, result: resultView({ request, response, steps }) }
}

const streamOurs = (extra: Partial<StreamText.StreamTextOptions<ReturnType<typeof ourTools>, never>>) =>
  Effect.gen(function*() {
    const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({
      prompt: "hi",
      tools: ourTools(),
      stopWhen: StopCondition.isStepCount(3),
      ...extra
    }))
    const parts = Array.from(yield* Stream.runCollect(fullStream).pipe(Effect.provide(MockLanguageModel.layer({
      stream: (_options, index) => ({ stream: calls[index]!, request: { body: requestBody(index + 1) } })
    }))))
    return { parts, result: resultView((yield* result) as never) }
  })

const generated = (index: number): GenerateResult => ({
  content: index === 0
    ? [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: JSON.stringify({ city: "Paris" }) }]
    : [{ type: "text", text: "It is 21" }],
  finishReason: index === 0 ? { unified: "tool-calls", raw: "tool_use" } : { unified: "stop", raw: "end_turn" },
  usage: H.usage(1, 2),
  warnings: [],
  request: { body: requestBody(index + 1) },
  response: { id: `r${index + 1}`, modelId: "m", timestamp: at0, body: { raw: index + 1 } }
})

const generateUpstream = async (extra: Record<string, unknown>) => {
  let index = 0
  const model = new MockLanguageModelV4({ doGenerate: async () => generated(index++) as never })
  const result = await upstreamGenerateText({ model, prompt: "hi", tools: upstreamTools(), stopWhen: upIsStepCount(3), ...extra })
  return resultView(result as never)
}

const generateOurs = (extra: Partial<GenerateText.GenerateTextOptions<ReturnType<typeof ourTools>, never>>) =>
  Effect.map(
    GenerateText.generateText({ prompt: "hi", tools: ourTools(), stopWhen: StopCondition.isStepCount(3), ...extra }).pipe(
      Effect.provide(MockLanguageModel.layer({ generate: (_options, index) => generated(index) }))
    ),
    (result) => resultView(result as never)
  )

const bodiesOf = (parts: ReadonlyArray<unknown>) =>
  parts.flatMap((p) => {
    const part = p as { type: string; request?: { body?: unknown } }
    return part.type === "start-step" ? [part.request?.body] : []
  })

const messageCountsOf = (parts: ReadonlyArray<unknown>) =>
  parts.flatMap((p) => {
    const part = p as { type: string; request?: { messages?: ReadonlyArray<unknown> } }
    return part.type === "start-step" ? [part.request?.messages?.length] : []
  })

describe("include (streamText, differential)", () => {
  const cases: ReadonlyArray<readonly [string, Record<string, unknown>, ReadonlyArray<unknown>, number]> = [
    ["default: no request body in start-step, steps or result, no raw part", {}, [undefined, undefined], 0],
    ["include.requestBody: every start-step, step and the result keep it", { include: { requestBody: true } }, [requestBody(1), requestBody(2)], 0],
    ["experimental_include (deprecated alias)", { experimental_include: { requestBody: true } }, [requestBody(1), requestBody(2)], 0],
    ["include wins over experimental_include", { include: {}, experimental_include: { requestBody: true } }, [undefined, undefined], 0],
    ["include.rawChunks forwards raw parts", { include: { rawChunks: true } }, [undefined, undefined], 2],
    ["includeRawChunks (deprecated) still forwards them", { includeRawChunks: true }, [undefined, undefined], 2],
    ["include.rawChunks false wins over includeRawChunks", { include: { rawChunks: false }, includeRawChunks: true }, [undefined, undefined], 0],
    ["include.requestMessages: every start-step and step keep the step's messages", { include: { requestMessages: true } }, [undefined, undefined], 0],
    ["include.requestMessages with requestBody", { include: { requestMessages: true, requestBody: true } }, [requestBody(1), requestBody(2)], 0],
    [
      "include.requestMessages, messages given as parts",
      { include: { requestMessages: true }, prompt: [{ role: "user", content: [{ type: "text", text: "hi" }], providerOptions: { p: { k: 1 } } }] },
      [undefined, undefined],
      0
    ]
  ]
  for (const [name, extra, bodies, raws] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => streamUpstream(extra))
        const ours = yield* streamOurs(extra)
        expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
        expect(normalize([ours.result])).toEqual(normalize([upstream.result]))
        expect(bodiesOf(ours.parts)).toEqual(bodies)
        expect(ours.parts.filter((p) => (p as { type: string }).type === "raw")).toHaveLength(raws)
        // the first step sent the prompt; the second also the tool call and its result
        expect(messageCountsOf(ours.parts)).toEqual(
          (extra.include as { requestMessages?: boolean } | undefined)?.requestMessages === true ? [1, 3] : [undefined, undefined]
        )
      }))
  }
})

describe("include (generateText, differential)", () => {
  const cases: ReadonlyArray<readonly [string, Record<string, unknown>, unknown, unknown]> = [
    ["default: neither body", {}, undefined, undefined],
    ["include.requestBody", { include: { requestBody: true } }, requestBody(2), undefined],
    ["include.responseBody", { include: { responseBody: true } }, undefined, { raw: 2 }],
    ["experimental_include (deprecated alias), both", { experimental_include: { requestBody: true, responseBody: true } }, requestBody(2), { raw: 2 }],
    ["include.requestMessages: each step keeps the messages it sent", { include: { requestMessages: true } }, undefined, undefined],
    [
      "include.requestMessages, messages given as parts, with both bodies",
      {
        include: { requestMessages: true, requestBody: true, responseBody: true },
        prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }]
      },
      requestBody(2),
      { raw: 2 }
    ]
  ]
  for (const [name, extra, body, responseBody] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => generateUpstream(extra))
        const ours = yield* generateOurs(extra)
        expect(normalize([ours])).toEqual(normalize([upstream]))
        const last = ours.steps[ours.steps.length - 1] as { request: { body?: unknown }; response: { body?: unknown } }
        expect(last.request.body).toEqual(body)
        expect(last.response.body).toEqual(responseBody)
        expect((ours.steps as ReadonlyArray<{ request: { messages?: ReadonlyArray<unknown> } }>).map((step) => step.request.messages?.length)).toEqual(
          (extra.include as { requestMessages?: boolean } | undefined)?.requestMessages === true ? [1, 3] : [undefined, undefined]
        )
      }))
  }
})

describe("include.requestMessages after prepareStep replaced the messages (differential)", () => {
  // a user message of text parts has the same form as a model message and a V4 prompt message
  const replaced = [{ role: "user" as const, content: [{ type: "text" as const, text: "again" }] }]
  const include = { requestMessages: true }
  it.effect("generateText: the later step sent (and keeps) the replaced messages", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        generateUpstream({ include, prepareStep: ({ stepNumber }: { stepNumber: number }) => stepNumber === 1 ? { messages: replaced } : undefined })
      )
      const ours = yield* generateOurs({
        include,
        prepareStep: ({ stepNumber }) => Effect.succeed(stepNumber === 1 ? { messages: replaced } : undefined)
      })
      expect(normalize([ours])).toEqual(normalize([upstream]))
      const steps = ours.steps as ReadonlyArray<{ request: { messages?: ReadonlyArray<unknown> } }>
      expect(steps.map((step) => step.request.messages)).toEqual([[{ role: "user", content: "hi" }], replaced])
    }))
  it.effect("streamText: the later start-step and step keep the replaced messages", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        streamUpstream({ include, prepareStep: ({ stepNumber }: { stepNumber: number }) => stepNumber === 1 ? { messages: replaced } : undefined })
      )
      const ours = yield* streamOurs({
        include,
        prepareStep: ({ stepNumber }) => Effect.succeed(stepNumber === 1 ? { messages: replaced } : undefined)
      })
      expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
      expect(normalize([ours.result])).toEqual(normalize([upstream.result]))
      expect(messageCountsOf(ours.parts)).toEqual([1, 1])
    }))
})

describe("include.requestMessages with a steering message (differential)", () => {
  const include = { requestMessages: true }
  const upstreamSteering = () => {
    const steering = upCreateSteering()
    void steering.steer("also Rome", { id: "s1" })
    return steering
  }
  const ourSteering = Effect.gen(function*() {
    const steering = yield* Steering.make
    yield* Effect.forkDetach(steering.steer("also Rome", { id: "s1" }), { startImmediately: true })
    return steering
  })
  it.effect("generateText: the steps keep the steering message after the prompt", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => generateUpstream({ include, experimental_steering: upstreamSteering() }))
      const ours = yield* generateOurs({ include, experimental_steering: yield* ourSteering })
      expect(normalize([ours])).toEqual(normalize([upstream]))
      const steps = ours.steps as ReadonlyArray<{ request: { messages?: ReadonlyArray<unknown> } }>
      expect(steps.map((step) => step.request.messages?.length)).toEqual([2, 4])
    }))
  it.effect("streamText: the start-steps and steps keep it", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => streamUpstream({ include, experimental_steering: upstreamSteering() }))
      const ours = yield* streamOurs({ include, experimental_steering: yield* ourSteering })
      expect(normalize(ours.parts)).toEqual(normalize(upstream.parts))
      expect(normalize([ours.result])).toEqual(normalize([upstream.result]))
      expect(messageCountsOf(ours.parts)).toEqual([2, 4])
    }))
})
