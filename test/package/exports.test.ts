/**
 * The package's `exports` map: one subpath per provider folder (so a provider added later cannot be
 * forgotten), each entry with the repository's source condition and the built types and
 * JavaScript at the mirrored `dist/` path, and nothing published that is not an entry's file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "../..")

interface Entry {
  readonly "aimux-source": string
  readonly types: string
  readonly import: string
  readonly default: string
}
interface Manifest {
  readonly exports: Readonly<Record<string, Entry | string>>
  readonly files: ReadonlyArray<string>
  readonly bin: Readonly<Record<string, string>>
  readonly engines: { readonly node: string }
  readonly scripts: Readonly<Record<string, string>>
}
const manifest: Manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))

const entries = Object.entries(manifest.exports).flatMap(([subpath, entry]) =>
  typeof entry === "string" ? [] : [{ subpath, entry }]
)

/** Provider folders; `kits/` holds the kits shared by providers, not providers. */
const providerFolders = readdirSync(join(root, "src/providers"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "kits" && existsSync(join(root, "src/providers", d.name, "index.ts")))
  .map((d) => d.name)
  .sort()

describe("package exports", () => {
  it("every src/providers/<name>/index.ts is the entry aimux/<name>", () => {
    expect(providerFolders.length).toBeGreaterThanOrEqual(5)
    for (const name of providerFolders) {
      const entry = manifest.exports[`./${name}`]
      expect(entry, `package.json exports has no "./${name}" for src/providers/${name}/index.ts`).toBeDefined()
      expect(typeof entry === "string" ? entry : entry?.["aimux-source"]).toBe(`./src/providers/${name}/index.ts`)
    }
  })

  it("the root, testing, interop, reliability and provider-utils entries exist", () => {
    for (const subpath of [".", "./testing", "./interop", "./reliability", "./provider-utils"]) {
      expect(Object.keys(manifest.exports)).toContain(subpath)
    }
  })

  it("each entry maps the source condition to src/ and types/import/default to the mirrored dist/ path", () => {
    expect(entries.length).toBeGreaterThan(0)
    for (const { subpath, entry } of entries) {
      expect(Object.keys(entry), subpath).toEqual(["aimux-source", "types", "import", "default"])
      const source = entry["aimux-source"]
      expect(source, subpath).toMatch(/^\.\/src\/.+\.ts$/)
      expect(existsSync(join(root, source)), `${subpath}: ${source} does not exist`).toBe(true)
      const built = source.replace(/^\.\/src\//, "./dist/").replace(/\.ts$/, "")
      expect(entry.types, subpath).toBe(`${built}.d.ts`)
      expect(entry.import, subpath).toBe(`${built}.js`)
      expect(entry.default, subpath).toBe(`${built}.js`)
    }
  })

  it("publishes the build, its sources (for the maps) and the bin; builds before packing; says which Node", () => {
    expect(manifest.files).toEqual(["dist", "src", "bin", "README.md", "LICENSE"])
    expect(manifest.scripts.prepack).toBe("npm run build")
    expect(manifest.bin.aimux).toBe("./bin/aimux.js")
    expect(manifest.engines.node).toBe("^22.12.0 || ^24.0.0")
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain("Node.js 22 (22.12 or later) or 24")
  })
})
