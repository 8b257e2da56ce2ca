/**
 * The prompt checks of upstream `standardizePrompt` (ai 7.0.173) in generateText / streamText:
 * `instructions` over `system`, system messages in `messages` refused unless
 * `allowSystemInMessages`, an empty message list refused; differential against `ai`.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const answer = H.framed(H.textParts("t", "ok"))
const generated: GenerateResult = { content: [{ type: "text", text: "ok" }], finishReason: { unified: "stop", raw: "stop" }, usage: H.usage(1, 1), warnings: [] }

const withSystem = [
  { role: "system" as const, content: "from messages" },
  { role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }
]

const cases: ReadonlyArray<{ readonly name: string; readonly options: Record<string, unknown> }> = [
  { name: "instructions win over system", options: { system: "old", instructions: "new", prompt: "hi" } },
  { name: "a system message in messages is refused", options: { messages: withSystem } },
  { name: "allowSystemInMessages lets it through", options: { messages: withSystem, allowSystemInMessages: true } },
  { name: "an empty message list is refused", options: { messages: [] } }
]

describe("standardizePrompt (differential)", () => {
  for (const c of cases) {
    it.live(`streamText: ${c.name}`, () =>
      Effect.gen(function*() {
        const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...answer]) as never }) })
        const result = upstreamStreamText({ model, onError: () => {}, ...(c.options as { prompt: string }) })
        const expected: Array<unknown> = []
        yield* Effect.promise(async () => {
          for await (const part of result.fullStream) expected.push(part)
        })
        const mock = yield* MockLanguageModel.make({ stream: { stream: answer } })
        const parts = yield* StreamText.streamText({ onError: () => Effect.void, ...c.options }).pipe(
          Stream.runCollect,
          Effect.provideService(LanguageModel, mock.model)
        )
        expect(normalize(Array.from(parts))).toEqual(normalize(expected))
        const calls = yield* mock.recorder.streamCalls
        expect(normalize(calls.map((call) => call.prompt))).toEqual(normalize(model.doStreamCalls.map((call) => call.prompt)))
      }))

    it.live(`generateText: ${c.name}`, () =>
      Effect.gen(function*() {
        const model = new MockLanguageModelV4({ doGenerate: async () => generated as never })
        const expected = yield* Effect.promise(() =>
          upstreamGenerateText({ model, ...(c.options as { prompt: string }) }).then((r) => ({ text: r.text }), (error: Error) => ({ error: { name: error.name, message: error.message } }))
        )
        const ours = yield* GenerateText.generateText(c.options).pipe(
          Effect.provide(MockLanguageModel.layer({ generate: generated })),
          Effect.match({ onSuccess: (r) => ({ text: r.text }), onFailure: (error) => ({ error: { name: error.name, message: error.message } }) })
        )
        expect(ours).toEqual(expected)
      }))
  }
})
