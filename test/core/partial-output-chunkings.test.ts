/**
 * Differential tests of the partial-output path against upstream `ai` (`streamText({ output })` +
 * `MockLanguageModelV4`) on seeded random chunkings of generated structured outputs: objects,
 * `Output.array` envelopes of records (compact and pretty-printed, some elements invalid), nested
 * arrays, map-like objects, strings with escapes / unicode / surrogate pairs, numbers split across
 * deltas. Arrays and objects are large enough (past the ArrayView / ObjectView thresholds) that
 * aimux publishes shared views. Compared through
 * test/providers/_kit/Wire.ts: the full stream (whose text-delta coalescing is upstream's "publish only when
 * the JSON changed" decision), the emission sequence of `partialOutputStream` serialized at
 * emission time and again after the run (views must not change once published), and the
 * `elementStream` sequence.
 */
import { describe, expect, it } from "@effect/vitest"
import { jsonSchema as upstreamJsonSchema, Output as UpstreamOutput, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import { z } from "zod"
import { SHARE_THRESHOLD } from "../../src/core/internal/ArrayView.ts"
import { OBJECT_SHARE_THRESHOLD } from "../../src/core/internal/ObjectView.ts"
import * as Output from "../../src/core/Output.ts"
import * as OutputStream from "../../src/core/OutputStream.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { wireJson } from "../providers/_kit/Wire.ts"
import { normalize } from "../testing/normalize.ts"

// deterministic generator (mulberry32)
const rng = (seed: number) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
type Rng = () => number
const pick = <A>(next: Rng, items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!

const STRINGS = ["", "plain", "punct , ] } [ { :", "quote \" back \\ slash", "line\nbreak\ttab\r", "héllo wörld", "emoji 😀 and 日本", "\u2028sep\u2029", "ctl \u0001 \u001f", "slash / done", "\\u0041 literal"]
const NUMBERS = [0, -0, 7, -12, 3.25, -0.0625, 1e21, 1.5e-7, -2.5e10, 123456789012, 0.1]

const genScalar = (next: Rng): unknown => {
  const k = Math.floor(next() * 5)
  if (k === 0) return pick(next, STRINGS)
  if (k === 1) return pick(next, NUMBERS)
  if (k === 2) return next() < 0.5
  if (k === 3) return null
  return `s${Math.floor(next() * 1e6)}`
}

const genValue = (next: Rng, depth: number): unknown => {
  const r = next()
  if (depth > 3 || r < 0.4) return genScalar(next)
  if (r < 0.7) return Array.from({ length: Math.floor(next() * (depth === 0 ? 50 : 6)) }, () => genValue(next, depth + 1))
  const out: Record<string, unknown> = {}
  const n = Math.floor(next() * 5)
  for (let i = 0; i < n; i++) out[`k${i}${Math.floor(next() * 9)}`] = genValue(next, depth + 1)
  return out
}

const record = (next: Rng, i: number) => ({
  id: i,
  name: `${pick(next, STRINGS)} #${i}`,
  tags: Array.from({ length: Math.floor(next() * 3) }, () => pick(next, STRINGS).slice(0, 6)),
  score: pick(next, NUMBERS) + i / 8,
  ok: next() < 0.5
})

const records = (next: Rng, count: number, invalidEvery = 0) =>
  Array.from({ length: count }, (_, i) => (invalidEvery > 0 && i % invalidEvery === 3 ? { id: `bad ${i}`, name: 1 } : record(next, i)))

/** Cuts a text into deltas of 1..max characters (splitting escapes, numbers and surrogate pairs). */
const chunk = (next: Rng, text: string, max: number): Array<string> => {
  const out: Array<string> = []
  for (let i = 0; i < text.length;) {
    const size = 1 + Math.floor(next() * max)
    out.push(text.slice(i, i + size))
    i += size
  }
  return out
}

const usage = H.usage(3, 10)
const stepParts = (deltas: ReadonlyArray<string>): Array<StreamPart> => [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r1", modelId: "m1", timestamp: new Date(0) },
  ...H.textParts("t", ...deltas),
  { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage }
]

interface Observed {
  readonly parts: unknown
  readonly partialsAtEmission: ReadonlyArray<unknown>
  readonly partialsAfter: ReadonlyArray<unknown>
  readonly elements: ReadonlyArray<unknown>
}

const runUpstream = async (deltas: ReadonlyArray<string>, output: unknown): Promise<Observed> => {
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(stepParts(deltas)) as never }) })
  const result = upstreamStreamText({ model, prompt: "hi", onError: () => {}, output: output as never })
  const parts: Array<unknown> = []
  const partials: Array<unknown> = []
  const partialsAtEmission: Array<unknown> = []
  const elements: Array<unknown> = []
  await Promise.all([
    (async () => {
      for await (const p of result.fullStream) parts.push(p)
    })(),
    (async () => {
      for await (const p of result.partialOutputStream) {
        partials.push(p)
        partialsAtEmission.push(wireJson(p))
      }
    })(),
    (async () => {
      try {
        for await (const e of result.elementStream) elements.push(wireJson(e))
      } catch {
        // non-array outputs: upstream throws, aimux fails with UnsupportedFunctionalityError
      }
    })()
  ])
  return { parts: normalize(parts), partialsAtEmission, partialsAfter: partials.map((p) => wireJson(p)), elements }
}

