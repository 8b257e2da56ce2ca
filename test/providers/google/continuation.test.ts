/**
 * Gemini 4 long decode: a `CONTINUATION` finish makes the same request again
 * with the continuation token (upstream `doGenerate`'s loop and
 * `continue-google-stream.ts`). The follow-up requests (bytes, URL), the
 * joined parts and results, summed usage and per-request grounding are
 * compared with upstream; so is a failing or empty continuation.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4CallOptions as CallOptions } from "@ai-sdk/provider"
import { Effect } from "effect"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  type Flavor,
  normalize,
  partsView,
  type Reply,
  upstreamGenerate,
  upstreamStream
} from "./harness.ts"

const options: CallOptions = {
  prompt: [{ role: "user", content: [{ type: "text", text: "write a lot" }] }],
  maxOutputTokens: 100000,
  includeRawChunks: true
}

const sse = (...chunks: ReadonlyArray<unknown>) => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")
const usage = (prompt: number, out: number) => ({
  promptTokenCount: prompt,
  candidatesTokenCount: out,
  totalTokenCount: prompt + out,
  promptTokensDetails: [{ modality: "TEXT", tokenCount: prompt }]
})
const grounding = (uri: string) => ({ groundingChunks: [{ web: { uri, title: uri } }] })

const streamCases: ReadonlyArray<readonly [string, ReadonlyArray<Reply>]> = [
  ["two continuations", [
    { body: sse(
      { responseId: "r1", candidates: [{ content: { parts: [{ text: "part one" }] }, groundingMetadata: grounding("https://a.test") }] },
      { candidates: [{ content: { parts: [{ text: "." }] }, finishReason: "CONTINUATION", continuationToken: "tok-1" }], usageMetadata: usage(10, 5) }
    ) },
    { body: sse(
      { responseId: "r2", candidates: [{ content: { parts: [{ text: " part two" }] } }] },
      { candidates: [{ content: { parts: [{ text: "" }] }, finishReason: "CONTINUATION", continuationToken: "tok-2" }], usageMetadata: usage(15, 6) }
    ) },
    { body: sse(
      { candidates: [{ content: { parts: [{ text: " end" }] }, groundingMetadata: grounding("https://b.test"), finishReason: "STOP", continuationToken: "checkpoint" }], usageMetadata: usage(21, 2) }
    ) }
  ]],
  ["continuation request fails", [
    { body: sse({ candidates: [{ content: { parts: [{ text: "a" }] }, finishReason: "CONTINUATION", continuationToken: "tok-1" }], usageMetadata: usage(3, 1) }) },
    { status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: 503, message: "overloaded", status: "UNAVAILABLE" } }) }
  ]],
  ["empty continuation stream", [
    { body: sse({ candidates: [{ content: { parts: [{ text: "a" }] }, finishReason: "CONTINUATION", continuationToken: "tok-1" }] }) },
    { body: "" }
  ]],
  ["max tokens keeps the token", [
    { body: sse({ candidates: [{ content: { parts: [{ text: "a" }] }, finishReason: "MAX_TOKENS", continuationToken: "resume" }] }) }
  ]]
]

const json = (value: unknown): Reply => ({ body: JSON.stringify(value), contentType: "application/json" })

const generateCases: ReadonlyArray<readonly [string, ReadonlyArray<Reply>]> = [
  ["two continuations", [
    json({ responseId: "g1", candidates: [{ content: { parts: [{ text: "one" }] }, finishReason: "CONTINUATION", continuationToken: "t1", groundingMetadata: grounding("https://a.test") }], usageMetadata: usage(10, 4) }),
    json({ responseId: "g2", candidates: [{ content: { parts: [{ text: " two" }] }, finishReason: "CONTINUATION", continuationToken: "t2" }], usageMetadata: usage(14, 3) }),
    json({ responseId: "g3", candidates: [{ content: { parts: [{ text: " three" }] }, finishReason: "STOP" }], usageMetadata: usage(17, 1) })
  ]],
  ["continuation request fails", [
    json({ candidates: [{ content: { parts: [{ text: "one" }] }, finishReason: "CONTINUATION", continuationToken: "t1" }] }),
    { status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: 500, message: "boom", status: "INTERNAL" } }) }
  ]],
  ["continuation without a token stops", [
    json({ candidates: [{ content: { parts: [{ text: "one" }] }, finishReason: "CONTINUATION" }] })
  ]]
]

describe("Gemini continuation (long decode): differential against upstream", () => {
  for (const flavor of ["google", "vertex"] as const satisfies ReadonlyArray<Flavor>) {
    for (const [name, replies] of streamCases) {
      for (const chunkSize of [1, 7, "whole"] as const) {
        it.effect(`${flavor} stream: ${name} chunk=${chunkSize}`, () =>
          Effect.gen(function*() {
            const sized = replies.map((reply) => ({ ...reply, chunkSize }))
            const upstream = yield* Effect.promise(() => upstreamStream(flavor, sized, options))
            const ours = yield* aimuxStream(flavor, sized, options)
            expect(ours.captured.map((r) => r.rawBody)).toStrictEqual(upstream.captured.map((r) => r.rawBody))
            expect(ours.captured.map((r) => r.url)).toStrictEqual(upstream.captured.map((r) => r.url))
            expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          }))
      }
    }
    for (const [name, replies] of generateCases) {
      it.effect(`${flavor} generate: ${name}`, () =>
        Effect.gen(function*() {
          const upstream = yield* Effect.promise(() => upstreamGenerate(flavor, replies, options))
          const ours = yield* aimuxGenerate(flavor, replies, options)
          expect(ours.captured.map((r) => r.rawBody)).toStrictEqual(upstream.captured.map((r) => r.rawBody))
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
        }))
    }
  }

  it.effect("the follow-up request repeats the body with the token", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxStream("google", streamCases[0][1], options)
      expect(ours.captured).toHaveLength(3)
      const [first, second, third] = ours.captured.map((r): Record<string, unknown> => JSON.parse(r.rawBody))
      expect(second).toStrictEqual({ ...first, continuationToken: "tok-1" })
      expect(third).toStrictEqual({ ...first, continuationToken: "tok-2" })
    }))
})
