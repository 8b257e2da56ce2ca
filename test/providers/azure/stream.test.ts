/**
 * Azure streams, differential against the pinned `@ai-sdk/azure` 4.0.85: the OpenAI Responses
 * corpus through `azure.responses` and the chat corpus through `azure.chat`, at chunk sizes 1, 7
 * and whole; URL, headers and body text of the request, every part, the stream result's request.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { guardCorpus, listRecordings, recordingsDir } from "../_kit/Corpus.ts"
import { type Api, expectSameStream } from "./harness.ts"

// The pin's nested provider-utils 5.0.51 tool-call tracker concatenates a reused index's calls;
// aimux keeps the fixed tracker (divergences.test.ts asserts both).
const diverging = new Set(["tool-call-reused-index.sse"])

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures")
const sse = (text: string) =>
  text.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("")

const corpus: Record<Api, Array<{ name: string; body: string }>> = {
  responses: fs.readdirSync(path.join(fixtures, "openai-responses")).filter((f) => f.endsWith(".chunks.txt")).sort()
    .map((f) => ({ name: f, body: sse(fs.readFileSync(path.join(fixtures, "openai-responses", f), "utf8")) })),
  chat: fs.readdirSync(path.join(fixtures, "openai-chat")).filter((f) => f.endsWith(".sse") && !diverging.has(f)).sort()
    .map((f) => ({ name: f, body: fs.readFileSync(path.join(fixtures, "openai-chat", f), "utf8") }))
}
// the recorded traffic (an Azure model-router stream among the chat recordings)
for (const api of ["responses", "chat"] as const) {
  const dir = recordingsDir(api === "responses" ? "openai-responses" : "openai-chat")
  for (const f of listRecordings(api === "responses" ? "openai-responses" : "openai-chat", ".chunks.txt")) {
    corpus[api].push({ name: `recording ${f}`, body: sse(fs.readFileSync(path.join(dir, f), "utf8")) })
  }
}

for (const api of ["responses", "chat"] as const) {
  describe(`azure.${api} stream (differential against @ai-sdk/azure 4.0.85)`, () => {
    const provider = api === "responses" ? "openai-responses" : "openai-chat"
    guardCorpus({ label: `${provider} stream recordings`, provider, count: listRecordings(provider, ".chunks.txt").length, minimum: 1 })
    it("has the corpus", () => expect(corpus[api].length).toBeGreaterThanOrEqual(api === "responses" ? 40 : 25))
    for (const { body, name } of corpus[api]) {
      for (const chunkSize of [1, 7, undefined]) {
        it(`${name} at ${chunkSize ?? "whole"}`, async () => {
          await expectSameStream(body, { api, chunkSize })
        })
      }
    }
  })
}
