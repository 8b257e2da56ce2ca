import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { aimuxGenerate, aimuxStream, chunksToSse, errorView, normalize, upstreamGenerate, upstreamStream } from "./harness.ts"
import { callCases } from "./callCases.ts"

const sse = chunksToSse([
  '{"type":"message_start","message":{"id":"m","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}',
  '{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":1}}',
  '{"type":"message_stop"}'
].join("\n"))
const json = JSON.stringify({
  type: "message",
  id: "m",
  model: "claude-sonnet-4-5",
  content: [{ type: "text", text: "ok" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 1 }
})

// Every header, user agent included, by lower-cased name; `content-length` is set by
// effect's request body where fetch computes it on the wire (both send it).
const headersView = (headers: Record<string, string> | undefined) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

describe("Anthropic request bodies: differential against @ai-sdk/anthropic", () => {
  for (const testCase of callCases) {
    it.effect(`stream: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: sse }
        const upstream = yield* Effect.promise(() => upstreamStream(reply, testCase.options, testCase.modelId))
        const ours = yield* aimuxStream(reply, testCase.options, testCase.modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(normalize(ours.captured.body)).toStrictEqual(normalize(upstream.captured.body))
        if (upstream.failure === undefined) {
          expect(headersView(ours.captured.headers)).toStrictEqual(headersView(upstream.captured.headers))
          expect(normalize(ours.parts[0])).toStrictEqual(normalize(upstream.parts[0]))
        }
      }))
    it.effect(`generate: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: json, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(reply, testCase.options, testCase.modelId))
        const ours = yield* aimuxGenerate(reply, testCase.options, testCase.modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(normalize(ours.captured.body)).toStrictEqual(normalize(upstream.captured.body))
        expect(normalize(ours.result?.warnings)).toStrictEqual(normalize(upstream.result?.warnings))
        expect(normalize(ours.result?.request)).toStrictEqual(normalize(upstream.result?.request))
      }))
  }
})