const runOurs = (deltas: ReadonlyArray<string>, output: Output.Any) =>
  Effect.gen(function*() {
    const parts = Array.from(yield* Stream.runCollect(StreamText.streamText({ prompt: "hi", output })))
    const partials: Array<unknown> = []
    const partialsAtEmission: Array<unknown> = []
    yield* Stream.runForEach(OutputStream.partialOutputStream(Stream.fromIterable(parts), output), (p) =>
      Effect.sync(() => {
        partials.push(p)
        partialsAtEmission.push(wireJson(p))
      }))
    const elements: Array<unknown> = []
    yield* Effect.exit(Stream.runForEach(OutputStream.elementStream(Stream.fromIterable(parts), output), (e) => Effect.sync(() => elements.push(wireJson(e)))))
    return { parts: normalize(parts), partialsAtEmission, partialsAfter: partials.map((p) => wireJson(p)), elements }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: [{ stream: stepParts(deltas) }] })))

/** Equal sequences; compared as JSON text (fast on thousands of partials), diffed at the first mismatch. */
const sameSequence = (actual: ReadonlyArray<unknown>, expected: ReadonlyArray<unknown>, what: string) => {
  expect(actual.length, `${what}: count`).toBe(expected.length)
  for (let i = 0; i < expected.length; i++) {
    if (JSON.stringify(actual[i]) !== JSON.stringify(expected[i])) expect(actual[i], `${what} #${i}`).toEqual(expected[i])
  }
}

const compare = (deltas: ReadonlyArray<string>, ours: Output.Any, upstream: unknown) =>
  Effect.gen(function*() {
    const expected = yield* Effect.promise(() => runUpstream(deltas, upstream))
    const actual = yield* runOurs(deltas, ours)
    sameSequence(actual.partialsAtEmission, expected.partialsAtEmission, "partials at emission")
    sameSequence(actual.partialsAfter, expected.partialsAtEmission, "partials after the run")
    sameSequence(actual.elements, expected.elements, "elements")
    sameSequence([actual.parts], [expected.parts], "full stream")
    return expected.partialsAtEmission.length
  })

const Row = Schema.Struct({ id: Schema.Number, name: Schema.String, tags: Schema.Array(Schema.String), score: Schema.Number, ok: Schema.Boolean })
const zRow = z.object({ id: z.number(), name: z.string(), tags: z.array(z.string()), score: z.number(), ok: z.boolean() })
const Report = Schema.Struct({ title: Schema.String, items: Schema.Array(Row) })
const zReport = z.object({ title: z.string(), items: z.array(zRow) })

// generous: upstream's side reparses the accumulated text per delta, and the machine may be loaded
const TIMEOUT = 120_000
const MAX_DELTAS = [3, 11, 40]
// objects publish per delta (each partial serialized twice per side): coarser chunkings keep the run short
const MAX_DELTAS_OBJECT = [6, 40]

