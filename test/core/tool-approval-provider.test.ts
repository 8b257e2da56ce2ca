/**
 * Provider-side approval requests (a provider-executed call, e.g. an MCP tool, that the provider
 * asks to approve: the V4 `tool-approval-request` part) through generateText and streamText,
 * against upstream `ai` with `MockLanguageModelV4` on the same scripted content/streams: the
 * request in the step content and the response messages, the run's end, then the resumed run
 * whose tool message answers it (approved: the response reaches the model; denied: generateText
 * adds an `execution-denied` result carrying the approval id, streamText a `tool-output-denied`
 * part), and a request naming no call of the step (`ToolCallNotFoundForApprovalError`).
 * Compared through test/core/approval-harness.ts's view (approval ids as given by the script).
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import type { Content } from "../../src/contract/Content.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { user, view } from "./approval-harness.ts"

const mcpCall = (id: string): Content => ({
  type: "tool-call",
  toolCallId: id,
  toolName: "mcp.create_short_url",
  input: "{\"url\":\"https://ai-sdk.dev\"}",
  providerExecuted: true,
  dynamic: true
})
const request = (approvalId: string, toolCallId: string): Content => ({ type: "tool-approval-request", approvalId, toolCallId })
const text = (t: string): Content => ({ type: "text", text: t })

const generated = (content: ReadonlyArray<Content>): GenerateResult => ({
  content,
  finishReason: H.finishReason("stop"),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})

/** The same content as a model stream. */
const streamed = (content: ReadonlyArray<Content>): ReadonlyArray<StreamPart> => {
  const body: Array<StreamPart> = []
  content.forEach((part, i) => {
    if (part.type === "text") body.push(...H.textParts(`t${i}`, part.text))
    else if (part.type === "tool-call" || part.type === "tool-approval-request") body.push(part)
  })
  return H.framed(body, H.finish("stop"))
}

const firstTurn = [text("I need approval."), mcpCall("mcp_1"), request("mcpr_1", "mcp_1")]
const secondTurn = [mcpCall("mcp_1"), { type: "tool-result", toolCallId: "mcp_1", toolName: "mcp.create_short_url", result: { short: "https://zip1.io/x" } } as const, text("Done.")]

const reply = (approved: boolean, reason?: string) => ({
  role: "tool",
  content: [{ type: "tool-approval-response", approvalId: "mcpr_1", approved, providerExecuted: true, ...(reason !== undefined ? { reason } : {}) }]
})

const upstreamGenerate = async (content: ReadonlyArray<Content>, messages: ReadonlyArray<unknown>) => {
  const model = new MockLanguageModelV4({ doGenerate: async () => generated(content) as never })
  try {
    const r = await upstreamGenerateText({ model, messages: messages as never })
    return { outcome: { content: r.steps.map((s) => s.content), messages: r.responseMessages }, prompts: model.doGenerateCalls.map((c) => c.prompt), messages: r.response.messages }
  } catch (error) {
    return { outcome: { error }, prompts: model.doGenerateCalls.map((c) => c.prompt), messages: [] }
  }
}

const ourGenerate = (content: ReadonlyArray<Content>, messages: ReadonlyArray<unknown>) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(GenerateText.generateText({ messages: messages as never }))
    const prompts = (yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls).map((c) => c.prompt)
    if (exit._tag === "Success") {
      return { outcome: { content: exit.value.steps.map((s) => s.content), messages: exit.value.responseMessages }, prompts, messages: exit.value.response.messages }
    }
    const reason = exit.cause.reasons[0]
    return { outcome: { error: reason !== undefined && "error" in reason ? reason.error : reason }, prompts, messages: [] }
  }).pipe(Effect.provide(MockLanguageModel.layer({ generate: generated(content) })))

