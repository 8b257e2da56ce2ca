/**
 * One provider table: the status table of docs/providers.md. The README's provider table is its
 * first three columns, every provider folder has a row, and the `aimux stream` ids of the rows are
 * exactly the providers the CLI registers, so neither page can go stale silently.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { providers } from "../src/cli/ProviderRegistry.ts"
import { OpenAICompatiblePresets } from "../src/providers/openai-compatible/index.ts"

const root = path.join(import.meta.dirname, "..")
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8")

/** The rows (cells) of the first Markdown table after `heading`. */
const tableAfter = (text: string, heading: string): Array<Array<string>> => {
  const lines = text.split("\n")
  const start = lines.indexOf(heading)
  expect(start, `${heading} not found`).toBeGreaterThanOrEqual(0)
  const rows: Array<Array<string>> = []
  let seen = false
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("|")) {
      seen = true
      rows.push(line.trim().replace(/^\||\|$/g, "").split(" | ").map((cell) => cell.trim()))
    } else if (seen) break
  }
  return rows.slice(2)
}

const status = tableAfter(read("docs/providers.md"), "## Status")
const readme = tableAfter(read("README.md"), "## Providers")
const cliIds = (row: ReadonlyArray<string>) => [...(row[1] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1])

describe("the provider table", () => {
  it("README's provider table is docs/providers.md's status table, first three columns", () => {
    expect(status.length).toBeGreaterThanOrEqual(13)
    expect(readme).toStrictEqual(status.map((row) => row.slice(0, 3)))
  })

  it("every provider folder has a row", () => {
    const folders = fs.readdirSync(path.join(root, "src/providers"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "kits")
      .map((entry) => entry.name)
    expect(folders.length).toBeGreaterThanOrEqual(10)
    for (const folder of folders) {
      expect(status.some((row) => row[0].includes(`src/providers/${folder}/`)), `no status row for src/providers/${folder}/`).toBe(true)
    }
  })

  it("the rows' aimux stream ids are the CLI's providers", () => {
    const ids = status.flatMap(cliIds).sort()
    // the OpenAI-compatible presets are data of one provider, listed in docs/registry.md
    const presets = new Set(OpenAICompatiblePresets.presets.map((preset) => preset.id))
    expect(presets.size).toBeGreaterThanOrEqual(13)
    expect(ids).toStrictEqual(Object.keys(providers).filter((id) => !presets.has(id)).sort())
  })
})
