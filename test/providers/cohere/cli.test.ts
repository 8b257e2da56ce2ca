/**
 * `aimux stream cohere --sse <file>` as a process: its JSON lines equal
 * upstream's parts for the same bytes (default model `command-a-03-2025`,
 * one user message `hi`), with and without `--tools` (a provider tool is
 * warned about, as upstream); in-band errors are error parts and exit 0, a
 * failed stream prints the failure line and exits 1.
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import type { UpstreamOptions as LanguageModelV4CallOptions } from "./harness.ts"
import { chatFixtures, linesToSse, readText, upstreamStream } from "./harness.ts"

const tmp = tempDir("cohere")

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
  { type: "provider", id: "cohere.web", name: "web", args: {} },
  { type: "function", name: "weather", inputSchema: { type: "object", properties: {} } }
]
const toolsFile = path.join(tmp, "tools.json")
writeFileSync(toolsFile, JSON.stringify(tools))

// upstream's stream fixtures and the crafted bodies that exercise errors, thinking and citations
const picked = /upstream|thinking|unknown-and-invalid|bad-arguments|citations/
const files = chatFixtures(".chunks.txt").filter((file) => picked.test(file))

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

describe("aimux stream cohere (process, differential against upstream)", () => {
  it("the CLI corpus is not empty", () => expect(files.length).toBeGreaterThanOrEqual(8))

  for (const file of files) {
    for (const withTools of [false, true]) {
      if (withTools && !/tool-call\.chunks/.test(file)) continue
      it(`${path.basename(file)}${withTools ? " --tools" : ""}`, async () => {
        const body = linesToSse(readText(file))
        const sseFile = path.join(tmp, path.basename(file) + ".sse")
        writeFileSync(sseFile, body)
        const upstream = await upstreamStream({ body, chunkSize: 7 }, { prompt, ...(withTools && { tools }) })
        const expected = upstream.parts.map(cliPartJson)
        if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
        const args = ["stream", "cohere", "--sse", sseFile, "--chunk-size", "7", ...(withTools ? ["--tools", toolsFile] : [])]
        const ours = await cli(...args)
        const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
        expect(cutValidatorText(lines)).toStrictEqual(cutValidatorText(JSON.parse(JSON.stringify(expected))))
        expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
      }, 30_000)
    }
  }
})

describe("aimux embed cohere (process, differential against upstream embedMany)", () => {
  it("200 values replayed from three recorded bodies (96 per call): the vectors upstream's embedMany gives", async () => {
    const { createCohere } = await import("@ai-sdk/cohere")
    const { embedMany } = await import("ai")
    const values = Array.from({ length: 200 }, (_, i) => `value ${i}`)
    const bodyFor = (chunk: ReadonlyArray<string>, offset: number) =>
      JSON.stringify({
        embeddings: { float: chunk.map((v, i) => [v.length, offset + i, 0.125]) },
        meta: { billed_units: { input_tokens: chunk.length } }
      })
    const bodies = [bodyFor(values.slice(0, 96), 0), bodyFor(values.slice(96, 192), 96), bodyFor(values.slice(192), 192)]
    const valuesFile = path.join(tmp, "values.txt")
    const bodiesFile = path.join(tmp, "bodies.jsonl")
    writeFileSync(valuesFile, `${values.join("\n")}\n`)
    writeFileSync(bodiesFile, `${bodies.join("\n")}\n`)
    let call = 0
    const upstream = await embedMany({
      model: createCohere({
        apiKey: "k",
        fetch: async () => new Response(bodies[call++], { headers: { "content-type": "application/json" } })
      }).embedding("embed-english-v3.0"),
      values,
      maxParallelCalls: 1
    })
    expect(call).toBe(3)
    const out = await cli("embed", "cohere", "--file", valuesFile, "--response", bodiesFile)
    expect(out.code).toBe(0)
    const lines = out.stdout.trim().split("\n").map((l): { index: number; embedding: Array<number> } => JSON.parse(l))
    expect(lines.map((l) => l.index)).toEqual(values.map((_, i) => i))
    expect(lines.map((l) => l.embedding)).toEqual(upstream.embeddings)
  }, 30_000)
})