const upstreamStream = async (content: ReadonlyArray<Content>, messages: ReadonlyArray<unknown>) => {
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...streamed(content)]) as never }) })
  const run = upstreamStreamText({ model, messages: messages as never, onError: () => {} })
  const parts: Array<unknown> = []
  for await (const part of run.fullStream) parts.push(part)
  const messagesOut = await Promise.resolve(run.responseMessages).catch(() => [])
  return { parts, messages: messagesOut, prompts: model.doStreamCalls.map((c) => c.prompt) }
}

const ourStream = (content: ReadonlyArray<Content>, messages: ReadonlyArray<unknown>) =>
  Effect.gen(function*() {
    const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({ messages: messages as never, onError: () => Effect.void }))
    const parts = Array.from(yield* Stream.runCollect(fullStream))
    const aggregate = yield* Effect.result(result)
    const prompts = (yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls).map((c) => c.prompt)
    return { parts, messages: aggregate._tag === "Success" ? aggregate.success.responseMessages : [], prompts }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: { stream: streamed(content) } })))

describe("provider-side approval requests in generateText (vs upstream)", () => {
  for (const [name, answer] of [["approved", reply(true)], ["denied with a reason", reply(false, "not this one")]] as const) {
    it.live(`request in content and messages, the run ends; ${name}: the next prompt`, () =>
      Effect.gen(function*() {
        const up1 = yield* Effect.promise(() => upstreamGenerate(firstTurn, [user]))
        const our1 = yield* ourGenerate(firstTurn, [user])
        expect(view(our1.outcome)).toEqual(view(up1.outcome))
        expect(JSON.stringify(our1.outcome)).toContain("\"tool-approval-request\"")
        const up2 = yield* Effect.promise(() => upstreamGenerate(secondTurn, [user, ...up1.messages, answer]))
        const our2 = yield* ourGenerate(secondTurn, [user, ...our1.messages, answer])
        expect(view(our2.outcome)).toEqual(view(up2.outcome))
        expect(view(our2.prompts)).toEqual(view(up2.prompts))
        expect(JSON.stringify(our2.prompts)).toContain("\"tool-approval-response\"")
      }))
  }
  it.live("a request naming no call of the step: ToolCallNotFoundForApprovalError", () =>
    Effect.gen(function*() {
      const content = [text("?"), request("mcpr_9", "nope")]
      const up = yield* Effect.promise(() => upstreamGenerate(content, [user]))
      const ours = yield* ourGenerate(content, [user])
      expect(view(ours.outcome)).toEqual(view(up.outcome))
      expect(JSON.stringify(view(ours.outcome))).toContain("AI_ToolCallNotFoundForApprovalError")
    }))
})

describe("provider-side approval requests in streamText (vs upstream)", () => {
  for (const [name, answer] of [["approved", reply(true)], ["denied with a reason", reply(false, "not this one")]] as const) {
    it.live(`request part after its call, the run ends; ${name}: resumed parts and the next prompt`, () =>
      Effect.gen(function*() {
        const up1 = yield* Effect.promise(() => upstreamStream(firstTurn, [user]))
        const our1 = yield* ourStream(firstTurn, [user])
        expect(view(our1.parts)).toEqual(view(up1.parts))
        expect(view(our1.messages)).toEqual(view(up1.messages))
        const up2 = yield* Effect.promise(() => upstreamStream(secondTurn, [user, ...up1.messages, answer]))
        const our2 = yield* ourStream(secondTurn, [user, ...our1.messages, answer])
        expect(view(our2.parts)).toEqual(view(up2.parts))
        expect(view(our2.messages)).toEqual(view(up2.messages))
        expect(view(our2.prompts)).toEqual(view(up2.prompts))
      }))
  }
  it.live("a request naming no call of the step: an error part, the step goes on", () =>
    Effect.gen(function*() {
      const content = [text("?"), request("mcpr_9", "nope")]
      const up = yield* Effect.promise(() => upstreamStream(content, [user]))
      const ours = yield* ourStream(content, [user])
      expect(view(ours.parts)).toEqual(view(up.parts))
      expect(JSON.stringify(view(ours.parts))).toContain("AI_ToolCallNotFoundForApprovalError")
    }))
})
