/**
 * `experimental_steering` against upstream `ai` 7.0.173 (`experimental_createSteering`): the same
 * scripted model parts and the same steering messages (sent before the run, from a tool, from
 * `onStepEnd`) through both `streamText`s and both `generateText`s, compared on the full stream,
 * every prompt the model receives, each message's outcome, the steps' `experimental_steeringMessages`
 * (callbacks and result), `prepareStep`'s payload and the result's text / finish reason.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  experimental_createSteering as upCreateSteering,
  type Experimental_Steering as UpSteering,
  generateText as upGenerateText,
  isStepCount as upIsStepCount,
  jsonSchema,
  type ModelMessage as UpModelMessage,
  streamText as upStreamText,
  tool,
  type ToolSet,
  type UserModelMessage as UpUserModelMessage
} from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Fiber, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Steering from "../../src/core/Steering.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import type { Prompt } from "../../src/contract/Prompt.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { wireJson } from "../providers/_kit/Wire.ts"
import { normalize } from "../testing/normalize.ts"

/** One steering message: `steer` or `queue`, with an explicit id (generated ids differ by design of randomness). */
interface Send {
  readonly kind: "steer" | "queue"
  readonly message: string | Steering.UserModelMessage
  readonly id: string
}

interface Scenario {
  /** The model's parts, one list per call. */
  readonly calls: ReadonlyArray<ReadonlyArray<StreamPart>>
  readonly before?: ReadonlyArray<Send>
  /** Sent from the `weather` tool's execution. */
  readonly inTool?: ReadonlyArray<Send>
  /** Sent from `prepareStep` of the given step (after the step took the waiting ones). */
  readonly inPrepare?: Readonly<Record<number, ReadonlyArray<Send>>>
  /** Sent from `onStepEnd` of the given step. */
  readonly atStepEnd?: Readonly<Record<number, ReadonlyArray<Send>>>
  readonly stopAfter?: number
  /** prepareStep: `drop` removes the steering messages, `copy` maps every message to a new object. */
  readonly prepare?: "drop" | "copy" | undefined
  /** Sent again after the run (a used object: `finished`). */
  readonly after?: ReadonlyArray<Send>
}

const weatherSchema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] } as const

const toolStep = (id: string, tool = "weather") => H.framed([H.toolCall(id, tool, { city: "Paris" })], H.finish("tool-calls"))
const answer = (text: string, reason: Parameters<typeof H.finish>[0] = "stop") => H.framed(H.textParts("t", text), H.finish(reason))

interface Observed {
  readonly parts: unknown
  readonly prompts: unknown
  readonly outcomes: unknown
  readonly stepEnd: unknown
  readonly prepareStep: unknown
  readonly result: unknown
  readonly end: unknown
}

const upstreamMessage = (message: string | Steering.UserModelMessage): string | UpUserModelMessage =>
  message as string | UpUserModelMessage

