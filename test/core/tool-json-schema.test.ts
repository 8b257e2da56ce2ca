/**
 * Differential tests of the tool JSON Schema (Effect Schema → what upstream sends for the
 * equivalent Zod schema, `asSchema(zod).jsonSchema`) on a corpus, of validation (zod vs Effect
 * Schema accept the same JSON values), and of `prepareTools` / `prepareToolChoice` against the
 * call options upstream `generateText` passes to the model.
 */
import { describe, expect, it } from "@effect/vitest"
import { asSchema } from "@ai-sdk/provider-utils"
import { dynamicTool, generateText, jsonSchema, tool, type ToolSet } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Arbitrary, Effect, Schema } from "effect"
import * as fc from "fast-check"
import { z } from "zod"
import * as Tool from "../../src/core/Tool.ts"
import * as Toolkit from "../../src/core/Toolkit.ts"
import { emptyObjectJsonSchema, toolJsonSchema } from "../../src/core/ToolJsonSchema.ts"
import { corpus } from "./tool-json-schema-corpus.ts"
import { usage } from "./tool-harness.ts"

// Same keys and values, but zod orders `minItems` of an array before `type` (docs/divergences.md).
const keyOrderDivergent = new Set(["array of enums, min items"])

describe("tool JSON Schema (differential vs upstream asSchema(zod).jsonSchema)", () => {
  for (const entry of corpus) {
    it.effect(entry.label, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(async () => await asSchema(entry.zod).jsonSchema)
        const ours = yield* toolJsonSchema(entry.effect)
        expect(ours).toEqual(upstream)
        if (keyOrderDivergent.has(entry.label)) {
          expect(JSON.stringify(ours)).not.toBe(JSON.stringify(upstream))
        } else {
          expect(JSON.stringify(ours)).toBe(JSON.stringify(upstream))
        }
      }))
  }

  it.effect("JSON Schema inputs pass through; no schema is upstream's empty object", () =>
    Effect.gen(function*() {
      const json = { type: "object", properties: { q: { type: "string" } } }
      expect(yield* toolJsonSchema(Tool.jsonSchema(json))).toBe(json)
      expect(yield* toolJsonSchema(undefined)).toEqual(
        yield* Effect.promise(async () => await asSchema(undefined).jsonSchema)
      )
      expect(emptyObjectJsonSchema).toEqual({ type: "object", properties: {}, additionalProperties: false })
    }))
})

// `Schema.Struct({})` accepts any non-null value, `z.object({})` only objects (docs/divergences.md).
const validationDivergent = new Set(["empty object"])

describe("validation: zod and the equivalent Effect Schema accept the same JSON", () => {
  for (const entry of corpus) {
    if (validationDivergent.has(entry.label)) continue
    it.effect(entry.label, () =>
      Effect.gen(function*() {
        const decode = Schema.decodeUnknownResult(entry.effect)
        const typed = yield* Arbitrary.sampleEffect(Arbitrary.schema(entry.effect), { count: 200, seed: 42 })
        const random = fc.sample(fc.oneof(fc.jsonValue(), fc.object()), { numRuns: 300, seed: 42 })
        let accepted = 0
        for (const sample of [...typed, ...random]) {
          const text = JSON.stringify(sample)
          // `__proto__` keys never reach validation: the secure JSON parse rejects them first
          if (text === undefined || text.includes("\"__proto__\"")) continue
          const value: unknown = JSON.parse(text)
          const z = entry.zod.safeParse(value)
          const ours = decode(value)
          expect({ text, ok: ours._tag === "Success" }).toEqual({ text, ok: z.success })
          if (z.success && ours._tag === "Success") {
            accepted++
            expect(JSON.stringify(ours.success)).toBe(JSON.stringify(z.data))
          }
        }
        expect(accepted).toBeGreaterThan(0)
      }))
  }

  it("empty object: Effect accepts non-objects that zod rejects", () => {
    const entry = corpus.find((e) => e.label === "empty object")!
    expect(entry.zod.safeParse("text").success).toBe(false)
    expect(Schema.decodeUnknownResult(entry.effect)("text")._tag).toBe("Success")
  })
})

