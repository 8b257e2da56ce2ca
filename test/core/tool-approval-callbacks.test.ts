/**
 * Callbacks around resumed approvals, against upstream `ai`: the order of `onStart`,
 * `onToolExecutionStart` / `onToolExecutionEnd` (the approved calls run after `onStart`, before
 * the first step), `onStepStart`, `onStepEnd`, `onEnd`, in generateText and streamText, and the
 * executed call each tool-execution event names.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { answer, done as doneStream, ourTools, twoCalls as twoCallsStream, upstreamTools, user } from "./approval-harness.ts"

const generated = (content: GenerateResult["content"], unified: "stop" | "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})
const twoCalls = generated([
  { type: "tool-call", toolCallId: "c1", toolName: "transfer", input: "{\"amount\":5}" },
  { type: "tool-call", toolCallId: "c2", toolName: "lookup", input: "{\"q\":\"x\"}" }
], "tool-calls")
const done = generated([{ type: "text", text: "done" }], "stop")

type Log = Array<string>
const names = ["onStart", "onToolExecutionStart", "onToolExecutionEnd", "onStepStart", "onStepEnd", "onEnd"] as const
const upstreamCallbacks = (log: Log) =>
  Object.fromEntries(names.map((name) => [name, (event: { toolCall?: { toolCallId: string } }) => {
    log.push(event.toolCall !== undefined ? `${name}:${event.toolCall.toolCallId}` : name)
  }]))
const ourCallbacks = (log: Log) =>
  Object.fromEntries(names.map((name) => [name, (event: { readonly toolCall?: { readonly toolCallId: string } }) =>
    Effect.sync(() => {
      log.push(event.toolCall !== undefined ? `${name}:${event.toolCall.toolCallId}` : name)
    })]))

describe("callbacks around resumed approvals (vs upstream)", () => {
  it.live("generateText: onStart, the approved call's execution, then the step", () =>
    Effect.gen(function*() {
      const first = yield* GenerateText.generateText({ messages: [user as never], tools: ourTools({}) }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: twoCalls }))
      )
      const messages = [user, ...first.response.messages, answer(first.response.messages as never, () => true)]
      const upLog: Log = []
      const model = new MockLanguageModelV4({ doGenerate: async () => done as never })
      yield* Effect.promise(() => upstreamGenerateText({ model, messages: messages as never, tools: upstreamTools({}), ...upstreamCallbacks(upLog) } as never))
      const ourLog: Log = []
      yield* GenerateText.generateText({ messages: messages as never, tools: ourTools({}), ...ourCallbacks(ourLog) }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: done }))
      )
      expect(ourLog).toEqual(upLog)
      expect(ourLog).toContain("onToolExecutionStart:c1")
    }))
  it.live("streamText: onStart, the approved call's execution, then the step", () =>
    Effect.gen(function*() {
      const first = yield* StreamText.collect(StreamText.streamText({ messages: [user as never], tools: ourTools({}) })).pipe(
        Effect.provide(MockLanguageModel.layer({ stream: { stream: twoCallsStream } }))
      )
      const messages = [user, ...first.responseMessages, answer(first.responseMessages as never, () => true)]
      const upLog: Log = []
      const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...doneStream]) as never }) })
      const run = upstreamStreamText({ model, messages: messages as never, tools: upstreamTools({}), ...upstreamCallbacks(upLog) } as never)
      yield* Effect.promise(() => run.consumeStream())
      const ourLog: Log = []
      yield* Stream.runDrain(StreamText.streamText({ messages: messages as never, tools: ourTools({}), ...ourCallbacks(ourLog) })).pipe(
        Effect.provide(MockLanguageModel.layer({ stream: { stream: doneStream } }))
      )
      expect(ourLog).toEqual(upLog)
      expect(ourLog).toContain("onToolExecutionStart:c1")
    }))
})

describe("what an approval function receives (vs upstream)", () => {
  const upstreamPolicy = (log: Array<unknown>) => ({
    toolApproval: async ({ toolCall, messages }: { toolCall: { toolCallId: string }; messages: unknown }) => {
      log.push({ toolCallId: toolCall.toolCallId, messages })
      return "user-approval" as const
    }
  })
  const ourPolicy = (log: Array<unknown>) => ({
    toolApproval: ({ toolCall, messages }: { readonly toolCall: { readonly toolCallId: string }; readonly messages: unknown }) =>
      Effect.sync(() => {
        log.push({ toolCallId: toolCall.toolCallId, messages })
        return "user-approval" as const
      })
  })
  const system = "be careful"
  it.live("generateText: each call with the step's messages", () =>
    Effect.gen(function*() {
      const upLog: Array<unknown> = []
      const model = new MockLanguageModelV4({ doGenerate: async () => twoCalls as never })
      yield* Effect.promise(() => upstreamGenerateText({ model, system, messages: [user] as never, tools: upstreamTools({}), ...upstreamPolicy(upLog) } as never))
      const ourLog: Array<unknown> = []
      yield* GenerateText.generateText({ system, messages: [user as never], tools: ourTools({}), ...ourPolicy(ourLog) }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: twoCalls }))
      )
      expect(JSON.parse(JSON.stringify(ourLog))).toEqual(JSON.parse(JSON.stringify(upLog)))
      expect(ourLog.length).toBe(2)
    }))
  it.live("streamText: each call with the step's messages", () =>
    Effect.gen(function*() {
      const upLog: Array<unknown> = []
      const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...twoCallsStream]) as never }) })
      const run = upstreamStreamText({ model, system, messages: [user] as never, tools: upstreamTools({}), ...upstreamPolicy(upLog) } as never)
      yield* Effect.promise(() => run.consumeStream())
      const ourLog: Array<unknown> = []
      yield* Stream.runDrain(StreamText.streamText({ system, messages: [user as never], tools: ourTools({}), ...ourPolicy(ourLog) })).pipe(
        Effect.provide(MockLanguageModel.layer({ stream: { stream: twoCallsStream } }))
      )
      expect(JSON.parse(JSON.stringify(ourLog))).toEqual(JSON.parse(JSON.stringify(upLog)))
      expect(ourLog.length).toBe(2)
    }))
})
