/**
 * Stream parts against `@ai-sdk/google` and `@ai-sdk/google-vertex` (express
 * mode) on the same bytes, at chunk sizes 1, 7 and the whole body, over every
 * Gemini SSE recording and the crafted corpus.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4CallOptions as CallOptions } from "@ai-sdk/provider"
import { Effect } from "effect"
import * as path from "node:path"
import {
  aimuxStream,
  chunksToSse,
  errorView,
  fixturesDir,
  type Flavor,
  isGeminiSse,
  listFixtures,
  partsView,
  readText,
  upstreamStream
} from "./harness.ts"
import { guardCorpus, recordingsDir } from "../_kit/Corpus.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const recordings = listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt")
const corpus = [
  ...recordings.map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".chunks.txt").map((f) => path.join(fixturesDir, "crafted", f))
]

// The shared recordings folder, when present: every Gemini SSE recording must be in the corpus.
const shared = recordingsDir("google")
const sharedGemini = listFixtures(shared, ".chunks.txt").filter((f) => isGeminiSse(readText(path.join(shared, f))))

const optionSets: ReadonlyArray<readonly [string, CallOptions]> = [
  ["plain", { prompt }],
  ["raw chunks", { prompt, includeRawChunks: true }],
  ["named code tool", {
    prompt,
    tools: [
      { type: "provider", id: "google.code_execution", name: "python", args: {} },
      { type: "function", name: "weather", inputSchema: { type: "object" } }
    ]
  }],
  // the synthetic json tool (Gemini 2.5 with function tools): calls of `json` stream as text
  ["json tool", {
    prompt,
    responseFormat: { type: "json", schema: { type: "object" } },
    tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }]
  }]
]

describe("Gemini stream: differential against upstream", () => {
  guardCorpus({ label: "shared Gemini SSE recordings", count: sharedGemini.length, minimum: 9, provider: "google" })
  it("the committed corpus holds every shared Gemini SSE recording", () => {
    for (const file of sharedGemini) {
      expect(recordings).toContain(file)
      expect(readText(path.join(fixturesDir, "recordings", file))).toBe(readText(path.join(shared, file)))
    }
    expect(corpus.length).toBeGreaterThanOrEqual(25)
  })

  for (const flavor of ["google", "vertex"] as const satisfies ReadonlyArray<Flavor>) {
    for (const file of corpus) {
      for (const chunkSize of [1, 7, "whole"] as const) {
        for (const [label, options] of optionSets) {
          if (label !== "plain" && chunkSize !== 7) continue
          if (flavor === "vertex" && label !== "plain") continue
          it.effect(`${flavor} ${path.basename(file)} chunk=${chunkSize} ${label}`, () =>
            Effect.gen(function*() {
              const reply = { body: chunksToSse(readText(file)), chunkSize }
              const upstream = yield* Effect.promise(() => upstreamStream(flavor, reply, options))
              const ours = yield* aimuxStream(flavor, reply, options)
              expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
              expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
              expect(ours.captured.length).toBe(upstream.captured.length)
            }))
        }
      }
    }
  }
})
