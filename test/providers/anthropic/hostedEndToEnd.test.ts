/**
 * The hosted Anthropic variants end to end through generateText and
 * streamText: upstream `ai` with `@ai-sdk/google-vertex/anthropic/edge` or
 * `@ai-sdk/amazon-bedrock/anthropic` (its `fetch` mocked) against aimux's core
 * with `GoogleVertexAnthropic` or `AmazonBedrockAnthropic` (the `HttpClient`
 * replayed), on the same bytes: Vertex's SSE and JSON, Bedrock's event-stream
 * `chunk` frames and its error bodies. Text, a client tool round trip (the
 * second request byte for byte), an HTTP error and an error in the stream.
 * Every value is compared through `test/providers/_kit/Wire.ts`.
 */
import { createGoogleVertexAnthropic } from "@ai-sdk/google-vertex/anthropic/edge"
import type { LanguageModelV4 } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, isStepCount as upstreamIsStepCount, streamText as upstreamStreamText, tool as upstreamTool } from "ai"
import { Effect, Exit, Layer, Redacted, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { z } from "zod"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import { isStepCount } from "../../../src/core/StopCondition.ts"
import * as StreamText from "../../../src/core/StreamText.ts"
import * as Tool from "../../../src/core/Tool.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as GoogleVertexAnthropic from "../../../src/providers/google-vertex/GoogleVertexAnthropic.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"
import { anthropicLinesToBody, host as bedrockHost, MODEL as BEDROCK_MODEL } from "../amazon-bedrock/anthropicHarness.ts"
import { chunksToSse } from "./harness.ts"
import { type Host, type Reply, webResponse } from "./hostHarness.ts"

for (const name of Object.keys(process.env)) {
  if (name.startsWith("GOOGLE_") || name.startsWith("AWS_")) delete process.env[name]
}

const token = "ya29.test-token"
const vertexWhere = { project: "my-project", location: "us-east5" }
const vertexHost: Host = {
  upstream: (fetch, modelId) => createGoogleVertexAnthropic({ ...vertexWhere, generateAuthToken: async () => token, fetch })(modelId),
  aimux: (client, modelId) =>
    Effect.map(
      GoogleVertexAnthropic.modelConfig(modelId, { ...vertexWhere, generateAuthToken: Effect.succeed(Redacted.make(token)) }, client),
      (config) => AnthropicLanguageModel.makeWith(client, config)
    )
}

/** A host with how it frames a stream and words an HTTP error. */
interface Hosted {
  readonly name: string
  readonly host: Host
  readonly modelId: string
  /** Anthropic event lines (and, on Bedrock, exception lines) → the streamed reply. */
  readonly stream: (lines: ReadonlyArray<string>) => Reply
  /** A failed response in this host's error wording. */
  readonly httpError: Reply
}

const hosts: ReadonlyArray<Hosted> = [
  {
    name: "Vertex",
    host: vertexHost,
    modelId: "claude-sonnet-4-5@20250929",
    stream: (lines) => ({ body: chunksToSse(lines.join("\n")), chunkSize: 7 }),
    httpError: {
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "max_tokens: too large" } })
    }
  },
  {
    name: "Bedrock",
    host: bedrockHost(),
    modelId: BEDROCK_MODEL,
    stream: (lines) => ({ body: anthropicLinesToBody(lines.join("\n")), contentType: "application/vnd.amazon.eventstream", chunkSize: 7 }),
    httpError: {
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ message: "Malformed input request: #: extraneous key [bogus] is not permitted" })
    }
  }
]

const usage = { input_tokens: 12, output_tokens: 7 }
const message = (content: ReadonlyArray<unknown>, stopReason: string) =>
  JSON.stringify({ type: "message", id: "msg_1", model: "claude-sonnet-4-5-20250929", role: "assistant", content, stop_reason: stopReason, stop_sequence: null, usage })
const json = (body: string): Reply => ({ body, contentType: "application/json" })

const start = `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":12,"output_tokens":1}}}`
const textLines = (text: ReadonlyArray<string>, stopReason = "end_turn") => [
  start,
  `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
  ...text.map((t) => JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: t } })),
  `{"type":"content_block_stop","index":0}`,
  JSON.stringify({ type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 7 } }),
  `{"type":"message_stop"}`
]
const toolLines = [
  start,
  `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
  `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me check."}}`,
  `{"type":"content_block_stop","index":0}`,
  `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01","name":"weather","input":{}}}`,
  `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"ci"}}`,
  `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"ty\\": \\"Paris\\"}"}}`,
  `{"type":"content_block_stop","index":1}`,
  `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":20}}`,
  `{"type":"message_stop"}`
]
const toolMessage = message([
  { type: "text", text: "Let me check." },
  { type: "tool_use", id: "toolu_01", name: "weather", input: { city: "Paris" } }
], "tool_use")

