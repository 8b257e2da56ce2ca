/**
 * Wire exactness: every sample of the `fixtures/v4` corpus (recorded from the pinned upstream
 * packages by `fixtures/v4/generate.ts`, plus hand samples) decodes with the JSON codec of its
 * schema and encodes back to the same JSON: same keys, same absence.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import { Content } from "../../src/contract/Content.ts"
import { Message } from "../../src/contract/Prompt.ts"
import { GenerateResult } from "../../src/contract/Results.ts"
import { StreamPart } from "../../src/contract/StreamPart.ts"

interface Row {
  readonly source: string
  readonly value: Record<string, unknown>
}

const fixtures = path.join(import.meta.dirname, "../../fixtures/v4")
const read = (file: string): ReadonlyArray<Row> =>
  fs.readFileSync(path.join(fixtures, file), "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l))

// `upstream`: how many samples at least come from upstream runs (fixtures/v4/generate.ts); the rest
// are hand samples (fixtures/v4/hand.ts) for shapes no upstream run produces.
const corpora = [
  { file: "stream-parts.jsonl", schema: StreamPart, upstream: 72 },
  { file: "content.jsonl", schema: Content, upstream: 13 },
  { file: "prompt.jsonl", schema: Message, upstream: 7 },
  { file: "call-options.jsonl", schema: CallOptions, upstream: 8 },
  { file: "generate-results.jsonl", schema: GenerateResult, upstream: 13 }
] as const

describe("wire exactness of the V4 schemas", () => {
  for (const { file, schema, upstream } of corpora) {
    const codec = Schema.toCodecJson(schema)
    const decode = Schema.decodeUnknownSync(codec)
    const encode = Schema.encodeUnknownSync(codec)
    const rows = read(file)

    it(`${file}: every sample decodes and encodes to the same JSON (${rows.length} samples)`, () => {
      expect(rows.length).toBeGreaterThan(5)
      for (const row of rows) {
        const decoded = decode(row.value)
        expect({ source: row.source, value: encode(decoded) }).toStrictEqual(row)
      }
    })

    it(`${file}: at least ${upstream} samples come from upstream runs, every other one is marked hand`, () => {
      const fromUpstream = rows.filter((r) => r.source !== "hand")
      expect(fromUpstream.length).toBeGreaterThanOrEqual(upstream)
      // an upstream sample names the run it came from (a provider/recording or an `ai` scenario)
      for (const row of fromUpstream) expect(row.source).toMatch(/^[a-z-]+(\/\S+| \()/)
    })
  }

  it("stream-parts.jsonl covers every V4 stream part type, content.jsonl every content type", () => {
    const streamTypes = new Set(read("stream-parts.jsonl").map((r) => r.value.type))
    expect([...streamTypes].sort()).toStrictEqual([
      "custom", "error", "file", "finish", "ping", "raw", "reasoning-delta", "reasoning-end", "reasoning-file",
      "reasoning-start", "response-metadata", "source", "stream-start", "text-delta", "text-end", "text-start",
      "tool-approval-request", "tool-call", "tool-input-delta", "tool-input-end", "tool-input-start", "tool-result"
    ])
    const contentTypes = new Set(read("content.jsonl").map((r) => r.value.type))
    expect([...contentTypes].sort()).toStrictEqual([
      "custom", "file", "reasoning", "reasoning-file", "source", "text", "tool-approval-request", "tool-call", "tool-result"
    ])
  })

  it("a sample with a changed or extra field does not round-trip (the test can fail)", () => {
    const codec = Schema.toCodecJson(StreamPart)
    const part = { type: "text-delta", id: "0", delta: "x", extra: 1 }
    expect(Schema.encodeUnknownSync(codec)(Schema.decodeUnknownSync(codec)(part))).not.toStrictEqual(part)
    expect(() => Schema.decodeUnknownSync(codec)({ type: "finish", usage: {}, finishReason: { unified: "stop" } }))
      .toThrow()
    expect(() => Schema.decodeUnknownSync(codec)({ type: "tool-result", toolCallId: "a", toolName: "b", result: null }))
      .toThrow()
    expect(() => Schema.decodeUnknownSync(codec)({ type: "custom", kind: "nodot" })).toThrow()
  })
})

describe("JSON forms of Uint8Array, URL, Date and undefined", () => {
  const encodePart = Schema.encodeUnknownSync(Schema.toCodecJson(StreamPart))
  const decodePart = Schema.decodeUnknownSync(Schema.toCodecJson(StreamPart))

  it("Uint8Array file data is written as base64 and read back as that base64 string", () => {
    const json = encodePart({ type: "file", mediaType: "image/png", data: { type: "data", data: new Uint8Array([1, 2, 3, 255]) } })
    expect(json).toStrictEqual({ type: "file", mediaType: "image/png", data: { type: "data", data: "AQID/w==" } })
    expect(decodePart(json)).toStrictEqual(json)
  })

  it("a URL is written as its href and read back as a URL", () => {
    const json = { type: "file", mediaType: "image/png", data: { type: "url", url: "https://example.com/a%20b.png" } }
    const decoded = decodePart(json)
    expect(decoded.type === "file" && decoded.data.type === "url" && decoded.data.url instanceof URL).toBe(true)
    expect(encodePart(decoded)).toStrictEqual(json)
  })

  it("a response timestamp is an ISO-8601 string in JSON and a Date in memory", () => {
    const decoded = decodePart({ type: "response-metadata", timestamp: "2024-03-01T12:00:00.000Z" })
    expect(decoded.type === "response-metadata" && decoded.timestamp instanceof Date).toBe(true)
    expect(encodePart({ type: "response-metadata", timestamp: new Date(0), id: undefined })).toStrictEqual({
      type: "response-metadata",
      timestamp: "1970-01-01T00:00:00.000Z"
    })
  })

  it("undefined values are absent keys, never null (usage counts, raw finish reason, metadata values)", () => {
    const json = encodePart({
      type: "finish",
      usage: {
        inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: undefined, text: undefined, reasoning: undefined }
      },
      finishReason: { unified: "stop", raw: undefined },
      providerMetadata: { mock: { a: undefined, b: { c: undefined, d: 1 } } }
    })
    expect(json).toStrictEqual({
      type: "finish",
      usage: { inputTokens: { total: 1 }, outputTokens: {} },
      finishReason: { unified: "stop" },
      providerMetadata: { mock: { b: { d: 1 } } }
    })
    const decoded = decodePart(json)
    expect(decoded.type === "finish" && "raw" in decoded.finishReason && "noCache" in decoded.usage.inputTokens)
      .toBe(true)
  })

  it("an Error in an error part is written as { name, message, ...fields }", () => {
    const error = Object.assign(new Error("boom"), { statusCode: 500, nested: { at: new Date(0) } })
    expect(encodePart({ type: "error", error })).toStrictEqual({
      type: "error",
      error: { name: "Error", message: "boom", statusCode: 500, nested: { at: "1970-01-01T00:00:00.000Z" } }
    })
  })
})
