/**
 * Every `@since` tag in src/ names a released version, no later than the package's own: a tag
 * ahead of package.json (e.g. `@since 0.2.0` in a 0.1.0 package) tells a user an API is missing
 * from the version they have. Every exported declaration outside an `internal/` folder carries
 * JSDoc with `@since` and `@category` (as effect's sources do), unless it is marked `@internal`:
 * the generated docs group a module's exports by category.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"

const root = path.join(import.meta.dirname, "..")
const version = String(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version)
const parse = (v: string) => v.split(".").map(Number)
const later = (a: string, b: string) => {
  const [x, y] = [parse(a), parse(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0)
  return false
}

const files = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [])

describe("@since tags", () => {
  it(`none is later than the package version (${version})`, () => {
    const ahead: Array<string> = []
    let count = 0
    for (const file of files(path.join(root, "src"))) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(/@since (\d+\.\d+\.\d+)/g)) {
        count++
        if (later(match[1]!, version)) ahead.push(`${path.relative(root, file)}: @since ${match[1]}`)
      }
    }
    expect(count).toBeGreaterThan(1000)
    expect(ahead).toEqual([])
  })
})

/** An exported top-level declaration (re-exports `export * as` / `export { }` name no declaration). */
const declaration =
  /^export (?:declare )?(?:abstract )?(?:async )?(?:const|let|function\*?|class|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/

/** The JSDoc block directly above line `index`, if any. */
const docAbove = (lines: ReadonlyArray<string>, index: number): string | undefined => {
  const end = index - 1
  if (end < 0 || !lines[end]!.trimEnd().endsWith("*/")) return undefined
  let start = end
  while (start >= 0 && !lines[start]!.includes("/**")) start--
  return start < 0 ? undefined : lines.slice(start, end + 1).join("\n")
}

/** `file:line name: what is missing` for each exported declaration of `text` whose JSDoc lacks a tag. */
const missingTags = (file: string, text: string): Array<string> => {
  const lines = text.split("\n")
  const missing: Array<string> = []
  let previous: string | undefined
  lines.forEach((line, index) => {
    const match = declaration.exec(line)
    if (match === null || line.startsWith("export type {")) return
    const name = match[1]!
    // a function's later overload signatures share the first one's JSDoc
    const overload = /^export (?:declare )?function/.test(line) && previous === name
    previous = name
    if (overload) return
    const doc = docAbove(lines, index)
    if (doc?.includes("@internal")) return
    const lacks = doc === undefined ? ["JSDoc"] : ["@since", "@category"].filter((tag) => !doc.includes(tag))
    if (lacks.length > 0) missing.push(`${file}:${index + 1} ${name}: no ${lacks.join(", ")}`)
  })
  return missing
}

describe("@category tags", () => {
  it("the scan sees a declaration without a category, and one without JSDoc", () => {
    const text = [
      "/**\n * A thing.\n *\n * @since 0.1.0\n */",
      "export const thing = 1",
      "export interface Bare {}",
      "/**\n * @since 0.1.0\n * @category models\n */",
      "export type Fine = string",
      "/** @internal */",
      "export const hidden = 2"
    ].join("\n")
    expect(missingTags("x.ts", text)).toEqual(["x.ts:6 thing: no @category", "x.ts:7 Bare: no JSDoc"])
  })

  it("every exported declaration outside internal/ has @since and @category", () => {
    const missing: Array<string> = []
    let seen = 0
    for (const file of files(path.join(root, "src"))) {
      const relative = path.relative(root, file)
      if (relative.split(path.sep).includes("internal")) continue
      const text = fs.readFileSync(file, "utf8")
      seen += text.match(/^export (?!\*|\{|type \{)/gm)?.length ?? 0
      missing.push(...missingTags(relative, text))
    }
    expect(seen).toBeGreaterThan(1500)
    expect(missing).toEqual([])
  })
})
