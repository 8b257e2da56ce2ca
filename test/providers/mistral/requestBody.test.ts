/**
 * Request bodies byte for byte, URL, headers, warnings and preparation
 * failures: differential against `@ai-sdk/mistral` (`createMistral({ fetch })`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createMistral } from "@ai-sdk/mistral"
import * as Mistral from "../../../src/providers/mistral/Mistral.ts"
import * as MistralLanguageModel from "../../../src/providers/mistral/MistralLanguageModel.ts"
import { callCases } from "./callCases.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  headersView,
  linesToSse,
  normalize,
  replayClient,
  upstreamGenerate,
  upstreamStream
} from "./harness.ts"

const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }
const sse = linesToSse([
  JSON.stringify({ id: "m", choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: "stop" }], usage })
].join("\n"))
const json = JSON.stringify({
  id: "m",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage
})

describe("Mistral request bodies: differential against @ai-sdk/mistral", () => {
  it("the matrix is not empty", () => expect(callCases.length).toBeGreaterThanOrEqual(75))

  for (const testCase of callCases) {
    it.effect(`stream: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: sse }
        const upstream = yield* Effect.promise(() => upstreamStream(reply, testCase.options, testCase.modelId))
        const ours = yield* aimuxStream(reply, testCase.options, testCase.modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(ours.captured.text).toBe(upstream.captured.text)
        if (upstream.failure === undefined) {
          expect(ours.captured.url).toBe(upstream.captured.url)
          expect(headersView(ours.captured.headers)).toStrictEqual(headersView(upstream.captured.headers))
          expect(normalize(ours.parts[0])).toStrictEqual(normalize(upstream.parts[0]))
          expect(normalize(ours.request)).toStrictEqual(normalize(upstream.request))
        }
      }))
    it.effect(`generate: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: json, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(reply, testCase.options, testCase.modelId))
        const ours = yield* aimuxGenerate(reply, testCase.options, testCase.modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(ours.captured.text).toBe(upstream.captured.text)
        expect(normalize(ours.result?.warnings)).toStrictEqual(normalize(upstream.result?.warnings))
        expect(normalize(ours.result?.request)).toStrictEqual(normalize(upstream.result?.request))
      }))
  }

  it.effect("the URL is the chat completions endpoint and the user agent names the pin", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxGenerate({ body: json, contentType: "application/json" }, callCases[0].options)
      expect(ours.captured.url).toBe("https://api.mistral.ai/v1/chat/completions")
      expect(ours.captured.headers?.["user-agent"]).toMatch(/^ai-sdk-mistral\/4\.0\.87 ai-sdk-provider-utils\/5\.0\.81 /)
      expect(ours.captured.headers?.["authorization"]).toBe("Bearer test-key")
    }))

  it("provider name, model id and supported URLs are upstream's (https PDFs only)", () => {
    const upstream = createMistral({ apiKey: "k" })("mistral-small-latest")
    const ours = MistralLanguageModel.makeWith(replayClient({ body: json }, {}), Mistral.modelConfig("mistral-small-latest", { apiKey: "k" }))
    expect([ours.provider, ours.modelId]).toStrictEqual([upstream.provider, upstream.modelId])
    expect(MistralLanguageModel.supportedUrls).toStrictEqual(upstream.supportedUrls)
  })
})
