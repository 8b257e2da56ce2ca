/**
 * The depth- and size-safe rule for wire data (issue 31): every value that came from the network
 * is stringified, rendered, walked or compared through `src/runtime/WireJson.ts`.
 *
 * - The helper itself: values nested 10^5 deep (and texts too long for a string) stringify to a
 *   typed `AI_JSONParseError`, render to a placeholder, walk, measure and compare without a stack
 *   overflow; ordinary values give exactly `JSON.stringify`'s text.
 * - The guard: no bare `JSON.stringify` in `src/providers` or `src/core` outside the allow-list
 *   below, each entry with the reason its argument cannot be a deep or huge wire value; an entry
 *   whose count no longer matches fails too, and the scanner is tested on planted sources.
 */
import { Result } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import * as WireJson from "../src/runtime/WireJson.ts"

const root = path.resolve(import.meta.dirname, "..")
const scanned = ["src/providers", "src/core"]

const allowed: Record<string, { readonly count: number; readonly why: string }> = {
  "src/providers/kits/openai/OpenAITranscriptionModel.ts": {
    count: 1,
    why: "the caller's chunking_strategy setting, a flat object of numbers built on that line"
  }
}

const walkFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walkFiles(full) : entry.name.endsWith(".ts") ? [full] : []
  })

/** The bare `JSON.stringify(` calls of a source (comment lines and block comments skipped). */
export const bareStringifyCalls = (source: string): number => {
  let count = 0
  let inBlock = false
  for (const raw of source.split("\n")) {
    const line = raw.trim()
    if (inBlock) {
      if (line.includes("*/")) inBlock = false
      continue
    }
    if (line.startsWith("/*")) {
      inBlock = !line.includes("*/")
      continue
    }
    if (line.startsWith("//") || line.startsWith("*")) continue
    const code = line.replace(/\/\/.*$/, "")
    count += (code.match(/(?<![\w.])JSON\.stringify\(/g) ?? []).length
  }
  return count
}

describe("wire data goes through WireJson (guard)", () => {
  it("no bare JSON.stringify in src/providers and src/core outside the allow-list", () => {
    const found: Record<string, number> = {}
    for (const dir of scanned) {
      for (const file of walkFiles(path.join(root, dir))) {
        const n = bareStringifyCalls(fs.readFileSync(file, "utf8"))
        if (n > 0) found[path.relative(root, file).split(path.sep).join("/")] = n
      }
    }
    const unexpected = Object.entries(found)
      .filter(([file, n]) => allowed[file]?.count !== n)
      .map(([file, n]) => `${file}: ${n} bare JSON.stringify (use WireJson.stringify / WireJson.render)`)
    const stale = Object.keys(allowed).filter((file) => found[file] === undefined).map((file) => `${file}: stale allow-list entry`)
    expect([...unexpected, ...stale]).toStrictEqual([])
    for (const entry of Object.values(allowed)) expect(entry.why.length).toBeGreaterThan(20)
  })

  it("the scanner counts code, not comments or WireJson calls (planted sources)", () => {
    expect(bareStringifyCalls(`const a = JSON.stringify(x)\nconst b = { c: JSON.stringify(y) }`)).toBe(2)
    expect(bareStringifyCalls(`// JSON.stringify(x)\n * JSON.stringify(y)\n/* JSON.stringify(z) */`)).toBe(0)
    expect(bareStringifyCalls(`/**\n JSON.stringify(z)\n */\nconst t = WireJson.render(x)`)).toBe(0)
    expect(bareStringifyCalls(`const t = WireJson.render(x) // not JSON.stringify(x)`)).toBe(0)
  })
})

const deepArray = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth))
const deepObject = (depth: number): unknown => JSON.parse("{\"a\":".repeat(depth) + "1" + "}".repeat(depth))

const errorNames = (error: unknown): Array<string> => {
  const out: Array<string> = []
  let current: unknown = error
  for (let i = 0; i < 3 && typeof current === "object" && current !== null; i++) {
    out.push(String(Reflect.get(current, "name")))
    current = Reflect.get(current, "cause")
  }
  return out
}

describe("WireJson", () => {
  const ordinary: ReadonlyArray<unknown> = [
    null,
    true,
    1.5,
    "a\"b\u2028",
    [1, undefined, () => 1, "x"],
    { a: 1, b: undefined, c: [{ d: null }], e: new Date(0) },
    { toJSON: () => ({ z: 1 }) }
  ]
  it("ordinary values: exactly JSON.stringify's text", () => {
    for (const value of ordinary) {
      expect(WireJson.render(value)).toBe(JSON.stringify(value))
      expect(Result.getOrUndefined(WireJson.stringify(value))).toBe(JSON.stringify(value))
    }
    expect(WireJson.render(undefined)).toBe(JSON.stringify(undefined))
    expect(Result.isFailure(WireJson.stringify(undefined))).toBe(true)
  })

  for (const depth of [1_000, 10_000, 100_000] as const) {
    for (const [shape, value] of [["array", deepArray(depth)], ["object", deepObject(depth)]] as const) {
      it(`${shape} ${depth} deep: stringify typed or exact, render never throws, walk/depth/equals iterative`, () => {
        const result = WireJson.stringify(value)
        if (Result.isFailure(result)) {
          expect(errorNames(result.failure)).toStrictEqual(["AI_JSONParseError", "RangeError"])
          expect(WireJson.render(value)).toBe(WireJson.unprintable)
        } else {
          expect(depth).toBeLessThan(10_000)
          expect(WireJson.render(value)).toBe(result.success)
        }
        let nodes = 0
        let deepest = 0
        expect(WireJson.walk(value, (_node, d) => {
          nodes++
          deepest = Math.max(deepest, d)
        })).toBe(true)
        expect(deepest).toBe(shape === "array" ? depth : depth + 1)
        expect(nodes).toBe(shape === "array" ? depth : depth + 1)
        expect(WireJson.depthExceeds(value, depth - 1)).toBe(true)
        expect(WireJson.depthExceeds(value, depth)).toBe(false)
        expect(WireJson.equals(value, shape === "array" ? deepArray(depth) : deepObject(depth))).toBe(true)
        expect(WireJson.equals(value, shape === "array" ? deepArray(depth - 1) : deepObject(depth - 1))).toBe(false)
      })
    }
  }

  it("a value whose printing throws (as V8's Invalid string length for a text too long): typed, the placeholder", () => {
    // a real 2^29-character text takes seconds to build; the throw it ends in is the same RangeError
    const value = { big: { toJSON: () => "x".repeat(2 ** 29) } }
    const result = WireJson.stringify(value)
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) expect(errorNames(result.failure)).toStrictEqual(["AI_JSONParseError", "RangeError"])
    expect(WireJson.render(value)).toBe(WireJson.unprintable)
  })

  it("walk stops when visit returns false; equals: key order free, undefined as absent, arrays by item", () => {
    const seen: Array<unknown> = []
    expect(WireJson.walk([1, [2, 3], 4], (node) => {
      seen.push(node)
      return node !== 2
    })).toBe(false)
    expect(seen).toStrictEqual([[1, [2, 3], 4], 1, [2, 3], 2])
    expect(WireJson.equals({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true)
    expect(WireJson.equals({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(WireJson.equals([1, 2], [2, 1])).toBe(false)
    expect(WireJson.equals({ a: [] }, { a: {} })).toBe(false)
    expect(WireJson.equals(NaN, NaN)).toBe(true)
  })
})
