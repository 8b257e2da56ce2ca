/**
 * Differential tests of ToolCallParser against upstream `parseToolCall` (reached through
 * `generateText` + `MockLanguageModelV4`): spec aisdk-core.md §9 behaviours 1-10, plus
 * property tests (no failure or defect for any input text; valid JSON of the schema decodes).
 */
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4ToolCall } from "@ai-sdk/provider"
import { dynamicTool, jsonSchema, tool, type ToolSet } from "ai"
import { Cause, Effect, Exit, Fiber, Schema } from "effect"
import * as fc from "fast-check"
import { z } from "zod"
import type { ToolCall } from "../../src/contract/Content.ts"
import { InvalidToolInputError } from "../../src/contract/errors/InvalidToolInputError.ts"
import { NoSuchToolError } from "../../src/contract/errors/NoSuchToolError.ts"
import { ToolCallRepairError } from "../../src/contract/errors/ToolCallRepairError.ts"
import * as Tool from "../../src/core/Tool.ts"
import type * as Toolkit from "../../src/core/Toolkit.ts"
import {
  getInputSchemaInput,
  parseToolCall,
  type RepairFunction,
  ToolCallParser
} from "../../src/core/ToolCallParser.ts"
import { keysOf, normalizeCall, upstreamStep } from "./tool-harness.ts"

// -- equivalent toolkits ------------------------------------------------------------------------

const upTools: ToolSet = {
  add: tool({ description: "adds", inputSchema: z.object({ a: z.number(), b: z.number().optional() }) }),
  noArgs: tool({ inputSchema: z.object({ verbose: z.boolean().optional() }), title: "No args" }),
  meta: tool({ inputSchema: z.object({ q: z.string() }), metadata: { source: "mcp", n: 1 }, title: "Meta" }),
  dyn: dynamicTool({ inputSchema: jsonSchema({ type: "object" }), metadata: { server: "x" } }),
  dynTitled: { ...dynamicTool({ inputSchema: jsonSchema({ type: "object" }) }), title: "Dyn" }
}

const ourTools = {
  add: Tool.make({ description: "adds", inputSchema: Schema.Struct({ a: Schema.Number, b: Schema.optional(Schema.Number) }) }),
  noArgs: Tool.make({ inputSchema: Schema.Struct({ verbose: Schema.optional(Schema.Boolean) }), title: "No args" }),
  meta: Tool.make({ inputSchema: Schema.Struct({ q: Schema.String }), metadata: { source: "mcp", n: 1 }, title: "Meta" }),
  dyn: Tool.dynamic({ inputSchema: { type: "object" }, metadata: { server: "x" } }),
  dynTitled: Tool.dynamic({ inputSchema: { type: "object" }, title: "Dyn" })
} satisfies Toolkit.Any

const call = (input: string, extra: Partial<ToolCall> = {}, toolName = "add"): ToolCall => ({
  type: "tool-call",
  toolCallId: "call-1",
  toolName,
  input,
  ...extra
})

const upCall = (c: ToolCall): LanguageModelV4ToolCall => ({ ...c }) as LanguageModelV4ToolCall

const ours = <T extends Toolkit.Any>(
  c: ToolCall,
  tools: T | undefined,
  repairToolCall?: RepairFunction<T>
) => parseToolCall({ toolCall: c, tools, messages: [], repairToolCall })

/** Parses the call on both sides and asserts equal data and equal key sets. */
const differential = (
  c: ToolCall,
  options: {
    readonly up?: ToolSet | undefined
    readonly ours?: Toolkit.Any | undefined
    readonly upRepair?: (o: { toolCall: LanguageModelV4ToolCall; error: unknown }) => Promise<LanguageModelV4ToolCall | null>
    readonly ourRepair?: RepairFunction<Toolkit.Any>
    readonly noTools?: boolean
  } = {}
) =>
  Effect.gen(function*() {
    const upTs = options.noTools ? undefined : options.up ?? upTools
    const ourTs = options.noTools ? undefined : options.ours ?? ourTools
    const upstream = yield* Effect.promise(() =>
      upstreamStep({ content: [upCall(c)], tools: upTs, repair: options.upRepair })
    )
    const parsed = yield* ours(c, ourTs, options.ourRepair)
    expect(normalizeCall(parsed as unknown as Record<string, unknown>)).toEqual(normalizeCall(upstream.toolCall))
    expect(keysOf(parsed)).toEqual(keysOf(upstream.toolCall))
    return { parsed, upstream }
  })

