/**
 * The Amazon Bedrock workload (BEDROCK) of `npm run bench`: a ConverseStream body of binary AWS
 * event-stream frames, measured through aimux, the pinned `@ai-sdk/amazon-bedrock` (fetch mocked
 * with the same chunks) and its floor (the event-stream codec, with both CRC checks, and
 * `JSON.parse` per frame over the same chunks and nothing else).
 */
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock"
import { EventStreamCodec } from "@smithy/eventstream-codec"
import { Effect, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import * as AmazonBedrock from "../src/providers/amazon-bedrock/AmazonBedrock.ts"
import * as AmazonBedrockLanguageModel from "../src/providers/amazon-bedrock/AmazonBedrockLanguageModel.ts"
import { makeCounter } from "../src/runtime/IdGenerator.ts"
import { prng } from "./data.ts"
import { bodyOf, type Probe, type Runner, seen } from "./measure.ts"

const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
const WORDS = ["the", "model", "streams", "tokens", "over", "frames", "with", "checksums", "and", "deltas"]

const codec = new EventStreamCodec((bytes) => new TextDecoder().decode(bytes), (text) => new TextEncoder().encode(text))

const frame = (type: string, payload: unknown): Uint8Array =>
  codec.encode({
    headers: {
      ":message-type": { type: "string", value: "event" },
      ":event-type": { type: "string", value: type },
      ":content-type": { type: "string", value: "application/json" }
    },
    // Bedrock pads every payload with a `p` key
    body: new TextEncoder().encode(JSON.stringify({ ...Object(payload), p: "abcdefghijklmnopqrstuvwxyz".slice(0, 8) }))
  })

/**
 * BEDROCK: `reasoning` reasoning deltas and a signature, `text` text deltas, one tool use whose
 * input arrives in `fragments` deltas, then the stop and metadata events.
 */
export const bedrockBody = (reasoning: number, text: number, fragments: number, seed = 8): Uint8Array => {
  const rand = prng(seed)
  const word = () => (rand() < 0.5 ? " " : "") + WORDS[Math.floor(rand() * WORDS.length)]
  const frames: Array<Uint8Array> = [frame("messageStart", { role: "assistant" })]
  for (let i = 0; i < reasoning; i++) {
    frames.push(frame("contentBlockDelta", { contentBlockIndex: 0, delta: { reasoningContent: { text: word() } } }))
  }
  frames.push(frame("contentBlockDelta", { contentBlockIndex: 0, delta: { reasoningContent: { signature: "c2lnbmF0dXJl" } } }))
  frames.push(frame("contentBlockStop", { contentBlockIndex: 0 }))
  for (let i = 0; i < text; i++) frames.push(frame("contentBlockDelta", { contentBlockIndex: 1, delta: { text: word() } }))
  frames.push(frame("contentBlockStop", { contentBlockIndex: 1 }))
  frames.push(frame("contentBlockStart", { contentBlockIndex: 2, start: { toolUse: { toolUseId: "tooluse_bench", name: "weather" } } }))
  const input = JSON.stringify({ city: "Paris", notes: Array.from({ length: fragments }, word).join("") })
  const size = Math.ceil(input.length / fragments)
  for (let at = 0; at < input.length; at += size) {
    frames.push(frame("contentBlockDelta", { contentBlockIndex: 2, delta: { toolUse: { input: input.slice(at, at + size) } } }))
  }
  frames.push(frame("contentBlockStop", { contentBlockIndex: 2 }))
  frames.push(frame("messageStop", { stopReason: "tool_use" }))
  frames.push(frame("metadata", { usage: { inputTokens: 12, outputTokens: text, totalTokens: 12 + text }, metrics: { latencyMs: 1 } }))
  const out = new Uint8Array(frames.reduce((n, f) => n + f.length, 0))
  let at = 0
  for (const f of frames) {
    out.set(f, at)
    at += f.length
  }
  return out
}

const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }]

const responseOf = (chunks: ReadonlyArray<Uint8Array>, probe: Probe): Response =>
  new Response(bodyOf(chunks, probe), { status: 200, headers: { "content-type": "application/vnd.amazon.eventstream" } })

