/**
 * Provider settings against `createAnthropic`: the headers sent (user agent,
 * auth, user and per-call headers, betas), the missing-key error, and error
 * bodies with `details` (upstream's `.catch(undefined)` fields).
 */
import { createAnthropic, type AnthropicProviderSettings } from "@ai-sdk/anthropic"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Exit } from "effect"
import * as Anthropic from "../../../src/providers/anthropic/Anthropic.ts"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { type Captured, chunksToSse, errorView, failureOf, normalize, replayClient, type Reply, toAimux } from "./harness.ts"

const sse = chunksToSse([
  '{"type":"message_start","message":{"id":"m","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}',
  '{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":1}}',
  '{"type":"message_stop"}'
].join("\n"))

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const upstreamCall = async (settings: AnthropicProviderSettings, reply: Reply, options: LanguageModelV4CallOptions) => {
  const captured: Captured = {}
  const model = createAnthropic({
    ...settings,
    generateId: makeCounter("id"),
    fetch: async (url, init) => {
      captured.url = String(url)
      captured.headers = Object.fromEntries(Object.entries(init?.headers ?? {}))
      return new Response(reply.body, {
        status: reply.status ?? 200,
        // the same response headers the aimux side's replay client serves (harness.ts)
        headers: { "content-type": reply.contentType ?? "text/event-stream", "x-test": "1" }
      })
    }
  })("claude-sonnet-4-5")
  try {
    await model.doGenerate(options)
    return { captured, failure: undefined }
  } catch (error) {
    return { captured, failure: error }
  }
}

const aimuxCall = (settings: Anthropic.Settings, reply: Reply, options: LanguageModelV4CallOptions) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const config = yield* Anthropic.modelConfig("claude-sonnet-4-5", settings)
    const model = AnthropicLanguageModel.makeWith(replayClient(reply, captured), config)
    const exit = yield* Effect.exit(model.generate(toAimux(options)))
    return { captured, failure: Exit.isFailure(exit) ? failureOf(exit) : undefined }
  })

// effect's request body sets content-length, fetch computes it on the wire
const headersView = (headers: Record<string, string> | undefined) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

const json = JSON.stringify({
  type: "message",
  id: "m",
  model: "claude-sonnet-4-5",
  content: [{ type: "text", text: "ok" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 1 }
})

const headerCases: ReadonlyArray<readonly [string, AnthropicProviderSettings & Anthropic.Settings, LanguageModelV4CallOptions]> = [
  ["api key", { apiKey: "k" }, { prompt }],
  ["auth token", { authToken: "t" }, { prompt }],
  ["user agent and betas in settings", {
    apiKey: "k",
    headers: { "User-Agent": "my-app/1.0", "anthropic-beta": "a-1, B-2", "X-Custom": " v " }
  }, { prompt }],
  ["per-call headers and betas", { apiKey: "k", headers: { "anthropic-beta": "a-1" } }, {
    prompt,
    headers: { "anthropic-beta": "c-3", "X-Call": "1", "x-api-key": "override" },
    providerOptions: { anthropic: { anthropicBeta: ["d-4"] } }
  }],
  ["per-call user agent", { apiKey: "k" }, { prompt, headers: { "user-agent": "call/2" } }]
]

describe("Anthropic settings: differential against createAnthropic", () => {
  for (const [name, settings, options] of headerCases) {
    it.effect(`headers: ${name}`, () =>
      Effect.gen(function*() {
        const reply = { body: json, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamCall(settings, reply, options))
        const ours = yield* aimuxCall(settings, reply, options)
        expect(upstream.failure).toBeUndefined()
        expect(ours.failure).toBeUndefined()
        expect(headersView(ours.captured.headers)).toStrictEqual(headersView(upstream.captured.headers))
        const userAgent = options.headers?.["user-agent"] === undefined
          ? /^(my-app\/1\.0 )?ai-sdk-anthropic\/4\.0\.105 ai-sdk-provider-utils\/5\.0\.81 /
          : /^call\/2 ai-sdk-provider-utils\/5\.0\.81 /
        expect(ours.captured.headers?.["user-agent"]).toMatch(userAgent)
      }))
  }

  it.effect("stream requests carry the same headers", () =>
    Effect.gen(function*() {
      const captured: Captured = {}
      const config = yield* Anthropic.modelConfig("claude-sonnet-4-5", { apiKey: "k" })
      const model = AnthropicLanguageModel.makeWith(replayClient({ body: sse }, captured), config)
      yield* model.stream(toAimux({ prompt }))
      const upstream = yield* Effect.promise(() => upstreamCall({ apiKey: "k" }, { body: json, contentType: "application/json" }, { prompt }))
      expect(headersView(captured.headers)).toStrictEqual(headersView(upstream.captured.headers))
    }))

  it.effect("a missing API key fails as upstream", () =>
    Effect.gen(function*() {
      const reply = { body: json, contentType: "application/json" }
      const previous = process.env["ANTHROPIC_API_KEY"]
      delete process.env["ANTHROPIC_API_KEY"]
      const upstream = yield* Effect.promise(() => upstreamCall({}, reply, { prompt })).pipe(
        Effect.ensuring(Effect.sync(() => {
          if (previous !== undefined) process.env["ANTHROPIC_API_KEY"] = previous
        }))
      )
      const ours = yield* aimuxCall({}, reply, { prompt }).pipe(
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({})))
      )
      expect(Reflect.get(Object(upstream.failure), "name")).toBe("AI_LoadAPIKeyError")
      expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    }))

  for (const [label, details] of [
    ["valid details", { error_code: "E1", unsupported: ["x", "y"] }],
    ["invalid detail fields", { error_code: 3, unsupported: "no" }],
    ["invalid details", "nope"],
    ["null details", null]
  ] as const) {
    it.effect(`error body with ${label}`, () =>
      Effect.gen(function*() {
        const reply = {
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "bad", details } })
        }
        const upstream = yield* Effect.promise(() => upstreamCall({ apiKey: "k" }, reply, { prompt }))
        const ours = yield* aimuxCall({ apiKey: "k" }, reply, { prompt })
        expect(upstream.failure).toBeDefined()
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(normalize(Reflect.get(Object(ours.failure), "data"))).toStrictEqual(
          normalize(Reflect.get(Object(upstream.failure), "data"))
        )
      }))
  }
})