const upstreamTools = {
  weather: upstreamTool({
    description: "Weather of a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, sky: "sunny", celsius: 21 })
  })
}
const oursTools = {
  weather: Tool.make({
    description: "Weather of a city",
    inputSchema: Schema.Struct({ city: Schema.String }),
    execute: ({ city }) => Effect.succeed({ city, sky: "sunny", celsius: 21 })
  })
}

/** What each side sent, request by request. */
type Sent = Array<{ readonly url: string; readonly body: string | undefined }>

/** Upstream's model answering `replies` in order, recording the requests. */
const upstreamModel = (hosted: Hosted, replies: ReadonlyArray<Reply>, sent: Sent): LanguageModelV4 =>
  hosted.host.upstream(async (url, init) => {
    sent.push({ url: String(url), body: typeof init?.body === "string" ? init.body : undefined })
    return webResponse(replies[Math.min(sent.length - 1, replies.length - 1)])
  }, hosted.modelId)

/** aimux's model over a replayed client answering `replies` in order, recording the requests. */
const oursLayer = (hosted: Hosted, replies: ReadonlyArray<Reply>, sent: Sent) => {
  const client = HttpClient.make((request, url) =>
    Effect.sync(() => {
      const body = request.body
      sent.push({ url: url.toString(), body: body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : undefined })
      return HttpClientResponse.fromWeb(request, webResponse(replies[Math.min(sent.length - 1, replies.length - 1)]))
    })
  )
  return Layer.effect(LanguageModel, hosted.host.aimux(client, hosted.modelId))
}

// Generated ids, timestamps, timings (`performance`) and response headers (the replay adds none
// of upstream's) out of the way.
const dropped = new Set(["timestamp", "id", "headers", "performance"])
const view = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(wireJson(value)), (key, v) => (dropped.has(key) ? undefined : v))

const upstreamParts = async (result: { readonly fullStream: AsyncIterable<unknown> }) => {
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  return parts
}

// A part as both sides emit it: upstream's `start-step` carries no request body unless asked
// (`include.requestBody`), aimux's always does (a known gap of issue 16, left out of the comparison
// here; the request bodies themselves are compared byte for byte); errors through errorJson.
const partView = (part: unknown): unknown => {
  const value = view(part)
  if (typeof value !== "object" || value === null) return value
  const type = Reflect.get(value, "type")
  if (type === "error") return { type, error: errorJson(Reflect.get(Object(part), "error")) }
  if (type === "start-step") return { ...value, request: undefined }
  return value
}
const partsView = (parts: ReadonlyArray<unknown>) => JSON.parse(JSON.stringify(parts.map(partView)))

