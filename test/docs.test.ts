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
 *
 * Every block shows its imports: a block opens with the import statements of the
 * names its code uses (each one an import of the example file, same module), then
 * the region, so a reader can copy a block and know where each name comes from.
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

/** One import statement's bindings: the names it brings in and from where. */
interface Imported { readonly name: string; readonly module: string; readonly kind: "named" | "namespace" | "default"; readonly typeOnly: boolean }
const statementRe = /^\s*import\s+(type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']\s*;?\s*$/
const importsOf = (statement: string): ReadonlyArray<Imported> => {
  const m = statementRe.exec(statement)
  if (m === null) return []
  const typeOnly = m[1] !== undefined
  const clause = m[2]
  const module = m[3]
  const out: Array<Imported> = []
  const braces = /\{([^}]*)\}/.exec(clause)
  if (braces !== null) {
    for (const raw of braces[1].split(",")) {
      const spec = raw.trim()
      if (spec === "") continue
      const parts = spec.replace(/^type\s+/, "").split(/\s+as\s+/)
      out.push({ name: parts[parts.length - 1].trim(), module, kind: "named", typeOnly: typeOnly || spec.startsWith("type ") })
    }
  }
  const ns = /\*\s+as\s+(\w+)/.exec(clause)
  if (ns !== null) out.push({ name: ns[1], module, kind: "namespace", typeOnly })
  const def = /^(\w+)\s*(,|$)/.exec(clause.trim())
  if (def !== null && def[1] !== "type") out.push({ name: def[1], module, kind: "default", typeOnly })
  return out
}
/** Splits lines into leading import statements (multi-line allowed) and the rest. */
const splitImports = (lines: ReadonlyArray<string>): { readonly statements: ReadonlyArray<string>; readonly rest: ReadonlyArray<string> } => {
  const statements: Array<string> = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    if (line.trim() === "") { i++; continue }
    if (!/^\s*import\s/.test(line)) break
    let statement = line
    let j = i
    while (!/from\s+["'][^"']+["']\s*;?\s*$/.test(statement) && j + 1 < lines.length) statement += "\n" + lines[++j]
    statements.push(statement)
    i = j + 1
  }
  return { statements, rest: lines.slice(i) }
}

/** Every import statement of a file, anywhere in it. */
const fileImports = (text: string): ReadonlyArray<Imported> =>
  [...text.matchAll(/^import\s[\s\S]*?from\s+["'][^"']+["']\s*;?\s*$/gm)].flatMap((m) => importsOf(m[0]))

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const uses = (text: string, name: string) => new RegExp(`(?<![\\w$.])${escape(name)}(?![\\w$])`).test(text)

interface Match {
  readonly file: string
  /** the example file's imports the block's code uses but does not show */
  readonly missing: ReadonlyArray<string>
  /** the block's imports that the example file does not have */
  readonly foreign: ReadonlyArray<string>
}

/**
 * A block matches an example file when its leading import statements are imports of that file
 * (same name, same module) and the code after them is a region of it.
 */
const matchBlock = (block: ReadonlyArray<string>, example: { readonly file: string; readonly lines: ReadonlyArray<string>; readonly imports: ReadonlyArray<Imported> }): Match | undefined => {
  const { rest, statements } = splitImports(block)
  const shown = statements.flatMap(importsOf)
  if (rest.length > 0 && !isRegionOf(rest, example.lines)) return undefined
  const foreign = shown.filter((x) => !example.imports.some((y) => y.name === x.name && y.module === x.module)).map((x) => x.name)
  if (rest.length === 0 && foreign.length > 0) return undefined
  const text = rest.join("\n")
  const missing = example.imports.filter((x) => !shown.some((y) => y.name === x.name) && uses(text, x.name)).map((x) => x.name)
  return { file: example.file, missing, foreign }
}

const exampleFiles = readdirSync(exampleDir, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/.test(f))
  .sort()
const examples = exampleFiles.map((f) => {
  const text = readFileSync(join(exampleDir, f), "utf8")
  return { file: f, lines: text.split("\n"), imports: fileImports(text) }
})

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

  it("the block matcher takes leading imports apart and names what a block does not show", () => {
    const example = {
      file: "e.ts",
      lines: ["import { Effect, Layer } from \"effect\"", "import * as Fs from \"node:fs\"", "", "const a = Effect.succeed(1)", "const b = Layer.empty"],
      imports: fileImports("import { Effect, Layer } from \"effect\"\nimport * as Fs from \"node:fs\"\n")
    }
    expect(example.imports.map((x) => x.name)).toEqual(["Effect", "Layer", "Fs"])
    expect(matchBlock(["import { Effect } from \"effect\"", "", "const a = Effect.succeed(1)"], example)).toEqual({ file: "e.ts", missing: [], foreign: [] })
    expect(matchBlock(["const a = Effect.succeed(1)", "const b = Layer.empty"], example)?.missing).toEqual(["Effect", "Layer"])
    expect(matchBlock(["import { Effect } from \"other\"", "const a = Effect.succeed(1)"], example)?.foreign).toEqual(["Effect"])
    expect(matchBlock(["const a = Effect.succeed(2)"], example)).toBeUndefined()
    expect(matchBlock(["import {", "  Effect", "} from \"effect\"", "const a = Effect.succeed(1)"], example)?.missing).toEqual([])
    expect(matchBlock(["import { Effect, Layer } from \"effect\""], example)).toEqual({ file: "e.ts", missing: [], foreign: [] })
  })

  for (const block of blocks) {
    it(`${block.file}:${block.line} is a region of a docs/examples file and shows its imports`, () => {
      const found = examples.flatMap((e) => {
        const m = matchBlock(block.lines, e)
        return m === undefined ? [] : [m]
      })
      expect(found, `${block.file}:${block.line}: this ts block is not a region of any file in docs/examples/`).not.toEqual([])
      // the block shows every import its code uses (of the example file it is a region of), from that file's modules
      expect(found.some((m) => m.missing.length === 0 && m.foreign.length === 0), `${block.file}:${block.line}: ${JSON.stringify(found)}`).toBe(true)
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
