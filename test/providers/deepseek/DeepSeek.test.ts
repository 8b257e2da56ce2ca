/**
 * Differential: the DeepSeek provider against upstream `createDeepSeek({ fetch })`
 * on identical inputs: request bodies and warnings, conversion failures,
 * `stream` over the crafted corpus (`fixtures/deepseek/`) and the recorded
 * traffic at chunk sizes 1, 7 and whole-body, `generate` on the JSON bodies;
 * and the one deliberate difference, the 5.0.51 parallel-call merge (upstream
 * merges, aimux keeps two calls).
 */
import { createDeepSeek } from "@ai-sdk/deepseek"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "vitest"
import { DeepSeek } from "../../../src/providers/deepseek/index.ts"
import { type CallCase, commonCases } from "../openai-compatible/callCases.ts"
import { fixture, guardBodies, jsonBodies, streamBodies } from "../openai-compatible/corpus.ts"
import {
  runOursGenerate,
  runOursStream,
  runUpstreamGenerate,
  runUpstreamStream
} from "../openai-compatible/streamHarness.ts"

const modelId = "deepseek-chat"
interface Target {
  readonly modelId?: string
  readonly baseURL?: string
}
const upstreamFor = (target: Target = {}) => (fetch: typeof globalThis.fetch) =>
  createDeepSeek({ apiKey: "test-key", fetch, ...(target.baseURL ? { baseURL: target.baseURL } : {}) })(
    target.modelId ?? modelId
  )
const oursFor = (target: Target = {}) =>
  DeepSeek.layer(target.modelId ?? modelId, { apiKey: "test-key", baseURL: target.baseURL })
const upstream = upstreamFor()
const ours = oursFor()

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] })
const tool = { type: "function" as const, name: "get", inputSchema: { type: "object" } }
const options: LanguageModelV4CallOptions = { prompt: [user("hi")], tools: [tool] }
const doneSse = "data: {\"id\":\"x\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
const png = "iVBORw0KGgoAAAAA"

const deepseekCases: ReadonlyArray<CallCase & Target> = [
  {
    name: "deepseek provider options: logprobs, userId, thinking, reasoningEffort",
    options: {
      prompt: [user("hi")],
      temperature: 0.3,
      topP: 0.5,
      providerOptions: {
        deepseek: { topLogprobs: 3, userId: "user_1", thinking: { type: "adaptive" }, reasoningEffort: "medium" }
      }
    }
  },
  {
    name: "thinking disabled keeps temperature, drops reasoning effort",
    options: {
      prompt: [user("hi")],
      temperature: 0.3,
      providerOptions: { deepseek: { thinking: { type: "disabled" }, reasoningEffort: "xhigh", logprobs: true } }
    }
  },
  { name: "reasoner model: thinking on by default", modelId: "deepseek-reasoner", options: { prompt: [user("hi")], topP: 1 } },
  {
    name: "v4 model: reasoning kept and back-filled",
    modelId: "deepseek-v4-pro",
    options: {
      prompt: [
        user("q1"),
        { role: "assistant", content: [{ type: "reasoning", text: "r1" }, { type: "text", text: "a1" }] },
        { role: "assistant", content: [{ type: "text", text: "a2" }] },
        user("q2"),
        { role: "assistant", content: [{ type: "reasoning", text: "r3" }, { type: "text", text: "a3" }] }
      ]
    }
  },
  {
    name: "message names, tool message name warning, prefix on the beta endpoint",
    baseURL: "https://api.deepseek.com/beta",
    options: {
      prompt: [
        { role: "system", content: "s", providerOptions: { deepseek: { name: "sys" } } },
        { ...user("hi"), providerOptions: { deepseek: { name: "alice" } } },
        {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: "c", toolName: "t", output: { type: "text", value: "v" } }],
          providerOptions: { deepseek: { name: "n" } }
        },
        { role: "assistant", content: [{ type: "text", text: "pre" }], providerOptions: { deepseek: { prefix: true } } }
      ]
    }
  },
  {
    name: "strict tools on the beta endpoint",
    baseURL: "https://api.deepseek.com/beta",
    options: { prompt: [user("hi")], tools: [{ ...tool, strict: true }] }
  },
  {
    name: "images: url with detail, data, jpg, fileData, reference; non-image warning",
    options: {
      prompt: [{
        role: "user",
        content: [
          { type: "text", text: "look" },
          {
            type: "file",
            mediaType: "image/png",
            data: { type: "url", url: new URL("https://example.com/a.png") },
            providerOptions: { deepseek: { imageDetail: "high" } }
          },
          { type: "file", mediaType: "image/jpg", data: { type: "data", data: png } },
          {
            type: "file",
            mediaType: "image/png",
            data: { type: "data", data: png },
            filename: "a.png",
            providerOptions: { deepseek: { fileData: true } }
          },
          { type: "file", mediaType: "image/png", data: { type: "reference", reference: { deepseek: "file-9" } } },
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } }
        ]
      }]
    }
  },
  {
    name: "user text with a non-image file warns",
    options: {
      prompt: [{
        role: "user",
        content: [{ type: "text", text: "a" }, { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } }]
      }]
    }
  },
  {
    name: "tool result content with images",
    options: {
      prompt: [{
        role: "tool",
        content: [{
          type: "tool-result",
          toolCallId: "c",
          toolName: "t",
          output: {
            type: "content",
            value: [
              { type: "text", text: "t" },
              { type: "file", mediaType: "image/png", data: { type: "data", data: png } },
              { type: "file", mediaType: "application/pdf", data: { type: "data", data: "JVBERi0=" } }
            ]
          }
        }]
      }]
    }
  },
  {
    name: "penalties and seed are dropped with warnings",
    options: { prompt: [user("hi")], frequencyPenalty: 0.5, presencePenalty: 0.5, seed: 1, topK: 2 }
  }
]

