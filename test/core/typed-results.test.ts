/**
 * Tool calls and results typed by the toolkit (upstream `TypedToolCall<TOOLS>`,
 * `TypedToolResult<TOOLS>`, `StaticToolCall`/`DynamicToolCall`, `StepResult<TOOLS>`): the
 * type-level assertions fail the typecheck (`npx tsc`, run before the suite) when the typing
 * regresses to the untyped views; the runtime part checks the values those types describe.
 */
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { Output as UpstreamOutput, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import { z } from "zod"
import * as Output from "../../src/core/Output.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import type * as StepContent from "../../src/core/StepContent.ts"
import type * as StepResult from "../../src/core/StepResult.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type * as TypedContent from "../../src/core/TypedContent.ts"
import type { DynamicToolCall, StaticToolCall } from "../../src/core/TypedToolCall.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

const tools = {
  weather: Tool.make({
    inputSchema: Schema.Struct({ city: Schema.String }),
    execute: ({ city }) => Effect.succeed({ city, temperature: 21 })
  }),
  count: Tool.make({
    inputSchema: Schema.Struct({ n: Schema.Number }),
    execute: ({ n }) => Effect.succeed(n + 1)
  }),
  mcp: Tool.dynamic({ inputSchema: { type: "object" }, execute: (input) => Effect.succeed({ echo: input }) })
}
type Tools = typeof tools

const generated: GenerateResult = {
  content: [
    { type: "tool-call", toolCallId: "c1", toolName: "weather", input: JSON.stringify({ city: "Paris" }) },
    { type: "tool-call", toolCallId: "c2", toolName: "count", input: JSON.stringify({ n: 1 }) },
    { type: "tool-call", toolCallId: "c3", toolName: "mcp", input: "{}" }
  ],
  finishReason: { unified: "tool-calls", raw: "tool_use" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
}
const streamed: ReadonlyArray<StreamPart> = H.framed(
  [H.toolCall("c1", "weather", { city: "Paris" }), H.toolCall("c2", "count", { n: 1 })],
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(1, 2) }
)

describe("typed tool calls and results (generateText)", () => {
  it.effect("toolCalls / staticToolCalls / dynamicToolCalls / toolResults are typed by the toolkit", () =>
    Effect.gen(function*() {
      const result = yield* GenerateText.generateText({ prompt: "hi", tools }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: generated }))
      )
      expectTypeOf(result.toolCalls).toEqualTypeOf<ReadonlyArray<StaticToolCall<Tools> | DynamicToolCall>>()
      expectTypeOf(result.steps[0]!.toolCalls).toEqualTypeOf<ReadonlyArray<StaticToolCall<Tools> | DynamicToolCall>>()
      expectTypeOf(result.staticToolCalls[0]!.toolName).toEqualTypeOf<"weather" | "count" | "mcp">()
      expectTypeOf(result.dynamicToolCalls[0]!.input).toEqualTypeOf<unknown>()
      expectTypeOf(result.toolResults).toEqualTypeOf<ReadonlyArray<TypedContent.TypedToolResult<Tools>>>()

      const inputs: Array<unknown> = []
      for (const call of result.staticToolCalls) {
        // the input is correlated with the tool name
        if (call.toolName === "weather") {
          expectTypeOf(call.input).toEqualTypeOf<{ readonly city: string }>()
          inputs.push(call.input.city)
        }
        if (call.toolName === "count") {
          expectTypeOf(call.input).toEqualTypeOf<{ readonly n: number }>()
          inputs.push(call.input.n)
        }
        // @ts-expect-error: not a tool of the toolkit
        if (call.toolName === "nope") inputs.push(undefined)
      }
      const outputs: Array<unknown> = []
      for (const r of result.staticToolResults) {
        if (r.toolName === "weather") {
          expectTypeOf(r.output).toEqualTypeOf<{ city: string; temperature: number }>()
          outputs.push(r.output.temperature)
        }
        if (r.toolName === "count") {
          expectTypeOf(r.output).toEqualTypeOf<number>()
          outputs.push(r.output + 1)
        }
      }
      expect(inputs).toEqual(["Paris", 1])
      expect(outputs).toEqual([21, 3])
      expect(result.dynamicToolCalls.map((c) => c.toolName)).toEqual(["mcp"])
      expect(result.dynamicToolResults.map((r) => r.output)).toEqual([{ echo: {} }])
    }))

  it.effect("onStepEnd / onEnd receive typed steps and results", () =>
    Effect.gen(function*() {
      const seen: Array<string> = []
      yield* GenerateText.generateText({
        prompt: "hi",
        tools,
        onStepEnd: (step) =>
          Effect.sync(() => {
            expectTypeOf(step).toEqualTypeOf<StepResult.StepResult<Tools>>()
            for (const call of step.staticToolCalls) if (call.toolName === "weather") seen.push(call.input.city)
          }),
        onEnd: (result) =>
          Effect.sync(() => {
            expectTypeOf(result).toEqualTypeOf<GenerateText.GenerateTextResult<Tools>>()
            for (const r of result.staticToolResults) if (r.toolName === "count") seen.push(String(r.output))
          })
      }).pipe(Effect.provide(MockLanguageModel.layer({ generate: generated })))
      expect(seen).toEqual(["Paris", "2"])
    }))

  it("a typed result is an untyped one (covariant); without tools every call is dynamic", () => {
    expectTypeOf<GenerateText.GenerateTextResult<Tools>>().toExtend<GenerateText.GenerateTextResult>()
    expectTypeOf<StepResult.StepResult<Tools>>().toExtend<StepResult.StepResult>()
    expectTypeOf<StepResult.StepResult["toolCalls"]>().toEqualTypeOf<ReadonlyArray<StepContent.ToolCall>>()
    expectTypeOf<StepResult.StepResult<{}>["toolCalls"]>().toEqualTypeOf<ReadonlyArray<DynamicToolCall>>()
    expectTypeOf<StepResult.StepResult<Tools>>().not.toEqualTypeOf<StepResult.StepResult>()
  })
})

