/**
 * `aimux stream anthropic --sse <file>` as a process: its JSON lines equal
 * upstream's parts for the same bytes (source ids normalized); an early
 * error frame prints a `failure` line and exits 1.
 */
import { writeFileSync } from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { cli, tempDir } from "../_kit/Cli.ts"
import { guardCorpus } from "../_kit/Corpus.ts"
import { cliErrorJson, cliPartJson } from "../_kit/Wire.ts"
import { chunksToSse, fixturesDir, listFixtures, readText, upstreamStream } from "./harness.ts"

const tmp = tempDir("anthropic")

// Source ids are generated (random in the CLI, a counter upstream here).
const normalizeSourceIds = (lines: Array<unknown>) =>
  lines.map((line) =>
    typeof line === "object" && line !== null && Reflect.get(line, "type") === "source" ? { ...line, id: "<id>" } : line
  )

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

const files = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".chunks.txt").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".chunks.txt").map((f) => path.join(fixturesDir, "crafted", f))
]

describe("aimux stream anthropic (process, differential against upstream)", () => {
  guardCorpus({ label: "anthropic CLI corpus", count: files.length, minimum: 28 })
  for (const file of files) {
    it(path.basename(file), async () => {
      const body = chunksToSse(readText(file))
      const sseFile = path.join(tmp, path.basename(file) + ".sse")
      writeFileSync(sseFile, body)
      const upstream = await upstreamStream({ body, chunkSize: 7 }, {
        prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }]
      })
      const expected = upstream.parts.map(cliPartJson)
      if (upstream.failure !== undefined) expected.push({ type: "failure", error: cliErrorJson(upstream.failure) })
      const ours = await cli("stream", "anthropic", "--sse", sseFile, "--chunk-size", "7")
      const lines = ours.stdout.split("\n").filter((l) => l !== "").map((l): unknown => JSON.parse(l))
      expect(cutValidatorText(normalizeSourceIds(lines))).toStrictEqual(
        cutValidatorText(normalizeSourceIds(JSON.parse(JSON.stringify(expected))))
      )
      expect(ours.code).toBe(upstream.failure === undefined ? 0 : 1)
    }, 30_000)
  }
})