describe("ToolCallParser (differential vs upstream parseToolCall)", () => {
  it.effect("1. empty and whitespace input validate {} against the schema", () =>
    Effect.gen(function*() {
      for (const input of ["", "   ", "\n\t"]) {
        const { parsed } = yield* differential(call(input, {}, "noArgs"))
        expect(parsed.input).toEqual({})
        expect(parsed.invalid).toBeUndefined()
        // `add` requires `a`: `{}` fails validation, the invalid input is the raw text
        const { parsed: invalid } = yield* differential(call(input))
        expect(invalid.invalid).toBe(true)
        expect(invalid.input).toBe(input)
        expect((invalid.error as InvalidToolInputError).cause).toMatchObject({ name: "AI_TypeValidationError" })
      }
    }))

  it.effect("2. unknown tool: NoSuchToolError with availableTools; no tools: none, and no repair", () =>
    Effect.gen(function*() {
      const { parsed } = yield* differential(call("{}", {}, "nope"))
      expect(parsed.error).toBeInstanceOf(NoSuchToolError)
      expect((parsed.error as NoSuchToolError).availableTools).toEqual(Object.keys(ourTools))

      let ourRepairs = 0
      const upstream = yield* Effect.promise(() =>
        upstreamStep({ content: [upCall(call("{}", {}, "nope"))], tools: undefined, repair: async () => null })
      )
      const noTools = yield* ours(call("{}", {}, "nope"), undefined, () => Effect.sync(() => (ourRepairs++, null)))
      expect(normalizeCall(noTools as unknown as Record<string, unknown>)).toEqual(normalizeCall(upstream.toolCall))
      expect((noTools.error as NoSuchToolError).availableTools).toBeUndefined()
      expect((noTools.error as NoSuchToolError).message).toMatch(/No tools are available\.$/)
      expect(upstream.repairCalls).toBe(0)
      expect(ourRepairs).toBe(0)
    }))

  it.effect("3. lookups ignore inherited keys", () =>
    Effect.gen(function*() {
      for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
        const { parsed } = yield* differential(call("{}", {}, name))
        expect(parsed.invalid).toBe(true)
        expect(parsed.error).toBeInstanceOf(NoSuchToolError)
        expect(parsed.title).toBeUndefined()
      }
    }))

  it.effect("4. non-JSON keeps the raw text (JSONParseError); schema failure keeps the parsed value", () =>
    Effect.gen(function*() {
      const { parsed: broken } = yield* differential(call("{broken"))
      expect(broken.input).toBe("{broken")
      expect(broken).toMatchObject({ dynamic: true, invalid: true })
      expect((broken.error as InvalidToolInputError).toolInput).toBe("{broken")
      expect((broken.error as InvalidToolInputError).cause).toMatchObject({ name: "AI_JSONParseError" })

      const { parsed: wrong } = yield* differential(call("{\"a\":\"x\"}"))
      expect(wrong.input).toEqual({ a: "x" })
      expect((wrong.error as InvalidToolInputError).cause).toMatchObject({ name: "AI_TypeValidationError" })

      for (const input of ["[1,2]", "\"str\"", "42", "null", "true", "{\"a\":1,\"b\":\"no\"}"]) {
        yield* differential(call(input))
      }
      yield* differential(call("{\"a\":1,\"b\":2,\"extra\":true}"))
    }))

  it.effect("5. __proto__ and constructor.prototype keys are JSON parse errors", () =>
    Effect.gen(function*() {
      for (
        const input of [
          "{\"a\":1,\"__proto__\":{\"x\":1}}",
          "{\"a\":1,\"constructor\":{\"prototype\":{\"x\":1}}}",
          "{\"a\":1,\"\\u005f_proto__\":{}}",
          "{\"a\":1,\"nested\":[{\"__proto__\":null}]}"
        ]
      ) {
        const { parsed } = yield* differential(call(input))
        expect((parsed.error as InvalidToolInputError).cause).toMatchObject({ name: "AI_JSONParseError" })
        expect(parsed.input).toBe(input)
      }
      // a `constructor` key whose value has no `prototype` is fine
      const { parsed } = yield* differential(call("{\"a\":1,\"constructor\":{\"x\":1}}"))
      expect(parsed.input).toEqual({ a: 1 })
    }))

  it.effect("6. provider-executed dynamic calls to unknown tools parse without a schema", () =>
    Effect.gen(function*() {
      const pe = { providerExecuted: true, dynamic: true, providerMetadata: { p: { k: 1 } } }
      for (const noTools of [false, true]) {
        const { parsed } = yield* differential(call("{\"any\":[1]}", pe, "web_search"), { noTools })
        expect(parsed).toMatchObject({ input: { any: [1] }, providerExecuted: true, dynamic: true })
        const { parsed: empty } = yield* differential(call("  ", pe, "web_search"), { noTools })
        expect(empty.input).toEqual({})
        const { parsed: bad } = yield* differential(call("{x", pe, "web_search"), { noTools })
        expect(bad.invalid).toBe(true)
      }
      // provider-executed but not dynamic: unknown tool
      yield* differential(call("{}", { providerExecuted: true }, "web_search"))
    }))

  it.effect("7. static calls have no dynamic key; dynamic tools are dynamic; title and toolMetadata", () =>
    Effect.gen(function*() {
      const { parsed } = yield* differential(call("{\"a\":1}", { providerMetadata: { o: { x: "y" } } }))
      expect("dynamic" in parsed).toBe(false)
      expect(parsed.input).toEqual({ a: 1 })
      expect("toolMetadata" in parsed).toBe(false)

      const { parsed: meta } = yield* differential(call("{\"q\":\"s\"}", { providerExecuted: false }, "meta"))
      expect(meta).toMatchObject({ title: "Meta", toolMetadata: { source: "mcp", n: 1 } })

      const { parsed: dyn } = yield* differential(call("{\"z\":1}", {}, "dyn"))
      expect(dyn).toMatchObject({ dynamic: true, toolMetadata: { server: "x" }, input: { z: 1 } })
      const { parsed: dynT } = yield* differential(call("", {}, "dynTitled"))
      expect(dynT).toMatchObject({ dynamic: true, title: "Dyn", input: {} })

      // invalid calls to a tool with metadata keep title and toolMetadata
      const { parsed: badMeta } = yield* differential(call("{\"q\":1}", {}, "meta"))
      expect(badMeta).toMatchObject({ invalid: true, title: "Meta", toolMetadata: { source: "mcp", n: 1 } })
      expect(getInputSchemaInput(parsed)).toEqual({ value: { a: 1 } })
    }))

  it.effect("8. repair: thrown → ToolCallRepairError; null → original error; a fix parses", () =>
    Effect.gen(function*() {
      const { parsed: thrown } = yield* differential(call("{}", {}, "nope"), {
        upRepair: async () => {
          throw new Error("repair broke")
        },
        ourRepair: () => Effect.fail(new Error("repair broke"))
      })
      expect(thrown.error).toBeInstanceOf(ToolCallRepairError)
      expect((thrown.error as ToolCallRepairError).originalError).toBeInstanceOf(NoSuchToolError)

      // a defect in the repair Effect is "thrown" too
      const died = yield* ours(call("{x"), ourTools, () => Effect.die(new Error("boom")))
      expect(died.error).toBeInstanceOf(ToolCallRepairError)
      expect((died.error as ToolCallRepairError).originalError).toBeInstanceOf(InvalidToolInputError)

      const { parsed: none } = yield* differential(call("{x"), {
        upRepair: async () => null,
        ourRepair: () => Effect.succeed(null)
      })
      expect(none.error).toBeInstanceOf(InvalidToolInputError)

      // upstream generateText looks the parsed call up by the provider's id, so the fix keeps it
      const fixed = (c: { toolCall: ToolCall }) => ({ ...c.toolCall, input: "{\"a\":2}", providerMetadata: { r: { y: 1 } } })
      const { parsed: ok } = yield* differential(call("{x"), {
        upRepair: async (o) => fixed({ toolCall: o.toolCall as ToolCall }) as LanguageModelV4ToolCall,
        ourRepair: (o) => Effect.succeed(fixed(o))
      })
      expect(ok).toMatchObject({ toolCallId: "call-1", input: { a: 2 }, providerMetadata: { r: { y: 1 } } })
      expect(ok.invalid).toBeUndefined()

      // the repair receives the error and the tool's JSON Schema
      const seen: Array<unknown> = []
      yield* ours(call("{\"a\":\"x\"}"), ourTools, (o) =>
        Effect.gen(function*() {
          seen.push(o.error._tag, yield* o.inputSchema({ toolName: "add" }), yield* o.inputSchema({ toolName: "zz" }))
          return null
        }))
      expect(seen[0]).toBe("InvalidToolInputError")
      expect(seen[1]).toMatchObject({ type: "object", required: ["a"] })
      expect(seen[2]).toEqual({ type: "object", properties: {}, additionalProperties: false })
    }))

  it.effect("9. a repaired call that fails again: original id/name/input, the repaired call's own error", () =>
    Effect.gen(function*() {
      const bad = (c: ToolCall): ToolCall => ({ ...c, toolCallId: "R", toolName: "add", input: "[1]" })
      const { parsed } = yield* differential(call("{\"a\":\"1\"}", { toolCallId: "c4" }), {
        upRepair: async (o) => bad(o.toolCall as ToolCall) as LanguageModelV4ToolCall,
        ourRepair: (o) => Effect.succeed(bad(o.toolCall))
      })
      expect(parsed).toMatchObject({ toolCallId: "c4", toolName: "add", input: { a: "1" }, invalid: true })
      expect((parsed.error as InvalidToolInputError).toolInput).toBe("[1]")

      const unknown = (c: ToolCall): ToolCall => ({ ...c, toolName: "stillUnknown" })
      const { parsed: p2 } = yield* differential(call("not json", {}, "nope"), {
        upRepair: async (o) => unknown(o.toolCall as ToolCall) as LanguageModelV4ToolCall,
        ourRepair: (o) => Effect.succeed(unknown(o.toolCall))
      })
      expect(p2).toMatchObject({ toolName: "nope", input: "not json" })
      expect((p2.error as NoSuchToolError).toolName).toBe("stillUnknown")
    }))

  it.effect("10. interruption during repair propagates (upstream: the abort reason rejects)", () =>
    Effect.gen(function*() {
      const controller = new AbortController()
      const upstream = yield* Effect.promise(() =>
        upstreamStep({
          content: [upCall(call("{x"))],
          tools: upTools,
          repair: () => {
            controller.abort(new Error("stop"))
            return new Promise<never>(() => {})
          },
          abortSignal: controller.signal
        }).then(() => "resolved", (e: unknown) => (e as Error).message)
      )
      expect(upstream).toBe("stop")

      const fiber = yield* ours(call("{x"), ourTools, () => Effect.never).pipe(Effect.forkChild)
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
    }))

  it.effect("refinement applies to parsed input; a failing refinement makes the call invalid", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() =>
        upstreamStep({
          content: [upCall(call("{\"a\":1}"))],
          tools: upTools,
          refine: { add: async (input) => ({ ...(input as object), b: 9 }) }
        })
      )
      const parsed = yield* parseToolCall({
        toolCall: call("{\"a\":1}"),
        tools: ourTools,
        messages: [],
        refineToolInput: { add: (input) => Effect.succeed({ ...input, b: 9 }) }
      })
      expect(normalizeCall(parsed as unknown as Record<string, unknown>)).toEqual(normalizeCall(upstream.toolCall))
      expect(getInputSchemaInput(parsed)).toEqual({ value: { a: 1 } })

      const failing = yield* parseToolCall({
        toolCall: call("{\"a\":1}"),
        tools: ourTools,
        messages: [],
        refineToolInput: { add: () => Effect.fail("nope") },
        repairToolCall: () => Effect.die("repair must not run for refinement failures")
      })
      const upFailing = yield* Effect.promise(() =>
        upstreamStep({
          content: [upCall(call("{\"a\":1}"))],
          tools: upTools,
          refine: {
            add: async () => {
              throw "nope"
            }
          },
          repair: async () => {
            throw new Error("repair must not run for refinement failures")
          }
        })
      )
      expect(normalizeCall(failing as unknown as Record<string, unknown>)).toEqual(normalizeCall(upFailing.toolCall))
      expect(failing.error).toBe("nope")
    }))

  it.effect("the service layer provides the same parser", () =>
    Effect.gen(function*() {
      const parser = yield* ToolCallParser
      const parsed = yield* parser.parse({ toolCall: call("{\"a\":3}"), tools: ourTools, messages: [] })
      expect(parsed).toMatchObject({ toolName: "add", input: { a: 3 } })
    }).pipe(Effect.provide(ToolCallParser.layer)))
})

