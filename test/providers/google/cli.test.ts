/**
 * `aimux stream google` and `aimux stream google-vertex` as processes: their
 * JSON lines equal upstream's parts for the same bytes (`google` keyed
 * metadata; Vertex in express mode keyed `googleVertex` and `vertex` only);
 * provider tools through `--tools`; an Interactions-API JSON-lines file is
 * not an SSE body (exit 2).
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { chunksToSse, fixturesDir, type Flavor, listFixtures, readText, upstreamStream } from "./harness.ts"

const tmp = tempDir("google")

const recordings = listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt").map((f) =>
  path.join(fixturesDir, "recordings", f)
)
// processes are slow on a shared machine: the crafted bodies that exercise the most part kinds
const crafted = ["code-execution", "error-chunks", "grounding-sources", "partial-args", "server-tools-and-files"].map((f) =>
  path.join(fixturesDir, "crafted", `${f}.chunks.txt`)
)

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

// The validator's own issue text (zod vs Schema) is a documented divergence.
const cutValidatorText = (lines: ReadonlyArray<unknown>) =>
  lines.map((line) => {
    if (typeof line !== "object" || line === null) return line
    const error: unknown = Reflect.get(line, "error")
    if (typeof error !== "object" || error === null) return line
    const message: unknown = Reflect.get(error, "message")
    if (typeof message !== "string" || Reflect.get(error, "name") !== "AI_TypeValidationError") return line
    return { ...line, error: { ...error, message: message.split("\nError message:")[0] } }
  })

const metadataKeys = (lines: ReadonlyArray<unknown>): Array<Array<string>> =>
  lines.flatMap((line) => {
    const metadata: unknown = typeof line === "object" && line !== null ? Reflect.get(line, "providerMetadata") : undefined
    return typeof metadata === "object" && metadata !== null ? [Object.keys(metadata).sort()] : []
  })

const check = async (flavor: Flavor, file: string, tools?: LanguageModelV4CallOptions["tools"]) => {
  const body = chunksToSse(readText(file))
  const sseFile = path.join(tmp, `${flavor}-${path.basename(file)}.sse`)
  writeFileSync(sseFile, body)
  const args = ["stream", flavor === "google" ? "google" : "google-vertex", "--sse", sseFile, "--chunk-size", "7"]
  if (tools !== undefined) {
    const toolsFile = path.join(tmp, `${flavor}-${path.basename(file)}.tools.json`)
    writeFileSync(toolsFile, JSON.stringify(tools))
    args.push("--tools", toolsFile)
  }
  const upstream = await upstreamStream(flavor, { body, chunkSize: 7 }, { prompt, ...(tools !== undefined && { tools }) })
  const expected = upstream.parts.map(cliPartJson)
  if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
  const ours = await cli(...args)
  const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
  expect(cutValidatorText(lines)).toStrictEqual(cutValidatorText(JSON.parse(JSON.stringify(expected))))
  expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
  return lines
}

describe("aimux stream google (process, differential against upstream)", () => {
  for (const file of [...recordings, ...crafted]) {
    it(path.basename(file), async () => {
      const lines = await check("google", file)
      for (const keys of metadataKeys(lines)) expect(keys).toStrictEqual(["google"])
    }, 30_000)
  }

  it("provider tools from --tools (named code execution)", async () => {
    await check("google", path.join(fixturesDir, "crafted", "code-execution.chunks.txt"), [
      { type: "provider", id: "google.code_execution", name: "python", args: {} },
      { type: "provider", id: "google.google_search", name: "search", args: {} }
    ])
  }, 30_000)

  it("an Interactions-API JSON-lines file is not an SSE body (exit 2)", async () => {
    const jsonLines = path.join(tmp, "interactions.chunks.txt")
    writeFileSync(jsonLines, [
      JSON.stringify({ interaction: { id: "v1", status: "in_progress" }, event_type: "interaction.created" }),
      JSON.stringify({ index: 0, step: { type: "thought" }, event_type: "step.start" })
    ].join("\n"))
    const ours = await cli("stream", "google", "--sse", jsonLines)
    expect(ours.code).toBe(2)
    expect(ours.stdout).toBe("")
  }, 30_000)
})

describe("aimux stream google-vertex (process, express mode, differential against upstream)", () => {
  for (const file of [recordings[0], ...crafted.slice(0, 3)]) {
    it(path.basename(file), async () => {
      const lines = await check("vertex", file)
      const keys = metadataKeys(lines)
      expect(keys.length).toBeGreaterThan(0)
      for (const k of keys) expect(k).toStrictEqual(["googleVertex", "vertex"])
    }, 30_000)
  }
})
