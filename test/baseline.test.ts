/**
 * `fixtures/aisdk/BASELINE.json` and the installed oracle agree: the pinned packages are exactly
 * the upstream devDependencies of package.json at exact versions, and the nested resolutions it
 * records are what is installed.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"

const root = path.join(import.meta.dirname, "..")
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"))

const baseline = readJson("fixtures/aisdk/BASELINE.json")
const manifest = readJson("package.json")
const isUpstream = (name: string) => name === "ai" || name.startsWith("@ai-sdk/")

const record = (u: unknown): Record<string, unknown> => (typeof u === "object" && u !== null ? { ...u } : {})

describe("fixtures/aisdk/BASELINE.json", () => {
  it("pins exactly the upstream devDependencies of package.json, with the same exact versions", () => {
    const devDependencies = record(manifest.devDependencies)
    const upstream = Object.fromEntries(Object.entries(devDependencies).filter(([name]) => isUpstream(name)))
    expect(record(baseline.packages)).toStrictEqual(upstream)
    for (const version of Object.values(upstream)) expect(version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(Object.keys(upstream)).toContain("@ai-sdk/provider")
  })

  it("every pinned package is installed at its pinned version", () => {
    for (const [name, version] of Object.entries(record(baseline.packages))) {
      expect([name, readJson(`node_modules/${name}/package.json`).version]).toStrictEqual([name, version])
    }
  })

  it("records the nested resolutions that are installed (eventsource-parser, DeepSeek's provider-utils 5.0.51)", () => {
    const resolved = Array.isArray(baseline.resolved) ? baseline.resolved.map(record) : []
    expect(resolved.length).toBeGreaterThanOrEqual(4)
    for (const entry of resolved) {
      const installed = readJson(`${String(entry.path)}/package.json`)
      expect([entry.package, installed.version]).toStrictEqual([installed.name, entry.version])
    }
    expect(resolved.some((e) => e.package === "@ai-sdk/provider-utils" && e.version === "5.0.51")).toBe(true)
    expect(resolved.some((e) => e.package === "eventsource-parser")).toBe(true)
  })

  it("states the upgrade rule", () => {
    expect(String(baseline.upgradeRule)).toContain(
      "An upstream fix that changes ported behaviour is taken alone, with its differential cases; other upgrades are batched."
    )
  })
})
