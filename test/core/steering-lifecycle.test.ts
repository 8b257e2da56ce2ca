/**
 * `experimental_steering` at the edges of a run, against upstream `ai` 7.0.173: an abort while a
 * message waits (`aborted`), a later model call that fails (`error`), a steering object used by a
 * second generation (upstream's `InvalidArgumentError`), generated ids (`steer-` + 24), the order
 * of the callbacks around a delivered message, and the tool-loop agent passing the option on.
 */
import { APICallError as UpstreamAPICallError } from "@ai-sdk/provider"
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import {
  experimental_createSteering as upCreateSteering,
  generateText as upGenerateText,
  isStepCount as upIsStepCount,
  jsonSchema,
  streamText as upStreamText,
  tool,
  ToolLoopAgent,
  type ToolSet
} from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Deferred, Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as Agent from "../../src/core/Agent.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Steering from "../../src/core/Steering.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { errorJson, wireJson } from "../providers/_kit/Wire.ts"
import { normalize } from "../testing/normalize.ts"

const objectSchema = { type: "object" } as const
const toolStep: ReadonlyArray<StreamPart> = H.framed([H.toolCall("c1", "slow", {})], H.finish("tool-calls"))
const answer = (text: string): ReadonlyArray<StreamPart> => H.framed(H.textParts("t", text))
const apiError = { message: "down", url: "https://api.test/v1", requestBodyValues: {}, statusCode: 400, isRetryable: false }

const withoutValue = (error: unknown): unknown => {
  return Object.fromEntries(Object.entries(Object(errorJson(error))).filter(([key]) => key !== "value"))
}

const nameAndMessage = (error: unknown): unknown => {
  const json: unknown = errorJson(error)
  return { name: Reflect.get(Object(json), "name"), message: Reflect.get(Object(json), "message") }
}

const drain = async (stream: AsyncIterable<unknown>): Promise<Array<unknown>> => {
  const parts: Array<unknown> = []
  for await (const part of stream) parts.push(part)
  return parts
}

