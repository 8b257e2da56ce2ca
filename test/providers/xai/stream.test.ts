/**
 * Stream parts at chunk sizes 1, 7 and the whole body, on the crafted
 * corpus and every xAI recording: differential against `@ai-sdk/xai`.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import { guardCorpus, hasRecordings, recordingsDir } from "../_kit/Corpus.ts"
import * as path from "node:path"
import {
  aimuxStream,
  errorView,
  fixturesDir,
  linesToSse,
  listFixtures,
  partsView,
  readText,
  upstreamStream
} from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const tool = (id: `${string}.${string}`, name: string, args: Record<string, unknown> = {}) => ({
  type: "provider" as const,
  id,
  name,
  args
})

const recordings = listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt")
const crafted = listFixtures(path.join(fixturesDir, "crafted"), ".chunks.txt")
const corpus = [
  ...recordings.map((f) => path.join(fixturesDir, "recordings", f)),
  ...crafted.map((f) => path.join(fixturesDir, "crafted", f))
]

const optionSets: ReadonlyArray<readonly [string, CallOptions]> = [
  ["plain", { prompt }],
  ["raw", { prompt, includeRawChunks: true }],
  ["named tools", {
    prompt,
    tools: [
      tool("xai.web_search", "search"),
      tool("xai.x_search", "xs"),
      tool("xai.code_execution", "code"),
      tool("xai.mcp", "remote", { serverUrl: "https://mcp.example.com" }),
      tool("xai.file_search", "files", { vectorStoreIds: ["vs"] }),
      tool("xai.image_generation", "draw"),
      { type: "function", name: "weather", inputSchema: { type: "object" } }
    ]
  }]
]

// The shared recordings folder, when present, must be mirrored in fixtures.
const shared = recordingsDir("xai")

describe("xAI stream: differential against @ai-sdk/xai", () => {
  guardCorpus({ label: "xAI stream corpus", count: corpus.length, minimum: 16, provider: "xai", committedMinimum: 16 })

  if (hasRecordings("xai")) {
    it("every shared xAI recording is in the committed corpus, byte for byte", () => {
      const files = fs.readdirSync(shared)
      expect(files.length).toBeGreaterThanOrEqual(9)
      for (const file of files) {
        expect(readText(path.join(fixturesDir, "recordings", file)), file).toBe(readText(path.join(shared, file)))
      }
    })
  }

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
})
