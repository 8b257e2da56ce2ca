/**
 * What the approval functions receive against upstream `ai` 7.0.173 (`resolve-tool-approval.ts`):
 * a tool's `needsApproval` gets `{ toolCallId, messages, context }` with the tool's context
 * validated (decoded) by its `contextSchema`; a per-tool `toolApproval` function gets
 * `{ toolCallId, messages, toolContext, runtimeContext }`; a `toolApproval` function for every call
 * gets `{ toolCall, tools, toolsContext, messages, runtimeContext }`. The same scripted calls and
 * the same Effect Schema (upstream through `Schema.toStandardSchemaV1`) on both sides, through
 * generateText and streamText, with `prepareStep` replacing both contexts for the step; compared
 * are the payloads (the contexts, the call ids and the approval outcomes in the parts).
 * Normalization: test/testing/normalize.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Schema, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const Account = Schema.Struct({ user: Schema.Trim, limit: Schema.FiniteFromString })

const generated: GenerateResult = {
  content: [
    { type: "tool-call", toolCallId: "c1", toolName: "transfer", input: JSON.stringify({ amount: 5 }) },
    { type: "tool-call", toolCallId: "c2", toolName: "lookup", input: JSON.stringify({ q: "x" }) }
  ],
  finishReason: { unified: "tool-calls", raw: "tool_use" },
  usage: H.usage(1, 2),
  warnings: [],
  response: { id: "r", modelId: "m", timestamp: new Date(0) }
}
const streamed: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "response-metadata", id: "r", modelId: "m", timestamp: new Date(0) },
  H.toolCall("c1", "transfer", { amount: 5 }),
  H.toolCall("c2", "lookup", { q: "x" }),
  { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_use" }, usage: H.usage(1, 2) }
]

type Mode = "needsApproval" | "per-tool" | "function"
type Seen = Array<{ readonly hook: string; readonly payload: unknown }>

const toolsContext = { transfer: { user: "  ann ", limit: "10" }, lookup: { any: 1 } }
const runtimeContext = { tenant: "acme" }
const stepContexts = { toolsContext: { transfer: { user: " bob", limit: "3" } }, runtimeContext: { tenant: "step" } }

const view = (o: { readonly toolCallId?: string; readonly toolCall?: { readonly toolCallId: string }; readonly context?: unknown; readonly toolContext?: unknown; readonly toolsContext?: unknown; readonly runtimeContext?: unknown; readonly messages?: unknown }) => ({
  toolCallId: o.toolCallId ?? o.toolCall?.toolCallId,
  context: o.context,
  toolContext: o.toolContext,
  toolsContext: o.toolsContext,
  runtimeContext: o.runtimeContext,
  messages: Array.isArray(o.messages) ? o.messages.length : undefined
})

const upstreamSetup = (mode: Mode, seen: Seen) => ({
  tools: {
    transfer: tool({
      inputSchema: jsonSchema<{ amount: number }>({ type: "object" }),
      contextSchema: Schema.toStandardSchemaV1(Account),
      ...(mode === "needsApproval"
        ? { needsApproval: async (_input: unknown, options: object) => (seen.push({ hook: "needsApproval", payload: view(options) }), true) }
        : {}),
      execute: async () => "sent"
    }),
    lookup: tool({ inputSchema: jsonSchema<{ q: string }>({ type: "object" }), execute: async () => "found" })
  },
  ...(mode === "per-tool"
    ? { toolApproval: { transfer: async (_input: unknown, options: object) => (seen.push({ hook: "per-tool", payload: view(options) }), "denied" as const) } }
    : mode === "function"
    ? { toolApproval: async (options: object) => (seen.push({ hook: "function", payload: view(options) }), "user-approval" as const) }
    : {})
})

const ourSetup = (mode: Mode, seen: Seen) => ({
  tools: {
    transfer: Tool.make({
      inputSchema: Tool.jsonSchema<{ amount: number }>({ type: "object" }),
      contextSchema: Account,
      ...(mode === "needsApproval"
        ? { needsApproval: (_input: unknown, options: object) => Effect.sync(() => (seen.push({ hook: "needsApproval", payload: view(options) }), true)) }
        : {}),
      execute: () => Effect.succeed("sent")
    }),
    lookup: Tool.make({ inputSchema: Tool.jsonSchema<{ q: string }>({ type: "object" }), execute: () => Effect.succeed("found") })
  },
  ...(mode === "per-tool"
    ? { toolApproval: { transfer: (_input: unknown, options: object) => Effect.sync(() => (seen.push({ hook: "per-tool", payload: view(options) }), "denied" as const)) } }
    : mode === "function"
    ? { toolApproval: (options: object) => Effect.sync(() => (seen.push({ hook: "function", payload: view(options) }), "user-approval" as const)) }
    : {})
})

/** Generated approval ids (random on both sides) replaced by their order of appearance. */
const ids = (value: unknown): unknown => {
  const seen = new Map<string, string>()
  return JSON.parse(JSON.stringify(normalize([value])).replace(/aitxt-[A-Za-z0-9]+/g, (id) => {
    if (!seen.has(id)) seen.set(id, `approval-${seen.size}`)
    return seen.get(id)!
  }))
}

