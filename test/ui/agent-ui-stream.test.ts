/**
 * The agent as a chat backend against upstream's `ToolLoopAgent` + `createAgentUIStreamResponse`:
 * the client's UI messages (with an earlier tool round trip and an approval answered by the
 * user) through validation, conversion, the agent's run and the SSE response: the same bytes,
 * headers and model prompts; invalid messages fail before the stream with upstream's error name.
 */
import { describe, expect, it } from "@effect/vitest"
import { createAgentUIStreamResponse as upResponse, isStepCount as upIsStepCount, ToolLoopAgent } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Agent from "../../src/core/Agent.ts"
import * as StopCondition from "../../src/core/StopCondition.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import * as AgentUIStream from "../../src/ui/AgentUIStream.ts"
import type * as UIMessage from "../../src/ui/UIMessage.ts"
import { aimuxTools, type Script, upTools } from "./harness.ts"

const history: ReadonlyArray<UIMessage.UIMessage> = [
  { id: "u1", role: "user", parts: [{ type: "text", text: "weather in Rome, then delete notes/x.txt" }] },
  {
    id: "a1",
    role: "assistant",
    parts: [
      { type: "step-start" },
      { type: "tool-weather", toolCallId: "c1", state: "output-available", input: { city: "Rome" }, output: { city: "Rome", temperature: 21 } },
      { type: "step-start" },
      { type: "tool-remove", toolCallId: "r1", state: "approval-responded", input: { path: "notes/x.txt" }, approval: { id: "ap1", approved: true } }
    ]
  }
]

const script: Script = [H.framed(H.textParts("t", "Removed, and it is 21 in Rome."))]

const upstream = async (messages: unknown) => {
  const prompts: Array<unknown> = []
  let call = 0
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      prompts.push(options.prompt)
      return { stream: convertArrayToReadableStream([...(script[call++] ?? [])]) as never }
    }
  })
  const calls: Array<string> = []
  const agent = new ToolLoopAgent({ model, tools: upTools(calls), stopWhen: upIsStepCount(2) })
  const response = await upResponse({ agent, uiMessages: structuredClone(messages) as Array<unknown> })
  return { body: await response.text(), headers: Object.fromEntries(response.headers), prompts, calls }
}

const ours = (messages: unknown) =>
  Effect.gen(function*() {
    const calls: Array<string> = []
    const agent = Agent.make({ tools: aimuxTools(calls), stopWhen: StopCondition.isStepCount(2) })
    const response = yield* AgentUIStream.createAgentUIStreamResponse({ agent, uiMessages: structuredClone(messages) })
    const context = yield* Effect.context<never>()
    const web = HttpServerResponse.toWeb(response, { context })
    const body = yield* Effect.promise(() => web.text())
    const recorder = yield* MockLanguageModel.MockLanguageModel
    const prompts = (yield* recorder.streamCalls).map((c) => c.prompt)
    return { body, headers: Object.fromEntries(web.headers), prompts, calls }
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: script.map((parts) => ({ stream: parts })) })))

describe("createAgentUIStreamResponse (differential)", () => {
  it.live("history with a tool round trip and an approved call: the call runs, the same bytes and prompts", () =>
    Effect.gen(function*() {
      const up = yield* Effect.promise(() => upstream(history))
      const mine = yield* ours(history)
      expect(mine.calls).toEqual(["remove"])
      expect(mine.calls).toEqual(up.calls)
      expect(mine.body).toBe(up.body)
      expect(mine.headers).toEqual(up.headers)
      expect(JSON.parse(JSON.stringify(mine.prompts))).toEqual(JSON.parse(JSON.stringify(up.prompts)))
    }))

  it.live("invalid messages fail before the stream (upstream rejects)", () =>
    Effect.gen(function*() {
      const up = yield* Effect.promise(() => upstream([]).then(() => "ok", (e: Error) => e.name))
      const mine = yield* Effect.flip(ours([]))
      expect(mine.name).toBe(up)
    }))
})