for (const hosted of hosts) {
  describe(`${hosted.name} Anthropic end to end (generateText / streamText)`, () => {
    it.live("generateText: text", () =>
      Effect.gen(function*() {
        const replies = [json(message([{ type: "text", text: "Hello from the host." }], "end_turn"))]
        const theirsSent: Sent = []
        const theirs = yield* Effect.promise(() =>
          upstreamGenerateText({ model: upstreamModel(hosted, replies, theirsSent), prompt: "hi", maxRetries: 0 })
        )
        const oursSent: Sent = []
        const ours = yield* GenerateText.generateText({ prompt: "hi", maxRetries: 0 }).pipe(
          Effect.provide(oursLayer(hosted, replies, oursSent))
        )
        expect(ours.text).toBe("Hello from the host.")
        expect(view(ours.content)).toStrictEqual(view(theirs.content))
        expect(view(ours.finishReason)).toStrictEqual(view(theirs.finishReason))
        expect(view(ours.usage)).toStrictEqual(view(theirs.usage))
        expect(view(ours.responseMessages)).toStrictEqual(view(theirs.responseMessages))
        expect(oursSent).toStrictEqual(theirsSent)
      }))

    it.live("streamText: text, every part", () =>
      Effect.gen(function*() {
        const replies = [hosted.stream(textLines(["Hello", " from", " the host."]))]
        const theirsSent: Sent = []
        const theirs = yield* Effect.promise(() =>
          upstreamParts(upstreamStreamText({ model: upstreamModel(hosted, replies, theirsSent), prompt: "hi", maxRetries: 0 }))
        )
        const oursSent: Sent = []
        const ours = yield* StreamText.streamText({ prompt: "hi", maxRetries: 0 }).pipe(
          Stream.runCollect,
          Effect.provide(oursLayer(hosted, replies, oursSent))
        )
        expect(ours.filter((p) => p.type === "text-delta").length).toBe(3)
        expect(partsView(ours)).toStrictEqual(partsView(theirs))
        expect(oursSent).toStrictEqual(theirsSent)
      }))

    it.live("generateText: a tool round trip; the second request re-encodes the call and its result", () =>
      Effect.gen(function*() {
        const replies = [json(toolMessage), json(message([{ type: "text", text: "Sunny, 21 °C." }], "end_turn"))]
        const theirsSent: Sent = []
        const theirs = yield* Effect.promise(() =>
          upstreamGenerateText({
            model: upstreamModel(hosted, replies, theirsSent),
            prompt: "Weather in Paris?",
            tools: upstreamTools,
            stopWhen: upstreamIsStepCount(2),
            maxRetries: 0
          })
        )
        const oursSent: Sent = []
        const ours = yield* GenerateText.generateText({
          prompt: "Weather in Paris?",
          tools: oursTools,
          stopWhen: isStepCount(2),
          maxRetries: 0
        }).pipe(Effect.provide(oursLayer(hosted, replies, oursSent)))
        expect(ours.steps.length).toBe(2)
        expect(ours.text).toBe("Sunny, 21 °C.")
        expect(view(ours.steps.map((s) => s.content))).toStrictEqual(view(theirs.steps.map((s) => s.content)))
        expect(view(ours.responseMessages)).toStrictEqual(view(theirs.responseMessages))
        expect(oursSent.length).toBe(2)
        expect(oursSent[1].body).toContain("tool_result")
        expect(oursSent).toStrictEqual(theirsSent)
      }))

    it.live("streamText: a tool round trip, every part; the second request re-encodes the call and its result", () =>
      Effect.gen(function*() {
        const replies = [hosted.stream(toolLines), hosted.stream(textLines(["Sunny,", " 21 °C."]))]
        const theirsSent: Sent = []
        const theirs = yield* Effect.promise(() =>
          upstreamParts(upstreamStreamText({
            model: upstreamModel(hosted, replies, theirsSent),
            prompt: "Weather in Paris?",
            tools: upstreamTools,
            stopWhen: upstreamIsStepCount(2),
            maxRetries: 0
          }))
        )
        const oursSent: Sent = []
        const ours = yield* StreamText.streamText({
          prompt: "Weather in Paris?",
          tools: oursTools,
          stopWhen: isStepCount(2),
          maxRetries: 0
        }).pipe(Stream.runCollect, Effect.provide(oursLayer(hosted, replies, oursSent)))
        expect(ours.filter((p) => p.type === "tool-result").length).toBe(1)
        expect(ours.filter((p) => p.type === "finish-step").length).toBe(2)
        expect(partsView(ours)).toStrictEqual(partsView(theirs))
        expect(oursSent.length).toBe(2)
        expect(oursSent).toStrictEqual(theirsSent)
      }))

    it.live("generateText: an HTTP error fails the call with the same APICallError", () =>
      Effect.gen(function*() {
        const replies = [hosted.httpError]
        const theirs = yield* Effect.promise(() =>
          upstreamGenerateText({ model: upstreamModel(hosted, replies, []), prompt: "hi", maxRetries: 0 }).then(
            () => undefined,
            (error: unknown) => error
          )
        )
        const exit = yield* Effect.exit(
          GenerateText.generateText({ prompt: "hi", maxRetries: 0 }).pipe(Effect.provide(oursLayer(hosted, replies, [])))
        )
        expect(Exit.isFailure(exit)).toBe(true)
        const ours = Exit.isFailure(exit) ? exit.cause.reasons.map((r) => (r._tag === "Fail" ? r.error : r)).at(0) : undefined
        expect(theirs).toBeDefined()
        expect(errorJson(ours)).toStrictEqual(errorJson(theirs))
      }))

    it.live("streamText: an HTTP error and an error in the stream are the same error parts", () =>
      Effect.gen(function*() {
        const midStream = hosted.name === "Bedrock"
          ? [...textLines(["partial"]).slice(0, 3), `{"modelStreamErrorException":{"message":"Model stream error","originalStatusCode":500,"originalMessage":"boom"}}`]
          : [...textLines(["partial"]).slice(0, 3), `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`]
        for (const replies of [[hosted.httpError], [hosted.stream(midStream)]]) {
          const theirs = yield* Effect.promise(() =>
            upstreamParts(upstreamStreamText({ model: upstreamModel(hosted, replies, []), prompt: "hi", maxRetries: 0, onError: () => {} }))
          )
          const ours = yield* StreamText.streamText({ prompt: "hi", maxRetries: 0 }).pipe(
            Stream.runCollect,
            Effect.provide(oursLayer(hosted, replies, []))
          )
          expect(ours.filter((p) => p.type === "error").length).toBe(1)
          expect(partsView(ours)).toStrictEqual(partsView(theirs))
        }
      }))
  })
}
