/**
 * End to end through generateText and streamText: xAI server tool calls and
 * results reach core with `providerExecuted: true`, content and response
 * messages equal upstream `ai` + `@ai-sdk/xai`, and the response messages
 * re-encode into the next request byte for byte.
 */
import { createProviderExecutedToolFactory, zodSchema } from "@ai-sdk/provider-utils"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer, Schema } from "effect"
import { z } from "zod/v4"
import * as path from "node:path"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import * as XAI from "../../../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../../../src/providers/xai/XAILanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import {
  type Captured,
  defaultModel,
  fixturesDir,
  linesToSse,
  normalize,
  readText,
  replayClient,
  type Reply,
  upstreamModel,
  withCounter
} from "./harness.ts"

const recording = (name: string) => readText(path.join(fixturesDir, "recordings", name))

const upstream = (reply: Reply, captured: Captured) => withCounter(upstreamModel(reply, captured, defaultModel))
const oursLayer = (reply: Reply, captured: Captured) =>
  Layer.succeed(
    LanguageModel,
    XAILanguageModel.makeWith(replayClient(reply, captured), {
      ...XAI.modelConfig(defaultModel, { apiKey: "test-key" }),
      generateId: makeCounter("id")
    })
  )

// `xai.tools.webSearch()` as the pinned package defines it (input `z.object({})`, which drops the
// call's arguments in core), built with the top-level provider-utils so that its types are `ai`'s.
const upstreamTools = {
  web_search: createProviderExecutedToolFactory({
    id: "xai.web_search",
    inputSchema: zodSchema(z.object({})),
    outputSchema: zodSchema(z.object({}).loose())
  })({})
}
// zod's `z.object({})` drops every key; Effect's `Schema.Struct({})` keeps an object as is, a
// Struct with one (never present) optional key drops the others like zod.
const NoInput = Schema.Struct({ _: Schema.optionalKey(Schema.Never) })
const oursTools = {
  web_search: Tool.provider({ id: "xai.web_search", args: {}, inputSchema: NoInput, isProviderExecuted: true })
}

// Generated ids and timestamps out of the way.
const view = (value: unknown) =>
  JSON.parse(JSON.stringify(normalize(value), (key, v) => (key === "timestamp" || key === "id" ? undefined : v)))

const followUp = { role: "user" as const, content: [{ type: "text" as const, text: "and more?" }] }
const json = (body: string): Reply => ({ body, contentType: "application/json" })
const sse = (file: string): Reply => ({ body: linesToSse(recording(file)), chunkSize: 7 })

const providerExecuted = (content: ReadonlyArray<unknown>) => {
  const marked = content.filter((part) => {
    const type: unknown = typeof part === "object" && part !== null ? Reflect.get(part, "type") : undefined
    return type === "tool-call" || type === "tool-result"
  })
  expect(marked.length).toBeGreaterThan(0)
  for (const part of marked) expect(Reflect.get(Object(part), "providerExecuted")).toBe(true)
}

describe("xAI end to end (generateText / streamText)", () => {
  it.live("generateText: server tool calls are provider-executed; next request re-encodes them", () =>
    Effect.gen(function*() {
      const reply = json(recording("xai-web-search-tool.1.json"))
      const theirs = yield* Effect.promise(() =>
        upstreamGenerateText({ model: upstream(reply, {}), prompt: "news?", tools: upstreamTools })
      )
      const ours = yield* GenerateText.generateText({ prompt: "news?", tools: oursTools }).pipe(
        Effect.provide(oursLayer(reply, {}))
      )
      providerExecuted(ours.content)
      expect(view(ours.content)).toStrictEqual(view(theirs.content))
      expect(view(ours.responseMessages)).toStrictEqual(view(theirs.response.messages))

      const next = json(recording("xai-code-execution-tool.1.json"))
      const theirsNext: Captured = {}
      yield* Effect.promise(() =>
        upstreamGenerateText({
          model: upstream(next, theirsNext),
          messages: [{ role: "user", content: "news?" }, ...theirs.response.messages, followUp],
          tools: upstreamTools
        })
      )
      const oursNext: Captured = {}
      yield* GenerateText.generateText({
        messages: [{ role: "user", content: "news?" }, ...ours.responseMessages, followUp],
        tools: oursTools
      }).pipe(Effect.provide(oursLayer(next, oursNext)))
      expect(oursNext.text).toBeDefined()
      expect(oursNext.text).toBe(theirsNext.text)
    }))

  for (const file of ["xai-web-search-tool.1.chunks.txt", "xai-13218-web-search-provider-tool-result.1.chunks.txt"]) {
    it.live(`streamText (${file}): server tool results are provider-executed; next request re-encodes them`, () =>
      Effect.gen(function*() {
        const theirs = upstreamStreamText({ model: upstream(sse(file), {}), prompt: "news?", tools: upstreamTools })
        const theirsContent = yield* Effect.promise(() => theirs.content)
        const theirsMessages = (yield* Effect.promise(() => theirs.response)).messages
        const ours = yield* StreamText.collect(StreamText.streamText({ prompt: "news?", tools: oursTools })).pipe(
          Effect.provide(oursLayer(sse(file), {}))
        )
        providerExecuted(ours.content)
        expect(view(ours.content)).toStrictEqual(view(theirsContent))
        expect(view(ours.response.messages)).toStrictEqual(view(theirsMessages))

        const next = sse("xai-text-with-reasoning-streaming.1.chunks.txt")
        const theirsNext: Captured = {}
        yield* Effect.promise(() =>
          upstreamStreamText({
            model: upstream(next, theirsNext),
            messages: [{ role: "user", content: "news?" }, ...theirsMessages, followUp],
            tools: upstreamTools
          }).consumeStream()
        )
        const oursNext: Captured = {}
        yield* StreamText.collect(StreamText.streamText({
          messages: [{ role: "user", content: "news?" }, ...ours.response.messages, followUp],
          tools: oursTools
        })).pipe(Effect.provide(oursLayer(next, oursNext)))
        expect(oursNext.text).toBeDefined()
        expect(oursNext.text).toBe(theirsNext.text)
      }))
  }
})