describe("partial output on random chunkings (vs upstream streamText)", () => {
  it.live("Output.array of records: compact, pretty-printed, with invalid elements", () =>
    Effect.gen(function*() {
      const next = rng(1701)
      let emissions = 0
      for (let n = 0; n < 6; n++) {
        const elements = records(next, SHARE_THRESHOLD + 10 + n * 7, n % 2 === 0 ? 0 : 9)
        const text = n % 3 === 2 ? JSON.stringify({ elements }, null, 2) : JSON.stringify({ elements })
        for (const max of MAX_DELTAS) {
          emissions += yield* compare(chunk(next, text, max), Output.array({ element: Row }), UpstreamOutput.array({ element: zRow }))
        }
      }
      // Unicode whitespace around elements (upstream's scanner skips /\s/ there; inside an element
      // it is not JSON whitespace, so the scanner gives up and the generic parse decides)
      const spaced = records(next, SHARE_THRESHOLD + 2).map((r) => JSON.stringify(r))
      const texts = [
        `{"elements":[\u00a0${spaced.join(",\u2028 ")}\ufeff]}`,
        `{"elements":[${spaced.join(",")}\u3000, ${spaced[0]}]}`,
        `{"elements":[${spaced.slice(0, 3).join(",")},\t]}`
      ]
      for (const text of texts) {
        for (const max of MAX_DELTAS) {
          emissions += yield* compare(chunk(next, text, max), Output.array({ element: Row }), UpstreamOutput.array({ element: zRow }))
        }
      }
      expect(emissions).toBeGreaterThan(200)
    }), TIMEOUT)

  it.live("Output.array: a non-standard envelope (the generic fallback) and maxItems", () =>
    Effect.gen(function*() {
      const next = rng(5)
      const elements = records(next, SHARE_THRESHOLD + 5)
      const texts = [
        JSON.stringify({ note: "first", elements }),
        `Here you go: ${JSON.stringify({ elements })}`
      ]
      for (const text of texts) {
        for (const max of MAX_DELTAS) {
          yield* compare(chunk(next, text, max), Output.array({ element: Row }), UpstreamOutput.array({ element: zRow }))
        }
      }
      const text = JSON.stringify({ elements })
      yield* compare(chunk(next, text, 9), Output.array({ element: Row, maxItems: SHARE_THRESHOLD + 2 }), UpstreamOutput.array({ element: zRow, maxItems: SHARE_THRESHOLD + 2 }))
    }), TIMEOUT)

  it.live("Output.array with a plain JSON Schema element, with and without validate", () =>
    Effect.gen(function*() {
      const next = rng(31)
      const rowSchema = { type: "object", properties: { id: { type: "number" }, name: { type: "string" } }, required: ["id", "name"] } as const
      const isRow = (value: unknown): value is { id: number; name: string } =>
        typeof value === "object" && value !== null && "id" in value && typeof value.id === "number" && "name" in value && typeof value.name === "string"
      const outputs = [
        [Output.array({ element: Tool.jsonSchema(rowSchema) }), UpstreamOutput.array({ element: upstreamJsonSchema(rowSchema) })],
        [
          Output.array({ element: Tool.jsonSchema(rowSchema, { validate: (v) => (isRow(v) ? Effect.succeed({ ...v, seen: true }) : Effect.fail(new Error("not a row"))) }) }),
          UpstreamOutput.array({
            element: upstreamJsonSchema(rowSchema, { validate: (v) => (isRow(v) ? { success: true, value: { ...v, seen: true } } : { success: false, error: new Error("not a row") }) })
          })
        ]
      ] as const
      const text = JSON.stringify({ elements: records(next, SHARE_THRESHOLD + 12, 5) })
      for (const [ours, upstream] of outputs) {
        for (const max of MAX_DELTAS) yield* compare(chunk(next, text, max), ours, upstream)
      }
    }), TIMEOUT)

  it.live("Output.object: an object holding an array of records", () =>
    Effect.gen(function*() {
      const next = rng(99)
      for (let n = 0; n < 3; n++) {
        const value = { title: pick(next, STRINGS), items: records(next, SHARE_THRESHOLD + 3 + n * 3) }
        const text = n === 2 ? JSON.stringify(value, null, "\t") : JSON.stringify(value)
        for (const max of MAX_DELTAS_OBJECT) {
          yield* compare(chunk(next, text, max), Output.object({ schema: Report }), UpstreamOutput.object({ schema: zReport }))
        }
      }
    }), TIMEOUT)

  it.live("Output.json: nested arrays (views inside views) and generated values", () =>
    Effect.gen(function*() {
      const next = rng(4242)
      const matrix = Array.from({ length: SHARE_THRESHOLD + 2 }, (_, i) => Array.from({ length: SHARE_THRESHOLD + (i % 3) }, (_, j) => (i * j) % 11 === 0 ? [j, "é"] : j % 10))
      // map-like objects past the object view threshold, array-index keys mixed in
      const map = Object.fromEntries(Array.from({ length: OBJECT_SHARE_THRESHOLD + 9 }, (_, i) => [i % 4 === 0 ? String(90 - i) : `key ${i}`, i % 3 === 0 ? { n: i, s: "é" } : i]))
      const values: Array<unknown> = [matrix, { rows: matrix.slice(0, 6), after: "x" }, map, { outer: { inner: map }, tail: [map] }]
      for (let n = 0; n < 8; n++) values.push(genValue(next, 0))
      for (const value of values) {
        const text = JSON.stringify(value)
        for (const max of MAX_DELTAS_OBJECT) yield* compare(chunk(next, text, max), Output.json(), UpstreamOutput.json())
      }
    }), TIMEOUT)

  it.live("strings with escapes and unicode, numbers split across deltas", () =>
    Effect.gen(function*() {
      const next = rng(77)
      const strings = Array.from({ length: SHARE_THRESHOLD + 8 }, (_, i) => STRINGS[i % STRINGS.length]! + "\\ \"é😀\u0007" + i)
      const numbers = Array.from({ length: SHARE_THRESHOLD + 8 }, (_, i) => pick(next, NUMBERS) * (i + 1))
      const texts = [
        JSON.stringify({ strings }),
        JSON.stringify(numbers),
        // escapes written out (\u sequences, an escaped surrogate pair) and exponents in every form
        `{"u":"\\u00e9\\ud83d\\ude00\\u2028\\/\\b\\f","n":[${numbers.map((x, i) => (i % 3 === 0 ? `${x}E-2` : i % 3 === 1 ? `-${Math.abs(x)}e5` : `${x}`)).join(",")}]}`,
        `[${Array.from({ length: SHARE_THRESHOLD + 2 }, (_, i) => `${i}.${i}5e${i % 4}`).join(", ")}]`
      ]
      for (const text of texts) {
        for (const max of [1, ...MAX_DELTAS]) yield* compare(chunk(next, text, max), Output.json(), UpstreamOutput.json())
      }
    }), TIMEOUT)
})
