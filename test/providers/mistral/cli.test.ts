/**
 * `aimux stream mistral --sse <file>` as a process: its JSON lines equal
 * upstream's parts for the same bytes (default model `mistral-large-latest`,
 * one user message `hi`), with and without `--tools` (a provider tool is
 * warned about, as upstream); in-band errors are error parts and exit 0, a
 * failed stream prints the failure line and exits 1. `aimux embed mistral`
 * replays recorded bodies to upstream `embedMany`'s vectors.
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import type { UpstreamOptions as LanguageModelV4CallOptions } from "./harness.ts"
import { chatFixtures, linesToSse, readText, upstreamStream } from "./harness.ts"

const tmp = tempDir("mistral")

// The validator's own issue text (zod vs Schema) is a documented divergence.
const cutValidatorText = (lines: Array<unknown>) =>
  lines.map((line) => {
    if (typeof line !== "object" || line === null) return line
    const error: unknown = Reflect.get(line, "error")
    const message = typeof error === "object" && error !== null ? Reflect.get(error, "message") : undefined
    if (typeof error !== "object" || error === null) return line
    if (typeof message !== "string" || Reflect.get(error, "name") !== "AI_TypeValidationError") return line
    return { ...line, error: { ...error, message: message.split("\nError message:")[0] } }
  })

const tools: LanguageModelV4CallOptions["tools"] = [
  { type: "provider", id: "mistral.web_search", name: "web", args: {} },
  { type: "function", name: "weather", inputSchema: { type: "object", properties: {} } }
]
const toolsFile = path.join(tmp, "tools.json")
writeFileSync(toolsFile, JSON.stringify(tools))

// upstream's stream fixtures and the crafted bodies that exercise errors, thinking and tool calls
const picked = /upstream|thinking|invalid-chunks|without-name|parallel|no-finish/
const files = chatFixtures(".chunks.txt").filter((file) => picked.test(file))

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

describe("aimux stream mistral (process, differential against upstream)", () => {
  it("the CLI corpus is not empty", () => expect(files.length).toBeGreaterThanOrEqual(12))

  for (const file of files) {
    for (const withTools of [false, true]) {
      if (withTools && !/tool-call/.test(file)) continue
      it(`${path.basename(file)}${withTools ? " --tools" : ""}`, async () => {
        const body = linesToSse(readText(file))
        const sseFile = path.join(tmp, path.basename(file) + ".sse")
        writeFileSync(sseFile, body)
        const upstream = await upstreamStream({ body, chunkSize: 7 }, { prompt, ...(withTools && { tools }) })
        const expected = upstream.parts.map(cliPartJson)
        if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
        const args = ["stream", "mistral", "--sse", sseFile, "--chunk-size", "7", ...(withTools ? ["--tools", toolsFile] : [])]
        const ours = await cli(...args)
        const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
        expect(cutValidatorText(lines)).toStrictEqual(cutValidatorText(JSON.parse(JSON.stringify(expected))))
        expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
      }, 30_000)
    }
  }
})

describe("aimux embed mistral (process, differential against upstream embedMany)", () => {
  it("70 values replayed from three recorded bodies (32 per call): the vectors upstream's embedMany gives", async () => {
    const { createMistral } = await import("@ai-sdk/mistral")
    const { embedMany } = await import("ai")
    const values = Array.from({ length: 70 }, (_, i) => `value ${i}`)
    const bodyFor = (chunk: ReadonlyArray<string>, offset: number) =>
      JSON.stringify({
        id: "e",
        object: "list",
        data: chunk.map((v, i) => ({ object: "embedding", embedding: [v.length, offset + i, 0.125], index: i })),
        model: "mistral-embed",
        usage: { prompt_tokens: chunk.length, total_tokens: chunk.length }
      })
    const bodies = [bodyFor(values.slice(0, 32), 0), bodyFor(values.slice(32, 64), 32), bodyFor(values.slice(64), 64)]
    const valuesFile = path.join(tmp, "values.txt")
    const bodiesFile = path.join(tmp, "bodies.jsonl")
    writeFileSync(valuesFile, `${values.join("\n")}\n`)
    writeFileSync(bodiesFile, `${bodies.join("\n")}\n`)
    let call = 0
    const upstream = await embedMany({
      model: createMistral({
        apiKey: "k",
        fetch: async () => new Response(bodies[call++], { headers: { "content-type": "application/json" } })
      }).embedding("mistral-embed"),
      values
    })
    expect(call).toBe(3)
    const out = await cli("embed", "mistral", "--file", valuesFile, "--response", bodiesFile)
    expect(out.code).toBe(0)
    const lines = out.stdout.trim().split("\n").map((l): { index: number; embedding: Array<number> } => JSON.parse(l))
    expect(lines.map((l) => l.index)).toEqual(values.map((_, i) => i))
    expect(lines.map((l) => l.embedding)).toEqual(upstream.embeddings)
  }, 30_000)
})
