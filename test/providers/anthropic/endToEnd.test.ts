/**
 * End to end through generateText and streamText: server tool results from
 * the Anthropic provider reach core with `providerExecuted: true`, and the
 * response messages of a turn re-encode into the next request exactly as
 * upstream `ai` + `@ai-sdk/anthropic` do.
 */
import { anthropic as upstreamAnthropic, createAnthropic } from "@ai-sdk/anthropic"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer } from "effect"
import * as path from "node:path"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import * as Anthropic from "../../../src/providers/anthropic/Anthropic.ts"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import { type Captured, chunksToSse, fixturesDir, normalize, readText, replayClient, type Reply } from "./harness.ts"

const recording = (name: string) => readText(path.join(fixturesDir, "recordings", name))

const upstreamModel = (reply: Reply, captured: Captured) =>
  createAnthropic({
    apiKey: "k",
    generateId: makeCounter("id"),
    fetch: async (_url, init) => {
      captured.body = JSON.parse(String(init?.body))
      return new Response(reply.body, {
        status: 200,
        headers: { "content-type": reply.contentType ?? "text/event-stream" }
      })
    }
  })("claude-sonnet-4-5")

const oursLayer = (reply: Reply, captured: Captured) =>
  Layer.effect(
    LanguageModel,
    Effect.map(
      Anthropic.modelConfig("claude-sonnet-4-5", { apiKey: "k" }),
      (config) => AnthropicLanguageModel.makeWith(replayClient(reply, captured), { ...config, generateId: makeCounter("id") })
    )
  )

const upstreamTools = { web_search: upstreamAnthropic.tools.webSearch_20250305() }
const oursTools = {
  web_search: Tool.provider({ id: "anthropic.web_search_20250305", args: {}, isProviderExecuted: true })
}

// Step content and messages, with generated ids and timestamps out of the way.
const view = (value: unknown) =>
  JSON.parse(JSON.stringify(normalize(value), (key, v) => (key === "timestamp" || key === "id" ? undefined : v)))

const followUp = { role: "user" as const, content: [{ type: "text" as const, text: "and tomorrow?" }] }

describe("Anthropic end to end (generateText / streamText)", () => {
  it.live("generateText: server tool results are provider-executed; next request re-encodes them", () =>
    Effect.gen(function*() {
      const reply: Reply = { body: recording("anthropic-web-search-tool.1.json"), contentType: "application/json" }
      const upstreamCaptured: Captured = {}
      const upstream = yield* Effect.promise(() =>
        upstreamGenerateText({ model: upstreamModel(reply, upstreamCaptured), prompt: "weather?", tools: upstreamTools })
      )
      const oursCaptured: Captured = {}
      const ours = yield* GenerateText.generateText({ prompt: "weather?", tools: oursTools }).pipe(
        Effect.provide(oursLayer(reply, oursCaptured))
      )
      const results = ours.content.filter((p) => p.type === "tool-result")
      expect(results.length).toBeGreaterThan(0)
      for (const result of results) expect(Reflect.get(result, "providerExecuted")).toBe(true)
      expect(view(ours.content)).toStrictEqual(view(upstream.content))
      expect(view(ours.responseMessages)).toStrictEqual(view(upstream.response.messages))

      // next turn: the response messages go back into the prompt
      const next: Reply = { body: recording("anthropic-text.json"), contentType: "application/json" }
      const upstreamNext: Captured = {}
      yield* Effect.promise(() =>
        upstreamGenerateText({
          model: upstreamModel(next, upstreamNext),
          messages: [{ role: "user", content: "weather?" }, ...upstream.response.messages, followUp],
          tools: upstreamTools
        })
      )
      const oursNext: Captured = {}
      yield* GenerateText.generateText({
        messages: [{ role: "user", content: "weather?" }, ...ours.responseMessages, followUp],
        tools: oursTools
      }).pipe(Effect.provide(oursLayer(next, oursNext)))
      expect(normalize(oursNext.body)).toStrictEqual(normalize(upstreamNext.body))
    }))

  it.live("streamText: server tool results are provider-executed; next request re-encodes them", () =>
    Effect.gen(function*() {
      const reply: Reply = { body: chunksToSse(recording("anthropic-web-search-tool.1.chunks.txt")) }
      const upstreamCaptured: Captured = {}
      const upstream = upstreamStreamText({ model: upstreamModel(reply, upstreamCaptured), prompt: "weather?", tools: upstreamTools })
      const upstreamContent = yield* Effect.promise(() => upstream.content)
      const upstreamMessages = (yield* Effect.promise(() => upstream.response)).messages
      const oursCaptured: Captured = {}
      const ours = yield* StreamText.collect(StreamText.streamText({ prompt: "weather?", tools: oursTools })).pipe(
        Effect.provide(oursLayer(reply, oursCaptured))
      )
      const content = ours.content
      const responseMessages = ours.response.messages
      const results = content.filter((p) => p.type === "tool-result")
      expect(results.length).toBeGreaterThan(0)
      for (const result of results) expect(Reflect.get(result, "providerExecuted")).toBe(true)
      expect(JSON.stringify(view(content))).toContain("citations")
      expect(view(content)).toStrictEqual(view(upstreamContent))
      expect(view(responseMessages)).toStrictEqual(view(upstreamMessages))

      const next: Reply = { body: chunksToSse(recording("anthropic-text.chunks.txt")) }
      const upstreamNext: Captured = {}
      const upstreamSecond = upstreamStreamText({
        model: upstreamModel(next, upstreamNext),
        messages: [{ role: "user", content: "weather?" }, ...upstreamMessages, followUp],
        tools: upstreamTools
      })
      yield* Effect.promise(() => upstreamSecond.consumeStream())
      const oursNext: Captured = {}
      yield* StreamText.collect(StreamText.streamText({
        messages: [{ role: "user", content: "weather?" }, ...responseMessages, followUp],
        tools: oursTools
      })).pipe(Effect.provide(oursLayer(next, oursNext)))
      expect(normalize(oursNext.body)).toStrictEqual(normalize(upstreamNext.body))
    }))
})