const failingCases: ReadonlyArray<CallCase & Target> = [
  { name: "strict tool without the beta endpoint", options: { prompt: [user("hi")], tools: [{ ...tool, strict: true }] } },
  {
    name: "mixed strict tools on the beta endpoint",
    baseURL: "https://api.deepseek.com/beta",
    options: { prompt: [user("hi")], tools: [{ ...tool, strict: true }, { ...tool, name: "other" }] }
  },
  {
    name: "prefix on a user message",
    options: { prompt: [{ ...user("hi"), providerOptions: { deepseek: { prefix: true } } }] }
  },
  {
    name: "prefix without the beta endpoint",
    options: { prompt: [user("hi"), { role: "assistant", content: [{ type: "text", text: "p" }], providerOptions: { deepseek: { prefix: true } } }] }
  },
  {
    name: "prefix not on the last message",
    baseURL: "https://api.deepseek.com/beta",
    options: {
      prompt: [{ role: "assistant", content: [{ type: "text", text: "p" }], providerOptions: { deepseek: { prefix: true } } }, user("hi")]
    }
  },
  {
    name: "unsupported image type",
    options: { prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/bmp", data: { type: "data", data: "Qk0=" } }] }] }
  },
  {
    name: "fileData with a url",
    options: {
      prompt: [{
        role: "user",
        content: [{
          type: "file",
          mediaType: "image/png",
          data: { type: "url", url: new URL("https://e.com/a.png") },
          providerOptions: { deepseek: { fileData: true } }
        }]
      }]
    }
  },
  { name: "invalid userId", options: { prompt: [user("hi")], providerOptions: { deepseek: { userId: "not ok" } } } }
]

describe("deepseek request body (differential)", () => {
  const cases: ReadonlyArray<CallCase & Target> = [...commonCases, ...deepseekCases]
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const expected = await runUpstreamStream(upstreamFor(testCase), testCase.options, doneSse, undefined)
      const actual = await runOursStream(oursFor(testCase), testCase.options, doneSse, undefined)
      expect(expected.failure).toBeUndefined()
      expect(actual.requestBody).toEqual(expected.requestBody)
      expect(actual.parts[0]).toEqual(expected.parts[0])
    })
  }
  for (const testCase of failingCases) {
    it(`fails like upstream: ${testCase.name}`, async () => {
      const expected = await runUpstreamStream(upstreamFor(testCase), testCase.options, doneSse, undefined)
      const actual = await runOursStream(oursFor(testCase), testCase.options, doneSse, undefined)
      expect(expected.failure).toBeDefined()
      expect(actual.failure).toEqual(expected.failure)
    })
  }
})

describe("deepseek stream (differential)", () => {
  const bodies = streamBodies("deepseek")
  guardBodies("deepseek", bodies, { fixtures: 15, recordings: 3 })
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
})

describe("deepseek: the 5.0.51 parallel-call merge (deliberate divergence)", () => {
  const body = fixture("deepseek", "parallel-merge.divergent.sse")
  const calls = (parts: ReadonlyArray<unknown>) =>
    parts.filter((part): part is { type: "tool-call"; toolCallId: string; input: string } =>
      typeof part === "object" && part !== null && Reflect.get(part, "type") === "tool-call"
    ).map((part) => ({ id: part.toolCallId, input: part.input }))

  it("upstream merges the two calls into one", async () => {
    const expected = await runUpstreamStream(upstream, options, body, undefined)
    expect(calls(expected.parts)).toEqual([{ id: "a", input: "{\"x\":1}{\"x\":2}" }])
  })

  it("aimux keeps two calls, as provider-utils 5.0.55+ does", async () => {
    for (const chunkSize of [1, 7, undefined]) {
      const actual = await runOursStream(ours, options, body, chunkSize)
      expect(calls(actual.parts)).toEqual([{ id: "a", input: "{\"x\":1}" }, { id: "b", input: "{\"x\":2}" }])
      const expected = await runUpstreamStream(upstream, options, body, chunkSize)
      // everything but the tool parts is identical
      const rest = (parts: ReadonlyArray<unknown>) =>
        parts.filter((part) => !String(Reflect.get(Object(part), "type")).startsWith("tool-"))
      expect(rest(actual.parts)).toEqual(rest(expected.parts))
    }
  })
})

describe("deepseek generate (differential)", () => {
  const json = jsonBodies("deepseek")
  guardBodies("deepseek", json, { fixtures: 2, recordings: 1 })
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
