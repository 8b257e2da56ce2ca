/**
 * End to end through generateText: Hugging Face MCP calls and tool listings
 * reach core as provider-executed calls and results (`providerExecuted:
 * true`), and content and response messages equal upstream `ai` +
 * `@ai-sdk/huggingface` (MCP tools unknown to the call become invalid
 * calls there as here).
 */
import { createProviderExecutedToolFactory, zodSchema } from "@ai-sdk/provider-utils"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer, Schema } from "effect"
import * as path from "node:path"
import { z } from "zod/v4"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import * as HuggingFace from "../../../src/providers/huggingface/HuggingFace.ts"
import * as HuggingFaceLanguageModel from "../../../src/providers/huggingface/HuggingFaceLanguageModel.ts"
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

const crafted = (name: string) => readText(path.join(fixturesDir, "crafted", name))

const upstream = (reply: Reply, captured: Captured) => withCounter(upstreamModel(reply, captured, defaultModel))
const oursLayer = (reply: Reply, captured: Captured) =>
  Layer.succeed(
    LanguageModel,
    HuggingFaceLanguageModel.makeWith(replayClient(reply, captured), {
      ...HuggingFace.modelConfig(defaultModel, { apiKey: "test-key" }),
      generateId: makeCounter("id")
    })
  )

// Provider-executed tools under the names the router reports (`search` of an MCP server, `list_tools`).
const upstreamTool = () =>
  createProviderExecutedToolFactory({
    id: "huggingface.mcp",
    inputSchema: zodSchema(z.object({}).loose()),
    outputSchema: zodSchema(z.unknown())
  })({})
const upstreamTools = { search: upstreamTool(), list_tools: upstreamTool() }
const oursTool = () =>
  Tool.provider({
    id: "huggingface.mcp",
    args: {},
    inputSchema: Schema.Record(Schema.String, Schema.Unknown),
    isProviderExecuted: true
  })
const oursTools = { search: oursTool(), list_tools: oursTool() }

const view = (value: unknown) =>
  JSON.parse(JSON.stringify(normalize(value), (key, v) => (key === "timestamp" || key === "id" ? undefined : v)))

const marked = (content: ReadonlyArray<unknown>, type: string) =>
  content.filter((part) =>
    typeof part === "object" && part !== null && Reflect.get(part, "type") === type &&
    Reflect.get(part, "providerExecuted") === true
  )

describe("Hugging Face end to end (generateText / streamText)", () => {
  for (const [label, withTools] of [["with the MCP tools", true], ["without them", false]] as const) {
    it.live(`generateText ${label}: MCP calls and results are provider-executed`, () =>
      Effect.gen(function*() {
        const reply: Reply = { body: crafted("generate-everything.json"), contentType: "application/json" }
        const theirs = yield* Effect.promise(() =>
          upstreamGenerateText({ model: upstream(reply, {}), prompt: "find", ...(withTools && { tools: upstreamTools }) })
        )
        const ours = yield* GenerateText.generateText({ prompt: "find", ...(withTools && { tools: oursTools }) }).pipe(
          Effect.provide(oursLayer(reply, {}))
        )
        if (withTools) {
          expect(marked(ours.content, "tool-call").length).toBe(4)
          expect(marked(ours.content, "tool-result").length).toBe(3)
        }
        expect(view(ours.content)).toStrictEqual(view(theirs.content))
        expect(view(ours.responseMessages)).toStrictEqual(view(theirs.response.messages))
      }))
  }

  it.live("streamText: text, reasoning and a router-run function call", () =>
    Effect.gen(function*() {
      const reply: Reply = { body: linesToSse(crafted("reasoning-and-function-call.chunks.txt")), chunkSize: 7 }
      const theirs = upstreamStreamText({ model: upstream(reply, {}), prompt: "go" })
      const theirsContent = yield* Effect.promise(() => theirs.content)
      const theirsMessages = (yield* Effect.promise(() => theirs.response)).messages
      const ours = yield* StreamText.collect(StreamText.streamText({ prompt: "go" })).pipe(
        Effect.provide(oursLayer(reply, {}))
      )
      expect(view(ours.content)).toStrictEqual(view(theirsContent))
      expect(view(ours.response.messages)).toStrictEqual(view(theirsMessages))
    }))
})
