/**
 * End to end through generateText and streamText: Gemini code execution
 * (`executableCode` / `codeExecutionResult`) reaches core as a
 * provider-executed call/result pair (`providerExecuted: true`), and the
 * response messages of a turn re-encode into the next request byte for byte
 * as upstream `ai` + `@ai-sdk/google` do.
 */
import { createGoogle, google as upstreamGoogle } from "@ai-sdk/google"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer } from "effect"
import * as path from "node:path"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import type { ModelMessage } from "../../../src/core/ModelMessage.ts"
import type { ResponseFilePart, ResponseMessage } from "../../../src/core/ResponseMessages.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import * as GeminiLanguageModel from "../../../src/providers/kits/gemini/GeminiLanguageModel.ts"
import * as Google from "../../../src/providers/google/Google.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { type Captured, chunksToSse, fixturesDir, normalize, readText, replayClient, type Reply } from "./harness.ts"

const upstreamModel = (reply: Reply, captured: Captured) =>
  createGoogle({
    apiKey: "k",
    generateId: makeCounter("id"),
    fetch: async (url, init) => {
      captured.push({ url: String(url), headers: {}, rawBody: String(init?.body) })
      return new Response(reply.body, { status: 200, headers: { "content-type": reply.contentType ?? "text/event-stream" } })
    }
  })("gemini-2.5-flash")

const oursLayer = (reply: Reply, captured: Captured) =>
  Layer.succeed(
    LanguageModel,
    GeminiLanguageModel.makeWith(
      replayClient(reply, captured),
      Google.modelConfig("gemini-2.5-flash", { apiKey: "k", generateId: makeCounter("id") })
    )
  )

const upstreamTools = { code_execution: upstreamGoogle.tools.codeExecution({}) }
const oursTools = { code_execution: Tool.provider({ id: "google.code_execution", args: {}, isProviderExecuted: true }) }

// generated ids and timestamps out of the way
const view = (value: unknown) =>
  JSON.parse(JSON.stringify(normalize(value), (key, v) => (key === "timestamp" || key === "id" ? undefined : v)))

// Response file parts are not (yet) typed as user message parts in core; these turns have none.
const asMessages = (messages: ReadonlyArray<ResponseMessage>): Array<ModelMessage> =>
  messages.map((message) => {
    if (message.role !== "assistant") return message
    const content = message.content.filter((part): part is Exclude<typeof part, ResponseFilePart> => part.type !== "file")
    expect(content).toHaveLength(message.content.length)
    return { ...message, content }
  })

const followUp = { role: "user" as const, content: [{ type: "text" as const, text: "and squared?" }] }
const text = readText(path.join(fixturesDir, "recordings", "google-text.json"))

describe("Gemini end to end (generateText / streamText)", () => {
  it.live("generateText: code execution is provider-executed; the next request re-encodes it", () =>
    Effect.gen(function*() {
      const reply: Reply = {
        body: readText(path.join(fixturesDir, "recordings", "google-code-execution-multiple-results.json")),
        contentType: "application/json"
      }
      const upstream = yield* Effect.promise(() =>
        upstreamGenerateText({ model: upstreamModel(reply, []), prompt: "compute", tools: upstreamTools })
      )
      const ours = yield* GenerateText.generateText({ prompt: "compute", tools: oursTools }).pipe(
        Effect.provide(oursLayer(reply, []))
      )
      const calls = ours.content.filter((p) => p.type === "tool-call")
      const results = ours.content.filter((p) => p.type === "tool-result")
      expect(calls.length).toBeGreaterThan(0)
      expect(results.length).toBeGreaterThan(1)
      for (const part of [...calls, ...results]) expect(Reflect.get(part, "providerExecuted")).toBe(true)
      expect(view(ours.content)).toStrictEqual(view(upstream.content))
      expect(view(ours.responseMessages)).toStrictEqual(view(upstream.response.messages))

      const next: Reply = { body: text, contentType: "application/json" }
      const upstreamNext: Captured = []
      yield* Effect.promise(() =>
        upstreamGenerateText({
          model: upstreamModel(next, upstreamNext),
          messages: [{ role: "user", content: "compute" }, ...upstream.response.messages, followUp],
          tools: upstreamTools
        })
      )
      const oursNext: Captured = []
      yield* GenerateText.generateText({
        messages: [{ role: "user", content: "compute" }, ...asMessages(ours.responseMessages), followUp],
        tools: oursTools
      }).pipe(Effect.provide(oursLayer(next, oursNext)))
      expect(oursNext[0]?.rawBody).toContain("executableCode")
      expect(oursNext.map((r) => r.rawBody)).toStrictEqual(upstreamNext.map((r) => r.rawBody))
    }))

  it.live("streamText: code execution is provider-executed; the next request re-encodes it", () =>
    Effect.gen(function*() {
      const reply: Reply = { body: chunksToSse(readText(path.join(fixturesDir, "crafted", "code-execution.chunks.txt"))) }
      const upstream = upstreamStreamText({ model: upstreamModel(reply, []), prompt: "compute", tools: upstreamTools })
      const upstreamContent = yield* Effect.promise(() => upstream.content)
      const upstreamMessages = (yield* Effect.promise(() => upstream.response)).messages
      const ours = yield* StreamText.collect(StreamText.streamText({ prompt: "compute", tools: oursTools })).pipe(
        Effect.provide(oursLayer(reply, []))
      )
      const calls = ours.content.filter((p) => p.type === "tool-call")
      const results = ours.content.filter((p) => p.type === "tool-result")
      expect(calls.length).toBeGreaterThan(0)
      expect(results.length).toBeGreaterThan(0)
      for (const part of [...calls, ...results]) expect(Reflect.get(part, "providerExecuted")).toBe(true)
      expect(view(ours.content)).toStrictEqual(view(upstreamContent))
      expect(view(ours.response.messages)).toStrictEqual(view(upstreamMessages))

      const next: Reply = { body: chunksToSse(readText(path.join(fixturesDir, "recordings", "google-text.chunks.txt"))) }
      const upstreamNext: Captured = []
      yield* Effect.promise(() =>
        upstreamStreamText({
          model: upstreamModel(next, upstreamNext),
          messages: [{ role: "user", content: "compute" }, ...upstreamMessages, followUp],
          tools: upstreamTools
        }).consumeStream()
      )
      const oursNext: Captured = []
      yield* StreamText.collect(StreamText.streamText({
        messages: [{ role: "user", content: "compute" }, ...asMessages(ours.response.messages), followUp],
        tools: oursTools
      })).pipe(Effect.provide(oursLayer(next, oursNext)))
      expect(oursNext[0]?.rawBody).toContain("codeExecutionResult")
      expect(oursNext.map((r) => r.rawBody)).toStrictEqual(upstreamNext.map((r) => r.rawBody))
    }))
})