describe("typed tool calls and results (streamText)", () => {
  it.effect("onStepEnd / onEnd / onAbort receive typed steps", () =>
    Effect.gen(function*() {
      const seen: Array<unknown> = []
      const parts = yield* StreamText.streamText({
        prompt: "hi",
        tools,
        onStepEnd: (step) =>
          Effect.sync(() => {
            expectTypeOf(step.toolResults).toEqualTypeOf<ReadonlyArray<TypedContent.TypedToolResult<Tools>>>()
            for (const r of step.staticToolResults) if (r.toolName === "weather") seen.push(r.output.temperature)
          }),
        onEnd: (result) =>
          Effect.sync(() => {
            expectTypeOf(result).toEqualTypeOf<StreamText.StreamTextResult<Tools>>()
            for (const call of result.toolCalls) if (call.dynamic !== true && call.toolName === "count") seen.push(call.input.n)
          }),
        onAbort: ({ steps }) => Effect.sync(() => expectTypeOf(steps).toEqualTypeOf<ReadonlyArray<StepResult.StepResult<Tools>>>())
      }).pipe(Stream.runCollect, Effect.provide(MockLanguageModel.layer({ stream: { stream: streamed } })))
      const collected = yield* StreamText.aggregate(Array.from(parts))
      expectTypeOf(collected).toEqualTypeOf<StreamText.StreamTextResult<Tools>>()
      expect(seen).toEqual([21, 1])
    }))
})