// Both sides emit these two before reading the body: the first part counted is one from the body.
const beforeBody: ReadonlySet<string> = new Set(["stream-start", "response-metadata"])

const consumed = (probe: Probe, count: number): void => {
  const before = probe.parts
  seen(probe, count)
  if ((before >>> 8) !== (probe.parts >>> 8)) probe.sample()
}

// The latency runs read only the first chunks of the body, which end inside a frame: there both
// sides fail at the end (as they must), and that failure is expected, not a broken run.
const endsInsideFrame = (chunks: ReadonlyArray<Uint8Array>): boolean => {
  const total = chunks.reduce((n, c) => n + c.length, 0)
  const bytes = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.length
  }
  let offset = 0
  while (offset + 4 <= total) offset += new DataView(bytes.buffer, offset, 4).getUint32(0)
  return offset !== total
}

const isIncompleteFrame = (error: unknown): boolean =>
  error instanceof Error && error.message.startsWith("Incomplete Amazon Bedrock event-stream frame")

/** aimux Bedrock `stream` (BEDROCK), bearer auth. */
export const aimuxBedrock = (chunks: ReadonlyArray<Uint8Array>): Runner => {
  const truncated = endsInsideFrame(chunks)
  return (probe) => Effect.runPromise(
    Effect.gen(function*() {
      const config = yield* AmazonBedrock.modelConfig(MODEL, { region: "us-east-1", apiKey: "bench" })
      const client = HttpClient.make((request) => Effect.sync(() => HttpClientResponse.fromWeb(request, responseOf(chunks, probe))))
      const model = AmazonBedrockLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
      const { stream } = yield* model.stream({ prompt })
      yield* Stream.runForEachArray(stream, (parts) =>
        Effect.sync(() => consumed(probe, parts.filter((part) => !beforeBody.has(part.type)).length))).pipe(
          Effect.catchIf((error) => truncated && isIncompleteFrame(error), () => Effect.void)
        )
    })
  )
}

/** Upstream `@ai-sdk/amazon-bedrock` `doStream` (BEDROCK), bearer auth. */
export const upstreamBedrock = (chunks: ReadonlyArray<Uint8Array>): Runner => {
  const truncated = endsInsideFrame(chunks)
  return (probe) => runUpstream(chunks, probe).catch((error) => {
    if (!(truncated && isIncompleteFrame(error))) throw error
  })
}

const runUpstream = async (chunks: ReadonlyArray<Uint8Array>, probe: Probe): Promise<void> => {
  const model = createAmazonBedrock({ region: "us-east-1", apiKey: "bench", fetch: () => Promise.resolve(responseOf(chunks, probe)) })(MODEL)
  const reader = (await model.doStream({ prompt })).stream.getReader()
  while (true) {
    const { done, value } = await reader.read()
    if (done) return
    if (!beforeBody.has(value.type)) consumed(probe, 1)
  }
}

/**
 * A floor over event-stream frames: each frame decoded by the codec (both CRCs) and its payload
 * handed to `payload` (which parses it), nothing else.
 */
export const frameFloor = (payload: (body: Uint8Array) => void) => (chunks: ReadonlyArray<Uint8Array>): Runner => async (probe) => {
  const reader = bodyOf(chunks, probe).getReader()
  let pending = new Uint8Array(0)
  while (true) {
    const { done, value } = await reader.read()
    if (done) break
    const joined = new Uint8Array(pending.length + value.length)
    joined.set(pending)
    joined.set(value, pending.length)
    let at = 0
    let events = 0
    while (joined.length - at >= 4) {
      const length = new DataView(joined.buffer, joined.byteOffset + at, 4).getUint32(0)
      if (joined.length - at < length) break
      payload(codec.decode(joined.subarray(at, at + length)).body)
      at += length
      events++
    }
    pending = joined.slice(at)
    consumed(probe, events)
  }
}

const utf8 = new TextDecoder()

/** The floor: frames decoded by the codec (both CRCs) and each payload `JSON.parse`d, nothing else. */
export const floorBedrock = frameFloor((body) => JSON.parse(utf8.decode(body)))
