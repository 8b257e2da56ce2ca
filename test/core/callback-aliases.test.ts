/**
 * `onChunk` and the deprecated aliases (`onStepFinish` for `onStepEnd`, `onFinish` for `onEnd`)
 * of streamText and generateText against upstream `ai` 7.0.173, on the same scripted two-step run
 * (a tool call, then text; `MockLanguageModelV4` / aimux `MockLanguageModel`): every `onChunk`
 * payload in order, the alias payloads (the step results and the end result, as upstream's
 * `onStepEnd` / `onEnd` would get them), and which callback wins when both names are given
 * (upstream: the new name). Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, isStepCount as upIsStepCount, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"
import { ourTools, upstreamTools } from "../testing/toolsets.ts"

const at0 = new Date(0)
const streamed: ReadonlyArray<ReadonlyArray<StreamPart>> = [
  [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "r1", modelId: "m1", timestamp: at0 },
    H.toolCall("c1", "weather", { city: "Paris" }),
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(1, 2) }
  ],
  [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "r2", modelId: "m2", timestamp: at0 },
    ...H.textParts("t", "It is ", "21"),
    { type: "finish", finishReason: { unified: "stop", raw: "end_turn" }, usage: H.usage(3, 4) }
  ]
]
const generated: ReadonlyArray<GenerateResult> = [
  {
    content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: JSON.stringify({ city: "Paris" }) }],
    finishReason: { unified: "tool-calls", raw: "tool_use" },
    usage: H.usage(1, 2),
    warnings: [],
    response: { id: "r1", modelId: "m1", timestamp: at0 }
  },
  {
    content: [{ type: "text", text: "It is 21" }],
    finishReason: { unified: "stop", raw: "end_turn" },
    usage: H.usage(3, 4),
    warnings: [],
    response: { id: "r2", modelId: "m2", timestamp: at0 }
  }
]

const stepView = (s: Record<string, unknown>) => ({
  stepNumber: s.stepNumber,
  content: s.content,
  text: s.text,
  toolCalls: s.toolCalls,
  toolResults: s.toolResults,
  finishReason: s.finishReason,
  usage: s.usage,
  warnings: s.warnings,
  response: s.response
})
const endView = (e: Record<string, unknown>) => ({
  text: e.text,
  finishReason: e.finishReason,
  totalUsage: e.totalUsage,
  responseMessages: e.responseMessages,
  response: e.response,
  steps: (e.steps as ReadonlyArray<Record<string, unknown>>).map(stepView)
})

type Names = "onStepFinish" | "onFinish" | "onStepEnd" | "onEnd"

/** Records each named callback's payloads (`step` views for the step callbacks, `end` views for the others). */
const recorder = (names: ReadonlyArray<Names>) => {
  const seen: Array<{ readonly name: Names; readonly view: unknown }> = []
  const view = (name: Names) => (payload: unknown) =>
    seen.push({ name, view: (name === "onStepFinish" || name === "onStepEnd" ? stepView : endView)(payload as Record<string, unknown>) })
  return { seen, names, view }
}

const upstreamCallbacks = (r: ReturnType<typeof recorder>) =>
  Object.fromEntries(r.names.map((name) => [name, (payload: unknown) => void r.view(name)(payload)]))
const ourCallbacks = (r: ReturnType<typeof recorder>) =>
  Object.fromEntries(r.names.map((name) => [name, (payload: unknown) => Effect.sync(() => void r.view(name)(payload))]))

const cases: ReadonlyArray<readonly [string, ReadonlyArray<Names>]> = [
  ["onStepFinish and onFinish (deprecated aliases) get onStepEnd's and onEnd's payloads", ["onStepFinish", "onFinish"]],
  ["both names given: onStepEnd and onEnd win, the aliases are not called", ["onStepFinish", "onFinish", "onStepEnd", "onEnd"]]
]

describe("onChunk and deprecated callback aliases (streamText, differential)", () => {
  for (const [name, names] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const up = recorder(names)
        const upChunks: Array<unknown> = []
        yield* Effect.promise(async () => {
          let index = 0
          const result = upstreamStreamText({
            model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...streamed[index++]!]) as never }) }),
            prompt: "hi",
            tools: upstreamTools(),
            stopWhen: upIsStepCount(3),
            onChunk: ({ chunk }) => void upChunks.push(chunk),
            ...upstreamCallbacks(up)
          })
          for await (const _ of result.fullStream) { /* drain */ }
        })
        const ours = recorder(names)
        const ourChunks: Array<unknown> = []
        yield* StreamText.streamText({
          prompt: "hi",
          tools: ourTools(),
          stopWhen: StopCondition.isStepCount(3),
          onChunk: ({ chunk }) => Effect.sync(() => void ourChunks.push(chunk)),
          ...ourCallbacks(ours)
        }).pipe(Stream.runDrain, Effect.provide(MockLanguageModel.layer({ stream: streamed.map((stream) => ({ stream })) })))
        expect(normalize(ourChunks)).toEqual(normalize(upChunks))
        expect(ourChunks.length).toBeGreaterThan(8)
        expect(normalize(ours.seen)).toEqual(normalize(up.seen))
        expect(ours.seen.map((s) => s.name)).toEqual(names.length === 2 ? ["onStepFinish", "onStepFinish", "onFinish"] : ["onStepEnd", "onStepEnd", "onEnd"])
      }))
  }
})

describe("deprecated callback aliases (generateText, differential)", () => {
  for (const [name, names] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const up = recorder(names)
        yield* Effect.promise(() => {
          let index = 0
          return upstreamGenerateText({
            model: new MockLanguageModelV4({ doGenerate: async () => generated[index++] as never }),
            prompt: "hi",
            tools: upstreamTools(),
            stopWhen: upIsStepCount(3),
            ...upstreamCallbacks(up)
          })
        })
        const ours = recorder(names)
        yield* GenerateText.generateText({
          prompt: "hi",
          tools: ourTools(),
          stopWhen: StopCondition.isStepCount(3),
          ...ourCallbacks(ours)
        }).pipe(Effect.provide(MockLanguageModel.layer({ generate: (_options, index) => generated[index]! })))
        expect(normalize(ours.seen)).toEqual(normalize(up.seen))
        expect(ours.seen).toHaveLength(3)
      }))
  }
})
