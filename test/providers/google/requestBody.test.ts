/**
 * Request bodies, byte for byte (key order included), URLs, headers and
 * warnings against `@ai-sdk/google` and `@ai-sdk/google-vertex` (express
 * mode), for generate and stream.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { callCases } from "./callCases.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  type Flavor,
  headersView,
  normalize,
  upstreamGenerate,
  upstreamStream
} from "./harness.ts"

const sse = `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: "ok" }] }, finishReason: "STOP" }] })}\n\n`
const json = JSON.stringify({ candidates: [{ content: { parts: [{ text: "ok" }], role: "model" }, finishReason: "STOP" }] })

for (const flavor of ["google", "vertex"] as const satisfies ReadonlyArray<Flavor>) {
  describe(`Gemini request bodies (${flavor}): differential against upstream`, () => {
    for (const testCase of callCases.filter((c) => c.flavors === undefined || c.flavors.includes(flavor))) {
      it.effect(`stream: ${testCase.name}`, () =>
        Effect.gen(function*() {
          const reply = { body: sse }
          const upstream = yield* Effect.promise(() => upstreamStream(flavor, reply, testCase.options, testCase.modelId))
          const ours = yield* aimuxStream(flavor, reply, testCase.options, testCase.modelId)
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(ours.captured.map((r) => r.rawBody)).toStrictEqual(upstream.captured.map((r) => r.rawBody))
          expect(ours.captured.map((r) => r.url)).toStrictEqual(upstream.captured.map((r) => r.url))
          expect(ours.captured.map((r) => headersView(r.headers))).toStrictEqual(
            upstream.captured.map((r) => headersView(r.headers))
          )
          if (upstream.failure === undefined) {
            expect(normalize(ours.parts[0])).toStrictEqual(normalize(upstream.parts[0]))
            expect(normalize(ours.request)).toStrictEqual(normalize(upstream.request))
          }
        }))
      it.effect(`generate: ${testCase.name}`, () =>
        Effect.gen(function*() {
          const reply = { body: json, contentType: "application/json" }
          const upstream = yield* Effect.promise(() => upstreamGenerate(flavor, reply, testCase.options, testCase.modelId))
          const ours = yield* aimuxGenerate(flavor, reply, testCase.options, testCase.modelId)
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(ours.captured.map((r) => r.rawBody)).toStrictEqual(upstream.captured.map((r) => r.rawBody))
          expect(ours.captured.map((r) => r.url)).toStrictEqual(upstream.captured.map((r) => r.url))
          expect(normalize(ours.result?.warnings)).toStrictEqual(normalize(upstream.result?.warnings))
          expect(normalize(ours.result?.request)).toStrictEqual(normalize(upstream.result?.request))
        }))
    }
  })
}
