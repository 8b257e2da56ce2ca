/**
 * `aimux stream openai-responses --sse <file>` as a process: its JSON lines
 * equal upstream's parts for the same bytes (generated ids normalized), with
 * the default model gpt-4.1-mini, the prompt `hi` and provider tools from
 * `--tools`; an early error frame prints a `failure` line and exits 1.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { type Captured, mockFetch, readAll } from "../openai/upstream.ts"
import { guardCorpus } from "../_kit/Corpus.ts"
import { chunksToSse, fixtureDir, listFiles, readText, recordingsDir, upstreamModel } from "./harness.ts"

const tmp = tempDir("openai-responses")

// Source ids are generated (random in the CLI and upstream). The validator's
// own issue text (zod vs Schema) is a documented divergence.
const normalizeGenerated = (lines: Array<unknown>) =>
  lines.map((line) => {
      if (typeof line !== "object" || line === null) return line
      if (Reflect.get(line, "type") === "source") return { ...line, id: "<source-id>" }
      const error: unknown = Reflect.get(line, "error")
      if (typeof error !== "object" || error === null || Reflect.get(error, "name") !== "AI_TypeValidationError") return line
      return { ...line, error: { ...error, message: String(Reflect.get(error, "message")).split("\nError message:")[0] } }
  })

const tools = [
  { type: "provider", id: "openai.web_search", name: "web_search", args: { searchContextSize: "low" } },
  { type: "provider", id: "openai.code_interpreter", name: "code_interpreter", args: {} },
  { type: "function", name: "getWeather", inputSchema: { type: "object", properties: { location: { type: "string" } } } }
] as const
const toolsFile = path.join(tmp, "tools.json")
writeFileSync(toolsFile, JSON.stringify(tools))

const crafted = [
  "text",
  "reasoning-summaries",
  "function-call",
  "annotations",
  "error-nested-before-output",
  "failed-before-output",
  "error-after-output",
  "invalid-json",
  "no-completion"
].map((name) => path.join(fixtureDir, `${name}.chunks.txt`))
const recorded = ["openai-web-search-tool.1", "openai-code-interpreter-tool.1", "openai-error.1"]
  .map((name) => path.join(recordingsDir, `${name}.chunks.txt`))
  .filter((file) => listFiles(recordingsDir, ".chunks.txt").includes(path.basename(file)))

const upstreamParts = async (body: string, withTools: boolean) => {
  const captured: Captured = {}
  const options: LanguageModelV4CallOptions = {
    prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    ...(withTools ? { tools: JSON.parse(JSON.stringify(tools)) } : {})
  }
  const model = upstreamModel("gpt-4.1-mini", mockFetch(body, captured, { chunkSize: 7 }))
  try {
    const result = await model.doStream(options)
    const { parts, error } = await readAll(result.stream)
    return { parts, failure: error }
  } catch (failure) {
    const none: Array<LanguageModelV4StreamPart> = []
    return { parts: none, failure }
  }
}

describe("aimux stream openai-responses (process, differential against upstream)", () => {
  it("has the crafted cases", () => {
    expect(crafted.length).toBeGreaterThanOrEqual(9)
  })
  guardCorpus({ label: "aimux stream openai-responses recordings", count: recorded.length, minimum: 3, provider: "openai-responses" })
  // --tools only on the recordings of tool traffic: each case is a process (CPU on a shared machine).
  for (const file of [...crafted, ...recorded]) {
    for (const withTools of recorded.includes(file) ? [false, true] : [false]) {
      it(`${path.basename(file)}${withTools ? " with --tools" : ""}`, async () => {
        const body = chunksToSse(readText(file))
        const sseFile = path.join(tmp, path.basename(file) + ".sse")
        writeFileSync(sseFile, body)
        const upstream = await upstreamParts(body, withTools)
        const expected: Array<unknown> = upstream.parts.map(cliPartJson)
        if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
        const ours = await cli(
          "stream",
          "openai-responses",
          "--sse",
          sseFile,
          "--chunk-size",
          "7",
          ...(withTools ? ["--tools", toolsFile] : [])
        )
        const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
        expect(normalizeGenerated(lines)).toStrictEqual(normalizeGenerated(JSON.parse(JSON.stringify(expected))))
        expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
      }, 30_000)
    }
  }
})
