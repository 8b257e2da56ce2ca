/**
 * Differential: OpenAI chat `stream` on identical bytes through upstream
 * (mocked fetch) and aimux (replay HttpClient), at chunk sizes 1, 7 and the
 * whole body: same parts (generated ids normalized), same request body, same
 * failures. Inputs: the crafted corpus in fixtures/openai-chat/ and the real
 * recordings in ../shared/recordings/openai-chat/ when that folder exists.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { guardCorpus, listRecordings, recordingsDir as recordingsDirOf } from "../_kit/Corpus.ts"
import { expectSameStream } from "./differential.ts"

const fixtureDir = join(import.meta.dirname, "../../../fixtures/openai-chat")
const recordingsDir = recordingsDirOf("openai-chat")

/** A `.chunks.txt` recording (one JSON payload per line) as an SSE body ending in `[DONE]`. */
export const chunksToSse = (text: string): string =>
  text.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("") +
  "data: [DONE]\n\n"

const corpus = readdirSync(fixtureDir).filter((f) => f.endsWith(".sse")).sort()
const recordings = listRecordings("openai-chat", ".chunks.txt")
const chunkSizes = [1, 7, undefined] as const

const tools = [{
  type: "function" as const,
  name: "weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } } }
}]

describe("OpenAI chat stream: crafted corpus (differential)", () => {
  it("has a corpus", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25)
  })
  for (const file of corpus) {
    for (const chunkSize of chunkSizes) {
      it(`${file} @ chunk ${chunkSize ?? "whole"}`, async () => {
        await expectSameStream(readFileSync(join(fixtureDir, file)), {
          chunkSize,
          options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], tools }
        })
      })
    }
  }
  for (const file of ["text.sse", "invalid-json.sse", "error-after-text.sse"]) {
    it(`${file} with raw chunks`, async () => {
      await expectSameStream(readFileSync(join(fixtureDir, file)), {
        chunkSize: 7,
        options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], includeRawChunks: true }
      })
    })
  }
})

// The recordings live beside the project (../shared) and are not copied into it: on a clone without
// them the guard is one visible skipped test; the committed corpus above always runs.
describe("OpenAI chat stream: recorded traffic (differential)", () => {
  guardCorpus({ label: "openai-chat recordings", provider: "openai-chat", count: recordings.length, minimum: 3 })
  for (const file of recordings) {
    for (const chunkSize of chunkSizes) {
      it(`${file} @ chunk ${chunkSize ?? "whole"}`, async () => {
        await expectSameStream(chunksToSse(readFileSync(join(recordingsDir, file), "utf8")), { chunkSize })
      })
    }
  }
})
