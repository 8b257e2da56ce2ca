/**
 * Every TypeScript example in README.md and docs/*.md is compiled code: each
 * fenced ```ts block must be a region of a file in docs/examples/ (which
 * tsconfig includes, so `npm test`'s typecheck compiles it), and this test also
 * compiles docs/examples on its own so that a doc example that stops compiling
 * fails here too.
 *
 * A region matches when its lines, with their common indentation removed, equal
 * the block's lines. Examples import what a user imports: the package's public
 * entries (`aimux`, `aimux/openai`, `aimux/testing`, ...), which resolve to
 * src/ inside the repository; never a path into src/.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "@effect/vitest"

const root = join(import.meta.dirname, "..")
const exampleDir = join(root, "docs/examples")

interface Block {
  readonly file: string
  readonly line: number
  readonly lines: ReadonlyArray<string>
}

/** The fenced blocks of a Markdown text whose info string is `ts`, `typescript` or `tsx`. */
const tsBlocks = (file: string, text: string): ReadonlyArray<Block> => {
  const out: Array<Block> = []
  const lines = text.split("\n")
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript|tsx)\b/.exec(lines[i])
    if (open === null) continue
    const fence = open[2]
    const body: Array<string> = []
    let j = i + 1
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) body.push(lines[j++])
    out.push({ file, line: i + 1, lines: body })
    i = j
  }
  return out
}

const dedent = (lines: ReadonlyArray<string>): ReadonlyArray<string> => {
  const indents = lines.filter((l) => l.trim() !== "").map((l) => /^ */.exec(l)?.[0].length ?? 0)
  const cut = indents.length === 0 ? 0 : Math.min(...indents)
  return lines.map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length)).trimEnd())
}

/** Whether `block` equals some region of `file` (both dedented). */
const isRegionOf = (block: ReadonlyArray<string>, file: ReadonlyArray<string>): boolean => {
  const want = dedent(block).join("\n")
  if (block.length === 0) return false
  for (let i = 0; i + block.length <= file.length; i++) {
    if (dedent(file.slice(i, i + block.length)).join("\n") === want) return true
  }
  return false
}

const exampleFiles = readdirSync(exampleDir, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/.test(f))
  .sort()
const examples = exampleFiles.map((f) => ({ file: f, lines: readFileSync(join(exampleDir, f), "utf8").split("\n") }))

const markdown = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)]
const blocks = markdown.flatMap((file) => tsBlocks(file, readFileSync(join(root, file), "utf8")))

describe("doc examples are compiled code", () => {
  it("the matcher finds regions and rejects edits", () => {
    const file = ["import { A } from \"./src/a.ts\"", "", "it(\"x\", () => {", "  const a = 1", "  return a", "})"]
    expect(isRegionOf(["const a = 1", "return a"], file)).toBe(true)
    expect(isRegionOf(["import { A } from \"./src/a.ts\""], file)).toBe(true)
    expect(isRegionOf(["const a = 2", "return a"], file)).toBe(false)
    expect(isRegionOf(["const a = 1", "", "return a"], file)).toBe(false)
    expect(isRegionOf([], file)).toBe(false)
    expect(tsBlocks("x.md", "a\n```ts\nconst x = 1\n```\n```sh\nls\n```\n````typescript\ny\n````\n")).toEqual([
      { file: "x.md", line: 2, lines: ["const x = 1"] },
      { file: "x.md", line: 8, lines: ["y"] }
    ])
  })

  it("README.md has TypeScript examples, and docs/examples is typechecked and run", () => {
    expect(blocks.filter((b) => b.file === "README.md").length).toBeGreaterThan(0)
    const tsconfig: { include: Array<string> } = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"))
    expect(tsconfig.include).toContain("docs/examples")
    expect(readFileSync(join(root, "vitest.config.ts"), "utf8")).toContain("\"docs/examples/**/*.test.ts\"")
  })

  it("examples and doc blocks import only the package's public entries, never a path into src/", () => {
    const intoSrc = /(?:from|import)\s*\(?\s*["'](?:\.{1,2}\/)+src\//
    const offenders = [
      ...examples.flatMap((e) => e.lines.filter((l) => intoSrc.test(l)).map((l) => `docs/examples/${e.file}: ${l}`)),
      ...blocks.flatMap((b) => b.lines.filter((l) => intoSrc.test(l)).map((l) => `${b.file}:${b.line}: ${l}`))
    ]
    expect(offenders).toEqual([])
    expect(intoSrc.test("import { A } from \"../../src/a.ts\"")).toBe(true)
    expect(intoSrc.test("import { A } from \"./src/a.ts\"")).toBe(true)
    expect(intoSrc.test("import { A } from \"aimux/openai\"")).toBe(false)
  })

  for (const block of blocks) {
    it(`${block.file}:${block.line} is a region of a docs/examples file`, () => {
      const found = examples.filter((e) => isRegionOf(block.lines, e.lines)).map((e) => e.file)
      expect(found, `${block.file}:${block.line}: this ts block is not a region of any file in docs/examples/`).not.toEqual([])
    })
  }

  it("docs/examples compiles on its own (strict, as the project)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aimux-docs-"))
    const config = join(dir, "tsconfig.json")
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(root, "tsconfig.json"),
        compilerOptions: { typeRoots: [join(root, "node_modules/@types")] },
        include: [join(exampleDir, "**/*.ts")]
      })
    )
    const tsc = join(root, "node_modules/.bin/tsc")
    const result = await promisify(execFile)(tsc, ["--noEmit", "-p", config], { cwd: root }).then(
      () => ({ code: 0, output: "" }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr })
    )
    // errors of other files (work in progress in src/) are the project typecheck's business
    const exampleErrors = result.output.split("\n").filter((line) => line.startsWith("docs/examples/"))
    expect(exampleErrors).toEqual([])
    if (exampleErrors.length === 0 && result.code !== 0) expect(result.output).toMatch(/^src\//m)
  }, 120_000)
})
