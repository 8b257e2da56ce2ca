/**
 * Differential: the Groq provider against upstream `createGroq({ fetch })` on
 * identical inputs: request bodies and warnings (key order included),
 * conversion failures, `stream` over the crafted corpus (`fixtures/groq/`,
 * spec §3 behaviours 26–28, 34) and the recorded traffic at chunk sizes 1, 7
 * and whole-body, and `generate` on the JSON bodies.
 */
import { createGroq } from "@ai-sdk/groq"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "vitest"
import { Groq } from "../../../src/providers/groq/index.ts"
import { type CallCase, commonCases } from "../openai-compatible/callCases.ts"
import { fixture, guardBodies, jsonBodies, streamBodies } from "../openai-compatible/corpus.ts"
import {
  runOursGenerate,
  runOursStream,
  runUpstreamGenerate,
  runUpstreamStream
} from "../openai-compatible/streamHarness.ts"

const modelId = "llama-3.3-70b-versatile"
const upstreamFor = (id: string) => (fetch: typeof globalThis.fetch) => createGroq({ apiKey: "test-key", fetch })(id)
const oursFor = (id: string) => Groq.layer(id, { apiKey: "test-key" })
const upstream = upstreamFor(modelId)
const ours = oursFor(modelId)

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] })
const tool = { type: "function" as const, name: "get", inputSchema: { type: "object" } }
const options: LanguageModelV4CallOptions = { prompt: [user("hi")], tools: [tool] }
const doneSse = "data: {\"id\":\"x\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"

const groqCases: ReadonlyArray<CallCase & { readonly modelId?: string }> = [
  {
    name: "groq provider options",
    options: {
      prompt: [user("hi")],
      providerOptions: {
        groq: {
          reasoningFormat: "parsed",
          reasoningEffort: "default",
          parallelToolCalls: false,
          user: "u",
          serviceTier: "flex",
          structuredOutputs: true,
          strictJsonSchema: false
        }
      },
      responseFormat: { type: "json", schema: { type: "object" }, name: "n" }
    }
  },
  {
    name: "structuredOutputs false warns for a schema",
    options: {
      prompt: [user("hi")],
      responseFormat: { type: "json", schema: { type: "object" } },
      providerOptions: { groq: { structuredOutputs: false } }
    }
  },
  {
    name: "json response tool with function tools (name collision, tool choice none)",
    options: {
      prompt: [user("hi")],
      tools: [{ ...tool, name: "json" }, { ...tool, name: "json_1" }],
      toolChoice: { type: "none" },
      responseFormat: { type: "json", schema: { type: "object" }, description: "d" }
    }
  },
  {
    name: "json response tool with tool choice tool",
    options: {
      prompt: [user("hi")],
      tools: [tool],
      toolChoice: { type: "tool", toolName: "get" },
      responseFormat: { type: "json", schema: { type: "object" } }
    }
  },
  {
    name: "browser search on gpt-oss",
    modelId: "openai/gpt-oss-120b",
    options: {
      prompt: [user("hi")],
      tools: [{ type: "provider", id: "groq.browser_search", name: "browser_search", args: {} }],
      reasoning: "none"
    }
  },
  {
    name: "browser search on a documented non-gpt-oss model warns",
    options: {
      prompt: [user("hi")],
      tools: [{ type: "provider", id: "groq.browser_search", name: "browser_search", args: {} }]
    }
  },
  {
    name: "browser search on an unknown model is forwarded",
    modelId: "some/new-model",
    options: {
      prompt: [user("hi")],
      tools: [{ type: "provider", id: "groq.browser_search", name: "browser_search", args: {} }]
    }
  },
  { name: "reasoning none on qwen3.6", modelId: "qwen/qwen3.6-27b", options: { prompt: [user("hi")], reasoning: "none" } },
  { name: "reasoning xhigh on gpt-oss", modelId: "openai/gpt-oss-20b", options: { prompt: [user("hi")], reasoning: "xhigh" } }
]

const failingCases: ReadonlyArray<CallCase> = [
  {
    name: "non-image file",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } }] }] }
  },
  {
    name: "file reference",
    options: {
      prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "reference", reference: { groq: "f" } } }] }]
    }
  },
  {
    name: "text file",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "text/plain", data: { type: "text", text: "t" } }] }] }
  },
  { name: "invalid provider options", options: { prompt: [user("hi")], providerOptions: { groq: { serviceTier: "gold" } } } }
]

describe("groq request body (differential)", () => {
  const cases: ReadonlyArray<CallCase & { readonly modelId?: string }> = [...commonCases, ...groqCases]
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const id = testCase.modelId ?? modelId
      const expected = await runUpstreamStream(upstreamFor(id), testCase.options, doneSse, undefined)
      const actual = await runOursStream(oursFor(id), testCase.options, doneSse, undefined)
      expect(expected.failure).toBeUndefined()
      expect(actual.requestBody).toEqual(expected.requestBody)
      expect(actual.parts[0]).toEqual(expected.parts[0])
    })
  }
  for (const testCase of failingCases) {
    it(`fails like upstream: ${testCase.name}`, async () => {
      const expected = await runUpstreamStream(upstream, testCase.options, doneSse, undefined)
      const actual = await runOursStream(ours, testCase.options, doneSse, undefined)
      expect(expected.failure).toBeDefined()
      expect(actual.failure).toEqual(expected.failure)
    })
  }
})

describe("groq stream (differential)", () => {
  const bodies = streamBodies("groq")
  guardBodies("groq", bodies, { fixtures: 21, recordings: 4 })
  for (const [name, body] of bodies) {
    for (const chunkSize of [1, 7, undefined]) {
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

  it("json response tool stream becomes text and finishes with stop", async () => {
    const jsonOptions: LanguageModelV4CallOptions = {
      prompt: [user("hi")],
      tools: [tool],
      responseFormat: { type: "json", schema: { type: "object" } }
    }
    for (const file of ["json-response-tool.sse", "json-response-tool-with-app-call.sse"]) {
      const body = fixture("groq", file)
      const expected = await runUpstreamStream(upstream, jsonOptions, body, 7)
      const actual = await runOursStream(ours, jsonOptions, body, 7)
      expect(actual.parts).toEqual(expected.parts)
      expect(actual.requestBody).toEqual(expected.requestBody)
    }
  })

  it("an HTTP error status fails stream with APICallError", async () => {
    const body = fixture("groq", "error-body.json.txt")
    const response = { status: 400, contentType: "application/json" }
    const expected = await runUpstreamStream(upstream, options, body, undefined, response)
    const actual = await runOursStream(ours, options, body, undefined, response)
    expect(expected.failure).toBeDefined()
    expect(actual.failure).toEqual(expected.failure)
  })
})

describe("groq generate (differential)", () => {
  const json = jsonBodies("groq")
  guardBodies("groq", json, { fixtures: 2, recordings: 2 })
  for (const [name, body] of json) {
    it(name, async () => {
      const isError = body.includes("\"error\"") && !body.includes("\"choices\"")
      const response = isError ? { status: 400 } : {}
      const expected = await runUpstreamGenerate(upstream, options, body, response)
      const actual = await runOursGenerate(ours, options, body, response)
      expect(actual.requestBody).toEqual(expected.requestBody)
      expect(actual.result).toEqual(expected.result)
      expect(actual.failure).toEqual(expected.failure)
    })
  }
})
