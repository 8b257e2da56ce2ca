/**
 * The hosted Anthropic workloads of `npm run bench`: W4's Anthropic messages stream as Vertex
 * serves it (W4V, the same SSE bytes from `streamRawPredict`) and as Bedrock serves it (W4B, each
 * event a `chunk` event-stream frame whose JSON payload carries the event's bytes in base64, as
 * `invoke-with-response-stream` sends them). Each is measured through aimux's hosted provider, the
 * pinned upstream variant (fetch mocked with the same chunks) and its floor: for W4V the SSE floor
 * of W4; for W4B the event-stream codec (both CRCs), `JSON.parse` of the frame payload, the base64
 * decode and `JSON.parse` of the event it carries, and nothing else.
 */
import { createAmazonBedrockAnthropic } from "@ai-sdk/amazon-bedrock/anthropic"
import { createGoogleVertexAnthropic } from "@ai-sdk/google-vertex/anthropic/edge"
import { EventStreamCodec } from "@smithy/eventstream-codec"
import { Effect, Redacted, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import type * as LanguageModel from "../src/LanguageModel.ts"
import * as AmazonBedrockAnthropic from "../src/providers/amazon-bedrock/AmazonBedrockAnthropic.ts"
import * as AnthropicLanguageModel from "../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as GoogleVertexAnthropic from "../src/providers/google-vertex/GoogleVertexAnthropic.ts"
import { makeCounter } from "../src/runtime/IdGenerator.ts"
import { frameFloor } from "./bedrock.ts"
import { bodyOf, type Probe, responseOf, type Runner, seen } from "./measure.ts"
import { runUpstreamStream } from "./workloads.ts"

const VERTEX_MODEL = "claude-sonnet-4-5@20250929"
const BEDROCK_MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
const vertex = { project: "bench-project", location: "us-east5" }
const token = "ya29.bench"
const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }]

const codec = new EventStreamCodec((bytes) => new TextDecoder().decode(bytes), (text) => new TextEncoder().encode(text))

const consumed = (probe: Probe, count: number): void => {
  const before = probe.parts
  seen(probe, count)
  if ((before >>> 8) !== (probe.parts >>> 8)) probe.sample()
}

/**
 * W4B's body: every `data:` line of an Anthropic SSE body (W4's) as a Bedrock `chunk` frame, its
 * payload `{"bytes":"<base64 of the event>","p":"…"}` (Bedrock pads every payload with `p`).
 */
export const bedrockAnthropicBody = (sse: Uint8Array): Uint8Array => {
  const frames = new TextDecoder().decode(sse).split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) =>
      codec.encode({
        headers: {
          ":message-type": { type: "string", value: "event" },
          ":event-type": { type: "string", value: "chunk" },
          ":content-type": { type: "string", value: "application/json" }
        },
        body: new TextEncoder().encode(JSON.stringify({ bytes: Buffer.from(line.slice(6), "utf8").toString("base64"), p: "abcdefgh" }))
      })
    )
  const out = new Uint8Array(frames.reduce((n, f) => n + f.length, 0))
  let at = 0
  for (const f of frames) {
    out.set(f, at)
    at += f.length
  }
  return out
}

const replayClient = (chunks: ReadonlyArray<Uint8Array>, probe: Probe, contentType: string): HttpClient.HttpClient =>
  HttpClient.make((request) =>
    Effect.sync(() =>
      HttpClientResponse.fromWeb(request, new Response(bodyOf(chunks, probe), { status: 200, headers: { "content-type": contentType } }))
    )
  )

// The latency runs read only the first chunks of the body: a Bedrock body cut there ends inside a
// frame, and both sides fail at its end (as they must); that failure is expected there.
// (the decoder's error, or the `APICallError` that carries it as its cause)
const isIncompleteFrame = (error: unknown): boolean =>
  error instanceof Error &&
  (error.message.startsWith("Incomplete Amazon Bedrock event-stream frame") || isIncompleteFrame(error.cause))

const runAimux = (
  model: Effect.Effect<LanguageModel.Service, unknown>,
  probe: Probe,
  tolerateCut: boolean
): Promise<void> =>
  Effect.runPromise(
    Effect.gen(function*() {
      const { stream } = yield* (yield* model).stream({ prompt })
      yield* Stream.runForEachArray(stream, (parts) =>
        Effect.sync(() => consumed(probe, parts[0].type === "stream-start" ? parts.length - 1 : parts.length))).pipe(
          Effect.catchIf((error) => tolerateCut && isIncompleteFrame(error), () => Effect.void)
        )
    })
  )

const totalLength = (chunks: ReadonlyArray<Uint8Array>): number => chunks.reduce((n, c) => n + c.length, 0)

/** aimux `GoogleVertexAnthropic` `stream` (W4V), a fixed bearer token. */
export const aimuxVertexAnthropic = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) => {
  const client = replayClient(chunks, probe, "text/event-stream")
  return runAimux(
    Effect.map(
      GoogleVertexAnthropic.modelConfig(VERTEX_MODEL, { ...vertex, generateAuthToken: Effect.succeed(Redacted.make(token)) }, client),
      (config) => AnthropicLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
    ),
    probe,
    false
  )
}

/** Upstream `@ai-sdk/google-vertex/anthropic/edge` `doStream` (W4V), the same token. */
export const upstreamVertexAnthropic = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runUpstreamStream(
    createGoogleVertexAnthropic({
      ...vertex,
      generateAuthToken: async () => token,
      fetch: () => Promise.resolve(responseOf(chunks, probe))
    })(VERTEX_MODEL).doStream({ prompt }),
    probe
  )

/** aimux `AmazonBedrockAnthropic` `stream` (W4B), bearer auth. */
export const aimuxBedrockAnthropic = (full: number) => (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) => {
  const client = replayClient(chunks, probe, "application/vnd.amazon.eventstream")
  return runAimux(
    Effect.map(
      AmazonBedrockAnthropic.modelConfig(BEDROCK_MODEL, { region: "us-east-1", apiKey: "bench" }),
      (config) => AnthropicLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
    ),
    probe,
    totalLength(chunks) < full
  )
}

/** Upstream `@ai-sdk/amazon-bedrock/anthropic` `doStream` as pinned (W4B), bearer auth. */
export const upstreamBedrockAnthropic = (full: number) => (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) => {
  const model = createAmazonBedrockAnthropic({
    region: "us-east-1",
    apiKey: "bench",
    fetch: () =>
      Promise.resolve(
        new Response(bodyOf(chunks, probe), { status: 200, headers: { "content-type": "application/vnd.amazon.eventstream" } })
      )
  })(BEDROCK_MODEL)
  return runUpstreamStream(model.doStream({ prompt }), probe).catch((error) => {
    if (!(totalLength(chunks) < full && isIncompleteFrame(error))) throw error
  })
}

const utf8 = new TextDecoder()

/**
 * W4B's floor: frames decoded by the codec (both CRCs), each payload `JSON.parse`d, its `bytes`
 * base64-decoded and the event they carry `JSON.parse`d; nothing else.
 */
export const floorBedrockAnthropic = frameFloor((body) => {
  const payload = JSON.parse(utf8.decode(body))
  JSON.parse(Buffer.from(payload.bytes, "base64").toString("utf8"))
})
