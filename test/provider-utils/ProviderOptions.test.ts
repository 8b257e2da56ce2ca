/**
 * Differential tests of `ParseProviderOptions` and `ResolveProviderOptions` against
 * `@ai-sdk/provider-utils` 5.0.81: the same Schema (as a Standard Schema upstream) on the same
 * provider options gives the same options, namespaces and `InvalidArgumentError`.
 */
import * as Upstream from "@ai-sdk/provider-utils"
import { Effect, Exit, Schema } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as ParseProviderOptions from "../../src/provider-utils/ParseProviderOptions.ts"
import * as ResolveProviderOptions from "../../src/provider-utils/ResolveProviderOptions.ts"
import type { ProviderOptions } from "../../src/contract/ProviderMetadata.ts"

const Options = Schema.Struct({
  effort: Schema.optionalKey(Schema.Literals(["low", "high"])),
  user: Schema.optionalKey(Schema.String),
  count: Schema.optionalKey(Schema.Number)
})
const standard = Schema.toStandardSchemaV1(Options)

const errorView = (error: unknown) => {
  if (typeof error !== "object" || error === null) return { thrown: error }
  const cause: unknown = Reflect.get(error, "cause")
  return {
    name: Reflect.get(error, "name"),
    message: Reflect.get(error, "message"),
    argument: Reflect.get(error, "argument"),
    causeName: typeof cause === "object" && cause !== null ? Reflect.get(cause, "name") : undefined,
    causeValue: typeof cause === "object" && cause !== null ? Reflect.get(cause, "value") : undefined,
    // the first line names the value; the validator text after it is zod's or Effect's (docs/divergences.md)
    causeFirstLine: typeof cause === "object" && cause !== null
      ? String(Reflect.get(cause, "message")).split("\nError message:")[0]
      : undefined
  }
}

const runAimux = <A>(effect: Effect.Effect<A, unknown>) => {
  const exit = Effect.runSyncExit(effect)
  if (Exit.isSuccess(exit)) return { value: exit.value }
  const reason = exit.cause.reasons[0]
  return { error: errorView(reason !== undefined && reason._tag === "Fail" ? reason.error : reason) }
}

const runUpstream = async <A>(promise: () => Promise<A>) => {
  try {
    return { value: await promise() }
  } catch (error) {
    return { error: errorView(error) }
  }
}

const optionValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record({
    effort: fc.constantFrom("low", "high", "medium"),
    user: fc.string({ maxLength: 3 }),
    count: fc.integer()
  }, { requiredKeys: [] }),
  fc.constantFrom("x", 1, [], true)
)

const providerOptionsArb = fc.record({
  a: optionValue,
  b: optionValue,
  c: optionValue
}, { requiredKeys: [] }).map((record) => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value
  return out
})

// JSON values; namespaces holding a string, a number or an array are off-type on purpose (the invalid cases)
const asProviderOptions = (value: Record<string, unknown>): ProviderOptions =>
  Schema.decodeUnknownSync(Schema.Record(Schema.String, Schema.Json))(value) as ProviderOptions

describe("parseProviderOptions (differential)", () => {
  it("absent, null, valid and invalid namespaces", async () => {
    await fc.assert(
      fc.asyncProperty(providerOptionsArb, fc.constantFrom("a", "b", "c", "missing"), async (raw, provider) => {
        const providerOptions = asProviderOptions(raw)
        const aimux = runAimux(ParseProviderOptions.parseProviderOptions(provider, providerOptions, Options))
        const upstream = await runUpstream(() =>
          Upstream.parseProviderOptions({ provider, providerOptions, schema: standard })
        )
        expect(aimux).toStrictEqual(upstream)
      }),
      { numRuns: 500 }
    )
  })

  it("no provider options at all", async () => {
    expect(runAimux(ParseProviderOptions.parseProviderOptions("a", undefined, Options)))
      .toStrictEqual(await runUpstream(() =>
        Upstream.parseProviderOptions({ provider: "a", providerOptions: undefined, schema: standard })
      ))
  })

  it("the failure is InvalidArgumentError caused by a TypeValidationError of the value", () => {
    const result = runAimux(ParseProviderOptions.parseProviderOptions("a", { a: { effort: "medium" } }, Options))
    expect(result).toStrictEqual({
      error: {
        name: "AI_InvalidArgumentError",
        message: "invalid a provider options",
        argument: "providerOptions",
        causeName: "AI_TypeValidationError",
        causeValue: { effort: "medium" },
        causeFirstLine: `Type validation failed: Value: {"effort":"medium"}.`
      }
    })
  })
})

describe("resolveProviderOptions (differential)", () => {
  it("merge and first over namespace lists with duplicates", async () => {
    await fc.assert(
      fc.asyncProperty(
        providerOptionsArb,
        fc.array(fc.constantFrom("a", "b", "c", "missing"), { maxLength: 5 }),
        fc.constantFrom<ResolveProviderOptions.ProviderOptionsResolution>("first", "merge"),
        async (raw, namespaces, resolution) => {
          const providerOptions = asProviderOptions(raw)
          const aimux = runAimux(
            ResolveProviderOptions.resolveProviderOptions(providerOptions, namespaces, resolution, Options)
          )
          const upstream = await runUpstream(() =>
            Upstream.resolveProviderOptions({ providerOptions, namespaces, resolution, schema: standard })
          )
          expect(aimux).toStrictEqual(upstream)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
