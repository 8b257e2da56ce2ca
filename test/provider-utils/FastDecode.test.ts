/**
 * The fast decode path generated from a Schema AST (`src/runtime/internal/fastDecode.ts`)
 * accepts exactly what Effect's Schema decoder accepts, with the same output (keys, key order,
 * values), on random schemas of the supported subset (structs with required and optional keys,
 * arrays, `anyOf` unions including overlapping struct members, primitives, literals, `null`,
 * `Unknown`) and on values generated to fit them, mutated, or arbitrary. Each schema is built
 * fresh and never JIT-enabled, so the reference is Effect's interpreter. Schemas outside the
 * subset get no fast path.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as fc from "fast-check"
import { fastDecoder, invalid } from "../../src/runtime/internal/fastDecode.ts"
import { makeSafeValidate } from "../../src/runtime/ParseJson.ts"
import { OpenAIChatChunk, OpenAIChatResponse, OpenAIErrorData } from "../../src/providers/kits/openai/OpenAIChatApi.ts"
import { StreamEvent } from "../../src/providers/kits/anthropic/AnthropicApi.ts"

// ---- a description of a schema in the supported subset, and its Schema ----

type Desc =
  | { readonly t: "string" | "number" | "boolean" | "null" | "unknown" }
  | { readonly t: "literal"; readonly value: string | number | boolean }
  | { readonly t: "union"; readonly members: ReadonlyArray<Desc> }
  | { readonly t: "array"; readonly item: Desc }
  | { readonly t: "struct"; readonly fields: ReadonlyArray<Field> }
  // outside the subset (only in `partial` below): an integer check, a record
  | { readonly t: "int" }
  | { readonly t: "record" }

interface Field {
  readonly key: string
  readonly optional: boolean
  readonly type: Desc
}

const KEYS = ["a", "b", "type", "id", "toString", "x y"]

const { desc } = fc.letrec<{ desc: Desc }>((tie) => ({
  desc: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<Desc>({ t: "string" }, { t: "number" }, { t: "boolean" }, { t: "null" }, { t: "unknown" }),
    fc.oneof(fc.constantFrom("x", "y", ""), fc.constantFrom(0, 1, -0.5), fc.boolean()).map((value): Desc => ({
      t: "literal",
      value
    })),
    fc.array(tie("desc"), { minLength: 1, maxLength: 3 }).map((members): Desc => ({ t: "union", members })),
    tie("desc").map((item): Desc => ({ t: "array", item })),
    fc.uniqueArray(
      fc.record({ key: fc.constantFrom(...KEYS), optional: fc.boolean(), type: tie("desc") }),
      { minLength: 1, maxLength: 4, selector: (f) => f.key }
    ).map((fields): Desc => ({ t: "struct", fields }))
  )
}))

// Descriptions that may hold nodes outside the subset (an integer check, a record): as union
// members and optional keys they leave the value to Schema, elsewhere there is no fast path.
const { partial } = fc.letrec<{ partial: Desc }>((tie) => ({
  partial: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<Desc>({ t: "string" }, { t: "number" }, { t: "null" }),
    fc.constantFrom<Desc>({ t: "int" }, { t: "record" }),
    fc.constantFrom("x", "y").map((value): Desc => ({ t: "literal", value })),
    fc.array(tie("partial"), { minLength: 1, maxLength: 3 }).map((members): Desc => ({ t: "union", members })),
    // unions of structs discriminated by a literal `type` (a switch on it from four members on)
    fc.array(
      fc.tuple(fc.constantFrom("x", "y", "z"), tie("partial"), fc.boolean()).map(([value, rest, optional]): Desc => ({
        t: "struct",
        fields: [{ key: "type", optional: false, type: { t: "literal", value } }, { key: "a", optional, type: rest }]
      })),
      { minLength: 3, maxLength: 7 }
    ).chain((members) => fc.tuple(fc.constant(members), fc.array(tie("partial"), { maxLength: 2 }), fc.nat()))
      .map(([members, wildcards, at]): Desc => {
        const all = [...members]
        for (const w of wildcards) all.splice(at % (all.length + 1), 0, w)
        return { t: "union", members: all }
      }),
    tie("partial").map((item): Desc => ({ t: "array", item })),
    fc.uniqueArray(
      fc.record({ key: fc.constantFrom(...KEYS), optional: fc.boolean(), type: tie("partial") }),
      { minLength: 1, maxLength: 4, selector: (f) => f.key }
    ).map((fields): Desc => ({ t: "struct", fields }))
  )
}))

const toSchema = (d: Desc): Schema.Codec<unknown> => {
  switch (d.t) {
    case "int":
      return Schema.Number.check(Schema.isInt())
    case "record":
      return Schema.Record(Schema.String, Schema.Number)
    case "string":
      return Schema.String
    case "number":
      return Schema.Number
    case "boolean":
      return Schema.Boolean
    case "null":
      return Schema.Null
    case "unknown":
      return Schema.Unknown
    case "literal":
      return Schema.Literal(d.value)
    case "union":
      return Schema.Union(d.members.map(toSchema))
    case "array":
      return Schema.Array(toSchema(d.item))
    case "struct": {
      const fields: Record<string, Schema.Codec<unknown> | Schema.optionalKey<Schema.Codec<unknown>>> = {}
      for (const f of d.fields) fields[f.key] = f.optional ? Schema.optionalKey(toSchema(f.type)) : toSchema(f.type)
      return Schema.Struct(fields)
    }
  }
}

// ---- values: fitting the description (with unknown keys), then mutated ----

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, Number.NaN, Infinity, -0, "x", "y", "", 0, 1, -0.5, true, false, null, [], {})
)

const fitting = (d: Desc): fc.Arbitrary<unknown> => {
  switch (d.t) {
    case "int":
      return fc.oneof(fc.integer(), fc.double())
    case "record":
      return fc.dictionary(fc.constantFrom("a", "b", "type"), fc.oneof(fc.integer(), fc.string({ maxLength: 2 })), { maxKeys: 2 })
    case "string":
      return fc.string({ maxLength: 4 })
    case "number":
      return fc.oneof(fc.double(), fc.integer())
    case "boolean":
      return fc.boolean()
    case "null":
      return fc.constant(null)
    case "unknown":
      return anyValue
    case "literal":
      return fc.constant(d.value)
    case "union":
      return fc.oneof(...d.members.map(fitting))
    case "array":
      return fc.array(fitting(d.item), { maxLength: 3 })
    case "struct": {
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const f of d.fields) model[f.key] = fitting(f.type)
      return fc.tuple(
        fc.record(model, { requiredKeys: d.fields.filter((f) => !f.optional).map((f) => f.key) }),
        fc.dictionary(fc.constantFrom("extra", "b", "a", "other"), anyValue, { maxKeys: 2 }),
        fc.boolean()
      ).map(([record, extra, extraFirst]) => (extraFirst ? { ...extra, ...record } : { ...record, ...extra }))
    }
  }
}

const mutation = fc.record({ node: fc.nat(), key: fc.nat(), kind: fc.nat(3), value: anyValue })
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never

const containers = (value: unknown, out: Array<Array<unknown> | Record<string, unknown>>) => {
  if (Array.isArray(value)) {
    out.push(value)
    for (const item of value) containers(item, out)
  } else if (value !== null && typeof value === "object") {
    const record: Record<string, unknown> = Object(value)
    out.push(record)
    for (const key of Object.keys(record)) containers(record[key], out)
  }
  return out
}

const mutate = (value: unknown, mutations: ReadonlyArray<Mutation>): unknown => {
  const root: unknown = structuredClone(value)
  for (const m of mutations) {
    const nodes = containers(root, [])
    if (nodes.length === 0) return structuredClone(m.value)
    const node = nodes[m.node % nodes.length]
    const item = structuredClone(m.value)
    if (Array.isArray(node)) {
      if (m.kind === 0 && node.length > 0) node.splice(m.key % node.length, 1)
      else if (m.kind === 1 && node.length > 0) node[m.key % node.length] = item
      else node.push(item)
    } else {
      const keys = Object.keys(node)
      if (m.kind === 0 && keys.length > 0) delete node[keys[m.key % keys.length]]
      else if (m.kind === 1 && keys.length > 0) node[keys[m.key % keys.length]] = item
      else node[KEYS[m.key % KEYS.length]] = item
    }
  }
  return root
}

const values = (d: Desc): fc.Arbitrary<unknown> =>
  fc.oneof(
    fitting(d),
    fc.tuple(fitting(d), fc.array(mutation, { minLength: 1, maxLength: 2 })).map(([v, ms]) => mutate(v, ms)),
    anyValue
  )

// Output comparison that sees key order, undefined, NaN and -0.
const show = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v === undefined ? "<undefined>" : typeof v === "number" && !Number.isFinite(v) ? `<${v}>` : Object.is(v, -0) ? "<-0>" : v)

describe("fastDecode (generated from a Schema AST)", () => {
  it("accepts exactly what the Schema interpreter accepts, with the same output", () => {
    let accepted = 0
    let rejected = 0
    fc.assert(
      fc.property(desc.chain((d) => fc.tuple(fc.constant(d), fc.array(values(d), { minLength: 8, maxLength: 8 }))), ([d, inputs]) => {
        const schema = toSchema(d)
        const fast = fastDecoder(schema)
        expect(fast).toBeDefined()
        if (fast === undefined) return
        const reference = Schema.decodeUnknownResult(schema)
        for (const input of inputs) {
          const expected = reference(input)
          const actual = fast(input)
          if (Result.isSuccess(expected)) {
            accepted++
            expect({ input: show(input), output: actual === invalid ? "<invalid>" : show(actual) })
              .toEqual({ input: show(input), output: show(expected.success) })
          } else {
            rejected++
            expect({ input: show(input), rejected: actual === invalid }).toEqual({ input: show(input), rejected: true })
          }
        }
      }),
      { seed: 51, numRuns: 1500 }
    )
    expect(accepted).toBeGreaterThan(2000)
    expect(rejected).toBeGreaterThan(2000)
  })

  it("with nodes outside the subset: a decided value is Schema's, a rejected value is never accepted", () => {
    let decided = 0
    let undecided = 0
    let withFastPath = 0
    fc.assert(
      fc.property(partial.chain((d) => fc.tuple(fc.constant(d), fc.array(values(d), { minLength: 8, maxLength: 8 }))), ([d, inputs]) => {
        const schema = toSchema(d)
        const fast = fastDecoder(schema)
        if (fast === undefined) return
        withFastPath++
        const reference = Schema.decodeUnknownResult(schema)
        for (const input of inputs) {
          const expected = reference(input)
          const actual = fast(input)
          if (Result.isSuccess(expected)) {
            if (actual === invalid) {
              undecided++
              continue
            }
            decided++
            expect({ input: show(input), output: show(actual) }).toEqual({ input: show(input), output: show(expected.success) })
          } else {
            expect({ input: show(input), rejected: actual === invalid }).toEqual({ input: show(input), rejected: true })
          }
        }
      }),
      { seed: 53, numRuns: 2000 }
    )
    expect(withFastPath).toBeGreaterThan(500)
    expect(decided).toBeGreaterThan(1000)
    expect(undecided).toBeGreaterThan(100)
  })

  it("a union member outside the subset is skipped only where its literal discriminator rejects", () => {
    const schema = Schema.Union([
      Schema.Struct({ type: Schema.Literal("a"), n: Schema.Number.check(Schema.isInt()) }),
      Schema.Struct({ type: Schema.Literal("a"), n: Schema.Number, extra: Schema.optionalKey(Schema.String) }),
      Schema.Struct({ type: Schema.Literal("b"), n: Schema.Number })
    ])
    const fast = fastDecoder(schema)
    expect(fast).toBeDefined()
    // the first member might accept: Schema decides (it takes the first member, dropping `extra`)
    expect(fast?.({ type: "a", n: 1, extra: "s" })).toBe(invalid)
    expect(Schema.decodeUnknownSync(schema)({ type: "a", n: 1, extra: "s" })).toEqual({ type: "a", n: 1 })
    // its discriminator rejects: decided by the fast path
    expect(fast?.({ type: "b", n: 1.5, extra: "s" })).toEqual({ type: "b", n: 1.5 })
  })

  it("builds copies: unknown keys dropped, declaration order, input untouched", () => {
    const schema = Schema.Struct({ b: Schema.String, a: Schema.Array(Schema.Struct({ x: Schema.Number })) })
    const fast = fastDecoder(schema)
    const input = { extra: 1, a: [{ y: 2, x: 1 }], b: "s" }
    const output = fast?.(input)
    expect(JSON.stringify(output)).toBe(`{"b":"s","a":[{"x":1}]}`)
    expect(input).toEqual({ extra: 1, a: [{ y: 2, x: 1 }], b: "s" })
  })

  it("has no fast path outside the supported subset", () => {
    const unsupported: ReadonlyArray<Schema.Top> = [
      Schema.String.check(Schema.isMinLength(1)),
      Schema.Struct({ a: Schema.Number.check(Schema.isInt()) }),
      Schema.Record(Schema.String, Schema.Number),
      Schema.StructWithRest(Schema.Struct({ a: Schema.String }), [Schema.Record(Schema.String, Schema.Unknown)]),
      Schema.Struct({ a: Schema.NumberFromString }),
      Schema.Tuple([Schema.String]),
      Schema.Union([Schema.String, Schema.Number], { mode: "oneOf" }),
      Schema.Struct({}),
      Schema.Struct({ a: Schema.BigInt }),
      Schema.Struct({ ["__proto__"]: Schema.String })
    ]
    for (const schema of unsupported) expect(fastDecoder(schema)).toBeUndefined()
  })

  it("covers the Anthropic stream events' hot members (deltas, pings, block starts and stops)", () => {
    const fast = fastDecoder(StreamEvent)
    expect(fast).toBeDefined()
    const delta = { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "x" }, more: 1 }
    expect(fast?.(delta)).toEqual({ type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "x" } })
    expect(fast?.({ type: "ping" })).toEqual({ type: "ping" })
  })

  it("covers the OpenAI wire schemas (the bench hot path uses it)", () => {
    for (const schema of [OpenAIChatChunk, OpenAIErrorData, OpenAIChatResponse]) {
      expect(fastDecoder(schema)).toBeDefined()
    }
  })

  it("makeSafeValidate: a rejected value gets Schema's TypeValidationError", () => {
    const validate = makeSafeValidate(OpenAIErrorData)
    const interpreted = Schema.decodeUnknownResult(OpenAIErrorData)
    const bad = { error: { message: 1 } }
    const result = validate(bad)
    expect(result.success).toBe(false)
    const expected = interpreted(bad)
    if (!result.success && Result.isFailure(expected)) {
      expect(String(result.error.cause)).toBe(String(expected.failure))
      expect(result.rawValue).toBe(bad)
    }
    const good = { error: { message: "m", code: 1, other: true } }
    expect(validate(good)).toEqual({ success: true, value: { error: { message: "m", code: 1 } }, rawValue: good })
  })
})
