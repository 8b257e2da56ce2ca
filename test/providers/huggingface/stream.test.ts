/**
 * Stream parts at chunk sizes 1, 7 and the whole body, on the crafted
 * corpus (and any shared Hugging Face recordings): differential against
 * `@ai-sdk/huggingface`.
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
  // upstream emits no raw parts for this provider
  ["raw", { prompt, includeRawChunks: true }],
  ["tools", {
    prompt,
    tools: [
      tool("huggingface.mcp", "mcp"),
      { type: "function", name: "weather", inputSchema: { type: "object" } }
    ]
  }]
]

// The shared recordings folder, when present, must be mirrored in fixtures.
const shared = recordingsDir("huggingface")

describe("Hugging Face stream: differential against @ai-sdk/huggingface", () => {
  guardCorpus({ label: "Hugging Face stream corpus", count: corpus.length, minimum: 7 })

  if (hasRecordings("huggingface")) {
    it("every shared Hugging Face recording is in the committed corpus, byte for byte", () => {
      const files = fs.readdirSync(shared)
      expect(files.length).toBeGreaterThanOrEqual(1)
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

// Deliberate divergence (docs/divergences.md, Hugging Face): a known event whose fields upstream
// reads are missing or ill-typed. Upstream reads the raw object (its union's catch-all member) and
// throws a TypeError or emits a part with a non-string id; aimux emits an error part and goes on.
describe("Hugging Face stream: ill-typed known events (divergence)", () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["output item without item", '{"type":"response.output_item.added","output_index":0}'],
    ["completed without response", '{"type":"response.completed"}'],
    ["assistant message with a numeric id", '{"type":"response.output_item.added","item":{"type":"message","role":"assistant","id":5}}']
  ]
  for (const [label, line] of cases) {
    it.effect(label, () =>
      Effect.gen(function*() {
        const body = linesToSse(`${line}\n{"type":"response.output_text.delta","item_id":"m","delta":"after"}`)
        const upstream = yield* Effect.promise(() => upstreamStream({ body }, { prompt }))
        const ours = yield* aimuxStream({ body }, { prompt })
        const upstreamBroke = upstream.failure !== undefined ||
          upstream.parts.some((part) => typeof Reflect.get(Object(part), "id") === "number")
        expect(upstreamBroke).toBe(true)
        expect(ours.failure).toBeUndefined()
        const types = ours.parts.map((part) => Reflect.get(Object(part), "type"))
        expect(types).toStrictEqual(["stream-start", "error", "text-delta", "finish"])
        const error: unknown = Reflect.get(Object(ours.parts[1]), "error")
        expect(Reflect.get(Object(error), "name")).toBe("AI_TypeValidationError")
        expect(Reflect.get(Object(error), "value")).toStrictEqual(JSON.parse(line))
      }))
  }
})
