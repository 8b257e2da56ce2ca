/**
 * Request bodies byte for byte, URL, headers, warnings and preparation
 * failures: differential against `@ai-sdk/huggingface` (`createHuggingFace({ fetch })`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { callCases } from "./callCases.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  headersView,
  linesToSse,
  normalize,
  upstreamGenerate,
  upstreamStream
} from "./harness.ts"

const sse = linesToSse([
  '{"type":"response.created","response":{"id":"r","object":"response","created_at":1,"status":"in_progress","model":"m"}}',
  '{"type":"response.completed","sequence_number":2,"response":{"id":"r","model":"m","object":"response","created_at":1,"status":"completed","error":null,"instructions":null,"max_output_tokens":null,"metadata":null,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1,"output":[]}}'
].join("\n"))
const json = JSON.stringify({
  id: "r",
  model: "m",
  object: "response",
  created_at: 1,
  status: "completed",
  error: null,
  instructions: null,
  max_output_tokens: null,
  metadata: null,
  tool_choice: "auto",
  tools: [],
  temperature: 1,
  top_p: 1,
  output: []
})

// aimux has one provider-utils port (5.0.81); @ai-sdk/huggingface runs on its nested 5.0.40,
// whose user agent reads `ai-sdk/provider-utils/5.0.40 runtime/<runtime>` (docs/divergences.md).
// Every other header is compared as is.
const userAgent = (headers: Record<string, string>) =>
  headers["user-agent"]?.replace("ai-sdk/provider-utils/5.0.40 runtime/", "ai-sdk-provider-utils/5.0.81 ")
const sameHeaders = (ours: Record<string, string> | undefined, upstream: Record<string, string> | undefined) => {
  const a = headersView(ours)
  const b = headersView(upstream)
  expect(a["user-agent"]).toBe(userAgent(b))
  expect({ ...a, "user-agent": undefined }).toStrictEqual({ ...b, "user-agent": undefined })
}

describe("Hugging Face request bodies: differential against @ai-sdk/huggingface", () => {
  it("the matrix is not empty", () => expect(callCases.length).toBeGreaterThanOrEqual(22))

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
          sameHeaders(ours.captured.headers, upstream.captured.headers)
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
})
