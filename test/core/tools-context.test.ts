/**
 * `toolsContext` and a tool's `contextSchema` against upstream `ai` 7.0.173: each tool's entry of
 * `toolsContext` reaches its `execute` as `context` (validated by `contextSchema` when the tool
 * has one) and `onToolExecutionStart` / `onToolExecutionEnd` as `toolContext`; an invalid context
 * is upstream's `TypeValidationError` "for tool context (<name>)": generateText fails with it,
 * streamText emits it as an `error` part and runs the other calls. The same scripted calls through
 * both (`MockLanguageModelV4` / aimux `MockLanguageModel`); validation by a JSON Schema with the
 * same hand-written check on both sides. Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Exit, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const isUser = (value: unknown): value is { user: string } =>
  typeof value === "object" && value !== null && typeof (value as { user?: unknown }).user === "string"
const userError = "user must be a string"
const userSchema = { type: "object", properties: { user: { type: "string" } }, required: ["user"] } as const

const calls: GenerateResult = {
  content: [
    { type: "tool-call", toolCallId: "c1", toolName: "withSchema", input: "{}" },
    { type: "tool-call", toolCallId: "c2", toolName: "plain", input: "{}" }
  ],
  finishReason: { unified: "tool-calls", raw: "tool_use" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
}
const streamed: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r", modelId: "m", timestamp: new Date(0) },
  H.toolCall("c1", "withSchema", {}),
  H.toolCall("c2", "plain", {}),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(1, 2) }
]

const upstreamTools = () => ({
  withSchema: tool({
    inputSchema: jsonSchema({ type: "object" }),
    contextSchema: jsonSchema<{ user: string }>(userSchema, {
      validate: (value) => (isUser(value) ? { success: true, value } : { success: false, error: new Error(userError) })
    }),
    execute: async (_input: unknown, { context }: { context?: unknown }) => ({ got: context })
  }),
  plain: tool({
    inputSchema: jsonSchema({ type: "object" }),
    execute: async (_input: unknown, { context }: { context?: unknown }) => ({ got: context ?? null })
  })
})
const ourTools = () => ({
  withSchema: Tool.make({
    inputSchema: Tool.jsonSchema<unknown>({ type: "object" }),
    contextSchema: Tool.jsonSchema<{ user: string }>(userSchema, {
      validate: (value) => (isUser(value) ? Effect.succeed(value) : Effect.fail(new Error(userError)))
    }),
    execute: (_input, { context }) => Effect.succeed({ got: context })
  }),
  plain: Tool.make({
    inputSchema: Tool.jsonSchema<unknown>({ type: "object" }),
    execute: (_input, { context }) => Effect.succeed({ got: context ?? null })
  })
})

const contexts: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["valid: each tool gets its entry (validated or as is)", { withSchema: { user: "ann" }, plain: { any: 1 } }],
  ["missing entries: undefined for a tool without a schema", { withSchema: { user: "bob" } }],
  ["invalid: TypeValidationError for tool context (withSchema)", { withSchema: { user: 5 }, plain: { any: 2 } }]
]

const toolEvents = () => {
  const events: Array<unknown> = []
  return {
    events,
    record: (name: string) => (e: { readonly toolCall: { readonly toolName: string }; readonly toolContext?: unknown }) =>
      void events.push({ name, tool: e.toolCall.toolName, toolContext: e.toolContext ?? null })
  }
}

/** Tool events by tool (upstream starts a tool without a schema first: its validation is one await shorter). */
const byTool = (events: ReadonlyArray<unknown>) =>
  [...events].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

describe("toolsContext (generateText, differential)", () => {
  for (const [name, toolsContext] of contexts) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const up = toolEvents()
        const upstream = yield* Effect.promise(() =>
          upstreamGenerateText({
            model: new MockLanguageModelV4({ doGenerate: calls as never }),
            tools: upstreamTools(),
            toolsContext: toolsContext as never,
            prompt: "hi",
            onToolExecutionStart: up.record("start") as never,
            onToolExecutionEnd: up.record("end") as never
          }).then((r) => ({ ok: r.steps.map((s) => s.content) }), (error: unknown) => ({ error }))
        )
        const our = toolEvents()
        const exit = yield* Effect.exit(GenerateText.generateText({
          prompt: "hi",
          tools: ourTools(),
          // invalid entries on purpose: the typed toolsContext refuses them, as upstream's does
          toolsContext: toolsContext as never,
          onToolExecutionStart: (e) => Effect.sync(() => our.record("start")(e)),
          onToolExecutionEnd: (e) => Effect.sync(() => our.record("end")(e))
        }).pipe(Effect.provide(MockLanguageModel.layer({ generate: calls }))))
        const ours = Exit.isSuccess(exit)
          ? { ok: exit.value.steps.map((s) => s.content) }
          : { error: exit.cause.reasons[0]?._tag === "Fail" ? exit.cause.reasons[0].error : exit.cause }
        expect(normalize([ours])).toEqual(normalize([upstream]))
        expect(normalize(byTool(our.events))).toEqual(normalize(byTool(up.events)))
      }))
  }
})

describe("toolsContext (streamText, differential)", () => {
  for (const [name, toolsContext] of contexts) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upErrors: Array<unknown> = []
        const upstream = yield* Effect.promise(async () => {
          const result = upstreamStreamText({
            model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...streamed]) as never }) }),
            tools: upstreamTools(),
            toolsContext: toolsContext as never,
            prompt: "hi",
            onError: ({ error }) => void upErrors.push(error)
          })
          const parts: Array<unknown> = []
          for await (const part of result.fullStream) parts.push(part)
          return parts
        })
        const ourErrors: Array<unknown> = []
        const ours = Array.from(yield* StreamText.streamText({
          prompt: "hi",
          tools: ourTools(),
          // invalid entries on purpose: the typed toolsContext refuses them, as upstream's does
          toolsContext: toolsContext as never,
          onError: ({ error }) => Effect.sync(() => void ourErrors.push(error))
        }).pipe(Stream.runCollect, Effect.provide(MockLanguageModel.layer({ stream: { stream: streamed } }))))
        // tool outputs arrive in completion order (upstream validates the schema'd context one await later)
        expect(normalize(byTool(ours))).toEqual(normalize(byTool(upstream)))
        expect(normalize(ourErrors)).toEqual(normalize(upErrors))
      }))
  }
})
