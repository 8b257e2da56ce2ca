/**
 * Reasoning round-trips at the provider level (issue 31): a first turn whose response carries
 * reasoning state (OpenAI Responses `encrypted_content` and item ids, Anthropic `signature` and
 * `redacted_thinking`, Gemini `thoughtSignature`, Bedrock `reasoningContent` signatures and
 * redacted content, xAI encrypted reasoning) goes through upstream `ai` + the pinned provider and
 * through aimux core + provider; the response messages become the history of a second turn, whose
 * request body must be the same on both sides and must carry every reasoning token of the first
 * response (so a provider that drops one on the way back fails here, not only in a request-body
 * case).
 */
import { createAnthropic } from "@ai-sdk/anthropic"
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock"
import { createGoogle } from "@ai-sdk/google"
import { createOpenAI } from "@ai-sdk/openai"
import { createXai } from "@ai-sdk/xai"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { Effect, Layer } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as fs from "node:fs"
import * as path from "node:path"
import * as GenerateText from "../../src/core/GenerateText.ts"
import { toPromptMessage } from "../../src/core/ResponseMessages.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import * as AmazonBedrock from "../../src/providers/amazon-bedrock/AmazonBedrock.ts"
import * as AmazonBedrockLanguageModel from "../../src/providers/amazon-bedrock/AmazonBedrockLanguageModel.ts"
import * as Anthropic from "../../src/providers/anthropic/Anthropic.ts"
import * as Google from "../../src/providers/google/Google.ts"
import * as AnthropicLanguageModel from "../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as GeminiLanguageModel from "../../src/providers/kits/gemini/GeminiLanguageModel.ts"
import * as XAI from "../../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../../src/providers/xai/XAILanguageModel.ts"
import type { JsonObject } from "../../src/contract/Json.ts"
import { makeCounter } from "../../src/runtime/IdGenerator.ts"
import * as BedrockH from "./amazon-bedrock/harness.ts"
import * as AnthropicH from "./anthropic/harness.ts"
import * as GoogleH from "./google/harness.ts"
import * as ResponsesH from "./openai-responses/harness.ts"
import { linesToSse } from "./_kit/ResponsesHarness.ts"

const fixtures = path.resolve(import.meta.dirname, "../../fixtures")
const read = (...parts: Array<string>) => fs.readFileSync(path.join(fixtures, ...parts), "utf8")

type Body = string | Uint8Array

/** A fetch answering `bodies` in order (the last repeats) and recording each request body's text. */
const sequenceFetch = (bodies: ReadonlyArray<Body>, contentType: string, sent: Array<string>): typeof globalThis.fetch =>
async (_url, init) => {
  const body = bodies[Math.min(sent.length, bodies.length - 1)]
  sent.push(String(init?.body))
  return new Response(typeof body === "string" ? body : new Uint8Array(body), { status: 200, headers: { "content-type": contentType } })
}

/** The same as an effect HttpClient. */
const sequenceClient = (bodies: ReadonlyArray<Body>, contentType: string, sent: Array<string>) =>
  HttpClient.make((request) =>
    Effect.sync(() => {
      const body = bodies[Math.min(sent.length, bodies.length - 1)]
      sent.push(request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : "")
      return HttpClientResponse.fromWeb(request, new Response(typeof body === "string" ? body : new Uint8Array(body), { status: 200, headers: { "content-type": contentType } }))
    })
  )

interface Turn {
  /** the first response (reasoning state in it) and the second (any plain answer) */
  readonly first: Body
  readonly next: Body
  readonly contentType: string
  /** every reasoning token of `first` that the second request must carry back */
  readonly markers: ReadonlyArray<string>
}

interface Case {
  readonly name: string
  readonly upstream: (fetch: typeof globalThis.fetch) => unknown
  readonly ours: (client: HttpClient.HttpClient) => Effect.Effect<Service, unknown>
  readonly providerOptions?: { readonly [provider: string]: JsonObject }
  readonly generate: Turn
  readonly stream?: Turn | undefined
}

const json = "application/json"
const sse = "text/event-stream"
const eventStream = "application/vnd.amazon.eventstream"

const responsesOptions = { openai: { store: false, include: ["reasoning.encrypted_content"] } }

