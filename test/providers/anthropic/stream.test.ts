import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import type { LanguageModelV4CallOptions as CallOptions } from "@ai-sdk/provider"
import {
  aimuxStream,
  chunksToSse,
  errorView,
  fixturesDir,
  listFixtures,
  partsView,
  readText,
  upstreamStream
} from "./harness.ts"
import { guardCorpus, listRecordings } from "../_kit/Corpus.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const corpus = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".chunks.txt").map((f) => path.join(fixturesDir, "crafted", f))
]

// Shared recordings, when present, must all be in the committed corpus (path relative to the repository).
const sharedFiles = listRecordings("anthropic", ".chunks.txt")

const optionSets: ReadonlyArray<readonly [string, CallOptions]> = [
  ["plain", { prompt }],
  ["raw+pings", { prompt, includeRawChunks: true, providerOptions: { anthropic: { includePings: true } } }],
  ["tools", {
    prompt,
    tools: [
      { type: "provider", id: "anthropic.web_search_20260209", name: "search", args: {} },
      { type: "provider", id: "anthropic.web_fetch_20250910", name: "fetch", args: {} },
      { type: "function", name: "weather", inputSchema: { type: "object" } }
    ]
  }],
  // the `json` response tool: its call streams as text, other text is held back
  ["json tool", {
    prompt,
    responseFormat: { type: "json", schema: { type: "object", properties: { name: { type: "string" } } } },
    tools: [
      { type: "provider", id: "anthropic.web_search_20250305", name: "web_search", args: {} },
      { type: "function", name: "weather", inputSchema: { type: "object" } }
    ],
    providerOptions: { anthropic: { structuredOutputMode: "jsonTool" } }
  }],
  // the computer toolset: member calls become calls of the toolset tool (`zoom` disabled)
  ["toolset", {
    prompt,
    tools: [{ type: "provider", id: "anthropic.computer_toolset_20260801", name: "computer", args: { configs: { zoom: { enabled: false } } } }]
  }],
  ["native json", {
    prompt,
    responseFormat: { type: "json", schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }
  }]
]

describe("Anthropic stream: differential against @ai-sdk/anthropic", () => {
  guardCorpus({ label: "anthropic stream corpus", count: corpus.length, minimum: 28 })
  guardCorpus({ label: "anthropic shared stream recordings", provider: "anthropic", count: sharedFiles.length, minimum: 18 })
  it("the committed corpus holds every shared recording", () => {
    const committed = new Set(listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt"))
    for (const file of sharedFiles) expect(committed.has(file), file).toBe(true)
  })

  for (const file of corpus) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      for (const [label, options] of optionSets) {
        const base = path.basename(file)
        const focused = (base.startsWith("json-") && label === "json tool") || (base.startsWith("toolset-") && label === "toolset")
        if (label !== "plain" && chunkSize !== 7 && !focused) continue
        it.effect(`${path.basename(file)} chunk=${chunkSize} ${label}`, () =>
          Effect.gen(function*() {
            const body = chunksToSse(readText(file))
            const reply = { body, chunkSize }
            const upstream = yield* Effect.promise(() => upstreamStream(reply, options))
            const ours = yield* aimuxStream(reply, options)
            expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            expect(ours.captured.body).toStrictEqual(upstream.captured.body)
            expect(ours.captured.url).toBe(upstream.captured.url)
          }))
      }
    }
  }
})