describe("prepareTools / prepareToolChoice (differential vs generateText call options)", () => {
  const upTools: ToolSet = {
    weather: tool({
      description: "Weather",
      inputSchema: z.object({ city: z.string().describe("City"), unit: z.enum(["c", "f"]).optional() }),
      strict: true,
      inputExamples: [{ input: { city: "Paris" } }],
      providerOptions: { openai: { x: 1 } }
    }),
    bare: tool({ inputSchema: z.object({}) }),
    mcp: dynamicTool({ description: "MCP", inputSchema: jsonSchema({ type: "object", properties: { a: { type: "number" } } }) }),
    search: {
      type: "provider",
      id: "openai.web_search",
      args: { searchContextSize: "high" },
      inputSchema: jsonSchema({ type: "object" }),
      isProviderExecuted: true
    },
    alpha: tool({ inputSchema: z.object({ n: z.number().int() }), strict: false })
  }
  const ourTools = Toolkit.make({
    weather: Tool.make({
      description: "Weather",
      inputSchema: Schema.Struct({
        city: Schema.String.annotate({ description: "City" }),
        unit: Schema.optional(Schema.Literals(["c", "f"]))
      }),
      strict: true,
      inputExamples: [{ input: { city: "Paris" } }],
      providerOptions: { openai: { x: 1 } }
    }),
    bare: Tool.make({ inputSchema: Schema.Struct({}) }),
    mcp: Tool.dynamic({ description: "MCP", inputSchema: { type: "object", properties: { a: { type: "number" } } } }),
    search: Tool.provider({ id: "openai.web_search", args: { searchContextSize: "high" }, isProviderExecuted: true }),
    alpha: Tool.make({ inputSchema: Schema.Struct({ n: Schema.Int }), strict: false })
  })

  const upstreamCallOptions = async (options: {
    readonly tools?: ToolSet
    readonly toolChoice?: "auto" | "none" | "required" | { type: "tool"; toolName: string }
    readonly activeTools?: Array<string>
    readonly toolOrder?: Array<string>
  }) => {
    const model = new MockLanguageModelV4({
      doGenerate: { content: [], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
    })
    // a `required` / `tool` choice the mock does not honour ends in ToolChoiceViolationError,
    // after the call options were recorded
    await generateText({ model, prompt: "hi", ...options }).catch(() => undefined)
    const call = model.doGenerateCalls[0]!
    return { tools: call.tools, toolChoice: call.toolChoice }
  }

  it.effect("tools: function, dynamic and provider tools, with keys only when defined", () =>
    Effect.gen(function*() {
      const up = yield* Effect.promise(() => upstreamCallOptions({ tools: upTools }))
      const ours = yield* Toolkit.prepareTools(ourTools)
      expect(ours).toEqual(up.tools)
      expect(JSON.stringify(ours)).toBe(JSON.stringify(up.tools))
    }))

  it.effect("activeTools and toolOrder", () =>
    Effect.gen(function*() {
      for (
        const options of [
          { toolOrder: ["search", "weather"] as const },
          { activeTools: ["alpha", "weather", "mcp"] as const },
          { activeTools: ["alpha", "weather", "mcp"] as const, toolOrder: ["mcp"] as const },
          { activeTools: [] as const }
        ]
      ) {
        const up = yield* Effect.promise(() =>
          upstreamCallOptions({
            tools: upTools,
            ...("activeTools" in options ? { activeTools: [...options.activeTools] } : {}),
            ...("toolOrder" in options ? { toolOrder: [...options.toolOrder] } : {})
          })
        )
        const ours = yield* Toolkit.prepareTools(ourTools, options)
        expect(JSON.stringify(ours)).toBe(JSON.stringify(up.tools))
      }
    }))

  it.effect("no tools or an empty toolkit: undefined", () =>
    Effect.gen(function*() {
      const up = yield* Effect.promise(() => upstreamCallOptions({}))
      const upEmpty = yield* Effect.promise(() => upstreamCallOptions({ tools: {} }))
      expect(yield* Toolkit.prepareTools(undefined)).toBe(up.tools)
      expect(yield* Toolkit.prepareTools({})).toBe(upEmpty.tools)
      expect(up.tools).toBeUndefined()
    }))

  it.effect("tool choice", () =>
    Effect.gen(function*() {
      for (
        const choice of [undefined, "auto", "none", "required", { type: "tool", toolName: "weather" }] as const
      ) {
        const up = yield* Effect.promise(() =>
          upstreamCallOptions({ tools: upTools, ...(choice !== undefined ? { toolChoice: choice } : {}) })
        )
        expect(Toolkit.prepareToolChoice<typeof ourTools>(choice)).toEqual(up.toolChoice)
      }
    }))
})
