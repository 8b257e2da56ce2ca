// examples/chat with a key set: the route goes through aimux's OpenAI chat provider over real HTTP
// to a loopback API (aimux/testing's ReplayServer), and the browser's protocol comes back out. The
// replayed answer is a tool call, then text, so the provider's request carries both tools and,
// on the second step, the weather tool's result.
import { Effect, Exit, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ReplayServer } from "aimux/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ChatModel from "../../examples/chat/server/ChatModel.ts"
import * as ChatServer from "../../examples/chat/server/ChatServer.ts"

const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
const usage = `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [], usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 } })}\n\n`

const toolCallTurn = chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_w1", type: "function", function: { name: "weather", arguments: "" } }] }) +
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }) +
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Tokyo"}' } }] }) +
  chunk({}, "tool_calls") + usage + "data: [DONE]\n\n"
const answerTurn = chunk({ role: "assistant", content: "" }) + chunk({ content: "Tokyo is cloudy, " }) + chunk({ content: "18 °C." }) +
  chunk({}, "stop") + usage + "data: [DONE]\n\n"

interface Body {
  readonly tools?: ReadonlyArray<{ readonly function: { readonly name: string } }>
  readonly messages: ReadonlyArray<{ readonly role: string; readonly content?: unknown }>
}
const isBody = (u: unknown): u is Body => typeof u === "object" && u !== null && "messages" in u && Array.isArray(u.messages)

describe("examples/chat on a real provider (OPENAI_API_KEY set)", () => {
  let scope: Scope.Closeable
  let replay: ReplayServer.Running
  let server: ChatServer.Running

  beforeAll(async () => {
    scope = await Effect.runPromise(Scope.make())
    const toolNames = (body: unknown) => isBody(body) ? (body.tools ?? []).map((tool) => tool.function.name).join(",") : "not a chat request"
    replay = await Effect.runPromise(Scope.provide(
      ReplayServer.start({
        path: "/v1/chat/completions",
        eventDelayMs: 0,
        errorBody: (message) => ({ error: { message, type: "invalid_request_error" } }),
        exchanges: [
          { check: (body) => toolNames(body) === "weather,sendEmail" ? undefined : `tools: ${toolNames(body)}`, sse: toolCallTurn },
          {
            check: (body) =>
              isBody(body) && body.messages.some((m) => m.role === "tool" && String(m.content).includes('"conditions":"cloudy"'))
                ? undefined
                : "expected the weather tool's result",
            sse: answerTurn
          }
        ]
      }),
      scope
    ))
    const choice = ChatModel.fromEnv({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: `${replay.url}/v1` })
    expect(choice.description).toContain("OpenAI chat completions gpt-4o-mini")
    const root = mkdtempSync(join(tmpdir(), "aimux-chat-"))
    server = await Effect.runPromise(Scope.provide(ChatServer.start({ root, model: choice.layer }), scope))
  })

  afterAll(async () => {
    if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  it("streams the provider's tool call, the tool's result and its answer as a UI message stream", async () => {
    const response = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: "chat-1",
        trigger: "submit-message",
        messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Weather in Tokyo?" }] }]
      })
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1")
    const body = await response.text()
    const chunks = body.split("\n\n").filter((event) => event.startsWith("data: ") && event !== "data: [DONE]")
      .map((event): unknown => JSON.parse(event.slice(6)))
    expect(body.endsWith("data: [DONE]\n\n")).toBe(true)
    expect(chunks).toContainEqual(expect.objectContaining({ type: "tool-input-available", toolCallId: "call_w1", input: { city: "Tokyo" } }))
    expect(chunks).toContainEqual(expect.objectContaining({ type: "tool-output-available", toolCallId: "call_w1", output: expect.objectContaining({ conditions: "cloudy" }) }))
    const text = chunks.flatMap((c) => typeof c === "object" && c !== null && "type" in c && c.type === "text-delta" && "delta" in c ? [c.delta] : []).join("")
    expect(text).toBe("Tokyo is cloudy, 18 °C.")
    expect(replay.received.map((r) => r.status)).toEqual([200, 200])
    expect(server.stats.snapshot().toolExecutions).toEqual(["weather"])
  })
})