const upstreamSide = (scenario: Scenario, mode: "stream" | "generate") =>
  Effect.promise(async (): Promise<Observed> => {
    const steering = upCreateSteering()
    const outcomes: Array<Promise<unknown>> = []
    const send = (sends: ReadonlyArray<Send> | undefined, target: UpSteering = steering) => {
      for (const s of sends ?? []) outcomes.push(target[s.kind](upstreamMessage(s.message), { id: s.id }))
    }
    send(scenario.before)
    const model = new MockLanguageModelV4({
      doStream: async () => ({ stream: convertArrayToReadableStream([...scenario.calls[model.doStreamCalls.length - 1]!]) as never }),
      doGenerate: async () => {
        const parts = scenario.calls[model.doGenerateCalls.length - 1]!
        return generateResultOf(parts) as never
      }
    })
    const stepEnd: Array<unknown> = []
    const prepareStep: Array<unknown> = []
    const end: Array<unknown> = []
    const tools: ToolSet = {
      weather: tool({
        inputSchema: jsonSchema<{ city: string }>(weatherSchema),
        execute: async ({ city }) => {
          send(scenario.inTool)
          return { city, temperature: 21 }
        }
      }),
      noexec: tool({ inputSchema: jsonSchema({ type: "object" }) })
    }
    const options = {
      model,
      prompt: "Weather?",
      tools,
      stopWhen: upIsStepCount(scenario.stopAfter ?? 5),
      experimental_steering: steering,
      onEnd: ({ steps }: { readonly steps: ReadonlyArray<{ readonly experimental_steeringMessages?: unknown }> }) => {
        end.push(steps.map((s) => s.experimental_steeringMessages))
      },
      onStepEnd: (step: { readonly stepNumber: number; readonly experimental_steeringMessages?: unknown }) => {
        stepEnd.push({ stepNumber: step.stepNumber, steering: step.experimental_steeringMessages })
        send(scenario.atStepEnd?.[step.stepNumber])
      },
      prepareStep: (
        { stepNumber, messages, experimental_steeringMessages }: {
          readonly stepNumber: number
          readonly messages: Array<UpModelMessage>
          readonly experimental_steeringMessages?: Array<UpUserModelMessage>
        }
      ) => {
        prepareStep.push({ stepNumber, steering: experimental_steeringMessages })
        send(scenario.inPrepare?.[stepNumber])
        if (scenario.prepare === "drop") {
          return { messages: messages.filter((m) => !(experimental_steeringMessages ?? []).includes(m as UpUserModelMessage)) }
        }
        if (scenario.prepare === "copy") return { messages: messages.map((m) => ({ ...m })) }
        return undefined
      }
    }
    let parts: Array<unknown> = []
    let result: unknown
    if (mode === "stream") {
      const run = upStreamText({ ...options, onError: () => {} })
      for await (const part of run.fullStream) parts.push(part)
      result = await Promise.all([run.text, run.finishReason, run.steps]).then(
        ([text, finishReason, steps]) => ({ text, finishReason, steering: steps.map((s) => s.experimental_steeringMessages) }),
        (error: unknown) => ({ error: String(error) })
      )
    } else {
      const run = await upGenerateText(options).then((r) => r, (error: unknown) => error)
      result = run instanceof Error
        ? { error: run.message }
        : (() => {
          const r = run as Awaited<ReturnType<typeof upGenerateText>>
          return { text: r.text, finishReason: r.finishReason, steering: r.steps.map((s) => s.experimental_steeringMessages) }
        })()
      parts = []
    }
    send(scenario.after)
    const calls = mode === "stream" ? model.doStreamCalls : model.doGenerateCalls
    return {
      parts: normalize(parts),
      prompts: wireJson(calls.map((c) => c.prompt)),
      outcomes: wireJson(await Promise.all(outcomes)),
      stepEnd: wireJson(stepEnd),
      prepareStep: wireJson(prepareStep),
      result: wireJson(result),
      end: wireJson(end)
    }
  })

/** The V4 generate result of scripted stream parts (text, tool calls, finish). */
const generateResultOf = (parts: ReadonlyArray<StreamPart>) => {
  const content: Array<unknown> = []
  let finishReason: unknown = undefined
  let usage: unknown = undefined
  for (const part of parts) {
    if (part.type === "text-delta") content.push({ type: "text", text: part.delta })
    if (part.type === "tool-call") content.push(part)
    if (part.type === "finish") {
      finishReason = part.finishReason
      usage = part.usage
    }
  }
  return { content, finishReason, usage, warnings: [] }
}

