/**
 * Shape-specialized JSON parsing (`src/runtime/internal/jsonShape.ts`, behind
 * `ParseJson.makeShapes`): a text matched against a learned event layout gives exactly what
 * `JSON.parse` gives (same keys in the same order, same strings, same numbers including `-0`,
 * fresh objects and arrays), and `ParseJson`'s results with a stream's shapes equal its results
 * without them, on generated layouts whose scalars change from text to text, on texts mutated
 * character by character (broken escapes, raw control characters, malformed numbers, other
 * whitespace, truncation, trailing text), on prototype keys, and on the bench workloads' events.
 * Each property also asserts that most texts were matched, so a cache that never matches fails.
 */
import { Schema } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Data from "../../bench/data.ts"
import * as Sse from "../../src/provider-utils/Sse.ts"
import { OpenAIChatChunk } from "../../src/providers/kits/openai/OpenAIChatApi.ts"
import { makeShapeCache, miss } from "../../src/runtime/internal/jsonShape.ts"
import * as ParseJson from "../../src/runtime/ParseJson.ts"

/** A canonical text of a value: key order as enumerated, `-0` and lone surrogates visible. */
const canon = (v: unknown): string => {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v)
  if (typeof v === "string") return JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`
  if (v !== null && typeof v === "object") {
    if (Object.getPrototypeOf(v) !== Object.prototype) return "<not a plain object>"
    const own = Reflect.ownKeys(v)
    return `{${own.map((k) => `${String(k)}:${canon(Reflect.get(v, k))}`).join(",")}}`
  }
  return String(v)
}

/** Every object and array in a value. */
const nodesOf = (v: unknown, into: Array<object>): void => {
  if (v === null || typeof v !== "object") return
  into.push(v)
  for (const k of Object.keys(v)) nodesOf(Reflect.get(v, k), into)
}

interface Run {
  readonly hits: number
  readonly texts: number
}

/**
 * Feeds texts through one cache as `ParseJson` does (match; on a miss `JSON.parse`, learning from
 * what it accepts) and checks every match against `JSON.parse`; no object of one result is part
 * of another.
 */
const run = (texts: ReadonlyArray<string>): Run => {
  const cache = makeShapeCache(0)
  const seen = new Set<object>()
  let hits = 0
  for (const text of texts) {
    const matched = cache.match(text)
    let expected: unknown
    let parsed = true
    try {
      expected = JSON.parse(text)
    } catch {
      parsed = false
    }
    if (matched === miss) {
      if (parsed) cache.learn(text)
      continue
    }
    hits++
    expect(parsed, text).toBe(true)
    expect(canon(matched), text).toBe(canon(expected))
    const nodes: Array<object> = []
    nodesOf(matched, nodes)
    for (const node of nodes) {
      expect(seen.has(node)).toBe(false)
      seen.add(node)
    }
  }
  return { hits, texts: texts.length }
}

// ---- generated layouts: a JSON value, and the same value with other scalars ----

const trickyString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("", "a\"b", "back\\slash", "\u0000\u001f", "\ud800", "\udfff\ud800", "\u2028\u2029", "日本語", "😀", "x".repeat(40), "1e5", "null")
)
const trickyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1, -1, 1e21, 1e-7, 5e-324, 123456789, 1234567890, -2147483648, 0.1, 1.5e300)
)
const scalar = fc.oneof(trickyString, trickyNumber, fc.boolean(), fc.constant(null))
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("constructor", "toString", "0", "1", "prototype")), tie("value"), { maxKeys: 5 })
  )
}))
const root = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), value, { minKeys: 1, maxKeys: 6 }),
  fc.array(value, { minLength: 1, maxLength: 5 })
)

/** The same layout with every string and number replaced (booleans and nulls kept). */
const reshuffle = (v: unknown, next: Scalars): unknown => {
  if (typeof v === "string") return next.strings[next.k++ % next.strings.length]
  if (typeof v === "number") return next.numbers[next.k++ % next.numbers.length]
  if (Array.isArray(v)) return v.map((x) => reshuffle(x, next))
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: reshuffle(Reflect.get(v, k), next), enumerable: true, writable: true, configurable: true })
    return out
  }
  return v
}

interface Scalars {
  readonly strings: ReadonlyArray<string>
  readonly numbers: ReadonlyArray<number>
  k: number
}
const scalars = fc.record({
  strings: fc.array(trickyString, { minLength: 7, maxLength: 7 }),
  numbers: fc.array(trickyNumber, { minLength: 5, maxLength: 5 }),
  k: fc.constant(0)
})

const spacing = fc.constantFrom<undefined | number | string>(undefined, 0, 1, 2, "\t", " \r\n")

/** Character edits that break or change a text. */
const edit = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("delete", "insert", "replace", "truncate", "append"),
  char: fc.constantFrom("\"", "\\", "0", "1", "-", "+", ".", "e", "E", ",", " ", "\n", "}", "]", "{", "\u0001", "u", "x", "n", "/", "b")
})
const applyEdit = (text: string, e: { at: number; kind: string; char: string }): string => {
  const i = e.at % (text.length + 1)
  switch (e.kind) {
    case "delete":
      return text.slice(0, i) + text.slice(i + 1)
    case "insert":
      return text.slice(0, i) + e.char + text.slice(i)
    case "replace":
      return text.slice(0, i) + e.char + text.slice(i + 1)
    case "truncate":
      return text.slice(0, i)
    default:
      return text + e.char
  }
}

describe("shape-specialized JSON parsing", () => {
  it("matches give JSON.parse's value on generated layouts with changing strings and numbers", () => {
    let hits = 0
    let total = 0
    fc.assert(
      fc.property(root, fc.array(scalars, { minLength: 2, maxLength: 6 }), spacing, (base, variants, space) => {
        const texts = [JSON.stringify(base, null, space)]
        for (const next of variants) texts.push(JSON.stringify(reshuffle(base, { ...next, k: 0 }), null, space))
        const r = run(texts)
        hits += r.hits
        total += r.texts
      }),
      { seed: 23, numRuns: 400 }
    )
    // every layout with a string or number in it is learned from its first text
    expect(hits / total).toBeGreaterThan(0.5)
  })

  it("texts edited character by character are matched only when JSON.parse gives the same value", () => {
    let hits = 0
    fc.assert(
      fc.property(root, fc.array(fc.tuple(scalars, fc.option(edit, { freq: 2 })), { minLength: 2, maxLength: 10 }), (base, variants) => {
        const texts = [JSON.stringify(base)]
        for (const [next, e] of variants) {
          const text = JSON.stringify(reshuffle(base, { ...next, k: 0 }))
          texts.push(e === null ? text : applyEdit(text, e))
        }
        hits += run(texts).hits
      }),
      { seed: 29, numRuns: 1500 }
    )
    expect(hits).toBeGreaterThan(1500)
  })

  it("number and string tokens at their edges", () => {
    const layout = (n: string, s: string) => `{"n":${n},"s":${s},"a":[${n}]}`
    const numbers = ["0", "-0", "1", "-1", "10", "0.5", "-0.0", "1e5", "1E+5", "1e-5", "123456789", "1234567890", "9007199254740993", "1.7976931348623157e309", "01", "1.", ".5", "-", "1e", "1e+", "+1", "0x1", "1_0", "Infinity", "NaN", "1.5.2", "--1"]
    const strings = ["\"\"", "\"a\"", "\"\\\"\"", "\"\\\\\"", "\"\\u0041\"", "\"\\u00e9x\"", "\"\\ud800\"", "\"\\x\"", "\"\\u12\"", "\"a\u0001\"", "\"\\/\"", "\"\\b\\f\\n\\r\\t\"", "\"abcdefghijklmnop\"", "\"abcdefghijklm\\n\"", "\"\"\"", "\"a", "a\""]
    const texts = [layout("7", "\"x\"")]
    for (const n of numbers) for (const s of strings) texts.push(layout(n, s), layout("7", "\"x\""))
    const r = run(texts)
    expect(r.hits).toBeGreaterThan(numbers.length * strings.length)
  })

  it("strings ending in escaped quotes and backslash runs, in the first and the last hole, match with JSON.parse's value", () => {
    // the fast plan finds a hole's end by position (the last hole's where the static tail begins,
    // the others' at the first quote not escaped by an odd run of backslashes)
    const strings = [String.raw`"a\"b"`, String.raw`"\\"`, String.raw`"\\\""`, String.raw`"x\\\\"`, String.raw`"\"\""`, String.raw`"\\\\\"q"`, String.raw`"\\\\\\"`, `"plain"`]
    const layout = (s: string, t: string) => `{"s":${s},"n":1,"t":${t}}`
    const texts = [layout(`"x"`, `"y"`), layout(`"x2"`, `"y2"`)]
    for (const s of strings) for (const t of strings) texts.push(layout(s, t))
    // the first text is learned, every other one matches
    expect(run(texts).hits).toBe(texts.length - 1)
  })

  it("the bench workloads' events: matched nearly all, each equal to JSON.parse's value", () => {
    const bodies = [Data.openaiTextBody(500), Data.openaiToolsBody(8, 60), Data.anthropicBody(100, 300, 60), Data.openaiResponsesBody(500, 60), Data.geminiBody(100, 400), Data.xaiResponsesBody(60, 500, 60)]
    for (const body of bodies) {
      const texts: Array<string> = []
      Sse.makeDecoder().push(body, (e) => {
        if (e.data !== "[DONE]") texts.push(e.data)
      })
      const r = run(texts)
      expect(r.hits / r.texts).toBeGreaterThan(0.9)
    }
  })
})

describe("ParseJson with a stream's shapes", () => {
  const show = (r: ParseJson.ParseResult<unknown>) =>
    r.success
      ? { ok: canon(r.value), raw: canon(r.rawValue) }
      : { error: r.error._tag, message: r.error.message, cause: String(r.error.cause), raw: canon(r.rawValue) }

  const chunk = (content: string, extra = "") =>
    `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"m"${extra},"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":null}]}`

  it("gives the results it gives without them (chunk Schema, prototype keys, malformed texts)", () => {
    const { batch, parse } = ParseJson.makeBatchSafeParseJson(OpenAIChatChunk)
    const text = fc.oneof(
      { weight: 6, arbitrary: fc.string({ maxLength: 12 }).map((s) => chunk(s)) },
      fc.tuple(fc.string({ maxLength: 12 }), edit).map(([s, e]) => applyEdit(chunk(s), e)),
      fc.constantFrom(
        chunk("x", ',"__proto__":{"a":1}'),
        chunk("x", ',"constructor":{"prototype":{}}'),
        chunk("x", ',"constructor":{"prototype":1}'),
        chunk("x", ',"constructor":1'),
        chunk("x", ',"\\u005f_proto__":{}'),
        '{"choices":[{"index":"0"}]}',
        '{"error":{"message":"m","code":1}}',
        '{"error":{"message":"n","code":2}}',
        "",
        "nope"
      )
    )
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 40 }), (texts) => {
        const shapes = ParseJson.makeShapes()
        const withShapes = batch(() => texts.map((t) => show(parse(t, shapes))))
        expect(withShapes).toEqual(texts.map((t) => show(parse(t))))
      }),
      { seed: 31, numRuns: 400 }
    )
  })

  it("a learned layout whose keys would need the prototype check keeps getting it", () => {
    const { parse } = ParseJson.makeBatchSafeParseJson(Schema.Unknown)
    const shapes = ParseJson.makeShapes()
    // past the warm-up texts parsed before the first shape is learned
    for (let i = 0; i < 10; i++) parse(`{"constructor":{"a":${i}},"v":"w"}`, shapes)
    const texts = [
      '{"constructor":{"a":1},"v":"x"}',
      '{"constructor":{"a":2},"v":"y"}',
      '{"constructor":{"prototype":2},"v":"y"}',
      '{"constructor":{"a":3},"v":"z"}'
    ]
    expect(texts.map((t) => show(parse(t, shapes)))).toEqual(texts.map((t) => show(parse(t))))
    expect(show(parse(texts[2], shapes)).error).toBe("JSONParseError")
  })
})
