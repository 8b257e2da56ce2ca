/**
 * Differential tests of the small request-encoding helpers against `@ai-sdk/provider-utils`
 * 5.0.81: `MapReasoningToProvider`, `StringifyWithBigIntAndCycles`, `ResponseMetadata`,
 * `ResolveProviderReference`.
 */
import type { SharedV4Warning } from "@ai-sdk/provider"
import * as Upstream from "@ai-sdk/provider-utils"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as MapReasoningToProvider from "../../src/provider-utils/MapReasoningToProvider.ts"
import * as ResolveProviderReference from "../../src/provider-utils/ResolveProviderReference.ts"
import * as ResponseMetadata from "../../src/provider-utils/ResponseMetadata.ts"
import * as StringifyWithBigIntAndCycles from "../../src/provider-utils/StringifyWithBigIntAndCycles.ts"
import type { ReasoningLevel } from "../../src/contract/CallOptions.ts"
import type { Warning } from "../../src/contract/Warning.ts"

const reasoningValues: ReadonlyArray<ReasoningLevel | undefined> = [
  undefined,
  "provider-default",
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max"
]
const mapKeys = ["none", "minimal", "low", "medium", "high", "xhigh", "max"] as const

describe("mapReasoningToProviderEffort (differential)", () => {
  it("every reasoning value over every subset of the effort map", () => {
    let compared = 0
    for (let mask = 0; mask < 1 << mapKeys.length; mask++) {
      const effortMap: Partial<Record<(typeof mapKeys)[number], string>> = {}
      mapKeys.forEach((key, i) => {
        // the effort names differ from the levels sometimes, so "mapped !== reasoning" is exercised both ways
        if (mask & (1 << i)) effortMap[key] = i % 2 === 0 ? key : `${key}-effort`
      })
      for (const reasoning of reasoningValues) {
        const aimuxWarnings: Array<Warning> = []
        const upstreamWarnings: Array<SharedV4Warning> = []
        const aimux = MapReasoningToProvider.mapReasoningToProviderEffort(reasoning, effortMap, aimuxWarnings)
        const upstream = Upstream.mapReasoningToProviderEffort({ reasoning, effortMap, warnings: upstreamWarnings })
        expect({ value: aimux, warnings: aimuxWarnings }).toStrictEqual({ value: upstream, warnings: upstreamWarnings })
        expect(MapReasoningToProvider.isCustomReasoning(reasoning)).toBe(Upstream.isCustomReasoning(reasoning))
        compared++
      }
    }
    expect(compared).toBe(128 * reasoningValues.length)
  })
})

describe("mapReasoningToProviderBudget (differential)", () => {
  it("levels, limits, custom percentages and none", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("none", "minimal", "low", "medium", "high", "xhigh", "max" as const),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
        fc.option(fc.dictionary(fc.constantFrom("minimal", "low", "high", "max"), fc.double({ min: 0, max: 1, noNaN: true })), {
          nil: undefined
        }),
        (reasoning, maxOutputTokens, maxReasoningBudget, minReasoningBudget, budgetPercentages) => {
          const aimuxWarnings: Array<Warning> = []
          const upstreamWarnings: Array<SharedV4Warning> = []
          const options = {
            reasoning,
            maxOutputTokens,
            maxReasoningBudget,
            ...(minReasoningBudget !== undefined && { minReasoningBudget }),
            ...(budgetPercentages !== undefined && { budgetPercentages })
          }
          const aimux = MapReasoningToProvider.mapReasoningToProviderBudget({ ...options, warnings: aimuxWarnings })
          const upstream = Upstream.mapReasoningToProviderBudget({ ...options, warnings: upstreamWarnings })
          expect({ value: aimux, warnings: aimuxWarnings }).toStrictEqual({ value: upstream, warnings: upstreamWarnings })
        }
      ),
      { numRuns: 1000 }
    )
  })
})

describe("stringifyWithBigIntAndCycles (differential)", () => {
  it("JSON-like values with BigInts", () => {
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.bigInt(),
        fc.constant(undefined),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie("value"), { maxKeys: 4 })
      )
    }))
    fc.assert(
      fc.property(value, (v) => {
        expect(StringifyWithBigIntAndCycles.stringifyWithBigIntAndCycles(v)).toBe(
          Upstream.stringifyWithBigIntAndCycles(v)
        )
      }),
      { numRuns: 1000 }
    )
  })

  it("cycles, shared siblings, toJSON, undefined and functions", () => {
    const shared = { s: 1n }
    const cyclic: Record<string, unknown> = { a: 1, list: [shared, shared] }
    cyclic["self"] = cyclic
    cyclic["nested"] = { back: cyclic, shared }
    const arrayCycle: Array<unknown> = [1]
    arrayCycle.push(arrayCycle, { arrayCycle })
    const cases: ReadonlyArray<unknown> = [
      cyclic,
      arrayCycle,
      { toJSON: () => ({ big: 2n }) },
      { date: new Date(0), big: 10n ** 30n },
      undefined,
      () => 1,
      { f: () => 1, u: undefined, n: null },
      [undefined, () => 1, 3n]
    ]
    for (const value of cases) {
      expect(StringifyWithBigIntAndCycles.stringifyWithBigIntAndCycles(value)).toBe(
        Upstream.stringifyWithBigIntAndCycles(value)
      )
    }
  })
})

describe("createLanguageModelResponseMetadata (differential)", () => {
  it("id, model and created, absent, null or set", () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.option(fc.string(), { nil: null }),
          model: fc.option(fc.string(), { nil: null }),
          created: fc.option(fc.integer({ min: 0, max: 4_000_000_000 }), { nil: null })
        }, { requiredKeys: [] }),
        (value) => {
          expect(ResponseMetadata.createLanguageModelResponseMetadata(value)).toStrictEqual(
            Upstream.createLanguageModelResponseMetadata(value)
          )
        }
      ),
      { numRuns: 500 }
    )
  })
})

describe("resolveProviderReference (differential)", () => {
  const run = (reference: Record<string, string>, provider: string) => {
    const exit = Effect.runSyncExit(ResolveProviderReference.resolveProviderReference(reference, provider))
    if (Exit.isSuccess(exit)) return { value: exit.value }
    const reason = exit.cause.reasons[0]
    const error = reason !== undefined && reason._tag === "Fail" ? reason.error : undefined
    return { error: { name: error?.name, message: error?.message } }
  }
  const runUpstream = (reference: Record<string, string>, provider: string) => {
    try {
      return { value: Upstream.resolveProviderReference({ reference, provider }) }
    } catch (error) {
      return { error: error instanceof Error ? { name: error.name, message: error.message } : { thrown: error } }
    }
  }

  it("present and missing providers", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("openai", "anthropic", "deepseek", "x"), fc.string({ maxLength: 4 })),
        fc.constantFrom("openai", "anthropic", "deepseek", "x", "groq"),
        (reference, provider) => {
          expect(run(reference, provider)).toStrictEqual(runUpstream(reference, provider))
        }
      ),
      { numRuns: 500 }
    )
  })

  it("a provider named like an Object.prototype member fails instead of resolving to it (docs/divergences.md)", () => {
    expect(run({ openai: "file-1" }, "constructor").error?.name).toBe("AI_NoSuchProviderReferenceError")
    expect(runUpstream({ openai: "file-1" }, "constructor")).toStrictEqual({ value: Object })
  })
})
