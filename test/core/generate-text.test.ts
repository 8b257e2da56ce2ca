/**
 * Differential tests of generateText against upstream `ai` (`generateText` + `MockLanguageModelV4`),
 * comparing content, steps (content, finish reasons, usage, response messages) and response
 * messages. Normalizations as in stream-text.test.ts (JSON round trip, errors as {name, message},
 * generated ids and timestamps replaced).
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const view = (r: {
  readonly content: ReadonlyArray<unknown>
  readonly text: string
  readonly finishReason: string
  readonly rawFinishReason: string | undefined
  readonly totalUsage: unknown
  readonly steps: ReadonlyArray<{ readonly content: ReadonlyArray<unknown>; readonly finishReason: string; readonly response: { readonly messages: ReadonlyArray<unknown> } }>
}) => normalize([{
  content: r.content,
  text: r.text,
  finishReason: r.finishReason,
  rawFinishReason: r.rawFinishReason,
  totalUsage: r.totalUsage,
  steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason, messages: s.response.messages }))
}])

const result = (content: GenerateResult["content"], unified: "stop" | "tool-calls" | "interrupted" = "stop"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})

const differential = (name: string, scripted: GenerateResult) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        upstreamGenerateText({ model: new MockLanguageModelV4({ doGenerate: scripted as never }), prompt: "hi" })
      )
      const ours = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: scripted }))
      )
      expect(view(ours)).toEqual(view(upstream))
    }))

describe("generateText differential", () => {
  differential("text, reasoning, source", result([
    { type: "reasoning", text: "hmm" },
    { type: "text", text: "Hello" },
    { type: "text", text: "" },
    { type: "source", sourceType: "url", id: "s", url: "https://example.com" }
  ]))

  differential("provider-executed call and results (success, isError) are marked; dynamic from the call", result([
    { type: "tool-call", toolCallId: "p1", toolName: "web", input: "{\"q\":1}", providerExecuted: true, dynamic: true },
    { type: "tool-result", toolCallId: "p1", toolName: "web", result: { hits: [1] }, preliminary: true },
    { type: "tool-call", toolCallId: "p2", toolName: "code", input: "{}", providerExecuted: true, dynamic: true },
    { type: "tool-result", toolCallId: "p2", toolName: "code", result: { e: 1 }, isError: true, dynamic: false }
  ]))

  differential("invalid client calls without tools: tool-error strings and {} inputs in messages", result([
    { type: "tool-call", toolCallId: "c1", toolName: "nope", input: "not json" },
    { type: "tool-call", toolCallId: "c2", toolName: "nope", input: "[1]" },
    // the secure parse rejects prototype keys: the input stays the raw text
    { type: "tool-call", toolCallId: "c3", toolName: "nope", input: "{\"__proto__\":{\"x\":1}}" }
  ], "tool-calls"))

  differential("interrupted finish", result([{ type: "text", text: "cut" }], "interrupted"))

  differential("text content keeps its citations; response messages drop them", result([
    {
      type: "text",
      text: "Hello world",
      citations: [
        { source: { type: "source", sourceType: "url", id: "s1", url: "https://example.com/a", title: "A" }, startIndex: 0, endIndex: 5, citedText: "Hello" },
        { source: { type: "source", sourceType: "document", id: "d1", mediaType: "text/plain", title: "Doc", filename: "doc.txt" }, citedText: "world" }
      ]
    },
    { type: "text", text: "plain" }
  ]))

  it.live("orphan provider result fails with 'Tool call X not found.' as upstream", () =>
    Effect.gen(function*() {
      const scripted = result([{ type: "tool-result", toolCallId: "o1", toolName: "web", result: 1 }])
      const upstream = yield* Effect.promise(() =>
        upstreamGenerateText({ model: new MockLanguageModelV4({ doGenerate: scripted as never }), prompt: "hi" })
          .then(() => "resolved", (e: Error) => e.message)
      )
      const ours = yield* Effect.flip(GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: scripted }))
      ))
      expect(ours.message).toBe(upstream)
    }))
})

describe("generateText marking", () => {
  it.effect("a V4 tool result becomes step content with providerExecuted: true; the V4 part stays unmarked", () =>
    Effect.gen(function*() {
      const v4 = { type: "tool-result", toolCallId: "p1", toolName: "web", result: { ok: 1 } } as const
      const r = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provide(MockLanguageModel.layer({
          generate: result([{ type: "tool-call", toolCallId: "p1", toolName: "web", input: "{}", providerExecuted: true, dynamic: true }, v4])
        }))
      )
      expect(r.steps[0]?.content[1]).toMatchObject({ type: "tool-result", providerExecuted: true })
      expect("providerExecuted" in v4).toBe(false)
    }))

  it.effect("the mock records call options and answers per call", () =>
    Effect.gen(function*() {
      const recorder = yield* MockLanguageModel.MockLanguageModel
      const r = yield* GenerateText.generateText({ prompt: "hi", temperature: 0.5 })
      const calls = yield* recorder.generateCalls
      expect(r.text).toBe("first")
      expect(calls).toHaveLength(1)
      expect(calls[0]).toMatchObject({ temperature: 0.5, prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
    }).pipe(Effect.provide(MockLanguageModel.layer({
      generate: [result([{ type: "text", text: "first" }]), result([{ type: "text", text: "second" }])]
    }))))
})