describe("ToolCallParser properties", () => {
  it("random input text never fails or dies: a valid or an invalid call", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.json(), fc.constantFrom("{\"__proto__\":1}", "", " ", "{\"a\":1,\"constructor\":{\"prototype\":1}}")),
        async (input) => {
          const exit = await Effect.runPromiseExit(ours(call(input), ourTools))
          expect(Exit.isSuccess(exit)).toBe(true)
          if (Exit.isSuccess(exit)) {
            const parsed = exit.value
            expect(parsed.toolCallId).toBe("call-1")
            if (parsed.invalid === true) expect(parsed.error).toBeInstanceOf(InvalidToolInputError)
            else expect(typeof (parsed.input as { a: unknown }).a).toBe("number")
          }
        }
      ),
      { numRuns: 300 }
    )
  })

  it("a JSON object of the schema parses to the decoded value", async () => {
    const decode = Schema.decodeUnknownSync(Schema.Struct({ a: Schema.Number, b: Schema.optional(Schema.Number) }))
    await fc.assert(
      fc.asyncProperty(
        fc.record({ a: fc.double({ noNaN: true, noDefaultInfinity: true }), b: fc.integer() }, { requiredKeys: ["a"] }),
        // no `__proto__` key and no `constructor` at any depth: the secure parse rejects those
        // (upstream's secure-json-parse), so such a text is not "a JSON object of the schema"
        fc.dictionary(fc.string().filter((k) => k !== "a" && k !== "b"), fc.jsonValue(), { maxKeys: 3 })
          .filter((extra) => !/"(?:__proto__|constructor)"/.test(JSON.stringify(extra))),
        async (value, extra) => {
          const input = JSON.stringify({ ...extra, ...value })
          const parsed = await Effect.runPromise(ours(call(input), ourTools))
          expect(parsed.invalid).toBeUndefined()
          expect(parsed.input).toEqual(decode(JSON.parse(input)))
          expect(parsed.input).toEqual(JSON.parse(JSON.stringify(value)))
        }
      ),
      { numRuns: 300 }
    )
  })
})
