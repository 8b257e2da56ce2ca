/**
 * Differential: OpenAI Responses `stream` on identical bytes through upstream
 * `@ai-sdk/openai` (mocked fetch) and aimux (replay HttpClient), at chunk
 * sizes 1, 7 and the whole body: same parts (generated ids normalized), same
 * request body, same failures. Inputs: the crafted corpus in
 * fixtures/openai-responses/ and the recordings in
 * ../shared/recordings/openai-responses/ when that folder exists.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { guardCorpus } from "../_kit/Corpus.ts"
import { chunksToSse, expectSameStream, fixtureDir, listFiles, readText, recordingsDir } from "./harness.ts"

const chunkSizes = [1, 7, undefined] as const

const tools: LanguageModelV4CallOptions["tools"] = [
  { type: "function", name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } },
  { type: "function", name: "getWeather", inputSchema: { type: "object", properties: { location: { type: "string" } } } },
  { type: "provider", id: "openai.web_search", name: "web_search", args: {} },
  { type: "provider", id: "openai.file_search", name: "file_search", args: { vectorStoreIds: ["vs_1"] } },
  { type: "provider", id: "openai.code_interpreter", name: "code_interpreter", args: {} },
  { type: "provider", id: "openai.image_generation", name: "image_generation", args: {} },
  { type: "provider", id: "openai.local_shell", name: "local_shell", args: {} },
  { type: "provider", id: "openai.shell", name: "shell", args: {} },
  { type: "provider", id: "openai.apply_patch", name: "apply_patch", args: {} },
  { type: "provider", id: "openai.tool_search", name: "tool_search", args: {} },
  { type: "provider", id: "openai.custom", name: "write_sql", args: { description: "SQL" } }
]

const promptOf = (extra: Partial<LanguageModelV4CallOptions> = {}): LanguageModelV4CallOptions => ({
  prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
  tools,
  ...extra
})

const corpus = listFiles(fixtureDir, ".chunks.txt")
const recordings = listFiles(recordingsDir, ".chunks.txt")

describe("OpenAI Responses stream: crafted corpus (differential)", () => {
  it("has a corpus", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20)
  })
  for (const file of corpus) {
    const sse = chunksToSse(readText(join(fixtureDir, file)))
    for (const chunkSize of chunkSizes) {
      it(`${file} @ chunk ${chunkSize ?? "whole"}`, async () => {
        await expectSameStream(sse, { chunkSize, options: promptOf() })
      })
    }
    it(`${file} without store, with raw chunks and logprobs`, async () => {
      await expectSameStream(sse, {
        chunkSize: 7,
        options: promptOf({ includeRawChunks: true, providerOptions: { openai: { store: false, logprobs: true } } })
      })
    })
  }
})

// The recordings live beside the project (../shared): `guardCorpus` shows their absence (a skip,
// a failure in CI) instead of the suite vanishing.
describe("OpenAI Responses stream: recorded traffic (differential)", () => {
  guardCorpus({ label: "OpenAI Responses stream recordings", count: recordings.length, minimum: 16, provider: "openai-responses" })
  for (const file of recordings) {
    const sse = chunksToSse(readText(join(recordingsDir, file)))
    for (const chunkSize of chunkSizes) {
      it(`${file} @ chunk ${chunkSize ?? "whole"}`, async () => {
        await expectSameStream(sse, { chunkSize, options: promptOf() })
      })
    }
    it(`${file} without store`, async () => {
      await expectSameStream(sse, { options: promptOf({ providerOptions: { openai: { store: false } } }) })
    })
  }
})
