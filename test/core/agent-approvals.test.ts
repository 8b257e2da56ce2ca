/**
 * Tool approvals through the agent (upstream `ToolLoopAgent` with `toolApproval` and a tool's
 * `needsApproval`) against aimux's `Agent.make`, on the same scripted streams/results: the paused
 * stream (its parts) and the paused generate (content, response messages), with an automatic
 * denial from the agent's own `toolApproval` configuration.
 */
import { describe, expect, it } from "@effect/vitest"
import { ToolLoopAgent } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as Agent from "../../src/core/Agent.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { done as doneStream, ourTools, twoCalls as twoCallsStream, upstreamTools, view } from "./approval-harness.ts"

const generated = (content: GenerateResult["content"], unified: "stop" | "tool-calls"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})
const twoCalls = generated([
  { type: "tool-call", toolCallId: "c1", toolName: "transfer", input: "{\"amount\":5}" },
  { type: "tool-call", toolCallId: "c2", toolName: "lookup", input: "{\"q\":\"x\"}" }
], "tool-calls")
const done = generated([{ type: "text", text: "done" }], "stop")

// transfer waits for the user (needsApproval); the agent's configuration denies lookup
const upstreamApproval = { toolApproval: { lookup: { type: "denied" as const, reason: "no lookups" } } }
const ourApproval = { toolApproval: { lookup: { type: "denied" as const, reason: "no lookups" } } }

describe("tool approvals through the agent (vs upstream ToolLoopAgent)", () => {
  it.live("stream: request part for transfer, automatic denial of lookup, the run pauses", () =>
    Effect.gen(function*() {
      let call = 0
      const scripted = [twoCallsStream, doneStream]
      const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...scripted[Math.min(call++, 1)]!]) as never }) })
      const upstream = yield* Effect.promise(() =>
        new ToolLoopAgent({ model, instructions: "Be careful.", tools: upstreamTools({}), ...upstreamApproval } as never).stream({ prompt: "pay" })
      )
      const upstreamParts: Array<unknown> = []
      yield* Effect.promise(async () => {
        for await (const part of upstream.fullStream) upstreamParts.push(part)
      })
      const ours = yield* Agent.make({ instructions: "Be careful.", tools: ourTools({}), ...ourApproval }).stream({ prompt: "pay" }).pipe(
        Stream.runCollect,
        Effect.provide(MockLanguageModel.layer({ stream: scripted.map((parts) => ({ stream: parts })) }))
      )
      expect(view(Array.from(ours))).toEqual(view(upstreamParts))
      expect(Array.from(ours).map((p) => p.type)).toContain("tool-output-denied")
    }))
  it.live("generate: the same pause in content and response messages", () =>
    Effect.gen(function*() {
      let call = 0
      const scripted = [twoCalls, done]
      const model = new MockLanguageModelV4({ doGenerate: async () => scripted[Math.min(call++, 1)] as never })
      const upstream = yield* Effect.promise(() =>
        new ToolLoopAgent({ model, instructions: "Be careful.", tools: upstreamTools({}), ...upstreamApproval } as never).generate({ prompt: "pay" })
      )
      const ours = yield* Agent.make({ instructions: "Be careful.", tools: ourTools({}), ...ourApproval }).generate({ prompt: "pay" }).pipe(
        Effect.provide(MockLanguageModel.layer({ generate: scripted }))
      )
      expect(view({ content: ours.content, messages: ours.responseMessages, steps: ours.steps.length }))
        .toEqual(view({ content: upstream.content, messages: upstream.responseMessages, steps: upstream.steps.length }))
      expect(ours.content.some((p) => p.type === "tool-approval-request")).toBe(true)
    }))
})
