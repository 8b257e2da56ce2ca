/**
 * The services generation reads: ids from the `IdGenerator` service when provided (else
 * upstream's `aitxt-` + 24 characters, checked against upstream `ai`), and tool calls parsed by
 * the `ToolCallParser` service when provided.
 */
import { describe, expect, it } from "@effect/vitest"
import { streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Layer, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import { ToolCallParser } from "../../src/core/ToolCallParser.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"

// two steps with the same provider text id "t": the second one gets a generated id
const toolStep: ReadonlyArray<StreamPart> = H.framed([...H.textParts("t", "a"), H.toolCall("c1", "echo", {})], H.finish("tool-calls"))
const answer: ReadonlyArray<StreamPart> = H.framed(H.textParts("t", "b"))
const tools = { echo: Tool.make({ inputSchema: Tool.jsonSchema({ type: "object" }), execute: () => Effect.succeed("ok") }) }
const generated: GenerateResult = { content: [{ type: "text", text: "x" }], finishReason: { unified: "stop", raw: "stop" }, usage: H.usage(1, 1), warnings: [] }

const idsOf = (parts: ReadonlyArray<StreamText.TextStreamPart>) =>
  parts.flatMap((p) => (p.type === "text-start" ? [p.id] : p.type === "finish-step" ? [p.response.id] : []))

describe("IdGenerator", () => {
  it.effect("streamText: response ids and re-reserved text ids come from the IdGenerator service", () =>
    Effect.gen(function*() {
      const parts = yield* StreamText.streamText({ prompt: "hi", tools, stopWhen: () => Effect.succeed(false) }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: [{ stream: toolStep }, { stream: answer }] })),
        Effect.provide(IdGenerator.layerCounter("g"))
      )
      // g-0 is the call id (onStart and the other lifecycle payloads)
      expect(idsOf(Array.from(parts))).toEqual(["t", "g-1", "g-3", "g-2"])
    }))

  it.effect("generateText: a response id without metadata comes from the service", () =>
    Effect.gen(function*() {
      const result = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: generated })),
        Effect.provide(IdGenerator.layerCounter("g"))
      )
      expect(result.response.id).toBe("g-1")
    }))

  it.live("without the service: upstream's default form (aitxt- and 24 alphanumerics), as upstream streamText", () =>
    Effect.gen(function*() {
      const upstream = upstreamStreamText({
        model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...answer]) as never }) }),
        prompt: "hi"
      })
      const upstreamId = (yield* Effect.promise(() => upstream.response)).id
      const ours = yield* StreamText.streamText({ prompt: "hi" }).pipe(
        StreamText.collect,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: answer } }))
      )
      const form = /^aitxt-[0-9A-Za-z]{24}$/
      expect(upstreamId).toMatch(form)
      expect(ours.response.id).toMatch(form)
    }))
})

describe("ToolCallParser service", () => {
  const renaming = Layer.succeed(ToolCallParser)({
    parse: (options) =>
      Effect.succeed({
        type: "tool-call",
        toolCallId: options.toolCall.toolCallId,
        toolName: "custom",
        input: { parsedBy: "custom" },
        dynamic: true
      })
  })

  it.effect("streamText and generateText parse calls with the provided parser", () =>
    Effect.gen(function*() {
      const parts = yield* StreamText.streamText({ prompt: "hi", tools }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: { stream: toolStep } })),
        Effect.provide(renaming)
      )
      const call = Array.from(parts).find((p) => p.type === "tool-call")
      expect(call).toMatchObject({ toolName: "custom", input: { parsedBy: "custom" } })
      const result = yield* GenerateText.generateText({ prompt: "hi", tools }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: { ...generated, content: [{ type: "tool-call", toolCallId: "c1", toolName: "echo", input: "{}" }] }
        })),
        Effect.provide(renaming)
      )
      expect(result.toolCalls).toMatchObject([{ toolName: "custom", input: { parsedBy: "custom" } }])
    }))
})
