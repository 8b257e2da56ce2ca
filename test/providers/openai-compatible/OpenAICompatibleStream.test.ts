/**
 * Differential: openai-compatible `stream` and `generate` against upstream
 * `createOpenAICompatible(...).chatModel` on identical bytes (the crafted
 * corpus in `fixtures/openai-compatible/`, spec §3 behaviours 26–31 and the
 * recorded traffic of `../shared/recordings/openai-compatible/` when present),
 * at chunk sizes 1, 7 and whole-body: parts, request bodies and failures.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "vitest"
import { OpenAICompatible } from "../../../src/providers/openai-compatible/index.ts"
import { fixture, guardBodies, jsonBodies, streamBodies } from "./corpus.ts"
import { runOursGenerate, runOursStream, runUpstreamGenerate, runUpstreamStream } from "./streamHarness.ts"

const settings = { baseURL: "https://compat.test/v1", name: "openai-compatible", apiKey: "test-key", includeUsage: true }
const upstream = (fetch: typeof globalThis.fetch) =>
  createOpenAICompatible({ ...settings, fetch }).chatModel("test-model")
const ours = OpenAICompatible.layer("test-model", settings)

const options: LanguageModelV4CallOptions = {
  prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
  tools: [{ type: "function", name: "get", inputSchema: { type: "object" } }]
}
const rawOptions: LanguageModelV4CallOptions = { ...options, includeRawChunks: true }

const chunkSizes = [1, 7, undefined] as const

describe("openai-compatible stream (differential)", () => {
  const bodies = streamBodies("openai-compatible")
  guardBodies("openai-compatible", bodies, { fixtures: 29, recordings: 7 })
  for (const [name, body] of bodies) {
    for (const chunkSize of chunkSizes) {
      it(`${name} @ chunk ${chunkSize ?? "whole"}`, async () => {
        const expected = await runUpstreamStream(upstream, options, body, chunkSize)
        const actual = await runOursStream(ours, options, body, chunkSize)
        expect(actual.requestBody).toEqual(expected.requestBody)
        expect(actual.parts).toEqual(expected.parts)
        expect(actual.failure).toEqual(expected.failure)
        expect(actual.envelope).toEqual(expected.envelope)
      })
    }
  }

  it("raw chunks come first, per chunk", async () => {
    const body = fixture("openai-compatible", "invalid-json-then-stop.sse")
    const expected = await runUpstreamStream(upstream, rawOptions, body, undefined)
    const actual = await runOursStream(ours, rawOptions, body, undefined)
    expect(actual.parts).toEqual(expected.parts)
  })

  it("an HTTP error status fails stream with APICallError", async () => {
    const body = JSON.stringify({ error: { message: "bad key", type: "invalid_request_error", code: "invalid_api_key" } })
    const expected = await runUpstreamStream(upstream, options, body, undefined, { status: 401, contentType: "application/json" })
    const actual = await runOursStream(ours, options, body, undefined, { status: 401, contentType: "application/json" })
    expect(expected.failure).toBeDefined()
    expect(actual.failure).toEqual(expected.failure)
  })
})

describe("openai-compatible generate (differential)", () => {
  const json = jsonBodies("openai-compatible")
  guardBodies("openai-compatible", json, { fixtures: 5, recordings: 2 })
  for (const [name, body] of json) {
    it(name, async () => {
      const expected = await runUpstreamGenerate(upstream, options, body)
      const actual = await runOursGenerate(ours, options, body)
      expect(actual.requestBody).toEqual(expected.requestBody)
      expect(actual.result).toEqual(expected.result)
      expect(actual.failure).toEqual(expected.failure)
    })
  }
})