const oursSide = (scenario: Scenario, mode: "stream" | "generate") =>
  Effect.gen(function*() {
    const steering = yield* Steering.make
    const outcomes: Array<Fiber.Fiber<Steering.Outcome>> = []
    const send = (sends: ReadonlyArray<Send> | undefined) =>
      Effect.forEach(sends ?? [], (s) =>
        Effect.map(
          Effect.forkDetach(steering[s.kind](s.message, { id: s.id }), { startImmediately: true }),
          (fiber) => void outcomes.push(fiber)
        ), { discard: true })
    yield* send(scenario.before)
    const stepEnd: Array<unknown> = []
    const prepareStep: Array<unknown> = []
    const end: Array<unknown> = []
    const mock = yield* MockLanguageModel.make({
      stream: scenario.calls.map((parts) => ({ stream: parts })),
      generate: scenario.calls.map((parts) => generateResultOf(parts) as never)
    })
    const options = {
      prompt: "Weather?",
      tools: {
        weather: Tool.make({
          inputSchema: Tool.jsonSchema<{ city: string }>(weatherSchema),
          execute: ({ city }: { readonly city: string }) => Effect.as(send(scenario.inTool), { city, temperature: 21 })
        }),
        noexec: Tool.make({ inputSchema: Tool.jsonSchema({ type: "object" }) })
      },
      stopWhen: StopCondition.isStepCount(scenario.stopAfter ?? 5),
      experimental_steering: steering,
      onEnd: ({ steps }: StreamText.StreamTextResult) => Effect.sync(() => void end.push(steps.map((s) => s.experimental_steeringMessages))),
      onStepEnd: (step: StreamText.StepResult) =>
        Effect.andThen(
          Effect.sync(() => stepEnd.push({ stepNumber: step.stepNumber, steering: step.experimental_steeringMessages })),
          send(scenario.atStepEnd?.[step.stepNumber])
        ),
      prepareStep: (
        { experimental_steeringMessages, messages, stepNumber }: {
          readonly stepNumber: number
          readonly messages: Prompt
          readonly experimental_steeringMessages?: ReadonlyArray<Steering.UserModelMessage> | undefined
        }
      ) =>
        Effect.andThen(send(scenario.inPrepare?.[stepNumber]), Effect.sync(() => {
          prepareStep.push({ stepNumber, steering: experimental_steeringMessages })
          if (scenario.prepare === "drop") {
            const n = experimental_steeringMessages?.length ?? 0
            return { messages: n === 0 ? messages : messages.slice(0, messages.length - n) }
          }
          if (scenario.prepare === "copy") return { messages: messages.map((m) => ({ ...m })) }
          return undefined
        }))
    }
    let parts: ReadonlyArray<unknown> = []
    let result: unknown
    if (mode === "stream") {
      const { fullStream, result: aggregate } = yield* StreamText.withResult(StreamText.streamText({ ...options, onError: () => Effect.void }))
      parts = Array.from(yield* Stream.runCollect(fullStream).pipe(Effect.provideService(LanguageModel, mock.model)))
      result = yield* aggregate.pipe(
        Effect.map((r) => ({ text: r.text, finishReason: r.finishReason, steering: r.steps.map((s) => s.experimental_steeringMessages) })),
        Effect.catch((error) => Effect.succeed({ error: String(error) }))
      )
    } else {
      result = yield* GenerateText.generateText(options).pipe(
        Effect.provideService(LanguageModel, mock.model),
        Effect.map((r) => ({ text: r.text, finishReason: r.finishReason, steering: r.steps.map((s) => s.experimental_steeringMessages) })),
        Effect.catch((error) => Effect.succeed({ error: error.message }))
      )
    }
    yield* send(scenario.after)
    const calls = mode === "stream" ? yield* mock.recorder.streamCalls : yield* mock.recorder.generateCalls
    return {
      parts: normalize(parts),
      prompts: wireJson(calls.map((c) => c.prompt)),
      outcomes: wireJson(yield* Fiber.joinAll(outcomes)),
      stepEnd: wireJson(stepEnd),
      prepareStep: wireJson(prepareStep),
      result: wireJson(result),
      end: wireJson(end)
    } satisfies Observed
  })

