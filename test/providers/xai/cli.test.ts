/**
 * `aimux stream xai --sse <file>` as a process: its JSON lines equal
 * upstream's parts for the same bytes (default model, one user message `hi`),
 * with and without `--tools` (provider tools as `xai.<tool>`); in-band errors
 * are error parts and exit 0.
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import type { UpstreamOptions as LanguageModelV4CallOptions } from "./harness.ts"
import { guardCorpus } from "../_kit/Corpus.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { fixturesDir, linesToSse, listFixtures, readText, upstreamStream } from "./harness.ts"

const tmp = tempDir("xai")

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
  { type: "provider", id: "xai.web_search", name: "search", args: { allowedDomains: ["a.com"] } },
  { type: "provider", id: "xai.x_search", name: "xs", args: {} },
  { type: "provider", id: "xai.code_execution", name: "code", args: {} },
  { type: "provider", id: "xai.mcp", name: "remote", args: { serverUrl: "https://mcp.example.com" } },
  { type: "provider", id: "xai.file_search", name: "files", args: { vectorStoreIds: ["vs"] } },
  { type: "function", name: "weather", inputSchema: { type: "object", properties: {} } }
]
const toolsFile = path.join(tmp, "tools.json")
writeFileSync(toolsFile, JSON.stringify(tools))

const files = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".chunks.txt").map((f) => path.join(fixturesDir, "crafted", f))
]

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

describe("aimux stream xai (process, differential against upstream)", () => {
  guardCorpus({ label: "xAI CLI corpus", count: files.length, minimum: 16 })

  for (const file of files) {
    for (const withTools of [false, true]) {
      // `empty` has no `data:` field at all: the CLI contract makes that a usage error.
      if (path.basename(file) === "empty.chunks.txt") continue
      if (withTools && !/server-tools|citations|reasoning|web-search/.test(file)) continue
      it(`${path.basename(file)}${withTools ? " --tools" : ""}`, async () => {
        const body = linesToSse(readText(file))
        const sseFile = path.join(tmp, path.basename(file) + ".sse")
        writeFileSync(sseFile, body)
        const upstream = await upstreamStream({ body, chunkSize: 7 }, { prompt, ...(withTools && { tools }) })
        const expected = upstream.parts.map(cliPartJson)
        if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
        const args = ["stream", "xai", "--sse", sseFile, "--chunk-size", "7", ...(withTools ? ["--tools", toolsFile] : [])]
        const ours = await cli(...args)
        const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
        expect(cutValidatorText(lines)).toStrictEqual(cutValidatorText(JSON.parse(JSON.stringify(expected))))
        expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
      }, 30_000)
    }
  }
})
