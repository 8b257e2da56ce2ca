/**
 * Runs the README example (`docs/examples/readme.ts`) through the real OpenAI chat provider and
 * fetch against a loopback server: OPENAI_API_KEY and OPENAI_BASE_URL come from a ConfigProvider,
 * the server answers turn 1 with a tool call and turn 2 (which must carry the tool's result) with
 * the answer.
 */
import { expect, it, vi } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import { ReplayServer } from "aimux/testing"
import { ReplayHttpClient } from "aimux/testing"
import { program } from "./readme.ts"

const chunk = (delta: unknown, finish: string | null = null) => ({
  id: "chatcmpl-readme",
  object: "chat.completion.chunk",
  created: 1764453360,
  model: "gpt-4o-mini-2024-07-18",
  choices: [{ index: 0, delta, finish_reason: finish }]
})
const usage = (prompt: number, completion: number) => ({
  id: "chatcmpl-readme",
  object: "chat.completion.chunk",
  created: 1764453360,
  model: "gpt-4o-mini-2024-07-18",
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }
})

const json = (body: unknown) => JSON.stringify(body)

it.effect("the README example calls the tool, sends its result back, and streams the answer", () =>
  Effect.gen(function*() {
    const server = yield* ReplayServer.start({
      path: "/v1/chat/completions",
      eventDelayMs: 0,
      errorBody: (message) => ({ error: { message, type: "invalid_request_error" } }),
      exchanges: [
        {
          check: (body) => json(body).includes("\"name\":\"weather\"") ? undefined : "no weather tool",
          sse: ReplayHttpClient.sseBody([
            chunk({ role: "assistant", content: null }),
            chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "weather", arguments: "{\"city\":" } }] }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: "\"Lisbon\"}" } }] }),
            chunk({}, "tool_calls"),
            usage(50, 10)
          ])
        },
        {
          check: (body) =>
            json(body).includes(json(json({ city: "Lisbon", temperature: 22, conditions: "sunny" })))
              ? undefined
              : "the tool result is missing",
          sse: ReplayHttpClient.sseBody([chunk({ role: "assistant", content: "" }), chunk({ content: "Sunny, 22 °C." }), chunk({}, "stop"), usage(80, 6)])
        }
      ]
    })
    const written: Array<string> = []
    const write = vi.spyOn(process.stdout, "write").mockImplementation((text) => {
      written.push(String(text))
      return true
    })
    const log = vi.spyOn(console, "log").mockImplementation((...args: Array<unknown>) => {
      written.push(args.map((a) => typeof a === "string" ? a : JSON.stringify(a)).join(" "))
    })
    yield* program.pipe(
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` }))),
      Effect.ensuring(Effect.sync(() => {
        write.mockRestore()
        log.mockRestore()
      }))
    )
    expect(server.received.map((r) => r.status)).toEqual([200, 200])
    expect(written).toContain("-> weather {\"city\":\"Lisbon\"}")
    expect(written).toContain("<- weather {\"city\":\"Lisbon\",\"temperature\":22,\"conditions\":\"sunny\"}")
    expect(written).toContain("Sunny, 22 °C.")
    expect(written.some((w) => w.startsWith("\n[stop]") && w.includes("\"totalTokens\":146"))).toBe(true)
  }).pipe(Effect.scoped))

it.effect("the README example's error branches: an HTTP error is an error part, a missing key a LoadAPIKeyError", () =>
  Effect.gen(function*() {
    const server = yield* ReplayServer.start({
      path: "/v1/chat/completions",
      eventDelayMs: 0,
      errorBody: (message) => ({ error: { message, type: "invalid_request_error" } }),
      exchanges: [{ check: () => "rejected", sse: "" }]
    })
    const errors: Array<unknown> = []
    const error = vi.spyOn(console, "error").mockImplementation((...args: Array<unknown>) => {
      errors.push(args)
    })
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true)
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined)
    const restore = Effect.sync(() => {
      error.mockRestore()
      write.mockRestore()
      log.mockRestore()
    })
    yield* program.pipe(
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` }))),
      Effect.ensuring(restore)
    )
    expect(server.received.map((r) => r.status)).toEqual([400])
    expect(errors).toHaveLength(1)
    const [label, part] = errors[0] as [string, { readonly name: string; readonly statusCode: number }]
    expect(label).toBe("model error:")
    expect(part).toMatchObject({ name: "AI_APICallError", statusCode: 400 })

    const missing: Array<unknown> = []
    const error2 = vi.spyOn(console, "error").mockImplementation((...args: Array<unknown>) => {
      missing.push(args)
    })
    yield* program.pipe(
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({}))),
      Effect.ensuring(Effect.sync(() => error2.mockRestore()))
    )
    expect(missing).toHaveLength(1)
    expect(String((missing[0] as Array<unknown>)[0])).toContain("OPENAI_API_KEY")
  }).pipe(Effect.scoped))
