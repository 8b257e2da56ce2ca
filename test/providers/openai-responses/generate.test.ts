/**
 * Differential: OpenAI Responses `generate` on identical JSON bodies through
 * upstream `@ai-sdk/openai` (mocked fetch) and aimux (replay HttpClient):
 * same content, finish reason, usage, provider metadata, warnings, request
 * and response metadata (generated ids normalized), same failures. Inputs:
 * fixtures/openai-responses/generate/ and the `.json` recordings in
 * ../shared/recordings/openai-responses/ when present (as 200 bodies and as
 * HTTP error bodies).
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { guardCorpus } from "../_kit/Corpus.ts"
import { expectSameGenerate, fixtureDir, listFiles, readText, recordingsDir } from "./harness.ts"

const generateDir = join(fixtureDir, "generate")
const corpus = listFiles(generateDir, ".json")
const recordings = listFiles(recordingsDir, ".json")

const tools: LanguageModelV4CallOptions["tools"] = [
  { type: "function", name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } },
  { type: "provider", id: "openai.web_search", name: "search", args: {} },
  { type: "provider", id: "openai.file_search", name: "files", args: { vectorStoreIds: ["vs_1"] } },
  { type: "provider", id: "openai.code_interpreter", name: "python", args: {} },
  { type: "provider", id: "openai.image_generation", name: "draw", args: {} },
  { type: "provider", id: "openai.shell", name: "shell", args: { environment: { type: "containerAuto" } } },
  { type: "provider", id: "openai.custom", name: "write_sql", args: {} }
]

const variants: ReadonlyArray<{ readonly name: string; readonly options: LanguageModelV4CallOptions }> = [
  { name: "tools", options: { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], tools } },
  {
    name: "json, logprobs, approval history",
    options: {
      prompt: [
        { role: "user", content: [{ type: "text", text: "hi" }] },
        {
          role: "assistant",
          content: [{ type: "tool-call", toolCallId: "ours_1", toolName: "mcp.roll", input: "{}", providerExecuted: true, providerOptions: { openai: { approvalRequestId: "mcpr_0" } } }]
        }
      ],
      responseFormat: { type: "json" },
      providerOptions: { openai: { logprobs: 2 } }
    }
  }
]

describe("OpenAI Responses generate: crafted corpus (differential)", () => {
  it("has a corpus", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(15)
  })
  for (const file of corpus) {
    for (const variant of variants) {
      it(`${file} (${variant.name})`, async () => {
        await expectSameGenerate(readText(join(generateDir, file)), { options: variant.options })
      })
    }
  }
  it("an HTTP error status", async () => {
    await expectSameGenerate(JSON.stringify({ error: { message: "bad", type: "invalid_request_error", code: "x" } }), { status: 400 })
  })
})

describe("OpenAI Responses generate: recorded bodies (differential)", () => {
  guardCorpus({ label: "OpenAI Responses generate recordings", count: recordings.length, minimum: 6, provider: "openai-responses" })
  for (const file of recordings) {
    it(`${file} as a 200 body`, async () => {
      await expectSameGenerate(readText(join(recordingsDir, file)), { options: variants[0].options })
    })
    it(`${file} as a 429 body`, async () => {
      await expectSameGenerate(readText(join(recordingsDir, file)), { status: 429 })
    })
  }
})
