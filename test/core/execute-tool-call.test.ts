/**
 * Differential tests of tool execution against upstream `executeToolCall` (reached through
 * `generateText` / `streamText` with `MockLanguageModelV4`): spec aisdk-core.md §9 behaviours
 * 13 and 14, failures and defects as `tool-error`, per-tool timeout (TestClock), interruption,
 * and services in `R`.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4StreamPart, LanguageModelV4ToolCall } from "@ai-sdk/provider"
import { getErrorMessage } from "@ai-sdk/provider"
import { dynamicTool, generateText, jsonSchema, streamText, tool, type ToolSet } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Cause, Context, Effect, Exit, Fiber, Layer, Option, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Schema } from "effect"
import { z } from "zod"
import type { ToolCall } from "../../src/contract/Content.ts"
import { getErrorMessage as ourGetErrorMessage } from "../../src/contract/errors/getErrorMessage.ts"
import { executeToolCall, ToolTimeoutError } from "../../src/core/ExecuteTool.ts"
import type { PreliminaryToolResult } from "../../src/core/ToolResult.ts"
import * as Tool from "../../src/core/Tool.ts"
import type * as Toolkit from "../../src/core/Toolkit.ts"
import { parseToolCall } from "../../src/core/ToolCallParser.ts"
import { keysOf, normalizeError, upstreamStep, usage } from "./tool-harness.ts"

const call = (toolName: string, input: string, extra: Partial<ToolCall> = {}): ToolCall => ({
  type: "tool-call",
  toolCallId: "call-1",
  toolName,
  input,
  ...extra
})

const upCall = (c: ToolCall): LanguageModelV4ToolCall => ({ ...c }) as LanguageModelV4ToolCall

const normalizeOutput = (u: unknown): unknown => {
  if (typeof u !== "object" || u === null) return u
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(u)) out[k] = k === "error" ? normalizeError(v) : v
  return out
}

const upTools: ToolSet = {
  add: tool({
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => ({ sum: a + b })
  }),
  meta: tool({
    inputSchema: z.object({}),
    metadata: { source: "mcp" },
    title: "Meta",
    execute: async () => "text output"
  }),
  dyn: dynamicTool({ inputSchema: jsonSchema({ type: "object" }), execute: async (input) => ({ echo: input }) }),
  fails: tool({
    inputSchema: z.object({}),
    execute: async (): Promise<string> => {
      throw new Error("bad input")
    }
  }),
  throwsString: tool({
    inputSchema: z.object({}),
    execute: async (): Promise<string> => {
      throw "plain string"
    }
  }),
  dynFails: dynamicTool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: async (): Promise<string> => {
      throw new TypeError("dyn broke")
    }
  }),
  noExecute: tool({ inputSchema: z.object({}), outputSchema: z.string() }),
  gen: tool({
    inputSchema: z.object({ n: z.number() }),
    execute: async function*({ n }) {
      for (let i = 1; i <= n; i++) yield { step: i }
    }
  }),
  dynGen: dynamicTool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: async function*() {
      yield "a"
      yield "b"
    }
  })
}

const ourTools = {
  add: Tool.make({
    inputSchema: Schema.Struct({ a: Schema.Number, b: Schema.Number }),
    execute: ({ a, b }) => Effect.succeed({ sum: a + b })
  }),
  meta: Tool.make({
    inputSchema: Schema.Struct({}),
    metadata: { source: "mcp" },
    title: "Meta",
    execute: () => Effect.succeed("text output")
  }),
  dyn: Tool.dynamic({ inputSchema: { type: "object" }, execute: (input) => Effect.succeed({ echo: input }) }),
  fails: Tool.make({ inputSchema: Schema.Struct({}), execute: () => Effect.fail(new Error("bad input")) }),
  throwsString: Tool.make({ inputSchema: Schema.Struct({}), execute: () => Effect.fail("plain string") }),
  dynFails: Tool.dynamic({ inputSchema: { type: "object" }, execute: () => Effect.die(new TypeError("dyn broke")) }),
  noExecute: Tool.make({ inputSchema: Schema.Struct({}), outputSchema: Schema.String }),
  gen: Tool.make({
    inputSchema: Schema.Struct({ n: Schema.Number }),
    execute: ({ n }) => Stream.range(1, n).pipe(Stream.map((step) => ({ step })))
  }),
  dynGen: Tool.dynamic({ inputSchema: { type: "object" }, execute: () => Stream.make("a", "b") })
} satisfies Toolkit.Any

/** Parses and executes on our side, collecting preliminary results. */
const ours = (c: ToolCall) =>
  Effect.gen(function*() {
    const toolCall = yield* parseToolCall({ toolCall: c, tools: ourTools, messages: [] })
    const preliminary: Array<PreliminaryToolResult<typeof ourTools>> = []
    const executed = yield* executeToolCall({
      toolCall,
      tools: ourTools,
      messages: [],
      onPreliminaryToolResult: (r) => Effect.sync(() => void preliminary.push(r))
    })
    return { executed: Option.getOrUndefined(executed), preliminary }
  })

