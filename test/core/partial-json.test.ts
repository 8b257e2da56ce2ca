/**
 * Differential tests of partial JSON parsing against upstream `ai`'s `parsePartialJson` (which
 * runs upstream `fixJson`): for every prefix of generated and hand-picked texts, aimux's stateless
 * port and its incremental parser (fed the same prefixes as deltas of random sizes) give the same
 * value and state; `changed` is true exactly when the value's JSON differs from the last defined one.
 */
import { describe, expect, it } from "@effect/vitest"
import { parsePartialJson as upstreamParsePartialJson } from "ai"
import { makeIncrementalParser, parsePartialJson } from "../../src/core/internal/PartialJson.ts"

// deterministic generator (mulberry32)
const rng = (seed: number) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const strings = ["", "a", "héllo wörld", "quote \" and \\ slash", "line\nbreak\ttab", "emoji 😀 \u2028", "\u0001ctl", "__proto__"]
const numbers = [0, -0, 1, -12, 3.25, 1e21, -1.5e-7, 123456789012345680000]

const genValue = (next: () => number, depth: number): unknown => {
  const r = next()
  if (depth > 3 || r < 0.35) {
    const k = Math.floor(next() * 5)
    if (k === 0) return strings[Math.floor(next() * strings.length)]
    if (k === 1) return numbers[Math.floor(next() * numbers.length)]
    if (k === 2) return next() < 0.5
    if (k === 3) return null
    return `s${Math.floor(next() * 1000)}`
  }
  if (r < 0.65) return Array.from({ length: Math.floor(next() * 4) }, () => genValue(next, depth + 1))
  const out: Record<string, unknown> = {}
  const n = Math.floor(next() * 4)
  for (let i = 0; i < n; i++) out[`k${Math.floor(next() * 6)}${i}`] = genValue(next, depth + 1)
  return out
}

// texts whose prefixes hit upstream's quirks (fallback paths included)
const handPicked = [
  "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"x\\u00e9y\\\"z\"}}",
  "  [1, 2 ,3 ]  ",
  "{\"n\":-0.5e-3,\"m\":1E5,\"z\":0}",
  "{\"p\":1e+5}",
  "[1e+5, 2]",
  "{\"a\":1}trailing text",
  "Here is the JSON: {\"a\":1}",
  "{\"a\" 1}",
  "[1 2]",
  "{\"a\":1,\"a\":2}",
  "{\"__proto__\":{\"x\":1}}",
  "{\"constructor\":{\"prototype\":1}}",
  "{\"s\":\"raw\ncontrol\"}",
  "[01]",
  "[1.]",
  "-",
  "12",
  "\"just a string\"",
  "tru",
  "[tx]",
  "{\"u\":\"\\ud83d\\ude00\"}",
  "{\"bad\":\"\\x\"}",
  "{\"a\":[{\"b\":[{\"c\":\"deep\"}]}],\"e\":{}}",
  "",
  "   "
]

const comparePrefixes = async (text: string, next: () => number) => {
  const parser = makeIncrementalParser()
  let lastJson: string | undefined = undefined
  let i = 0
  while (i <= text.length) {
    const size = i === text.length ? 0 : 1 + Math.floor(next() * 6)
    const j = Math.min(text.length, i + size)
    const prefix = text.slice(0, j)
    const upstream = await upstreamParsePartialJson(prefix)
    expect(parsePartialJson(prefix), prefix).toEqual(upstream)
    const ours = parser.push(text.slice(i, j))
    expect({ value: ours.value, state: ours.state }, prefix).toEqual(upstream)
    if (upstream.value !== undefined) {
      const json = JSON.stringify(upstream.value)
      expect(ours.changed, `changed at ${JSON.stringify(prefix)}`).toBe(json !== lastJson)
      lastJson = json
    } else {
      expect(ours.changed).toBe(false)
    }
    if (j === text.length) break
    i = j
  }
}

describe("partial JSON parsing (vs upstream parsePartialJson)", () => {
  it("hand-picked texts, every prefix, random delta sizes", async () => {
    const next = rng(7)
    for (const text of handPicked) await comparePrefixes(text, next)
  })

  it("generated JSON values (compact and pretty-printed), every prefix", async () => {
    const next = rng(42)
    for (let n = 0; n < 150; n++) {
      const value = genValue(next, 0)
      await comparePrefixes(JSON.stringify(value), next)
      await comparePrefixes(JSON.stringify(value, null, n % 3 === 0 ? "\t" : 2), next)
    }
  })

  it("stays in the incremental grammar for well-formed JSON (no full reparse)", () => {
    const parser = makeIncrementalParser()
    const text = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `n${i}`, ok: i % 2 === 0, x: -i / 4 })) }, null, 2)
    for (let i = 0; i < text.length; i += 7) parser.push(text.slice(i, i + 7))
    expect(parser.fellBack()).toBe(false)
    const quirky = makeIncrementalParser()
    quirky.push("{\"a\":1}")
    quirky.push(" and more")
    expect(quirky.fellBack()).toBe(true)
  })
})
