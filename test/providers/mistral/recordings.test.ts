/**
 * Real Mistral traffic: the recorded `mistral-small-latest` bodies of `../shared/recordings`
 * (upstream's openai-compatible fixtures of issue 13703, recorded from Mistral's API: thinking
 * chunks with `closed`, padding keys, cached-token details) through both ports: stream parts at
 * chunk sizes 1, 7 and whole, and the generate result, differential against `@ai-sdk/mistral`.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { guardCorpus, listRecordings, recordingsDir } from "../_kit/Corpus.ts"
import { aimuxGenerate, aimuxStream, errorView, linesToSse, normalize, partsView, readText, upstreamGenerate, upstreamStream } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "What is 17 times 23?" }] }]
const provider = "openai-compatible"
const streams = listRecordings(provider, /mistral.*\.chunks\.txt$/)
const bodies = listRecordings(provider, /mistral.*\.json$/)

describe("Mistral recordings: differential against @ai-sdk/mistral", () => {
  guardCorpus({ label: "Mistral recordings", count: streams.length + bodies.length, minimum: 2, provider })

  for (const file of streams) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      it.effect(`${file} chunk=${chunkSize}`, () =>
        Effect.gen(function*() {
          const reply = { body: linesToSse(readText(path.join(recordingsDir(provider), file))), chunkSize }
          const options = { prompt, includeRawChunks: chunkSize === 7 }
          const upstream = yield* Effect.promise(() => upstreamStream(reply, options, "magistral-small-latest"))
          const ours = yield* aimuxStream(reply, options, "magistral-small-latest")
          expect(upstream.parts.some((p) => Reflect.get(Object(p), "type") === "reasoning-delta")).toBe(true)
          expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        }))
    }
  }

  for (const file of bodies) {
    it.effect(`${file} generate`, () =>
      Effect.gen(function*() {
        const reply = { body: readText(path.join(recordingsDir(provider), file)), contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(reply, { prompt }))
        const ours = yield* aimuxGenerate(reply, { prompt })
        expect(upstream.failure).toBeUndefined()
        expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
      }))
  }
})