const modes: ReadonlyArray<Mode> = ["needsApproval", "per-tool", "function"]

describe("approval functions receive the contexts (generateText, differential)", () => {
  for (const mode of modes) {
    for (const prepared of [false, true]) {
      it.effect(`${mode}${prepared ? ", contexts replaced by prepareStep" : ""}`, () =>
        Effect.gen(function*() {
          const upSeen: Seen = []
          const upstream = yield* Effect.promise(() =>
            upstreamGenerateText({
              model: new MockLanguageModelV4({ doGenerate: async () => generated as never }),
              prompt: "hi",
              toolsContext: toolsContext as never,
              runtimeContext,
              ...(prepared ? { prepareStep: async () => stepContexts as never } : {}),
              ...upstreamSetup(mode, upSeen)
            } as never).then((r: { steps: ReadonlyArray<{ content: unknown }> }) => r.steps.map((s) => s.content))
          )
          const ourSeen: Seen = []
          const ours = yield* GenerateText.generateText({
            prompt: "hi",
            toolsContext: toolsContext as never,
            runtimeContext,
            ...(prepared ? { prepareStep: () => Effect.succeed(stepContexts as never) } : {}),
            ...ourSetup(mode, ourSeen)
          }).pipe(Effect.map((r) => r.steps.map((s) => s.content)), Effect.provide(MockLanguageModel.layer({ generate: generated })))
          expect(upSeen.length).toBeGreaterThan(0)
          expect(normalize(ourSeen)).toEqual(normalize(upSeen))
          expect(ids(ours)).toEqual(ids(upstream))
        }))
    }
  }
})

describe("approval functions receive the contexts (streamText, differential)", () => {
  for (const mode of modes) {
    it.effect(mode, () =>
      Effect.gen(function*() {
        const upSeen: Seen = []
        const upstream = yield* Effect.promise(async () => {
          const result = upstreamStreamText({
            model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...streamed]) as never }) }),
            prompt: "hi",
            toolsContext: toolsContext as never,
            runtimeContext,
            prepareStep: async () => stepContexts as never,
            ...upstreamSetup(mode, upSeen)
          } as never) as { fullStream: AsyncIterable<unknown> }
          const parts: Array<unknown> = []
          for await (const part of result.fullStream) parts.push(part)
          return parts
        })
        const ourSeen: Seen = []
        const ours = yield* StreamText.streamText({
          prompt: "hi",
          toolsContext: toolsContext as never,
          runtimeContext,
          prepareStep: () => Effect.succeed(stepContexts as never),
          ...ourSetup(mode, ourSeen)
        }).pipe(Stream.runCollect, Effect.provide(MockLanguageModel.layer({ stream: { stream: streamed } })))
        expect(upSeen.length).toBeGreaterThan(0)
        expect(normalize(ourSeen)).toEqual(normalize(upSeen))
        expect(ids(Array.from(ours))).toEqual(ids(upstream))
      }))
  }
})