const upstreamOutput = async (c: ToolCall) => {
  const run = await upstreamStep({ content: [upCall(c)], tools: upTools, finish: "tool-calls" })
  return run.content.find((p) => p.type === "tool-result" || p.type === "tool-error")
}

/** Upstream preliminary results come only through streamText's full stream. */
const upstreamStream = async (c: ToolCall) => {
  const parts: Array<LanguageModelV4StreamPart> = [
    { type: "stream-start", warnings: [] },
    upCall(c),
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage }
  ]
  const result = streamText({
    model: new MockLanguageModelV4({ doStream: { stream: convertArrayToReadableStream(parts) } }),
    tools: upTools,
    prompt: "hi"
  })
  const out: Array<Record<string, unknown>> = []
  for await (const part of result.fullStream) {
    if (part.type === "tool-result" || part.type === "tool-error") out.push(part as unknown as Record<string, unknown>)
  }
  return out
}

const differential = (c: ToolCall) =>
  Effect.gen(function*() {
    const up = yield* Effect.promise(() => upstreamOutput(c))
    const { executed } = yield* ours(c)
    expect(normalizeOutput(executed?.output)).toEqual(normalizeOutput(up))
    expect(keysOf(executed?.output)).toEqual(keysOf(up))
    return executed
  })

describe("executeToolCall (differential vs upstream executeToolCall)", () => {
  it.effect("13. tool-result: dynamic is tool.type === 'dynamic', no providerExecuted", () =>
    Effect.gen(function*() {
      const add = yield* differential(call("add", "{\"a\":1,\"b\":2}"))
      expect(add?.output).toMatchObject({ type: "tool-result", output: { sum: 3 }, dynamic: false })
      expect("providerExecuted" in (add?.output ?? {})).toBe(false)
      const dyn = yield* differential(call("dyn", "{\"x\":1}"))
      expect(dyn?.output).toMatchObject({ dynamic: true, output: { echo: { x: 1 } } })
      const meta = yield* differential(call("meta", "", { providerMetadata: { p: { id: "m" } } }))
      expect(meta?.output).toMatchObject({ toolMetadata: { source: "mcp" }, providerMetadata: { p: { id: "m" } } })
      expect("title" in (meta?.output ?? {})).toBe(false)
    }))

  it.effect("13. failures and defects are tool-error values carrying the raw error", () =>
    Effect.gen(function*() {
      const failed = yield* differential(call("fails", "{}"))
      expect(failed?.output.type).toBe("tool-error")
      expect((failed?.output as { error: unknown }).error).toBeInstanceOf(Error)
      const str = yield* differential(call("throwsString", "{}"))
      expect((str?.output as { error: unknown }).error).toBe("plain string")
      const died = yield* differential(call("dynFails", "{}", { providerMetadata: { a: { b: 1 } } }))
      expect(died?.output).toMatchObject({ type: "tool-error", dynamic: true })
      expect((died?.output as { error: unknown }).error).toBeInstanceOf(TypeError)
    }))

  it.effect("a tool without execute is not executed", () =>
    Effect.gen(function*() {
      const up = yield* Effect.promise(() => upstreamOutput(call("noExecute", "{}")))
      const { executed } = yield* ours(call("noExecute", "{}"))
      expect(up).toBeUndefined()
      expect(executed).toBeUndefined()
    }))

  it.effect("14. a Stream execute gives preliminary results, then the last one as final", () =>
    Effect.gen(function*() {
      for (const c of [call("gen", "{\"n\":3}"), call("gen", "{\"n\":0}"), call("dynGen", "{}")]) {
        const up = yield* Effect.promise(() => upstreamStream(c))
        const { executed, preliminary } = yield* ours(c)
        const mine = [...preliminary, executed?.output]
        expect(mine.map(normalizeOutput)).toEqual(up.map(normalizeOutput))
        expect(mine.map(keysOf)).toEqual(up.map(keysOf))
      }
      const { preliminary } = yield* ours(call("gen", "{\"n\":2}"))
      // spread from the static call: no `dynamic` key
      expect(preliminary.map((p) => "dynamic" in p)).toEqual([false, false])
    }))
})

