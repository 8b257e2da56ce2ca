/**
 * Native structured output schemas: `sanitizeJsonSchema` and
 * `supportsNativeStructuredOutputSchema` against upstream's (exported from
 * `@ai-sdk/anthropic/internal`) on generated schemas, and the malformed
 * combinator divergence.
 */
import type { JSONSchema7 } from "@ai-sdk/provider"
import {
  sanitizeJsonSchema as upstreamSanitize,
  supportsNativeStructuredOutputSchema as upstreamSupports
} from "@ai-sdk/anthropic/internal"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import * as fc from "fast-check"
import { sanitizeJsonSchema, supportsNativeStructuredOutputSchema } from "../../../src/providers/kits/anthropic/internal/StructuredOutput.ts"
import { aimuxStream, errorView, upstreamStream } from "./harness.ts"

const formats = fc.constantFrom("date-time", "email", "uuid", "slug", "ipv4", "phone")
const refs = fc.constantFrom("#", "#/definitions/A", "#/$defs/B", "#/properties/x", "#/definitions/Missing", "#/bad%", "other.json")
const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -5, max: 50 }), fc.boolean(), fc.constant(null))

const scalarKeywords = fc.record(
  {
    $ref: refs,
    $schema: fc.constant("http://json-schema.org/draft-07/schema#"),
    $id: fc.string({ maxLength: 3 }),
    title: fc.string({ maxLength: 3 }),
    description: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(null)),
    default: scalar,
    const: scalar,
    enum: fc.array(scalar, { maxLength: 3 }),
    type: fc.oneof(
      fc.constantFrom("object", "string", "number", "integer", "array", "boolean", "null"),
      fc.constant(["object", "null"])
    ),
    required: fc.array(fc.constantFrom("x", "y", "z", "q"), { maxLength: 3 }),
    additionalProperties: fc.boolean(),
    format: formats,
    minimum: fc.integer({ min: 0, max: 9 }),
    exclusiveMaximum: fc.integer({ min: 0, max: 9 }),
    multipleOf: fc.constantFrom(0.5, 2),
    minLength: fc.integer({ min: 0, max: 3 }),
    pattern: fc.constantFrom("^a$", "[0-9]+"),
    maxItems: fc.integer({ min: 0, max: 3 }),
    uniqueItems: fc.boolean(),
    minProperties: fc.integer({ min: 0, max: 2 }),
    not: fc.oneof(fc.constant({ type: "null" }), fc.constant(false))
  },
  { requiredKeys: [] }
)

// Nested keywords: at most two per node and a bounded depth keep schemas small.
const schemaAt: (depth: number) => fc.Arbitrary<Record<string, unknown>> = fc.memo((depth) => {
  const definition = depth <= 1 ? fc.boolean() : fc.oneof(fc.boolean(), schemaAt(depth - 1))
  const sub = depth <= 1 ? fc.constant({ type: "string" }) : schemaAt(depth - 1)
  const list = fc.array(definition, { maxLength: 2 })
  const map = (keys: ReadonlyArray<string>) => fc.dictionary(fc.constantFrom(...keys), definition, { maxKeys: 2 })
  const nested = fc.oneof(
    fc.record({ properties: map(["x", "y", "z", "w"]) }),
    fc.record({ properties: map(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "pa", "pb"]) }),
    fc.record({ anyOf: list }),
    fc.record({ oneOf: list }),
    fc.record({ allOf: list }),
    fc.record({ items: fc.oneof(definition, list) }),
    fc.record({ prefixItems: list }),
    fc.record({ additionalProperties: sub }),
    fc.record({ patternProperties: map(["^a", "^b"]) }),
    fc.record({ definitions: map(["A", "C"]) }),
    fc.record({ $defs: map(["B"]) }),
    fc.record({ if: definition, then: definition })
  )
  return fc.tuple(scalarKeywords, fc.array(nested, { maxLength: depth <= 0 ? 0 : 2 })).map(([base, extra]) =>
    Object.assign({}, base, ...extra)
  )
})

const schemaArb = { schema: schemaAt(3) }

describe("StructuredOutput: differential against @ai-sdk/anthropic/internal", () => {
  it("sanitizeJsonSchema equals upstream on generated schemas", () => {
    fc.assert(
      fc.property(schemaArb.schema, (schema) => {
        const ours = sanitizeJsonSchema(schema)
        expect(Result.isSuccess(ours)).toBe(true)
        if (Result.isSuccess(ours)) expect(ours.success).toStrictEqual(upstreamSanitize(schema as JSONSchema7))
      }),
      { numRuns: 600 }
    )
  })

  it("supportsNativeStructuredOutputSchema equals upstream on generated schemas", () => {
    let supported = 0
    fc.assert(
      fc.property(schemaArb.schema, (schema) => {
        const expected = upstreamSupports(schema as JSONSchema7)
        if (expected) supported++
        expect(supportsNativeStructuredOutputSchema(schema)).toBe(expected)
      }),
      { numRuns: 600 }
    )
    // both outcomes are exercised
    expect(supported).toBeGreaterThan(0)
    expect(supported).toBeLessThan(600)
  })

  it("cycles through definitions are rejected, shared references are not", () => {
    const cyclic = {
      type: "object",
      properties: { a: { $ref: "#/definitions/A" } },
      required: ["a"],
      definitions: { A: { type: "object", properties: { b: { $ref: "#/definitions/B" } }, required: ["b"] }, B: { anyOf: [{ $ref: "#/definitions/A" }, { type: "null" }] } }
    }
    const shared = {
      type: "object",
      properties: { a: { $ref: "#/$defs/P" }, b: { $ref: "#/$defs/P" } },
      required: ["a", "b"],
      $defs: { P: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } }
    }
    for (const schema of [cyclic, shared]) {
      expect(supportsNativeStructuredOutputSchema(schema)).toBe(upstreamSupports(schema as JSONSchema7))
    }
    expect(supportsNativeStructuredOutputSchema(cyclic)).toBe(false)
    expect(supportsNativeStructuredOutputSchema(shared)).toBe(true)
  })
})

describe("StructuredOutput: malformed combinators (divergence)", () => {
  const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }]
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    it.effect(`a non-array ${keyword} fails the call (upstream: TypeError, aimux: InvalidArgumentError)`, () =>
      Effect.gen(function*() {
        const options = {
          prompt,
          responseFormat: { type: "json" as const, schema: { type: "object", properties: { a: { [keyword]: "x" } }, required: ["a"] } }
        }
        const upstream = yield* Effect.promise(() => upstreamStream({ body: "" }, options))
        const ours = yield* aimuxStream({ body: "" }, options)
        expect(upstream.failure).toBeInstanceOf(TypeError)
        const upstreamMessage = upstream.failure instanceof Error ? upstream.failure.message : ""
        expect(errorView(ours.failure)).toMatchObject({
          name: "AI_InvalidArgumentError",
          message: `schema.${keyword}.map is not a function`
        })
        // the same message as the error upstream throws
        expect(upstreamMessage).toContain(".map is not a function")
        expect(ours.captured.body).toBeUndefined()
      }))
  }
})