describe("experimental_steering at the edges of a run (differential)", () => {
  it.live("an abort while a message waits: not delivered, aborted (streamText)", () =>
    Effect.gen(function*() {
      const upSteering = upCreateSteering()
      const controller = new AbortController()
      let upOutcome: Promise<unknown> | undefined
      const upstream = upStreamText({
        model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...toolStep]) as never }) }),
        prompt: "hi",
        abortSignal: controller.signal,
        experimental_steering: upSteering,
        stopWhen: upIsStepCount(3),
        onError: () => {},
        tools: {
          slow: tool({
            inputSchema: jsonSchema(objectSchema),
            execute: (_input, { abortSignal }) =>
              new Promise((_, reject) => {
                upOutcome = upSteering.steer("Stop that.", { id: "s1" })
                abortSignal?.addEventListener("abort", () => reject(abortSignal.reason))
                controller.abort()
              })
          })
        }
      })
      const upstreamParts = yield* Effect.promise(() => drain(upstream.fullStream))

      const steering = yield* Steering.make
      const sent = yield* Deferred.make<Fiber.Fiber<Steering.Outcome>>()
      const parts = yield* StreamText.streamText({
        prompt: "hi",
        experimental_steering: steering,
        stopWhen: StopCondition.isStepCount(3),
        abort: Effect.as(Deferred.await(sent), new DOMException("This operation was aborted", "AbortError")),
        tools: {
          slow: Tool.make({
            inputSchema: Tool.jsonSchema(objectSchema),
            execute: () =>
              Effect.andThen(
                Effect.flatMap(
                  Effect.forkDetach(steering.steer("Stop that.", { id: "s1" }), { startImmediately: true }),
                  (fiber) => Deferred.succeed(sent, fiber)
                ),
                Effect.never
              )
          })
        }
      }).pipe(Stream.runCollect, Effect.provide(MockLanguageModel.layer({ stream: { stream: toolStep } })))
      expect(normalize(Array.from(parts))).toEqual(normalize(upstreamParts))
      const outcome = yield* Fiber.join(yield* Deferred.await(sent))
      expect(wireJson(outcome)).toEqual(wireJson(yield* Effect.promise(() => upOutcome!)))
      expect(outcome).toMatchObject({ type: "not-delivered", reason: "aborted" })
    }))

  it.live("generateText interrupted while a message waits (upstream: its abort signal): not delivered, aborted", () =>
    Effect.gen(function*() {
      const upSteering = upCreateSteering()
      const controller = new AbortController()
      const upOutcomes: Array<Promise<unknown>> = []
      yield* Effect.promise(() =>
        upGenerateText({
          model: new MockLanguageModelV4({
            doGenerate: async () =>
              ({
                content: [{ type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" }],
                finishReason: { unified: "tool-calls", raw: "tool-calls" },
                usage: H.usage(1, 1),
                warnings: []
              }) as never
          }),
          prompt: "hi",
          abortSignal: controller.signal,
          experimental_steering: upSteering,
          stopWhen: upIsStepCount(3),
          tools: {
            slow: tool({
              inputSchema: jsonSchema(objectSchema),
              execute: (_input, { abortSignal }) =>
                new Promise((_, reject) => {
                  upOutcomes.push(upSteering.steer("Stop that.", { id: "s1" }))
                  abortSignal?.addEventListener("abort", () => reject(abortSignal.reason))
                  controller.abort()
                })
            })
          }
        }).then(() => undefined, () => undefined)
      )

      const steering = yield* Steering.make
      const sent = yield* Deferred.make<Fiber.Fiber<Steering.Outcome>>()
      const fiber = yield* GenerateText.generateText({
        prompt: "hi",
        experimental_steering: steering,
        stopWhen: StopCondition.isStepCount(3),
        tools: {
          slow: Tool.make({
            inputSchema: Tool.jsonSchema(objectSchema),
            execute: () =>
              Effect.andThen(
                Effect.flatMap(
                  Effect.forkDetach(steering.steer("Stop that.", { id: "s1" }), { startImmediately: true }),
                  (f) => Deferred.succeed(sent, f)
                ),
                Effect.never
              )
          })
        }
      }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" }],
            finishReason: H.finishReason("tool-calls"),
            usage: H.usage(1, 1),
            warnings: []
          }
        })),
        Effect.forkChild
      )
      const outcomeFiber = yield* Deferred.await(sent)
      yield* Fiber.interrupt(fiber)
      const outcome = yield* Fiber.join(outcomeFiber)
      expect(wireJson([outcome])).toEqual(wireJson(yield* Effect.promise(() => Promise.all(upOutcomes))))
      expect(outcome).toMatchObject({ type: "not-delivered", reason: "aborted" })
    }))

  for (const mode of ["stream", "generate"] as const) {
    it.live(`a later model call that fails: the message it got is delivered, a waiting one is not (error) (${mode})`, () =>
      Effect.gen(function*() {
        const upSteering = upCreateSteering()
        const upOutcomes: Array<Promise<unknown>> = []
        let calls = 0
        let callStarts = 0
        const upTools: ToolSet = {
          slow: tool({
            inputSchema: jsonSchema(objectSchema),
            execute: async () => {
              upOutcomes.push(upSteering.steer("More.", { id: "s1" }))
              return "ok"
            }
          })
        }
        const model = new MockLanguageModelV4({
          doStream: async () => {
            if (calls++ > 0) throw new UpstreamAPICallError(apiError)
            return { stream: convertArrayToReadableStream([...toolStep]) as never }
          },
          doGenerate: async () => {
            if (calls++ > 0) throw new UpstreamAPICallError(apiError)
            return {
              content: [{ type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" }],
              finishReason: { unified: "tool-calls", raw: "tool-calls" },
              usage: H.usage(1, 1),
              warnings: []
            } as never
          }
        })
        const upOptions = {
          model,
          prompt: "hi",
          tools: upTools,
          experimental_steering: upSteering,
          stopWhen: upIsStepCount(3),
          // sent while the second call starts: still waiting when it fails
          onLanguageModelCallStart: () => {
            if (callStarts++ === 1) upOutcomes.push(upSteering.steer("Later.", { id: "s2" }))
          }
        }
        const upstreamParts = mode === "stream"
          ? yield* Effect.promise(() => drain(upStreamText({ ...upOptions, onError: () => {} }).fullStream))
          : yield* Effect.promise(() => upGenerateText(upOptions).then(() => [], (error: unknown) => [errorJson(error)]))

        const steering = yield* Steering.make
        const fibers: Array<Fiber.Fiber<Steering.Outcome>> = []
        let ourCallStarts = 0
        const options = {
          prompt: "hi",
          experimental_steering: steering,
          stopWhen: StopCondition.isStepCount(3),
          onLanguageModelCallStart: () =>
            ourCallStarts++ === 1
              ? Effect.map(
                Effect.forkDetach(steering.steer("Later.", { id: "s2" }), { startImmediately: true }),
                (fiber) => void fibers.push(fiber)
              )
              : Effect.void,
          tools: {
            slow: Tool.make({
              inputSchema: Tool.jsonSchema(objectSchema),
              execute: () =>
                Effect.as(
                  Effect.map(
                    Effect.forkDetach(steering.steer("More.", { id: "s1" }), { startImmediately: true }),
                    (fiber) => void fibers.push(fiber)
                  ),
                  "ok"
                )
            })
          }
        }
        const mock = MockLanguageModel.layer({
          stream: (_options, index) => index === 0 ? { stream: toolStep } : Effect.fail(new APICallError(apiError)),
          generate: (_options, index) =>
            index === 0
              ? {
                content: [{ type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" }],
                finishReason: H.finishReason("tool-calls"),
                usage: H.usage(1, 1),
                warnings: []
              }
              : Effect.fail(new APICallError(apiError))
        })
        const parts = mode === "stream"
          ? Array.from(yield* StreamText.streamText({ ...options, onError: () => Effect.void }).pipe(Stream.runCollect, Effect.provide(mock)))
          : yield* GenerateText.generateText(options).pipe(
            Effect.provide(mock),
            Effect.match({ onSuccess: () => [], onFailure: (error) => [errorJson(error)] })
          )
        expect(normalize(parts)).toEqual(normalize(upstreamParts))
        const outcomes = yield* Fiber.joinAll(fibers)
        expect(wireJson(outcomes)).toEqual(wireJson(yield* Effect.promise(() => Promise.all(upOutcomes))))
        expect(outcomes).toMatchObject([
          { type: "delivered", id: "s1", stepNumber: 1 },
          { type: "not-delivered", id: "s2", reason: "error" }
        ])
      }))
  }

  it.live("a steering object used by a second generation: upstream's InvalidArgumentError", () =>
    Effect.gen(function*() {
      const upSteering = upCreateSteering()
      const model = () =>
        new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...answer("a")]) as never }) })
      yield* Effect.promise(() => drain(upStreamText({ model: model(), prompt: "hi", experimental_steering: upSteering }).fullStream))
      let upError: unknown
      try {
        upStreamText({ model: model(), prompt: "hi", experimental_steering: upSteering })
      } catch (error) {
        upError = error
      }
      const upGenerateError = yield* Effect.promise(() =>
        upGenerateText({ model: model(), prompt: "hi", experimental_steering: upSteering }).then(() => undefined, (e: unknown) => e)
      )

      const steering = yield* Steering.make
      const layer = MockLanguageModel.layer({ stream: { stream: answer("a") } })
      yield* StreamText.streamText({ prompt: "hi", experimental_steering: steering }).pipe(Stream.runDrain, Effect.provide(layer))
      const second = Array.from(
        yield* StreamText.streamText({ prompt: "hi", experimental_steering: steering, onError: () => Effect.void }).pipe(
          Stream.runCollect,
          Effect.provide(layer)
        )
      )
      // upstream throws from streamText itself; aimux's stream is that one error part (docs/divergences.md)
      expect(second.map((p) => p.type)).toEqual(["error"])
      const part = second[0]!
      const streamError = part.type === "error" ? part.error : undefined
      // `value` is the steering object itself (its internals are each implementation's own)
      expect(Reflect.get(Object(streamError), "value")).toBe(steering)
      expect(withoutValue(streamError)).toEqual(withoutValue(upError))
      const generateError = yield* Effect.flip(GenerateText.generateText({ prompt: "hi", experimental_steering: steering }).pipe(Effect.provide(layer)))
      expect(withoutValue(generateError)).toEqual(withoutValue(upGenerateError))
      expect(withoutValue(generateError)).toMatchObject({ name: "AI_InvalidArgumentError", parameter: "experimental_steering" })
    }))

  it.live("generated ids: steer- and 24 characters, as upstream", () =>
    Effect.gen(function*() {
      const upSteering = upCreateSteering()
      const upOutcome = upSteering.steer("hi")
      yield* Effect.promise(() =>
        drain(upStreamText({
          model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...answer("a")]) as never }) }),
          prompt: "x",
          experimental_steering: upSteering
        }).fullStream)
      )
      const steering = yield* Steering.make
      const fiber = yield* Effect.forkDetach(steering.steer("hi"), { startImmediately: true })
      yield* StreamText.streamText({ prompt: "x", experimental_steering: steering }).pipe(
        Stream.runDrain,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: answer("a") } }))
      )
      const pattern = /^steer-[0-9A-Za-z]{24}$/
      expect((yield* Effect.promise(() => upOutcome)).id).toMatch(pattern)
      expect((yield* Fiber.join(fiber)).id).toMatch(pattern)
    }))

  it.live("the order of prepareStep, onStepStart, onChunk and onStepEnd around a delivered message", () =>
    Effect.gen(function*() {
      const upSteering = upCreateSteering()
      const upLog: Array<string> = []
      void upSteering.steer("first", { id: "s0" })
      const upModel = new MockLanguageModelV4({
        doStream: async () => ({ stream: convertArrayToReadableStream([...answer(String(upModel.doStreamCalls.length))]) as never })
      })
      yield* Effect.promise(() =>
        drain(upStreamText({
          model: upModel,
          prompt: "x",
          experimental_steering: upSteering,
          stopWhen: upIsStepCount(3),
          prepareStep: ({ stepNumber }) => {
            upLog.push(`prepareStep ${stepNumber}`)
            return undefined
          },
          onStepStart: ({ stepNumber }) => void upLog.push(`onStepStart ${stepNumber}`),
          onLanguageModelCallStart: () => void upLog.push("onLanguageModelCallStart"),
          onChunk: ({ chunk }) => void upLog.push(`chunk ${chunk.type}`),
          onStepEnd: ({ stepNumber }) => {
            upLog.push(`onStepEnd ${stepNumber}`)
            if (stepNumber === 0) void upSteering.steer("second", { id: "s1" })
          }
        }).fullStream)
      )
      const steering = yield* Steering.make
      const log: Array<string> = []
      yield* Effect.forkDetach(steering.steer("first", { id: "s0" }), { startImmediately: true })
      yield* StreamText.streamText({
        prompt: "x",
        experimental_steering: steering,
        stopWhen: StopCondition.isStepCount(3),
        prepareStep: ({ stepNumber }) => Effect.sync(() => void log.push(`prepareStep ${stepNumber}`)),
        onStepStart: ({ stepNumber }) => Effect.sync(() => void log.push(`onStepStart ${stepNumber}`)),
        onLanguageModelCallStart: () => Effect.sync(() => void log.push("onLanguageModelCallStart")),
        onChunk: ({ chunk }) => Effect.sync(() => void log.push(`chunk ${chunk.type}`)),
        onStepEnd: ({ stepNumber }) =>
          Effect.andThen(
            Effect.sync(() => void log.push(`onStepEnd ${stepNumber}`)),
            stepNumber === 0 ? Effect.asVoid(Effect.forkDetach(steering.steer("second", { id: "s1" }), { startImmediately: true })) : Effect.void
          )
      }).pipe(
        Stream.runDrain,
        Effect.provide(MockLanguageModel.layer({ stream: [{ stream: answer("1") }, { stream: answer("2") }] }))
      )
      // aimux emits `start` before the first prepareStep (upstream after): not steering's concern
      const withoutStart = (entries: ReadonlyArray<string>) => entries.filter((entry) => entry !== "chunk start")
      expect(withoutStart(log)).toEqual(withoutStart(upLog))
      expect(log.filter((l) => l === "chunk steering-message")).toHaveLength(2)
    }))
})