const compare = (scenario: Scenario, mode: "stream" | "generate") =>
  Effect.gen(function*() {
    const upstream = yield* upstreamSide(scenario, mode)
    const ours = yield* oursSide(scenario, mode)
    expect(ours.parts).toEqual(upstream.parts)
    expect(ours.prompts).toEqual(upstream.prompts)
    expect(ours.outcomes).toEqual(upstream.outcomes)
    expect(ours.stepEnd).toEqual(upstream.stepEnd)
    expect(ours.prepareStep).toEqual(upstream.prepareStep)
    expect(ours.result).toEqual(upstream.result)
    expect(ours.end).toEqual(upstream.end)
    return ours
  })

const steer = (message: Send["message"], id: string): Send => ({ kind: "steer", message, id })
const queue = (message: Send["message"], id: string): Send => ({ kind: "queue", message, id })

const scenarios: ReadonlyArray<readonly [string, Scenario]> = [
  ["a message sent before the run is delivered in the first step", {
    calls: [answer("Paris, Texas it is")],
    before: [steer("Use Paris, Texas instead.", "s1")]
  }],
  ["a message sent from a tool joins the next step after the tool result", {
    calls: [toolStep("c1"), answer("done")],
    inTool: [steer("Also give the humidity.", "s1")]
  }],
  ["a message after a final answer continues the run for another step", {
    calls: [answer("first"), answer("second")],
    atStepEnd: { 0: [steer("One more thing.", "s1")] }
  }],
  ["a stop condition ends the run: the waiting message is not delivered", {
    calls: [answer("first")],
    stopAfter: 1,
    atStepEnd: { 0: [steer("One more thing.", "s1")] }
  }],
  ["queued messages wait for the task to finish, one per task, after waiting steer messages", {
    calls: [toolStep("c1"), answer("a"), answer("b"), answer("c"), answer("d")],
    inTool: [queue("Then summarize.", "q1"), queue("Then translate.", "q2"), steer("Use Celsius.", "s1")]
  }],
  ["a truncated answer does not promote a queued message", {
    calls: [answer("cut", "length")],
    before: [],
    atStepEnd: { 0: [queue("Later.", "q1")] }
  }],
  ["a tool without execute ends the run waiting for its result", {
    calls: [toolStep("c1", "noexec")],
    atStepEnd: { 0: [steer("Hurry.", "s1")] }
  }],
  ["prepareStep removing the message: removed-by-prepare-step", {
    calls: [answer("a")],
    before: [steer("Drop me.", "s1")],
    prepare: "drop"
  }],
  ["prepareStep mapping messages to new objects: still delivered", {
    calls: [answer("a")],
    before: [steer("Keep me.", "s1")],
    prepare: "copy"
  }],
  ["a message with parts and provider options; the same id twice gives the first outcome", {
    calls: [answer("a")],
    before: [
      steer({ role: "user", content: [{ type: "text", text: "Look at this", providerOptions: { mock: { x: 1 } } }] }, "s1"),
      steer("ignored duplicate", "s1")
    ]
  }],
  ["a failed step does not continue for a steering message", {
    calls: [H.framed([{ type: "error", error: new Error("model broke") }], H.finish("error"))],
    atStepEnd: { 0: [steer("Retry.", "s1")] }
  }],
  ["a message sent from prepareStep waits for the next step", {
    calls: [answer("a"), answer("b")],
    before: [steer("First.", "s1")],
    inPrepare: { 0: [steer("Second.", "s2")] }
  }],
  ["a message sent after the run ended is not delivered (finished)", {
    calls: [answer("a")],
    after: [steer("Too late.", "s9")]
  }]
]

describe("experimental_steering: streamText (differential)", () => {
  for (const [name, scenario] of scenarios) {
    it.live(name, () => compare(scenario, "stream"))
  }
})

describe("experimental_steering: generateText (differential)", () => {
  for (const [name, scenario] of scenarios) {
    it.live(name, () => compare(scenario, "generate"))
  }
})
