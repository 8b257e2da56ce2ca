/**
 * MCP approvals end to end: the Responses model's `mcp_approval_request` (recorded and crafted
 * bytes, replayed through the HttpClient layer for aimux and a mocked fetch for upstream
 * `@ai-sdk/openai`) through core generateText / streamText, against upstream `ai` on the same
 * bytes: the approval request in the content, parts and response messages, the run's end; then
 * the resumed turn with the user's answer (approved, denied with a reason): the resumed parts
 * (streamText's `tool-output-denied`) and the next request body, byte for byte (upstream sends an
 * `mcp_approval_response` item).
 */
import { createOpenAI, openai as upstreamOpenAI } from "@ai-sdk/openai"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer, Stream } from "effect"
import * as path from "node:path"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { wireJson } from "../_kit/Wire.ts"
import { type Captured, mockFetch } from "../openai/upstream.ts"
import { replayClient } from "../openai/replay.ts"
import { guardCorpus } from "../_kit/Corpus.ts"
import { chunksToSse, fixtureDir, listFiles, normalizeIds, oursModel, readText, recordingsDir } from "./harness.ts"

const upstreamModel = (body: string, captured: Captured, contentType: string) =>
  createOpenAI({ apiKey: "k", fetch: mockFetch(body, captured, { contentType }) }).responses("gpt-4.1-mini")

const oursLayer = (body: string, seen: { bodies: Array<unknown> }, contentType: string) =>
  Layer.sync(LanguageModel, () => {
    const replay = replayClient(body, { contentType })
    seen.bodies = replay.seen.bodies
    return oursModel(replay.client, "gpt-4.1-mini")
  })

const mcpArgs = { serverLabel: "zip1", serverUrl: "https://zip1.io/mcp", requireApproval: "always" as const }
const upstreamTools = { mcp: upstreamOpenAI.tools.mcp(mcpArgs) }
const oursTools = { mcp: Tool.provider({ id: "openai.mcp", args: mcpArgs, isProviderExecuted: true }) }

// the provider's generated tool call ids (upstream 16 characters, ours `id-N`) → `gen-N`;
// other generated ids and timestamps out of the way
const generated = /^([0-9A-Za-z]{16}|id-\d+)$/
const view = (value: unknown) =>
  JSON.parse(JSON.stringify(normalizeIds(wireJson(value), generated), (key, v) => (key === "timestamp" || key === "id" ? undefined : v)))
const body = (value: unknown) => JSON.stringify(normalizeIds(value, generated))
// stream parts without wall-clock timing and without `start-step`'s request (upstream's
// `include.requestBody` defaults to false; aimux's streamText has no `include` option yet)
const partsView = (value: unknown) =>
  JSON.parse(JSON.stringify(view(value), (key, v) => (key === "performance" || key === "request" ? undefined : v)))

const json = "application/json"
const sse = "text/event-stream"
const question = { role: "user" as const, content: [{ type: "text" as const, text: "shorten https://ai-sdk.dev" }] }

const recordedChunks = listFiles(recordingsDir, "").includes("openai-mcp-tool-approval.1.chunks.txt")
  ? readText(path.join(recordingsDir, "openai-mcp-tool-approval.1.chunks.txt"))
  : undefined
const craftedChunks = readText(path.join(fixtureDir, "mcp-approval-then-call.chunks.txt"))

/** The recorded stream's final response object: the same turn as a `generate` body. */
const completedBody = (chunks: string): string => {
  for (const line of chunks.split("\n")) {
    if (line.trim() === "") continue
    const event: { type?: string; response?: unknown } = JSON.parse(line)
    if (event.type === "response.completed") return JSON.stringify(event.response)
  }
  return "{}"
}

const nextGenerate = readText(path.join(fixtureDir, "generate/text.json"))
const nextStream = chunksToSse(readText(path.join(fixtureDir, "text.chunks.txt")))

/** The user's answer to every approval request of the given messages. */
const answerAll = (messages: ReadonlyArray<unknown>, approved: boolean, reason?: string) => {
  const content: Array<unknown> = []
  for (const m of messages as ReadonlyArray<{ role: string; content: unknown }>) {
    if (m.role !== "assistant" || !Array.isArray(m.content)) continue
    for (const p of m.content as ReadonlyArray<{ type: string; approvalId?: string }>) {
      if (p.type === "tool-approval-request") {
        content.push({ type: "tool-approval-response", approvalId: p.approvalId, approved, providerExecuted: true, ...(reason !== undefined ? { reason } : {}) })
      }
    }
  }
  return { role: "tool", content }
}

const answers = [["approved", true, undefined], ["denied with a reason", false, "not today"]] as const

