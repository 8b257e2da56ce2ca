/**
 * Request bodies: byte-identical JSON text, warnings and `request.body`
 * against `@ai-sdk/amazon-bedrock` for every call case, for `stream`
 * (`/converse-stream`) and `generate` (`/converse`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { callCases } from "./callCases.ts"
import {
  aimuxGenerate,
  aimuxStream,
  chunksToBody,
  errorView,
  normalize,
  upstreamGenerate,
  upstreamStream
} from "./harness.ts"

const streamBody = chunksToBody([
  '{"messageStart":{"role":"assistant"}}',
  '{"messageStop":{"stopReason":"end_turn"}}',
  '{"metadata":{"usage":{"inputTokens":1,"outputTokens":1,"totalTokens":2}}}'
].join("\n"))
const json = JSON.stringify({
  output: { message: { role: "assistant", content: [{ text: "ok" }] } },
  stopReason: "end_turn",
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }
})

describe("Amazon Bedrock request bodies: differential against @ai-sdk/amazon-bedrock", () => {
  it("has the call cases", () => {
    expect(callCases.length).toBeGreaterThanOrEqual(60)
  })
  for (const testCase of callCases) {
    it.effect(`stream: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: streamBody }
        const upstream = yield* Effect.promise(() => upstreamStream(reply, testCase.options, testCase.modelId, undefined, testCase.modelFamily))
        const ours = yield* aimuxStream(reply, testCase.options, testCase.modelId, undefined, testCase.modelFamily)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(ours.captured.bodyText).toBe(upstream.captured.bodyText)
        expect(ours.captured.url).toBe(upstream.captured.url)
        expect(normalize(ours.request)).toStrictEqual(normalize(upstream.request))
        expect(normalize(ours.parts[0])).toStrictEqual(normalize(upstream.parts[0]))
      }))
    it.effect(`generate: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: json, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(reply, testCase.options, testCase.modelId, undefined, testCase.modelFamily))
        const ours = yield* aimuxGenerate(reply, testCase.options, testCase.modelId, undefined, testCase.modelFamily)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(ours.captured.bodyText).toBe(upstream.captured.bodyText)
        expect(ours.captured.url).toBe(upstream.captured.url)
        expect(normalize(ours.result?.warnings)).toStrictEqual(normalize(upstream.result?.warnings))
        expect(normalize(ours.result?.request)).toStrictEqual(normalize(upstream.result?.request))
      }))
  }
})
