/**
 * Tool execution timeouts under upstream's names (`timeout.toolMs`, `timeout.tools['<name>Ms']`)
 * in generateText and streamText against upstream `ai` 7.0.173: the same scripted calls through
 * both; the step content and the stream parts compared, the timeout errors by name and message
 * (upstream's is the `DOMException` of its tool abort signal, a platform timer: a short real
 * timeout there; aimux's runs on `TestClock`). aimux's earlier `toolTimeout` (Durations) stays
 * as the fallback when `timeout` sets no tool timeout.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import { getErrorMessage } from "../../src/contract/errors/getErrorMessage.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const timeoutMs = 5

const calls: GenerateResult = {
  content: [
    { type: "tool-call", toolCallId: "c1", toolName: "slow", input: "{}" },
    { type: "tool-call", toolCallId: "c2", toolName: "quick", input: "{}" }
  ],
  finishReason: { unified: "tool-calls", raw: "tool_use" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
}
const streamed: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r", modelId: "m", timestamp: new Date(0) },
  H.toolCall("c1", "slow", {}),
  H.toolCall("c2", "quick", {}),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(1, 2) }
]

const upstreamTools = () => ({
  slow: tool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: (_input: unknown, { abortSignal }: { abortSignal?: AbortSignal }) =>
      new Promise<string>((_, reject) => abortSignal?.addEventListener("abort", () => reject(abortSignal.reason)))
  }),
  quick: tool({ inputSchema: jsonSchema({ type: "object" }), execute: async () => "done" })
})
const ourTools = () => ({
  slow: Tool.make({ inputSchema: Tool.jsonSchema<unknown>({ type: "object" }), execute: (): Effect.Effect<string> => Effect.never }),
  quick: Tool.make({ inputSchema: Tool.jsonSchema<unknown>({ type: "object" }), execute: () => Effect.succeed("done") })
})

/** Errors by name and message (upstream's DOMException and aimux's ToolTimeoutError carry other fields). */
const errorsByMessage = (value: unknown): unknown => {
  if (value instanceof Error) return { name: value.name, message: getErrorMessage(value) }
  if (Array.isArray(value)) return value.map(errorsByMessage)
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, errorsByMessage(v)]))
  }
  return value
}

type Timeout = { readonly toolMs?: number; readonly tools?: Readonly<Record<string, number>> }

const cases: ReadonlyArray<readonly [string, Timeout]> = [
  ["toolMs: every tool execution", { toolMs: timeoutMs }],
  ["tools['<name>Ms'] wins over toolMs", { toolMs: 60_000, tools: { slowMs: timeoutMs } }],
  ["tools['<name>Ms'] alone", { tools: { slowMs: timeoutMs } }]
]

describe("timeout.toolMs / timeout.tools (generateText, differential)", () => {
  for (const [name, timeout] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(async () => {
          const result = await upstreamGenerateText({
            model: new MockLanguageModelV4({ doGenerate: calls as never }),
            tools: upstreamTools(),
            timeout: timeout as never,
            prompt: "hi"
          })
          return result.steps.map((s) => s.content)
        })
        const fiber = yield* GenerateText.generateText({ prompt: "hi", tools: ourTools(), timeout }).pipe(
          Effect.provide(MockLanguageModel.layer({ generate: calls })),
          Effect.forkChild
        )
        yield* TestClock.adjust(timeoutMs)
        const ours = (yield* Fiber.join(fiber)).steps.map((s) => s.content)
        expect(normalize([errorsByMessage(ours)])).toEqual(normalize([errorsByMessage(upstream)]))
        expect(JSON.stringify(ours)).toContain("tool-error")
      }))
  }
})

describe("timeout.toolMs / timeout.tools (streamText, differential)", () => {
  for (const [name, timeout] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(async () => {
          const result = upstreamStreamText({
            model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...streamed]) as never }) }),
            tools: upstreamTools(),
            timeout: timeout as never,
            prompt: "hi",
            onError: () => {}
          })
          const parts: Array<unknown> = []
          for await (const part of result.fullStream) parts.push(part)
          return parts
        })
        const fiber = yield* StreamText.streamText({ prompt: "hi", tools: ourTools(), timeout, onError: () => Effect.void }).pipe(
          Stream.runCollect,
          Effect.provide(MockLanguageModel.layer({ stream: { stream: streamed } })),
          Effect.forkChild
        )
        yield* TestClock.adjust(timeoutMs)
        const ours = Array.from(yield* Fiber.join(fiber))
        expect(normalize([errorsByMessage(ours)])).toEqual(normalize([errorsByMessage(upstream)]))
      }))
  }
})

describe("toolTimeout (aimux's earlier name)", () => {
  it.effect("used when timeout sets no tool timeout; timeout's toolMs wins over it", () =>
    Effect.gen(function*() {
      const run = (options: { readonly timeout?: Timeout | number }) =>
        GenerateText.generateText({ prompt: "hi", tools: ourTools(), toolTimeout: { tool: "1 second" }, ...options }).pipe(
          Effect.provide(MockLanguageModel.layer({ generate: calls })),
          Effect.forkChild
        )
      const fallback = yield* run({ timeout: 60_000 })
      const upstreamName = yield* run({ timeout: { toolMs: 10 } })
      yield* TestClock.adjust(10)
      const first = yield* Fiber.join(upstreamName)
      expect(first.steps[0]!.content.find((p) => p.type === "tool-error")).toBeDefined()
      yield* TestClock.adjust(1000)
      const second = yield* Fiber.join(fallback)
      expect(second.steps[0]!.content.find((p) => p.type === "tool-error")).toBeDefined()
    }))
})