describe("OpenAI Responses MCP approvals end to end (vs upstream ai + @ai-sdk/openai)", () => {
  guardCorpus({
    label: "OpenAI Responses MCP approval recording",
    count: recordedChunks === undefined ? 0 : 1,
    minimum: 1,
    provider: "openai-responses"
  })
  const generateBodies = [
    ...(recordedChunks !== undefined ? [["recorded", completedBody(recordedChunks)] as const] : []),
    // every provider tool item of the Responses API in one body, an MCP approval request among them
    ["crafted (all provider tools)", readText(path.join(fixtureDir, "generate/provider-tools.json"))] as const
  ]
  for (const [source, responseBody] of generateBodies) {
    for (const [name, approved, reason] of answers) {
      it.live(`generateText, ${source} approval request; ${name}: the next request`, () =>
        Effect.gen(function*() {
          const upstream = yield* Effect.promise(() =>
            upstreamGenerateText({ model: upstreamModel(responseBody, {}, json), messages: [question], tools: upstreamTools })
          )
          const ours = yield* GenerateText.generateText({ messages: [question], tools: oursTools }).pipe(Effect.provide(oursLayer(responseBody, { bodies: [] }, json)))
          expect(ours.content.some((p) => p.type === "tool-approval-request")).toBe(true)
          expect(view(ours.content)).toStrictEqual(view(upstream.content))
          expect(view(ours.responseMessages)).toStrictEqual(view(upstream.response.messages))
          expect(ours.steps.length).toBe(upstream.steps.length)

          const upstreamNext: Captured = {}
          const upHistory = [question, ...upstream.response.messages, answerAll(upstream.response.messages, approved, reason)]
          yield* Effect.promise(() => upstreamGenerateText({ model: upstreamModel(nextGenerate, upstreamNext, json), messages: upHistory as never, tools: upstreamTools }))
          const oursNext: { bodies: Array<unknown> } = { bodies: [] }
          const ourHistory = [question, ...ours.responseMessages, answerAll(ours.responseMessages, approved, reason)]
          yield* GenerateText.generateText({ messages: ourHistory as never, tools: oursTools }).pipe(Effect.provide(oursLayer(nextGenerate, oursNext, json)))
          expect(body(oursNext.bodies[0])).toBe(body(upstreamNext.body))
          expect(JSON.stringify(upstreamNext.body)).toContain("mcp_approval_response")
        }))
    }
  }

  const streamBodies = [
    ...(recordedChunks !== undefined ? [["recorded", recordedChunks] as const] : []),
    ["crafted (approval, then calls)", craftedChunks] as const
  ]
  for (const [source, chunks] of streamBodies) {
    const sseBody = chunksToSse(chunks)
    for (const [name, approved, reason] of answers) {
      it.live(`streamText, ${source} approval request; ${name}: resumed parts and the next request`, () =>
        Effect.gen(function*() {
          const upstream = upstreamStreamText({ model: upstreamModel(sseBody, {}, sse), messages: [question], tools: upstreamTools })
          const upstreamParts: Array<unknown> = []
          yield* Effect.promise(async () => {
            for await (const part of upstream.fullStream) upstreamParts.push(part)
          })
          const upstreamMessages = yield* Effect.promise(() => Promise.resolve(upstream.responseMessages))
          const { fullStream, result } = yield* StreamText.withResult(StreamText.streamText({ messages: [question], tools: oursTools }))
          const ourParts = Array.from(yield* Stream.runCollect(fullStream).pipe(Effect.provide(oursLayer(sseBody, { bodies: [] }, sse))))
          const ours = yield* result
          expect(ourParts.some((p) => p.type === "tool-approval-request")).toBe(true)
          expect(partsView(ourParts)).toStrictEqual(partsView(upstreamParts))
          expect(view(ours.responseMessages)).toStrictEqual(view(upstreamMessages))

          const upstreamNext: Captured = {}
          const upHistory = [question, ...upstreamMessages, answerAll(upstreamMessages, approved, reason)]
          const second = upstreamStreamText({ model: upstreamModel(nextStream, upstreamNext, sse), messages: upHistory as never, tools: upstreamTools })
          const upstreamSecond: Array<unknown> = []
          yield* Effect.promise(async () => {
            for await (const part of second.fullStream) upstreamSecond.push(part)
          })
          const oursNext: { bodies: Array<unknown> } = { bodies: [] }
          const ourHistory = [question, ...ours.responseMessages, answerAll(ours.responseMessages, approved, reason)]
          const ourSecond = Array.from(
            yield* Stream.runCollect(StreamText.streamText({ messages: ourHistory as never, tools: oursTools })).pipe(
              Effect.provide(oursLayer(nextStream, oursNext, sse))
            )
          )
          expect(partsView(ourSecond)).toStrictEqual(partsView(upstreamSecond))
          expect(body(oursNext.bodies[0])).toBe(body(upstreamNext.body))
          expect(JSON.stringify(upstreamNext.body)).toContain("mcp_approval_response")
        }))
    }
  }
})
