/**
 * The examples of docs/ui.md: a chat route that streams a UI message stream over SSE, the history
 * the client sends converted back to model messages, and the agent's response helper.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Agent, StopCondition, StreamText, Tool } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"
import { AgentUIStream, ConvertToModelMessages, ReadUIMessageStream, ToUIMessageStream, UIMessageStreamResponse, ValidateUIMessages } from "aimux/ui"

const weather = Tool.make({
  description: "Weather of a city",
  inputSchema: Schema.Struct({ city: Schema.String }),
  execute: ({ city }) => Effect.succeed({ city, temperature: 21 })
})
const tools = { weather }

// a POST /api/chat handler: validate the client's messages, convert them, stream the answer
const chat = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const body = yield* request.json
  const messages = yield* ValidateUIMessages.validateUIMessages({
    messages: typeof body === "object" && body !== null && "messages" in body ? body.messages : undefined,
    tools
  })
  const prompt = yield* ConvertToModelMessages.convertToModelMessages(messages, { tools })
  const parts = StreamText.streamText({ prompt, tools, stopWhen: StopCondition.isStepCount(5) })
  const stream = ToUIMessageStream.toUIMessageStream({
    stream: parts,
    tools,
    originalMessages: messages,
    onEnd: ({ isAborted, messages }) => Effect.log(`chat ended (aborted: ${isAborted}), ${messages.length} messages`)
  })
  return yield* UIMessageStreamResponse.toResponse(stream)
})

// the agent's helper does the same for an agent
const agent = Agent.make({ tools, stopWhen: StopCondition.isStepCount(5) })
const agentChat = (uiMessages: unknown) => AgentUIStream.createAgentUIStreamResponse({ agent, uiMessages })

const model = MockLanguageModel.layer({
  stream: [{ stream: StreamHelpers.framed(StreamHelpers.textParts("t", "Hello", " there")) }]
})

it.effect("the chat handler streams SSE with upstream's headers", () =>
  Effect.gen(function*() {
    const request = HttpServerRequest.fromWeb(
      new Request("http://localhost/api/chat", {
        method: "POST",
        body: JSON.stringify({ messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "hi" }] }] })
      })
    )
    const response = yield* Effect.provideService(chat, HttpServerRequest.HttpServerRequest, request)
    const context = yield* Effect.context<never>()
    const web = HttpServerResponse.toWeb(response, { context })
    expect(web.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1")
    const body = yield* Effect.promise(() => web.text())
    expect(body).toContain(`data: {"type":"text-delta","id":"t","delta":"Hello"}`)
    expect(body.endsWith("data: [DONE]\n\n")).toBe(true)
  }).pipe(Effect.provide(model)))

it.effect("the agent helper fails before streaming on invalid messages", () =>
  Effect.gen(function*() {
    const error = yield* Effect.flip(agentChat([]))
    expect(error.name).toBe("AI_TypeValidationError")
  }).pipe(Effect.provide(model)))

it.effect("readUIMessageStream builds the message the chunks describe", () =>
  Effect.gen(function*() {
    const snapshots = yield* ReadUIMessageStream.readUIMessageStream({
      stream: Stream.make(
        { type: "start", messageId: "m1" },
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "Hi" },
        { type: "text-end", id: "t" }
      )
    }).pipe(Stream.runCollect)
    expect(snapshots.at(-1)?.parts).toEqual([{ type: "text", text: "Hi", state: "done", providerMetadata: undefined }])
  }))
