/**
 * The corpus of tool input schemas for the JSON Schema differential: each entry is a Zod schema
 * (what an upstream user writes) and the equivalent Effect Schema.
 */
import { Schema } from "effect"
import { z } from "zod"

export interface CorpusEntry {
  readonly label: string
  readonly zod: z.ZodType
  readonly effect: Schema.Decoder<unknown>
}

const Point = Schema.Struct({ x: Schema.Number }).annotate({ identifier: "Point" })
const zPoint = z.object({ x: z.number() })

interface TreeNode {
  readonly name: string
  readonly children: ReadonlyArray<TreeNode>
}
const TreeNode: Schema.Codec<TreeNode> = Schema.Struct({
  name: Schema.String,
  children: Schema.Array(Schema.suspend(() => TreeNode))
})
const zTreeNode: z.ZodType = z.object({
  name: z.string(),
  get children() {
    return z.array(zTreeNode)
  }
})

export const corpus: ReadonlyArray<CorpusEntry> = [
  {
    label: "primitives",
    zod: z.object({ s: z.string(), n: z.number(), b: z.boolean() }),
    effect: Schema.Struct({ s: Schema.String, n: Schema.Number, b: Schema.Boolean })
  },
  {
    label: "optional fields",
    zod: z.object({ city: z.string(), unit: z.string().optional(), days: z.number().optional() }),
    effect: Schema.Struct({ city: Schema.String, unit: Schema.optional(Schema.String), days: Schema.optionalKey(Schema.Number) })
  },
  {
    label: "enums",
    zod: z.object({ unit: z.enum(["celsius", "fahrenheit"]), level: z.enum(["a", "b", "c"]).optional() }),
    effect: Schema.Struct({
      unit: Schema.Literals(["celsius", "fahrenheit"]),
      level: Schema.optional(Schema.Literals(["a", "b", "c"]))
    })
  },
  {
    label: "single literal",
    zod: z.object({ kind: z.literal("point") }),
    effect: Schema.Struct({ kind: Schema.Literal("point") })
  },
  {
    label: "arrays",
    zod: z.object({ tags: z.array(z.string()), points: z.array(z.object({ x: z.number(), y: z.number() })) }),
    effect: Schema.Struct({
      tags: Schema.Array(Schema.String),
      points: Schema.Array(Schema.Struct({ x: Schema.Number, y: Schema.Number }))
    })
  },
  {
    label: "nested",
    zod: z.object({ user: z.object({ name: z.string(), address: z.object({ zip: z.string() }) }) }),
    effect: Schema.Struct({
      user: Schema.Struct({ name: Schema.String, address: Schema.Struct({ zip: Schema.String }) })
    })
  },
  {
    label: "descriptions",
    zod: z.object({
      city: z.string().describe("The city to look up"),
      when: z.object({ day: z.number() }).describe("When")
    }).describe("Weather query"),
    effect: Schema.Struct({
      city: Schema.String.annotate({ description: "The city to look up" }),
      when: Schema.Struct({ day: Schema.Number }).annotate({ description: "When" })
    }).annotate({ description: "Weather query" })
  },
  {
    label: "nullable",
    zod: z.object({ note: z.string().nullable(), count: z.number().nullable() }),
    effect: Schema.Struct({ note: Schema.NullOr(Schema.String), count: Schema.NullOr(Schema.Number) })
  },
  {
    label: "nullable object",
    zod: z.object({ meta: z.object({ a: z.string() }).nullable() }),
    effect: Schema.Struct({ meta: Schema.NullOr(Schema.Struct({ a: Schema.String })) })
  },
  {
    label: "optional nullable",
    zod: z.object({ note: z.string().nullable().optional() }),
    effect: Schema.Struct({ note: Schema.optional(Schema.NullOr(Schema.String)) })
  },
  {
    label: "records",
    zod: z.object({ scores: z.record(z.string(), z.number()) }),
    effect: Schema.Struct({ scores: Schema.Record(Schema.String, Schema.Number) })
  },
  {
    label: "integers",
    zod: z.object({ count: z.number().int() }),
    effect: Schema.Struct({ count: Schema.Int })
  },
  {
    label: "union",
    zod: z.object({ id: z.union([z.string(), z.number()]) }),
    effect: Schema.Struct({ id: Schema.Union([Schema.String, Schema.Number]) })
  },
  {
    label: "string and number bounds",
    zod: z.object({ name: z.string().min(1).max(10), pct: z.number().min(0).max(100) }),
    effect: Schema.Struct({
      name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(10)),
      pct: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(100))
    })
  },
  {
    label: "empty object",
    zod: z.object({}),
    effect: Schema.Struct({})
  },
  {
    label: "unknown field",
    zod: z.object({ payload: z.unknown() }),
    effect: Schema.Struct({ payload: Schema.Unknown })
  },
  {
    label: "array of enums, min items",
    zod: z.object({ days: z.array(z.enum(["mon", "tue"])).min(1) }),
    effect: Schema.Struct({ days: Schema.Array(Schema.Literals(["mon", "tue"])).check(Schema.isMinLength(1)) })
  },
  {
    label: "tuple",
    zod: z.object({ pair: z.tuple([z.string(), z.number()]) }),
    effect: Schema.Struct({ pair: Schema.Tuple([Schema.String, Schema.Number]) })
  },
  {
    label: "union of objects",
    zod: z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }),
    effect: Schema.Struct({ v: Schema.Union([Schema.Struct({ a: Schema.String }), Schema.Struct({ b: Schema.Number })]) })
  },
  {
    label: "nullable union",
    zod: z.object({ v: z.union([z.string(), z.boolean()]).nullable() }),
    effect: Schema.Struct({ v: Schema.NullOr(Schema.Union([Schema.String, Schema.Boolean])) })
  },
  {
    label: "array of nullable numbers",
    zod: z.object({ xs: z.array(z.number().nullable()).optional() }),
    effect: Schema.Struct({ xs: Schema.optional(Schema.Array(Schema.NullOr(Schema.Number))) })
  },
  {
    label: "discriminated union (oneOf)",
    zod: z.object({
      shape: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("circle"), r: z.number() }),
        z.object({ kind: z.literal("square"), side: z.number() })
      ])
    }),
    effect: Schema.Struct({
      shape: Schema.Union([
        Schema.Struct({ kind: Schema.Literal("circle"), r: Schema.Number }),
        Schema.Struct({ kind: Schema.Literal("square"), side: Schema.Number })
      ], { mode: "oneOf" })
    })
  },
  {
    label: "reused schema with an identifier (inlined)",
    zod: z.object({ from: zPoint, to: zPoint }),
    effect: Schema.Struct({ from: Point, to: Point })
  },
  {
    label: "recursive schema",
    zod: z.object({ root: zTreeNode }),
    effect: Schema.Struct({ root: TreeNode })
  }
]