describe("executeToolCall (Effect semantics)", () => {
  it.effect("per-tool timeout via the Clock (TestClock) gives a tool-error with upstream's message", () =>
    Effect.gen(function*() {
      const tools = {
        slow: Tool.make({ inputSchema: Schema.Struct({}), execute: () => Effect.sleep("10 seconds").pipe(Effect.as("done")) }),
        quick: Tool.make({ inputSchema: Schema.Struct({}), execute: () => Effect.sleep("2 seconds").pipe(Effect.as("done")) })
      }
      const run = (toolName: "slow" | "quick") =>
        Effect.gen(function*() {
          const toolCall = yield* parseToolCall({ toolCall: call(toolName, "{}"), tools, messages: [] })
          return yield* executeToolCall({ toolCall, tools, messages: [], timeout: { tool: "5 seconds", tools: { slow: "1 second" } } })
        })
      const slow = yield* Effect.forkChild(run("slow"))
      const quick = yield* Effect.forkChild(run("quick"))
      yield* TestClock.adjust("1 second")
      const slowResult = Option.getOrThrow(yield* Fiber.join(slow))
      expect(slowResult.output.type).toBe("tool-error")
      const error = (slowResult.output as { error: unknown }).error
      expect(error).toBeInstanceOf(ToolTimeoutError)
      expect(slowResult.toolExecutionMs).toBe(1000)
      yield* TestClock.adjust("1 second")
      const quickResult = Option.getOrThrow(yield* Fiber.join(quick))
      expect(quickResult.output).toMatchObject({ type: "tool-result", output: "done" })
      expect(quickResult.toolExecutionMs).toBe(2000)

      // upstream: the tool's abort signal times out; a tool that honours it rejects with the reason
      const upTimeout = yield* Effect.promise(async () => {
        const result = await generateText({
          model: new MockLanguageModelV4({
            doGenerate: { content: [upCall(call("slow", "{}"))], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
          }),
          tools: {
            slow: tool({
              inputSchema: z.object({}),
              execute: (_input, { abortSignal }) =>
                new Promise((_, reject) => abortSignal?.addEventListener("abort", () => reject(abortSignal.reason)))
            })
          },
          timeout: { toolMs: 5 },
          prompt: "hi"
        })
        return result.steps[0]!.content.find((p) => p.type === "tool-error")
      })
      expect(ourGetErrorMessage(error)).toBe(getErrorMessage((upTimeout as { error: unknown }).error))
    }))

  it.effect("interrupting the caller interrupts the handler and stays an interruption", () =>
    Effect.gen(function*() {
      let finalized = false
      const tools = {
        hang: Tool.make({
          inputSchema: Schema.Struct({}),
          execute: () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => (finalized = true))))
        })
      }
      const toolCall = yield* parseToolCall({ toolCall: call("hang", "{}"), tools, messages: [] })
      const fiber = yield* Effect.forkChild(executeToolCall({ toolCall, tools, messages: [] }))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
      expect(finalized).toBe(true)
    }))

  it.effect("handler services show up in R and are provided by the caller", () =>
    Effect.gen(function*() {
      class Counter extends Context.Service<Counter, { readonly next: Effect.Effect<number> }>()("test/Counter") {}
      let n = 0
      const tools = {
        count: Tool.make({
          inputSchema: Schema.Struct({}),
          execute: () =>
            Effect.gen(function*() {
              const counter = yield* Counter
              return yield* counter.next
            })
        })
      }
      const toolCall = yield* parseToolCall({ toolCall: call("count", ""), tools, messages: [] })
      const program: Effect.Effect<Option.Option<unknown>, never, Counter> = executeToolCall({ toolCall, tools, messages: [] })
      const result = yield* program.pipe(Effect.provide(Layer.succeed(Counter)({ next: Effect.sync(() => ++n) })))
      expect(Option.getOrThrow(result)).toMatchObject({ output: { type: "tool-result", output: 1 } })
    }))

  it.effect("execute receives toolCallId and messages; a synchronous throw in execute is a tool-error", () =>
    Effect.gen(function*() {
      const seen: Array<unknown> = []
      const tools = {
        ctx: Tool.make({
          inputSchema: Schema.Struct({}),
          execute: (_input, context) => Effect.sync(() => seen.push(context.toolCallId, context.messages))
        }),
        sync: Tool.make({
          inputSchema: Schema.Struct({}),
          execute: (): Effect.Effect<never> => {
            throw new RangeError("sync throw")
          }
        })
      }
      const messages = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
      const c1 = yield* parseToolCall({ toolCall: call("ctx", "{}"), tools, messages })
      yield* executeToolCall({ toolCall: c1, tools, messages })
      expect(seen).toEqual(["call-1", messages])
      const c2 = yield* parseToolCall({ toolCall: call("sync", "{}"), tools, messages })
      const out = Option.getOrThrow(yield* executeToolCall({ toolCall: c2, tools, messages }))
      expect((out.output as { error: unknown }).error).toBeInstanceOf(RangeError)
    }))
})