describe("experimental_steering under a timeout (differential, fake timers / TestClock)", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  for (const mode of ["stream", "generate"] as const) {
    it.effect(`a step timeout while a message waits: not delivered, aborted (${mode})`, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(async () => {
          vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 })
          const upSteering = upCreateSteering()
          const outcomes: Array<Promise<unknown>> = []
          const options = {
            model: new MockLanguageModelV4({
              doStream: async () => ({ stream: convertArrayToReadableStream([...toolStep]) as never }),
              doGenerate: async () =>
                ({
                  content: [{ type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" }],
                  finishReason: { unified: "tool-calls", raw: "tool-calls" },
                  usage: H.usage(1, 1),
                  warnings: []
                }) as never
            }),
            prompt: "hi",
            timeout: { stepMs: 1000 },
            experimental_steering: upSteering,
            stopWhen: upIsStepCount(3),
            tools: {
              slow: tool({
                inputSchema: jsonSchema(objectSchema),
                execute: (_input, { abortSignal }) =>
                  new Promise((_, reject) => {
                    outcomes.push(upSteering.steer("Hurry.", { id: "s1" }))
                    abortSignal?.addEventListener("abort", () => reject(abortSignal.reason))
                  })
              })
            }
          }
          const run = mode === "stream"
            ? drain(upStreamText({ ...options, onError: () => {} }).fullStream)
            : upGenerateText(options).then(() => [], (error: unknown) => [nameAndMessage(error)])
          await vi.runAllTimersAsync()
          const parts = await run
          vi.useRealTimers()
          return { parts, outcomes: await Promise.all(outcomes) }
        })

        const steering = yield* Steering.make
        const fibers: Array<Fiber.Fiber<Steering.Outcome>> = []
        const options = {
          prompt: "hi",
          timeout: { stepMs: 1000 },
          experimental_steering: steering,
          stopWhen: StopCondition.isStepCount(3),
          tools: {
            slow: Tool.make({
              inputSchema: Tool.jsonSchema(objectSchema),
              execute: () =>
                Effect.andThen(
                  Effect.map(
                    Effect.forkDetach(steering.steer("Hurry.", { id: "s1" }), { startImmediately: true }),
                    (fiber) => void fibers.push(fiber)
                  ),
                  Effect.never
                )
            })
          }
        }
        const mock = MockLanguageModel.layer({
          stream: { stream: toolStep },
          generate: {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" }],
            finishReason: H.finishReason("tool-calls"),
            usage: H.usage(1, 1),
            warnings: []
          }
        })
        const fiber = yield* (mode === "stream"
          ? Effect.map(StreamText.streamText(options).pipe(Stream.runCollect, Effect.provide(mock)), (parts) => Array.from(parts))
          : GenerateText.generateText(options).pipe(
            Effect.provide(mock),
            // aimux's timeout errors also carry `timeoutMs` (not steering's concern)
            Effect.match({ onSuccess: (): Array<unknown> => [], onFailure: (error) => [nameAndMessage(error)] })
          )).pipe(Effect.forkChild)
        yield* TestClock.adjust(1000)
        const parts = yield* Fiber.join(fiber)
        expect(normalize(parts)).toEqual(normalize(upstream.parts))
        const outcomes = yield* Fiber.joinAll(fibers)
        expect(wireJson(outcomes)).toEqual(wireJson(upstream.outcomes))
        expect(outcomes).toMatchObject([{ type: "not-delivered", reason: "aborted" }])
      }))
  }
})

