import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4StreamPart, LanguageModelV4ToolCall, LanguageModelV4ToolResult } from "@ai-sdk/provider"
import { generateText, jsonSchema, streamText, type ToolSet } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Option, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { executeToolCall } from "../../src/core/ExecuteTool.ts"
import { parseToolCall } from "../../src/core/ToolCallParser.ts"
import * as ToolResult from "../../src/core/ToolResult.ts"
import { ToolResult as V4ToolResultSchema } from "../../src/contract/Content.ts"
import { StreamPart } from "../../src/contract/StreamPart.ts"
import { ourTools } from "../testing/toolsets.ts"

interface Row {
  readonly source: string
  readonly value: Record<string, unknown>
  readonly normalized?: Record<string, unknown>
}

const fixtures = path.join(import.meta.dirname, "../../fixtures/v4")
const read = (file: string): ReadonlyArray<Row> =>
  fs.readFileSync(path.join(fixtures, file), "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l))

const codec = Schema.toCodecJson(ToolResult.ToolResult)
const decode = Schema.decodeUnknownSync(codec)
const encode = Schema.encodeUnknownSync(codec)
const rows = read("tool-results.jsonl")

describe("core ToolResult by source", () => {
  it(`tool-results.jsonl round-trips to the fixture's normalized form (${rows.length} rows)`, () => {
    for (const row of rows) {
      expect({ source: row.source, json: encode(decode(row.value)) }).toStrictEqual({
        source: row.source,
        json: row.normalized ?? row.value
      })
    }
    // the corpus holds both sources and both normalizations
    expect(rows.some((r) => r.value.providerExecuted === true)).toBe(true)
    expect(rows.some((r) => r.normalized !== undefined)).toBe(true)
  })

  it("decodes providerExecuted true as provider, absent and false as the same client variant", () => {
    for (const row of rows) {
      const decoded = decode(row.value)
      expect(ToolResult.source(decoded)).toBe(row.value.providerExecuted === true ? "provider" : "client")
    }
    const base = { type: "tool-result", toolCallId: "c", toolName: "t", input: {}, output: 1 }
    const absent = decode(base)
    const withFalse = decode({ ...base, providerExecuted: false })
    expect(ToolResult.source(absent)).toBe("client")
    expect(ToolResult.source(withFalse)).toBe("client")
    expect(Schema.is(ToolResult.ClientToolResult)(absent)).toBe(true)
    expect(Schema.is(ToolResult.ClientToolResult)(withFalse)).toBe(true)
    expect(Schema.is(ToolResult.ProviderToolResult)(absent)).toBe(false)
    expect(Schema.is(ToolResult.ProviderToolResult)(decode({ ...base, providerExecuted: true }))).toBe(true)
  })

  it("client rows with providerExecuted absent and false round-trip byte for byte", () => {
    const clientRows = rows.filter((r) => r.value.providerExecuted !== true && r.normalized === undefined)
    expect(clientRows.some((r) => !("providerExecuted" in r.value))).toBe(true)
    expect(clientRows.some((r) => r.value.providerExecuted === false)).toBe(true)
    for (const row of clientRows) expect(JSON.stringify(encode(decode(row.value)))).toBe(JSON.stringify(row.value))
  })

  it("client rows without dynamic gain \"dynamic\": false; provider rows without dynamic stay without", () => {
    const client = decode({ type: "tool-error", toolCallId: "c", toolName: "t", input: 1, error: "e" })
    expect(client.dynamic).toBe(false)
    expect(encode(client)).toStrictEqual({ type: "tool-error", toolCallId: "c", toolName: "t", input: 1, error: "e", dynamic: false })
    const provider = { type: "tool-result", toolCallId: "p", toolName: "t", input: 1, output: 2, providerExecuted: true }
    expect(encode(decode(provider))).toStrictEqual(provider)
  })

  it("a V4 tool result gains providerExecuted: true through fromProviderResult; the V4 part stays unmarked", () => {
    const v4Codec = Schema.toCodecJson(StreamPart)
    const v4Rows = read("stream-parts.jsonl").filter((r) => r.value.type === "tool-result" && r.source !== "hand")
    expect(v4Rows.length).toBeGreaterThan(2)
    for (const row of v4Rows) {
      const part = Schema.decodeUnknownSync(v4Codec)(row.value)
      if (part.type !== "tool-result") throw new Error("unreachable")
      const core = ToolResult.fromProviderResult(part, { input: { q: 1 }, dynamic: part.dynamic })
      const json = encode(core)
      expect(json).toMatchObject({ providerExecuted: true, toolCallId: part.toolCallId, type: part.isError ? "tool-error" : "tool-result" })
      expect(ToolResult.source(decode(json))).toBe("provider")
      // the V4 part is neither changed nor marked, and its schema has no such field
      const v4Json = Schema.encodeUnknownSync(v4Codec)(part)
      expect(v4Json).toStrictEqual(row.value)
      expect(JSON.stringify(v4Json)).not.toContain("providerExecuted")
    }
    expect("providerExecuted" in V4ToolResultSchema.fields).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// differential: upstream ai's conversion of provider tool results vs fromProviderResult

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined }
}
// typed as upstream's V4 parts: the same values feed upstream and aimux
const providerResults: Array<LanguageModelV4ToolResult> = [
  { type: "tool-result", toolCallId: "a", toolName: "search", result: { hits: [1] } },
  { type: "tool-result", toolCallId: "b", toolName: "search", result: "denied", isError: true, providerMetadata: { mock: { x: 1 } } },
  { type: "tool-result", toolCallId: "c", toolName: "mcp", result: [1, 2], dynamic: true, preliminary: true },
  { type: "tool-result", toolCallId: "d", toolName: "mcp", result: { e: 1 }, dynamic: false, isError: true }
]
const providerCalls: Array<LanguageModelV4ToolCall> = [
  { type: "tool-call", toolCallId: "a", toolName: "search", input: `{"q":"a"}`, providerExecuted: true },
  { type: "tool-call", toolCallId: "b", toolName: "search", input: `{"q":"b"}`, providerExecuted: true },
  { type: "tool-call", toolCallId: "c", toolName: "mcp", input: `{}`, providerExecuted: true, dynamic: true },
  { type: "tool-call", toolCallId: "d", toolName: "mcp", input: `{"z":1}`, providerExecuted: true, dynamic: true }
]
const tools: ToolSet = {
  search: {
    type: "provider",
    isProviderExecuted: true,
    id: "mock.search",
    args: {},
    inputSchema: jsonSchema<Record<string, unknown>>({ type: "object" })
  }
}

describe("fromProviderResult against upstream ai (differential)", () => {
  it("generateText step content: input and dynamic from the matching call", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [...providerCalls, ...providerResults],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: []
      }
    })
    const result = await generateText({ model, prompt: "x", tools })
    const upstream = result.content.filter((p) => p.type === "tool-result" || p.type === "tool-error")
    const calls = new Map<string, { readonly input: unknown; readonly dynamic?: boolean | undefined }>()
    for (const p of result.content) if (p.type === "tool-call") calls.set(p.toolCallId, p)
    const ours = providerResults.map((r) => {
      const call = calls.get(r.toolCallId)
      return ToolResult.fromProviderResult(r, { input: call?.input, dynamic: call?.dynamic })
    })
    expect(ours).toStrictEqual(upstream)
  })

  it("streamText full stream: input from the call seen earlier, dynamic from the V4 part", async () => {
    const parts: Array<LanguageModelV4StreamPart> = [
      { type: "stream-start", warnings: [] },
      ...providerCalls,
      ...providerResults,
      { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage }
    ]
    const model = new MockLanguageModelV4({
      doStream: {
        stream: new ReadableStream({
          start(c) {
            for (const p of parts) c.enqueue(p)
            c.close()
          }
        })
      }
    })
    const upstream: Array<unknown> = []
    for await (const p of streamText({ model, prompt: "x", tools }).fullStream) {
      if (p.type === "tool-result" || p.type === "tool-error") upstream.push(p)
    }
    const inputs = new Map(providerCalls.map((c) => [c.toolCallId, JSON.parse(c.input)]))
    const ours = providerResults.map((r) =>
      ToolResult.fromProviderResult(r, { input: inputs.get(r.toolCallId), dynamic: r.dynamic })
    )
    expect(ours).toStrictEqual(upstream)
  })
})

