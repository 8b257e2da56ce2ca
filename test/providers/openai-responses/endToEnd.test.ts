/**
 * End to end through generateText and streamText: the provider-executed tool
 * results of the Responses model (web search, file search, code interpreter,
 * image generation) reach core with `providerExecuted: true` (the V4 result
 * has no such field), and core content, response messages and the next
 * turn's request body equal upstream `ai` + `@ai-sdk/openai`.
 */
import { createOpenAI, openai as upstreamOpenAI } from "@ai-sdk/openai"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer } from "effect"
import * as path from "node:path"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import { toPromptMessage } from "../../../src/core/ResponseMessages.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { wireJson } from "../_kit/Wire.ts"
import { type Captured, mockFetch } from "../openai/upstream.ts"
import { replayClient } from "../openai/replay.ts"
import { chunksToSse, fixtureDir, listFiles, oursModel, readText, recordingsDir } from "./harness.ts"

const upstreamModel = (body: string, captured: Captured, contentType: string) =>
  createOpenAI({ apiKey: "k", fetch: mockFetch(body, captured, { contentType }) }).responses("gpt-4.1-mini")

const oursLayer = (body: string, seen: { bodies: Array<unknown> }, contentType: string) =>
  Layer.sync(LanguageModel, () => {
    const replay = replayClient(body, { contentType })
    seen.bodies = replay.seen.bodies
    return oursModel(replay.client, "gpt-4.1-mini")
  })

const upstreamTools = {
  web_search: upstreamOpenAI.tools.webSearch({}),
  file_search: upstreamOpenAI.tools.fileSearch({ vectorStoreIds: ["vs_1"] }),
  code_interpreter: upstreamOpenAI.tools.codeInterpreter({}),
  image_generation: upstreamOpenAI.tools.imageGeneration({})
}
const oursTools = {
  web_search: Tool.provider({ id: "openai.web_search", args: {}, isProviderExecuted: true }),
  file_search: Tool.provider({ id: "openai.file_search", args: { vectorStoreIds: ["vs_1"] }, isProviderExecuted: true }),
  code_interpreter: Tool.provider({ id: "openai.code_interpreter", args: {}, isProviderExecuted: true }),
  image_generation: Tool.provider({ id: "openai.image_generation", args: {}, isProviderExecuted: true })
}

// Generated ids (sources, response ids) and timestamps out of the way.
const view = (value: unknown) =>
  JSON.parse(JSON.stringify(wireJson(value), (key, v) => (key === "timestamp" || key === "id" ? undefined : v)))

const followUp = { role: "user" as const, content: [{ type: "text" as const, text: "and tomorrow?" }] }
const json = "application/json"
const sse = "text/event-stream"

const recorded = (name: string) =>
  listFiles(recordingsDir, "").includes(name) ? readText(path.join(recordingsDir, name)) : undefined
const generateBodies = [
  ["web search", recorded("openai-web-search-tool.1.json")],
  ["code interpreter", recorded("openai-code-interpreter-tool.1.json")],
  ["file search", readText(path.join(fixtureDir, "generate/file-search-only.json"))],
  ["image generation", readText(path.join(fixtureDir, "generate/image-generation-only.json"))]
] as const
const streamBodies = [
  ["web search", recorded("openai-web-search-tool.1.chunks.txt")],
  ["code interpreter", recorded("openai-code-interpreter-tool.1.chunks.txt")],
  ["file search", recorded("openai-file-search-tool.2.chunks.txt")],
  ["image generation", recorded("openai-image-generation-tool.1.chunks.txt")],
  ["web search (crafted)", readText(path.join(fixtureDir, "web-search-actions.chunks.txt"))],
  ["file search (crafted)", readText(path.join(fixtureDir, "file-search.chunks.txt"))],
  ["code interpreter (crafted)", readText(path.join(fixtureDir, "code-interpreter.chunks.txt"))],
  ["image generation (crafted)", readText(path.join(fixtureDir, "image-generation.chunks.txt"))]
] as const

