/**
 * Every `@since` tag in src/ names a released version, no later than the package's own: a tag
 * ahead of package.json (e.g. `@since 0.2.0` in a 0.1.0 package) tells a user an API is missing
 * from the version they have.
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