// ---------------------------------------------------------------------------------------------
// executeToolCall produces values of this model (one client result/error definition)

describe("executeToolCall outputs are client values of the ToolResult model", () => {
  const tools = ourTools()
  const run = (toolName: string, input: string) =>
    Effect.gen(function*() {
      const toolCall = yield* parseToolCall({
        toolCall: { type: "tool-call", toolCallId: `id-${toolName}`, toolName, input },
        tools,
        messages: []
      })
      const preliminary: Array<ToolResult.PreliminaryToolResult> = []
      const executed = yield* executeToolCall({
        toolCall,
        tools,
        messages: [],
        onPreliminaryToolResult: (part) => Effect.sync(() => void preliminary.push(part))
      })
      return { output: Option.getOrThrow(executed).output, preliminary }
    })

  it.effect("results (static, metadata, dynamic, streamed) and errors are Client* values with source client", () =>
    Effect.gen(function*() {
      const cases = [
        { name: "weather", input: `{"city":"Paris"}`, type: "tool-result", dynamic: false },
        { name: "text", input: `{}`, type: "tool-result", dynamic: false },
        { name: "dyn", input: `{"a":1}`, type: "tool-result", dynamic: true },
        { name: "progress", input: `{}`, type: "tool-result", dynamic: false },
        { name: "fails", input: `{}`, type: "tool-error", dynamic: false }
      ] as const
      for (const c of cases) {
        const { output } = yield* run(c.name, c.input)
        expect(output.type).toBe(c.type)
        const schema = c.type === "tool-result" ? ToolResult.ClientToolResult : ToolResult.ClientToolError
        expect(Schema.is(schema)(output)).toBe(true)
        expect(Schema.is(ToolResult.ToolResult)(output)).toBe(true)
        expect(ToolResult.source(output)).toBe("client")
        expect(output.dynamic).toBe(c.dynamic)
        // through the wire form and back: still the same client value
        const json = encode(output)
        expect(ToolResult.source(decode(json))).toBe("client")
        expect(encode(decode(json))).toStrictEqual(json)
      }
    }))

  it.effect("preliminary results of a streaming tool are the call spread with preliminary: true", () =>
    Effect.gen(function*() {
      const { output, preliminary } = yield* run("progress", `{}`)
      expect(preliminary.map((p) => [p.type, p.output, p.preliminary, p.toolCallId])).toStrictEqual([
        ["tool-result", "a", true, "id-progress"],
        ["tool-result", "b", true, "id-progress"],
        ["tool-result", "c", true, "id-progress"]
      ])
      // on the wire, a preliminary result decodes as a client result of the model too
      for (const p of preliminary) expect(ToolResult.source(decode(JSON.parse(JSON.stringify(p))))).toBe("client")
      expect(output).toMatchObject({ type: "tool-result", output: "c" })
      expect("preliminary" in output).toBe(false)
    }))
})