describe("experimental_steering: deliberate divergence (docs/divergences.md)", () => {
  it.live("\"sent\" compares the V4 prompt form: a text message rebuilt as its text part still counts", () =>
    Effect.gen(function*() {
      const rebuilt = { role: "user" as const, content: [{ type: "text" as const, text: "Hi." }] }
      const upSteering = upCreateSteering()
      const upOutcome = upSteering.steer("Hi.", { id: "s1" })
      yield* Effect.promise(() =>
        drain(upStreamText({
          model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...answer("a")]) as never }) }),
          prompt: "x",
          experimental_steering: upSteering,
          // the steering message replaced by a new one with the same text as a part
          prepareStep: ({ messages }) => ({ messages: [...messages.slice(0, -1), rebuilt] })
        }).fullStream)
      )
      expect(yield* Effect.promise(() => upOutcome)).toMatchObject({ type: "not-delivered", reason: "removed-by-prepare-step" })

      const steering = yield* Steering.make
      const fiber = yield* Effect.forkDetach(steering.steer("Hi.", { id: "s1" }), { startImmediately: true })
      yield* StreamText.streamText({
        prompt: "x",
        experimental_steering: steering,
        prepareStep: ({ messages }) => Effect.succeed({ messages: [...messages.slice(0, -1), rebuilt] })
      }).pipe(Stream.runDrain, Effect.provide(MockLanguageModel.layer({ stream: { stream: answer("a") } })))
      expect(yield* Fiber.join(fiber)).toMatchObject({ type: "delivered", stepNumber: 0 })
    }))
})

