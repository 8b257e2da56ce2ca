/**
 * Stream parts at chunk sizes 1, 7 and the whole body, on upstream's own
 * stream fixtures (`fixtures/mistral/upstream`, from the vercel/ai test
 * fixtures and inline test bodies of the package) and the crafted corpus:
 * differential against `@ai-sdk/mistral`, on a model without reasoning
 * configuration and a Magistral model.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { guardCorpus } from "../_kit/Corpus.ts"
import { aimuxStream, chatFixtures, errorView, linesToSse, partsView, readText, upstreamStream } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const corpus = chatFixtures(".chunks.txt")

const optionSets: ReadonlyArray<readonly [string, CallOptions, string?]> = [
  ["plain", { prompt }],
  ["raw", { prompt, includeRawChunks: true }],
  ["tools, magistral", { prompt, tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }] }, "magistral-medium-latest"]
]

describe("Mistral stream: differential against @ai-sdk/mistral", () => {
  guardCorpus({ label: "Mistral stream corpus", count: corpus.length, minimum: 16 })

  for (const file of corpus) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      for (const [label, options, modelId] of optionSets) {
        if (label !== "plain" && chunkSize === 1) continue
        it.effect(`${path.basename(file)} chunk=${chunkSize} ${label}`, () =>
          Effect.gen(function*() {
            const reply = { body: linesToSse(readText(file)), chunkSize }
            const upstream = yield* Effect.promise(() => upstreamStream(reply, options, modelId))
            const ours = yield* aimuxStream(reply, options, modelId)
            expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          }))
      }
    }
  }

  const errorBodies: ReadonlyArray<readonly [string, number, string]> = [
    ["mistral error body", 400, JSON.stringify({ object: "error", message: "Invalid model", type: "invalid_model", param: null, code: "1500" })],
    ["unauthorized without the error shape", 401, JSON.stringify({ message: "Unauthorized", request_id: "r1" })],
    ["rate limited", 429, JSON.stringify({ object: "error", message: "Rate limit exceeded", type: "rate_limited", param: null, code: null })],
    ["empty server error", 500, ""]
  ]
  for (const [label, status, body] of errorBodies) {
    it.effect(`an error status on the stream fails the call the same way: ${label}`, () =>
      Effect.gen(function*() {
        const reply = { body, status, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamStream(reply, { prompt }))
        const ours = yield* aimuxStream(reply, { prompt })
        expect(upstream.failure).toBeDefined()
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
      }))
  }
})
