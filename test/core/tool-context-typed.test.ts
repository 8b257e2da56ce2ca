/**
 * A tool's context typed by its `contextSchema` (upstream `Tool<INPUT, OUTPUT, CONTEXT>`,
 * `ToolExecutionOptions<CONTEXT>`, `InferToolSetContext`): the type-level assertions fail the
 * typecheck when the context regresses to `unknown`; the runtime part runs the same Effect Schema
 * with a decoding transformation through upstream `ai` 7.0.173 (as a Standard Schema, upstream's
 * `validateToolContext` → `validateTypes`) and aimux: `execute` (and `onToolExecutionStart`)
 * receive the decoded context on both sides, and an undecodable one is upstream's
 * `TypeValidationError` "for tool context (<name>)". Normalization: test/testing/normalize.ts.
 */
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, jsonSchema, tool } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Exit, Schema } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type * as Toolkit from "../../src/core/Toolkit.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const Account = Schema.Struct({ user: Schema.Trim, limit: Schema.FiniteFromString })

const account = Tool.make({
  inputSchema: Schema.Struct({ q: Schema.String }),
  contextSchema: Account,
  execute: ({ q }, { context }) => Effect.succeed({ q, user: context.user, limit: context.limit + 1 })
})
const plain = Tool.make({
  inputSchema: Schema.Struct({ q: Schema.String }),
  execute: (_input, { context }) => Effect.succeed({ got: context ?? null })
})
const maybe = Tool.make({
  inputSchema: Schema.Struct({ q: Schema.String }),
  contextSchema: Schema.UndefinedOr(Schema.Struct({ region: Schema.String })),
  execute: (_input, { context }) => Effect.succeed({ region: context?.region ?? "none" })
})
const tools = { account, plain, maybe }

describe("tool context types (inferred from contextSchema)", () => {
  it("execute's context is the contextSchema's decoded type; without one it is unknown", () => {
    expectTypeOf<Tool.ContextOf<typeof account>>().toEqualTypeOf<{ readonly user: string; readonly limit: number }>()
    expectTypeOf<Tool.ContextOf<typeof plain>>().toEqualTypeOf<unknown>()
    expectTypeOf<Tool.ContextOf<typeof maybe>>().toEqualTypeOf<{ readonly region: string } | undefined>()
    expectTypeOf<Parameters<NonNullable<typeof account.execute>>[1]["context"]>().toEqualTypeOf<
      { readonly user: string; readonly limit: number }
    >()
    // a JSON Schema context takes its type argument
    const json = Tool.make({
      inputSchema: Tool.jsonSchema<unknown>({ type: "object" }),
      contextSchema: Tool.jsonSchema<{ tenant: string }>({ type: "object" }),
      execute: (_input, { context }) => Effect.succeed(context.tenant)
    })
    expectTypeOf<Tool.ContextOf<typeof json>>().toEqualTypeOf<{ tenant: string }>()
    // a typed tool is still a tool of the open toolkit
    expectTypeOf(account).toExtend<Tool.Any>()
  })

  it("toolsContext is typed per tool (upstream InferToolSetContext): required, optional, free", () => {
    expectTypeOf<Toolkit.ToolsContext<typeof tools>>().toEqualTypeOf<{
      readonly account: { readonly user: string; readonly limit: number }
      readonly maybe?: { readonly region: string } | undefined
      readonly plain?: unknown
    }>()
    expectTypeOf<Toolkit.ToolsContext<{ readonly plain: typeof plain }>>().toEqualTypeOf<{ readonly plain?: unknown }>()
    const ok: Toolkit.ToolsContext<typeof tools> = { account: { user: "ann", limit: 1 } }
    // @ts-expect-error: a contextual tool's entry is required
    const missing: Toolkit.ToolsContext<typeof tools> = { plain: 1 }
    // @ts-expect-error: the entry has the context's (decoded) type
    const wrong: Toolkit.ToolsContext<typeof tools> = { account: { user: "ann", limit: "1" } }
    expect([ok, missing, wrong]).toHaveLength(3)
  })

  it("generateText's toolsContext option and prepareStep's result are typed by the toolkit", () => {
    const run = (context: { readonly user: string; readonly limit: number }) =>
      GenerateText.generateText({
        prompt: "hi",
        tools,
        toolsContext: { account: context },
        prepareStep: () => Effect.succeed({ toolsContext: { account: { user: "bob", limit: 2 } } })
      })
    expectTypeOf(run).toBeFunction()
    GenerateText.generateText({
      prompt: "hi",
      tools,
      // @ts-expect-error: limit is a number after decoding
      toolsContext: { account: { user: "ann", limit: "2" } }
    })
  })
})

