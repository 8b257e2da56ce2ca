/**
 * Stream parts at chunk sizes 1, 7 and the whole body, on upstream's own
 * stream fixtures (`fixtures/cohere/upstream`, from the vercel/ai test
 * fixtures of the package) and the crafted corpus: differential against
 * `@ai-sdk/cohere`.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { guardCorpus } from "../_kit/Corpus.ts"
import { aimuxStream, chatFixtures, errorView, linesToSse, partsView, readText, upstreamStream } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const corpus = chatFixtures(".chunks.txt")

const optionSets: ReadonlyArray<readonly [string, CallOptions]> = [
  ["plain", { prompt }],
  ["raw", { prompt, includeRawChunks: true }],
  ["tools", { prompt, tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }] }]
]

describe("Cohere stream: differential against @ai-sdk/cohere", () => {
  guardCorpus({ label: "Cohere stream corpus", count: corpus.length, minimum: 12 })

  for (const file of corpus) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      for (const [label, options] of optionSets) {
        if (label !== "plain" && chunkSize === 1) continue
        it.effect(`${path.basename(file)} chunk=${chunkSize} ${label}`, () =>
          Effect.gen(function*() {
            const reply = { body: linesToSse(readText(file)), chunkSize }
            const upstream = yield* Effect.promise(() => upstreamStream(reply, options))
            const ours = yield* aimuxStream(reply, options)
            expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          }))
      }
    }
  }

  it.effect("an error status on the stream fails the call the same way", () =>
    Effect.gen(function*() {
      const reply = { body: JSON.stringify({ message: "invalid api token" }), status: 401, contentType: "application/json" }
      const upstream = yield* Effect.promise(() => upstreamStream(reply, { prompt }))
      const ours = yield* aimuxStream(reply, { prompt })
      expect(upstream.failure).toBeDefined()
      expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    }))
})