describe("collect / aggregate / withResult typed by the stream's toolkit and output", () => {
  const model = MockLanguageModel.layer({ stream: { stream: streamed } })

  it.effect("collect, withResult, failOnError and aggregate keep the toolkit of the stream", () =>
    Effect.gen(function*() {
      const stream = StreamText.streamText({ prompt: "hi", tools })
      expectTypeOf(stream).toExtend<Stream.Stream<StreamText.TextStreamPart<Tools>, never, unknown>>()
      const collected = yield* StreamText.collect(stream).pipe(Effect.provide(model))
      expectTypeOf(collected).toEqualTypeOf<StreamText.StreamTextResult<Tools>>()
      const piped = yield* stream.pipe(StreamText.failOnError, StreamText.collect, Effect.provide(model))
      expectTypeOf(piped).toEqualTypeOf<StreamText.StreamTextResult<Tools>>()
      const { fullStream, result } = yield* StreamText.withResult(stream)
      expectTypeOf(fullStream).toExtend<Stream.Stream<StreamText.TextStreamPart<Tools>, never, unknown>>()
      yield* Stream.runDrain(fullStream).pipe(Effect.provide(model))
      const fromResult = yield* result
      expectTypeOf(fromResult).toEqualTypeOf<StreamText.StreamTextResult<Tools>>()
      // the typed views are the values: the inputs as the tools' schemas decoded them
      const inputs: Array<unknown> = []
      for (const call of collected.staticToolCalls) {
        if (call.toolName === "weather") inputs.push(call.input.city)
        if (call.toolName === "count") inputs.push(call.input.n)
      }
      for (const r of fromResult.staticToolResults) if (r.toolName === "weather") inputs.push(r.output.temperature)
      expect(inputs).toEqual(["Paris", 1, 21])
      expect(piped.toolCalls).toEqual(collected.toolCalls)
      // without tools: every call is dynamic
      const untyped = yield* StreamText.collect(StreamText.streamText({ prompt: "hi" })).pipe(Effect.provide(model))
      expectTypeOf(untyped.toolCalls).toEqualTypeOf<ReadonlyArray<DynamicToolCall>>()
    }))

  it.effect("collectOutput types `output` by the specification and equals upstream's result.output", () =>
    Effect.gen(function*() {
      const text = "{\"city\":\"Paris\",\"temperature\":21}"
      const parts: ReadonlyArray<StreamPart> = H.framed(H.textParts("t", text.slice(0, 9), text.slice(9)))
      const spec = Output.object({ schema: Schema.Struct({ city: Schema.String, temperature: Schema.Number }) })
      const ours = yield* StreamText.streamText({ prompt: "hi", tools, output: spec }).pipe(
        StreamText.collectOutput(spec),
        Effect.provide(MockLanguageModel.layer({ stream: { stream: parts } }))
      )
      expectTypeOf(ours.output).toEqualTypeOf<{ readonly city: string; readonly temperature: number }>()
      expectTypeOf(ours.toolCalls).toEqualTypeOf<ReadonlyArray<StaticToolCall<Tools> | DynamicToolCall>>()
      const upstream = yield* Effect.promise(async () => {
        const result = upstreamStreamText({
          model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...parts]) as never }) }),
          prompt: "hi",
          output: UpstreamOutput.object({ schema: z.object({ city: z.string(), temperature: z.number() }) })
        })
        for await (const _ of result.fullStream) { /* drain */ }
        return { output: await result.output, text: await result.text }
      })
      expect({ output: ours.output, text: ours.text }).toEqual(upstream)
      // an unparsable final text fails as upstream's output getter rejects
      const failed = yield* Effect.exit(StreamText.streamText({ prompt: "hi", output: spec }).pipe(
        StreamText.collectOutput(spec),
        Effect.provide(MockLanguageModel.layer({ stream: { stream: H.framed(H.textParts("t", "{\"city\":1}")) } }))
      ))
      expect(failed._tag === "Failure" && failed.cause.reasons[0]?._tag === "Fail" ? failed.cause.reasons[0].error.name : undefined)
        .toBe("AI_NoObjectGeneratedError")
    }))
})