describe("experimental_steering through the agent (differential)", () => {
  for (const mode of ["stream", "generate"] as const) {
    it.live(`${mode}: the call's steering object reaches the generation`, () =>
      Effect.gen(function*() {
        const upSteering = upCreateSteering()
        const upOutcome = upSteering.steer("Be brief.", { id: "s1" })
        const model = new MockLanguageModelV4({
          doStream: async () => ({ stream: convertArrayToReadableStream([...answer("a")]) as never }),
          doGenerate: async () =>
            ({
              content: [{ type: "text", text: "a" }],
              finishReason: { unified: "stop", raw: "stop" },
              usage: H.usage(1, 1),
              warnings: []
            }) as never
        })
        const upAgent = new ToolLoopAgent({ model, instructions: "Help." })
        if (mode === "stream") {
          yield* Effect.promise(async () => drain((await upAgent.stream({ prompt: "x", experimental_steering: upSteering })).fullStream))
        } else {
          yield* Effect.promise(() => upAgent.generate({ prompt: "x", experimental_steering: upSteering }))
        }
        const upPrompt = mode === "stream" ? model.doStreamCalls[0]!.prompt : model.doGenerateCalls[0]!.prompt

        const steering = yield* Steering.make
        const fiber = yield* Effect.forkDetach(steering.steer("Be brief.", { id: "s1" }), { startImmediately: true })
        const mock = yield* MockLanguageModel.make({
          stream: { stream: answer("a") },
          generate: { content: [{ type: "text", text: "a" }], finishReason: H.finishReason("stop"), usage: H.usage(1, 1), warnings: [] }
        })
        const agent = Agent.make({ instructions: "Help." })
        if (mode === "stream") {
          yield* agent.stream({ prompt: "x", experimental_steering: steering }).pipe(Stream.runDrain, Effect.provideService(LanguageModel, mock.model))
        } else {
          yield* agent.generate({ prompt: "x", experimental_steering: steering }).pipe(Effect.provideService(LanguageModel, mock.model))
        }
        const calls = mode === "stream" ? yield* mock.recorder.streamCalls : yield* mock.recorder.generateCalls
        expect(wireJson(calls[0]!.prompt)).toEqual(wireJson(upPrompt))
        expect(wireJson(yield* Fiber.join(fiber))).toEqual(wireJson(yield* Effect.promise(() => upOutcome)))
      }))
  }
})
