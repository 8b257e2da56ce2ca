/**
 * docs/architecture.md names the files of the request path and of the tool loop: every `src/`
 * path it names exists (a moved file fails here instead of leaving the page stale), and the page
 * describes the plan, not its history (no changelog section).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"

const root = path.join(import.meta.dirname, "..")
const text = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8")

/** The concrete `src/...` paths of `markdown` (placeholders such as `<name>` are not paths). */
const pathsIn = (markdown: string): Array<string> =>
  [...markdown.matchAll(/`(src\/[^`\s]+)`/g)].map((m) => m[1]!).filter((p) => !p.includes("<"))

describe("docs/architecture.md", () => {
  it("has the request path and the tool loop, and every src/ path it names exists", () => {
    expect(text).toContain("## The request path, file by file")
    expect(text).toContain("## The tool loop, file by file")
    const named = pathsIn(text)
    expect(named.length).toBeGreaterThan(40)
    expect(named.filter((p) => !fs.existsSync(path.join(root, p.replace(/\/$/, ""))))).toEqual([])
  })

  it("has no changelog (no section about a session, no before/after table)", () => {
    expect(text).not.toMatch(/^#+ .*\bsession\b/im)
    expect(text).not.toMatch(/\|\s*before\s*\|\s*after\s*\|/i)
  })

  it("the path finder sees a missing path and skips placeholders (synthetic input)", () => {
    expect(pathsIn("`src/core/Nope.ts` and `src/providers/<name>/X.ts` and `src/core/`")).toEqual([
      "src/core/Nope.ts",
      "src/core/"
    ])
  })
})
