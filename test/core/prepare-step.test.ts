/**
 * `prepareStep` against upstream `ai` 7.0.173: per-step call settings (over the generation's),
 * provider options merged deeply (upstream `mergeObjects`), `instructions` (over `system`), and
 * another model for a step; compared on the call options each model receives.
 */
import { describe, expect, it } from "@effect/vitest"
import { isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import { LanguageModel } from "../../src/LanguageModel.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { CallOptions } from "../../src/contract/CallOptions.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

const toolStep: ReadonlyArray<StreamPart> = H.framed([H.toolCall("c1", "weather", { city: "Paris" })], H.finish("tool-calls"))
const answer: ReadonlyArray<StreamPart> = H.framed(H.textParts("t", "done"))

const base = {
  system: "Be helpful",
  temperature: 0.7,
  topP: 0.9,
  maxOutputTokens: 100,
  providerOptions: { mock: { nested: { keep: 1, replace: "old" }, list: [1, 2] } }
}
const step1 = {
  temperature: 0.1,
  seed: 7,
  instructions: "Be short",
  providerOptions: { mock: { nested: { replace: "new" }, list: [3] }, other: { on: true } }
}

const view = (call: CallOptions | Record<string, unknown>) => {
  const c = call as Record<string, unknown>
  return {
    prompt: c.prompt,
    temperature: c.temperature,
    topP: c.topP,
    seed: c.seed,
    maxOutputTokens: c.maxOutputTokens,
    providerOptions: c.providerOptions,
    toolChoice: c.toolChoice
  }
}

describe("toolOrder (differential)", () => {
  it.live("the ordered tools first, then the others by name; prepareStep may reorder a step", () =>
    Effect.gen(function*() {
      const model = new MockLanguageModelV4({
        doStream: async () => ({
          stream: convertArrayToReadableStream([...(model.doStreamCalls.length === 1 ? toolStep : answer)]) as never
        })
      })
      const result = upstreamStreamText({
        model,
        prompt: "hi",
        tools: upstreamTools(),
        stopWhen: upIsStepCount(3),
        toolOrder: ["text", "fails"],
        prepareStep: ({ stepNumber }) => (stepNumber === 1 ? { toolOrder: ["weather"] } : undefined)
      })
      yield* Effect.promise(async () => {
        for await (const _ of result.fullStream) void _
      })
      const mock = yield* MockLanguageModel.make({ stream: [{ stream: toolStep }, { stream: answer }] })
      yield* StreamText.streamText({
        prompt: "hi",
        tools: ourTools(),
        stopWhen: StopCondition.isStepCount(3),
        toolOrder: ["text", "fails"],
        prepareStep: ({ stepNumber }) => Effect.succeed(stepNumber === 1 ? { toolOrder: ["weather" as const] } : undefined)
      }).pipe(Stream.runDrain, Effect.provideService(LanguageModel, mock.model))
      const calls = yield* mock.recorder.streamCalls
      const names = (tools: unknown) => (tools as ReadonlyArray<{ readonly name: string }>).map((t) => t.name)
      expect(calls.map((c) => names(c.tools))).toEqual(model.doStreamCalls.map((c) => names(c.tools)))
      expect(names(calls[0]!.tools).slice(0, 2)).toEqual(["text", "fails"])
    }))
})

describe("prepareStep (differential)", () => {
  it.live("call settings, merged provider options, instructions and a step model", () =>
    Effect.gen(function*() {
      const first = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...toolStep]) as never }) })
      const second = new MockLanguageModelV4({
        modelId: "second",
        doStream: async () => ({ stream: convertArrayToReadableStream([...answer]) as never })
      })
      const result = upstreamStreamText({
        model: first,
        prompt: "hi",
        tools: upstreamTools(),
        stopWhen: upIsStepCount(3),
        ...base,
        prepareStep: ({ stepNumber }) => (stepNumber === 1 ? { ...step1, model: second } : undefined)
      })
      yield* Effect.promise(async () => {
        for await (const _ of result.fullStream) void _
      })

      const firstModel = yield* MockLanguageModel.make({ stream: { stream: toolStep } })
      const secondModel = yield* MockLanguageModel.make({ modelId: "second", stream: { stream: answer } })
      const parts = yield* StreamText.streamText({
        prompt: "hi",
        tools: ourTools(),
        stopWhen: StopCondition.isStepCount(3),
        ...base,
        prepareStep: ({ stepNumber }) => Effect.succeed(stepNumber === 1 ? { ...step1, model: secondModel.model } : undefined)
      }).pipe(
        Stream.runCollect,
        Effect.provideService(LanguageModel, firstModel.model)
      )
      const ourFirst = yield* firstModel.recorder.streamCalls
      expect(normalize([view(ourFirst[0]!)])).toEqual(normalize([view(first.doStreamCalls[0]!)]))
      const ourSecond = yield* secondModel.recorder.streamCalls
      expect(first.doStreamCalls).toHaveLength(1)
      expect(second.doStreamCalls).toHaveLength(1)
      expect(ourSecond).toHaveLength(1)
      expect(normalize([view(ourSecond[0]!)])).toEqual(normalize([view(second.doStreamCalls[0]!)]))
      const finishSteps = Array.from(parts).filter((p) => p.type === "finish-step")
      expect(finishSteps.map((p) => p.type === "finish-step" && p.response.modelId)).toEqual(["mock-model-id", "second"])
    }))

  it.live("the first step's call options with the generation's settings", () =>
    Effect.gen(function*() {
      const first = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...answer]) as never }) })
      const result = upstreamStreamText({ model: first, prompt: "hi", ...base, prepareStep: () => ({ topP: 0.5 }) })
      yield* Effect.promise(async () => {
        for await (const _ of result.fullStream) void _
      })
      const mock = yield* MockLanguageModel.make({ stream: { stream: answer } })
      yield* StreamText.streamText({ prompt: "hi", ...base, prepareStep: () => Effect.succeed({ topP: 0.5 }) }).pipe(
        Stream.runDrain,
        Effect.provideService(LanguageModel, mock.model)
      )
      const calls = yield* mock.recorder.streamCalls
      expect(normalize([view(calls[0]!)])).toEqual(normalize([view(first.doStreamCalls[0]!)]))
    }))
})