const cases: ReadonlyArray<Case> = [
  {
    name: "openai-responses (store: false, encrypted_content)",
    upstream: (fetch) => createOpenAI({ apiKey: "k", fetch }).responses("gpt-4.1-mini"),
    ours: (client) => Effect.sync(() => ResponsesH.oursModel(client, "gpt-4.1-mini")),
    providerOptions: responsesOptions,
    generate: { first: read("openai-responses/generate/reasoning.json"), next: read("openai-responses/generate/text.json"), contentType: json, markers: ["\"enc\""] },
    stream: {
      first: ResponsesH.chunksToSse(read("openai-responses/reasoning-summaries.chunks.txt")),
      next: ResponsesH.chunksToSse(read("openai-responses/text.chunks.txt")),
      contentType: sse,
      markers: ["enc_final"]
    }
  },
  {
    name: "openai-responses (store: false, one summary part or none per item)",
    upstream: (fetch) => createOpenAI({ apiKey: "k", fetch }).responses("o4-mini"),
    ours: (client) => Effect.sync(() => ResponsesH.oursModel(client, "o4-mini")),
    providerOptions: responsesOptions,
    generate: {
      first: read("openai-responses/generate/reasoning-encrypted-single.json"),
      next: read("openai-responses/generate/text.json"),
      contentType: json,
      markers: ["enc_single", "enc_empty"]
    }
  },
  {
    name: "openai-responses (stored: item references)",
    upstream: (fetch) => createOpenAI({ apiKey: "k", fetch }).responses("gpt-4.1-mini"),
    ours: (client) => Effect.sync(() => ResponsesH.oursModel(client, "gpt-4.1-mini")),
    generate: { first: read("openai-responses/generate/reasoning.json"), next: read("openai-responses/generate/text.json"), contentType: json, markers: ["item_reference"] },
    stream: {
      first: ResponsesH.chunksToSse(read("openai-responses/reasoning-summaries.chunks.txt")),
      next: ResponsesH.chunksToSse(read("openai-responses/text.chunks.txt")),
      contentType: sse,
      markers: ["item_reference"]
    }
  },
  {
    name: "anthropic (signature, redacted_thinking)",
    upstream: (fetch) => createAnthropic({ apiKey: "k", fetch, generateId: makeCounter("id") })("claude-sonnet-4-5"),
    ours: (client) =>
      Effect.map(
        Anthropic.modelConfig("claude-sonnet-4-5", { apiKey: "k" }),
        (config) => AnthropicLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
      ),
    generate: {
      first: read("anthropic/crafted/thinking-signature-redacted.json"),
      next: read("anthropic/recordings/anthropic-text.json"),
      contentType: json,
      markers: ["SIG_THINKING_1", "REDACTED_DATA_1"]
    },
    stream: {
      first: AnthropicH.chunksToSse(read("anthropic/recordings/anthropic-clear-thinking.1.chunks.txt")),
      next: AnthropicH.chunksToSse(read("anthropic/recordings/anthropic-text.chunks.txt")),
      contentType: sse,
      markers: ["EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiB"]
    }
  },
  {
    name: "google (thoughtSignature)",
    upstream: (fetch) => createGoogle({ apiKey: "k", fetch, generateId: makeCounter("id") })("gemini-2.5-flash"),
    ours: (client) =>
      Effect.sync(() =>
        GeminiLanguageModel.makeWith(client, Google.modelConfig("gemini-2.5-flash", { apiKey: "k", generateId: makeCounter("id") }))
      ),
    generate: {
      first: read("google/generate/thought-signatures.json"),
      next: read("google/recordings/google-text.json"),
      contentType: json,
      markers: ["sigT1", "sigT2"]
    },
    stream: {
      first: GoogleH.chunksToSse(read("google/crafted/thought-text-signatures.chunks.txt")),
      next: GoogleH.chunksToSse(read("google/recordings/google-text.chunks.txt")),
      contentType: sse,
      markers: ["sigA", "sigB"]
    }
  },
  {
    name: "amazon-bedrock (reasoning signature, redacted content)",
    upstream: (fetch) =>
      createAmazonBedrock({ region: "us-east-1", apiKey: "test-key", fetch, generateId: makeCounter("id") })(BedrockH.DEFAULT_MODEL),
    ours: (client) =>
      Effect.map(
        AmazonBedrock.modelConfig(BedrockH.DEFAULT_MODEL, BedrockH.bearer, {}),
        (config) => AmazonBedrockLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
      ),
    generate: {
      first: read("amazon-bedrock/crafted/converse-everything.json"),
      next: read("amazon-bedrock/crafted/converse-minimal.json"),
      contentType: json,
      markers: ["sig-1", "encrypted"]
    },
    stream: {
      first: BedrockH.chunksToBody(read("amazon-bedrock/crafted/reasoning-signature-redacted.chunks.txt")),
      next: BedrockH.chunksToBody(read("amazon-bedrock/recordings/bedrock-text.chunks.txt")),
      contentType: eventStream,
      markers: ["sig-abc", "enc1"]
    }
  },
  {
    name: "xai (encrypted reasoning)",
    upstream: (fetch) => createXai({ apiKey: "k", fetch })("grok-4.20-non-reasoning"),
    ours: (client) =>
      Effect.sync(() =>
        XAILanguageModel.makeWith(client, { ...XAI.modelConfig("grok-4.20-non-reasoning", { apiKey: "k" }), generateId: makeCounter("id") })
      ),
    generate: {
      first: read("xai/crafted/generate-everything.json"),
      next: read("xai/crafted/generate-function-call.json"),
      contentType: json,
      markers: ["\"ENC\""]
    },
    stream: {
      first: linesToSse(read("xai/crafted/reasoning-encrypted-function-call.chunks.txt")),
      next: linesToSse(read("xai/crafted/citations-and-text.chunks.txt")),
      contentType: sse,
      markers: ["ENC2"]
    }
  }
]

