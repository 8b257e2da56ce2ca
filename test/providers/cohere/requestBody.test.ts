/**
 * Request bodies byte for byte, URL, headers, warnings and preparation
 * failures: differential against `@ai-sdk/cohere` (`createCohere({ fetch })`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { callCases } from "./callCases.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  headersDiff,
  linesToSse,
  normalize,
  upstreamGenerate,
  upstreamStream
} from "./harness.ts"

const usage = { tokens: { input_tokens: 1, output_tokens: 1 } }
const sse = linesToSse([
  '{"id":"m","type":"message-start"}',
  JSON.stringify({ type: "message-end", delta: { finish_reason: "COMPLETE", usage } })
].join("\n"))
const json = JSON.stringify({ message: { role: "assistant", content: [] }, finish_reason: "COMPLETE", usage })

describe("Cohere request bodies: differential against @ai-sdk/cohere", () => {
  it("the matrix is not empty", () => expect(callCases.length).toBeGreaterThanOrEqual(38))

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
          const headers = headersDiff(ours.captured.headers, upstream.captured.headers)
          expect(headers.ours).toStrictEqual(headers.upstream)
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

  it.effect("the URL is the v2 chat endpoint and the user agent names the pin", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxGenerate({ body: json, contentType: "application/json" }, callCases[0].options)
      expect(ours.captured.url).toBe("https://api.cohere.com/v2/chat")
      expect(ours.captured.headers?.["user-agent"]).toMatch(/^ai-sdk-cohere\/4\.0\.52 ai-sdk-provider-utils\/5\.0\.81 /)
      expect(ours.captured.headers?.["authorization"]).toBe("Bearer test-key")
    }))
})
