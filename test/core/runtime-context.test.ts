/**
 * `runtimeContext` (and `toolsContext` as the events carry it) against upstream `ai` 7.0.173: the
 * same scripted two-step run (a tool call, then text) through generateText and streamText on both
 * sides; compared are `onStart`'s and `onStepStart`'s `runtimeContext` / `toolsContext`,
 * what `prepareStep` receives, the steps' `runtimeContext` / `toolsContext` (generateText's
 * result; streamText's `onStepEnd` / `onEnd`), and the context a tool's `execute` gets after
 * `prepareStep` replaced `toolsContext`. Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount, jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const at0 = new Date(0)
const toolStep: GenerateResult = {
  content: [{ type: "tool-call", toolCallId: "c1", toolName: "echo", input: "{}" }],
  finishReason: { unified: "tool-calls", raw: "tool_use" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r1", modelId: "m", timestamp: at0 }
}
const textStep: GenerateResult = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: "stop" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r2", modelId: "m", timestamp: at0 }
}
const streamOf = (r: GenerateResult): ReadonlyArray<StreamPart> => [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: r.response!.id!, modelId: "m", timestamp: at0 },
  ...r.content.map((c) => (c.type === "tool-call" ? H.toolCall(c.toolCallId, c.toolName, {}) : null)).filter((p) => p !== null),
  ...(r.content.some((c) => c.type === "text") ? H.textParts("t", "done") : []),
  { type: "finish", finishReason: r.finishReason, usage: r.usage }
]
const steps = [toolStep, textStep]

interface Seen {
  readonly events: Array<unknown>
  readonly executed: Array<unknown>
}

const view = (name: string, e: Record<string, unknown>) => ({
  name,
  stepNumber: e.stepNumber,
  runtimeContext: e.runtimeContext,
  toolsContext: e.toolsContext
})

const options = { runtimeContext: { tenant: "a" }, toolsContext: { echo: { user: "ann" } } }
// the second step gets another runtime and tools' context
const prepared = (stepNumber: number) =>
  stepNumber === 1 ? { runtimeContext: { tenant: "b" }, toolsContext: { echo: { user: "bob" } } } : undefined

const runUpstream = async (stream: boolean): Promise<Seen> => {
  const seen: Seen = { events: [], executed: [] }
  let index = 0
  const record = (name: string) => (e: unknown) => void seen.events.push(view(name, e as Record<string, unknown>))
  const common = {
    prompt: "hi",
    tools: {
      echo: tool({
        inputSchema: jsonSchema({ type: "object" }),
        execute: async (_input: unknown, { context }: { context?: unknown }) => {
          seen.executed.push(context)
          return "ok"
        }
      })
    },
    stopWhen: upIsStepCount(2),
    ...options,
    prepareStep: (e: Record<string, unknown>) => {
      record("prepareStep")(e)
      return prepared(e.stepNumber as number)
    },
    onStart: record("onStart"),
    onStepStart: record("onStepStart"),
    onStepEnd: record("onStepEnd"),
    onEnd: (e: { steps: ReadonlyArray<unknown> }) => void e.steps.forEach((s) => record("onEnd.step")(s))
  }
  if (!stream) {
    const result = await upstreamGenerateText({
      model: new MockLanguageModelV4({ doGenerate: async () => steps[index++] as never }),
      ...common
    } as never)
    for (const s of (result as { steps: ReadonlyArray<unknown> }).steps) record("result.step")(s)
    return seen
  }
  const result = upstreamStreamText({
    model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...streamOf(steps[index++]!)]) as never }) }),
    ...common
  } as never)
  for await (const _ of (result as { fullStream: AsyncIterable<unknown> }).fullStream) void _
  return seen
}

const ourCommon = (seen: Seen) => {
  const record = (name: string) => (e: unknown) => Effect.sync(() => void seen.events.push(view(name, e as Record<string, unknown>)))
  return {
    prompt: "hi",
    tools: {
      echo: Tool.make({
        inputSchema: Tool.jsonSchema<unknown>({ type: "object" }),
        execute: (_input, { context }) => Effect.sync(() => (seen.executed.push(context), "ok"))
      })
    },
    stopWhen: StopCondition.isStepCount(2),
    ...options,
    prepareStep: (e: { readonly stepNumber: number }) => Effect.as(record("prepareStep")(e), prepared(e.stepNumber)),
    onStart: record("onStart"),
    onStepStart: record("onStepStart"),
    onStepEnd: record("onStepEnd"),
    onEnd: (e: { readonly steps: ReadonlyArray<unknown> }) => Effect.forEach(e.steps, record("onEnd.step"), { discard: true })
  }
}

describe("runtimeContext / toolsContext (differential)", () => {
  it.effect("generateText: events, prepareStep, steps and the tool's context", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(false))
      const seen: Seen = { events: [], executed: [] }
      const result = yield* GenerateText.generateText(ourCommon(seen)).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: (_options, index) => Effect.succeed(steps[index]!) }))
      )
      for (const s of result.steps) seen.events.push(view("result.step", s as never))
      expect(normalize(seen.events)).toEqual(normalize(upstream.events))
      expect(seen.executed).toEqual(upstream.executed)
      expect(seen.executed).toEqual([{ user: "ann" }])
      expect(upstream.events).toContainEqual({ name: "onStart", stepNumber: undefined, ...options })
      expect(upstream.events).toContainEqual({
        name: "result.step",
        stepNumber: 1,
        runtimeContext: { tenant: "b" },
        toolsContext: { echo: { user: "bob" } }
      })
      expect(seen.events.length).toBe(upstream.events.length)
    }))

  it.effect("streamText: events, prepareStep, steps and the tool's context", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(true))
      const seen: Seen = { events: [], executed: [] }
      yield* StreamText.streamText(ourCommon(seen)).pipe(
        Stream.runDrain,
        Effect.provide(MockLanguageModel.layer({ stream: (_options, index) => Effect.succeed({ stream: streamOf(steps[index]!) }) }))
      )
      expect(normalize(seen.events)).toEqual(normalize(upstream.events))
      expect(seen.executed).toEqual(upstream.executed)
    }))

  it.effect("prepareStep's toolsContext reaches the tools of its step", () =>
    Effect.gen(function*() {
      const seen: Seen = { events: [], executed: [] }
      const calls = [toolStep, toolStep, textStep]
      yield* GenerateText.generateText({ ...ourCommon(seen), stopWhen: StopCondition.isStepCount(3) }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: (_options, index) => Effect.succeed(calls[index]!) }))
      )
      expect(seen.executed).toEqual([{ user: "ann" }, { user: "bob" }])
    }))
})