const question = { role: "user" as const, content: [{ type: "text" as const, text: "think, then answer" }] }
const followUp = { role: "user" as const, content: [{ type: "text" as const, text: "and again?" }] }

const oursLayer = (c: Case, turn: Turn, sent: Array<string>) =>
  Layer.effect(LanguageModel, c.ours(sequenceClient([turn.first, turn.next], turn.contentType, sent)))

/** The second request body as parsed JSON (generated ids are the same counters on both sides). */
const secondBody = (sent: ReadonlyArray<string>): unknown => JSON.parse(sent[1] ?? "null")

describe("reasoning round-trips: the second request carries the first response's reasoning (vs upstream)", () => {
  for (const c of cases) {
    it.live(`${c.name}: generateText`, () =>
      Effect.gen(function*() {
        const up: Array<string> = []
        const model = c.upstream(sequenceFetch([c.generate.first, c.generate.next], c.generate.contentType, up))
        const options = c.providerOptions !== undefined ? { providerOptions: c.providerOptions } : {}
        const upOptions = c.providerOptions !== undefined ? { providerOptions: c.providerOptions as never } : {}
        const first = yield* Effect.promise(() => upstreamGenerateText({ model: model as never, messages: [question], ...upOptions }))
        yield* Effect.promise(() =>
          upstreamGenerateText({ model: model as never, messages: [question, ...first.response.messages, followUp], ...upOptions })
        )
        const ours: Array<string> = []
        yield* Effect.gen(function*() {
          const firstOurs = yield* GenerateText.generateText({ messages: [question], ...options })
          yield* GenerateText.generateText({
            messages: [question, ...firstOurs.responseMessages.map(toPromptMessage), followUp],
            ...options
          })
        }).pipe(Effect.provide(oursLayer(c, c.generate, ours)))
        expect(ours).toHaveLength(2)
        expect(secondBody(ours)).toStrictEqual(secondBody(up))
        for (const marker of c.generate.markers) expect(ours[1]).toContain(marker)
      }))

    const stream = c.stream
    if (stream === undefined) continue
    it.live(`${c.name}: streamText`, () =>
      Effect.gen(function*() {
        const up: Array<string> = []
        const model = c.upstream(sequenceFetch([stream.first, stream.next], stream.contentType, up))
        const options = c.providerOptions !== undefined ? { providerOptions: c.providerOptions } : {}
        const upOptions = c.providerOptions !== undefined ? { providerOptions: c.providerOptions as never } : {}
        const first = upstreamStreamText({ model: model as never, messages: [question], ...upOptions })
        const messages = (yield* Effect.promise(() => first.response)).messages
        const second = upstreamStreamText({ model: model as never, messages: [question, ...messages, followUp], ...upOptions })
        yield* Effect.promise(() => second.consumeStream())
        const ours: Array<string> = []
        yield* Effect.gen(function*() {
          const firstOurs = yield* StreamText.collect(StreamText.streamText({ messages: [question], ...options }))
          yield* StreamText.collect(StreamText.streamText({
            messages: [question, ...firstOurs.responseMessages.map(toPromptMessage), followUp],
            ...options
          }))
        }).pipe(Effect.provide(oursLayer(c, stream, ours)))
        expect(ours).toHaveLength(2)
        expect(secondBody(ours)).toStrictEqual(secondBody(up))
        for (const marker of stream.markers) expect(ours[1]).toContain(marker)
      }))
  }
})