const nextGenerate = readText(path.join(fixtureDir, "generate/text.json"))
const nextStream = chunksToSse(readText(path.join(fixtureDir, "text.chunks.txt")))

describe("OpenAI Responses end to end (generateText / streamText)", () => {
  for (const [name, body] of generateBodies) {
    if (body === undefined) continue
    it.live(`generateText, ${name}: results are provider-executed; the next request re-encodes them`, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() =>
          upstreamGenerateText({ model: upstreamModel(body, {}, json), prompt: "weather?", tools: upstreamTools })
        )
        const ours = yield* GenerateText.generateText({ prompt: "weather?", tools: oursTools }).pipe(
          Effect.provide(oursLayer(body, { bodies: [] }, json))
        )
        const results = ours.content.filter((p) => p.type === "tool-result")
        expect(results.length).toBeGreaterThan(0)
        for (const result of results) expect(Reflect.get(result, "providerExecuted")).toBe(true)
        expect(view(ours.content)).toStrictEqual(view(upstream.content))
        expect(view(ours.responseMessages)).toStrictEqual(view(upstream.response.messages))

        const upstreamNext: Captured = {}
        yield* Effect.promise(() =>
          upstreamGenerateText({
            model: upstreamModel(nextGenerate, upstreamNext, json),
            messages: [{ role: "user", content: "weather?" }, ...upstream.response.messages, followUp],
            tools: upstreamTools
          })
        )
        const oursNext: { bodies: Array<unknown> } = { bodies: [] }
        yield* GenerateText.generateText({
          // core's own step conversion of response messages (approval parts dropped, as upstream)
          messages: [{ role: "user", content: "weather?" }, ...ours.responseMessages.map(toPromptMessage), followUp],
          tools: oursTools
        }).pipe(Effect.provide(oursLayer(nextGenerate, oursNext, json)))
        expect(JSON.stringify(oursNext.bodies[0])).toBe(JSON.stringify(upstreamNext.body))
      }))
  }

  for (const [name, chunks] of streamBodies) {
    if (chunks === undefined) continue
    const body = chunksToSse(chunks)
    it.live(`streamText, ${name}: results are provider-executed; the next request re-encodes them`, () =>
      Effect.gen(function*() {
        const upstream = upstreamStreamText({ model: upstreamModel(body, {}, sse), prompt: "weather?", tools: upstreamTools })
        const upstreamContent = yield* Effect.promise(() => upstream.content)
        const upstreamMessages = (yield* Effect.promise(() => upstream.response)).messages
        const ours = yield* StreamText.collect(StreamText.streamText({ prompt: "weather?", tools: oursTools })).pipe(
          Effect.provide(oursLayer(body, { bodies: [] }, sse))
        )
        const results = ours.content.filter((p) => p.type === "tool-result")
        expect(results.length).toBeGreaterThan(0)
        for (const result of results) expect(Reflect.get(result, "providerExecuted")).toBe(true)
        expect(view(ours.content)).toStrictEqual(view(upstreamContent))
        expect(view(ours.response.messages)).toStrictEqual(view(upstreamMessages))

        const upstreamNext: Captured = {}
        const second = upstreamStreamText({
          model: upstreamModel(nextStream, upstreamNext, sse),
          messages: [{ role: "user", content: "weather?" }, ...upstreamMessages, followUp],
          tools: upstreamTools
        })
        yield* Effect.promise(() => second.consumeStream())
        const oursNext: { bodies: Array<unknown> } = { bodies: [] }
        yield* StreamText.collect(StreamText.streamText({
          messages: [{ role: "user", content: "weather?" }, ...ours.response.messages.map(toPromptMessage), followUp],
          tools: oursTools
        })).pipe(Effect.provide(oursLayer(nextStream, oursNext, sse)))
        expect(JSON.stringify(oursNext.bodies[0])).toBe(JSON.stringify(upstreamNext.body))
      }))
  }
})