const generated: GenerateResult = {
  content: [
    { type: "tool-call", toolCallId: "c1", toolName: "account", input: JSON.stringify({ q: "balance" }) },
    { type: "tool-call", toolCallId: "c2", toolName: "plain", input: JSON.stringify({ q: "x" }) }
  ],
  finishReason: { unified: "tool-calls", raw: "tool_use" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
}

const upstreamTools = () => ({
  account: tool({
    inputSchema: jsonSchema<{ q: string }>({ type: "object" }),
    contextSchema: Schema.toStandardSchemaV1(Account),
    execute: async ({ q }, { context }) => ({ q, user: context.user, limit: context.limit + 1 })
  }),
  plain: tool({
    inputSchema: jsonSchema<{ q: string }>({ type: "object" }),
    execute: async (_input: unknown, { context }: { context?: unknown }) => ({ got: context ?? null })
  })
})
const ourTools = { account, plain }

const contexts: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["decoded: trimmed user, limit parsed from its string", { account: { user: "  ann ", limit: "41" }, plain: { raw: " x " } }],
  ["undecodable: TypeValidationError for tool context (account)", { account: { user: "ann", limit: "many" } }]
]

describe("tool context decoding (generateText, differential)", () => {
  for (const [name, toolsContext] of contexts) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upStarts: Array<unknown> = []
        const upstream = yield* Effect.promise(() =>
          upstreamGenerateText({
            model: new MockLanguageModelV4({ doGenerate: async () => generated as never }),
            tools: upstreamTools(),
            toolsContext: toolsContext as never,
            prompt: "hi",
            onToolExecutionStart: (e) => void upStarts.push({ tool: e.toolCall.toolName, toolContext: e.toolContext ?? null })
          }).then((r) => ({ ok: r.steps.map((s) => s.content) }), (error: unknown) => ({ error }))
        )
        const ourStarts: Array<unknown> = []
        const exit = yield* Effect.exit(GenerateText.generateText({
          prompt: "hi",
          tools: ourTools,
          toolsContext: toolsContext as never,
          onToolExecutionStart: (e) =>
            Effect.sync(() => void ourStarts.push({ tool: e.toolCall.toolName, toolContext: e.toolContext ?? null }))
        }).pipe(Effect.provide(MockLanguageModel.layer({ generate: generated }))))
        const ours = Exit.isSuccess(exit)
          ? { ok: exit.value.steps.map((s) => s.content) }
          : { error: exit.cause.reasons[0]?._tag === "Fail" ? exit.cause.reasons[0].error : exit.cause }
        const view = (v: unknown) => normalize([v]) as ReadonlyArray<Record<string, unknown>>
        if ("error" in upstream) {
          // the issue text of a Standard Schema failure is the library's own: compare what upstream sets
          const up = view(upstream)[0]!.error as Record<string, unknown>
          const our = view(ours)[0]!.error as Record<string, unknown>
          expect({ name: our.name, context: our.context, value: our.value }).toEqual({ name: up.name, context: up.context, value: up.value })
          expect(String(our.message)).toContain("Type validation failed for tool context (account)")
          expect(String(up.message)).toContain("Type validation failed for tool context (account)")
        } else {
          expect(view(ours)).toEqual(view(upstream))
          expect(JSON.stringify(ours)).toContain("\"limit\":42")
        }
        const sorted = (xs: ReadonlyArray<unknown>) => [...xs].map((x) => JSON.stringify(x)).sort()
        expect(sorted(ourStarts)).toEqual(sorted(upStarts))
      }))
  }
})
