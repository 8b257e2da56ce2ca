/**
 * Provider settings against `createGoogle` / `createGoogleVertex`: URLs and
 * headers for a custom base URL, name and headers; the missing-key error;
 * Vertex express mode from the environment; and cancellation (interrupting
 * the consumer cancels the body, no `finish`).
 */
import { createGoogle, type GoogleProviderSettings } from "@ai-sdk/google"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Deferred, Effect, Fiber, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as GeminiLanguageModel from "../../../src/providers/kits/gemini/GeminiLanguageModel.ts"
import * as Google from "../../../src/providers/google/Google.ts"
import * as GoogleVertex from "../../../src/providers/google-vertex/GoogleVertex.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { type Captured, errorView, failureOf, headersView, replayClient, toAimux } from "./harness.ts"

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const json = JSON.stringify({ candidates: [{ content: { parts: [{ text: "ok" }] }, finishReason: "STOP" }] })
const reply = { body: json, contentType: "application/json" }

const upstreamCall = async (settings: GoogleProviderSettings, modelId = "gemini-2.5-flash") => {
  const captured: Captured = []
  const model = createGoogle({
    ...settings,
    generateId: makeCounter("id"),
    fetch: async (url, init) => {
      captured.push({
        url: String(url),
        headers: Object.fromEntries(Object.entries(init?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
        rawBody: String(init?.body)
      })
      return new Response(json, { status: 200, headers: { "content-type": "application/json", "x-test": "1" } })
    }
  })(modelId)
  try {
    const result = await model.doGenerate({ prompt, headers: { "x-call": "c" } })
    return { captured, failure: undefined, provider: model.provider, result }
  } catch (error) {
    return { captured, failure: error, provider: model.provider, result: undefined }
  }
}

const aimuxCall = (settings: Google.Settings, modelId = "gemini-2.5-flash") =>
  Effect.gen(function*() {
    const captured: Captured = []
    const model = GeminiLanguageModel.makeWith(
      replayClient(reply, captured),
      Google.modelConfig(modelId, { ...settings, generateId: makeCounter("id") })
    )
    const exit = yield* Effect.exit(model.generate(toAimux({ prompt, headers: { "x-call": "c" } })))
    return { captured, failure: failureOf(exit), provider: model.provider }
  })

const cases: ReadonlyArray<readonly [string, GoogleProviderSettings & Google.Settings]> = [
  ["api key", { apiKey: "k1" }],
  ["base URL with trailing slash, name, headers", {
    apiKey: "k2",
    baseURL: "https://proxy.test/v1beta/",
    name: "my-google",
    headers: { "x-custom": "1", "x-goog-api-key": "from-headers" }
  }]
]

describe("Google settings: differential against createGoogle", () => {
  for (const [name, settings] of cases) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => upstreamCall(settings))
        const ours = yield* aimuxCall(settings)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(ours.provider).toBe(upstream.provider)
        expect(ours.captured.map((r) => r.url)).toStrictEqual(upstream.captured.map((r) => r.url))
        expect(ours.captured.map((r) => headersView(r.headers))).toStrictEqual(
          upstream.captured.map((r) => headersView(r.headers))
        )
      }))
  }

  it.effect("a missing key is upstream's LoadAPIKeyError", () =>
    Effect.gen(function*() {
      const previous = process.env["GOOGLE_GENERATIVE_AI_API_KEY"]
      delete process.env["GOOGLE_GENERATIVE_AI_API_KEY"]
      const upstream = yield* Effect.promise(() => upstreamCall({}))
      if (previous !== undefined) process.env["GOOGLE_GENERATIVE_AI_API_KEY"] = previous
      const ours = yield* aimuxCall({}).pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({}))))
      expect(upstream.failure).toBeDefined()
      expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    }))

  it.effect("the key from config (GOOGLE_GENERATIVE_AI_API_KEY)", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxCall({}).pipe(
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ GOOGLE_GENERATIVE_AI_API_KEY: "env-key" })))
      )
      expect(ours.failure).toBeUndefined()
      expect(ours.captured[0]?.headers["x-goog-api-key"]).toBe("env-key")
    }))
})

describe("Vertex settings", () => {
  it.effect("express mode from GOOGLE_VERTEX_API_KEY; metadata keyed googleVertex and vertex", () =>
    Effect.gen(function*() {
      const config = yield* GoogleVertex.modelConfig("gemini-2.5-flash").pipe(
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ GOOGLE_VERTEX_API_KEY: "vk" })))
      )
      expect(config.baseURL).toBe(GoogleVertex.expressModeBaseURL)
      const captured: Captured = []
      const model = GeminiLanguageModel.makeWith(replayClient(reply, captured), config)
      const result = yield* model.generate(toAimux({ prompt }))
      expect(captured[0]?.headers["x-goog-api-key"]).toBe("vk")
      expect(captured[0]?.url).toBe(
        "https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:generateContent"
      )
      expect(Object.keys(result.providerMetadata ?? {})).toStrictEqual(["googleVertex", "vertex"])
    }))

  it.effect("no key and no project is upstream's missing-setting error; tuned models reject express keys", () =>
    Effect.gen(function*() {
      const empty = ConfigProvider.layer(ConfigProvider.fromUnknown({}))
      const missing = yield* Effect.flip(GoogleVertex.modelConfig("gemini-2.5-flash", { location: "us-central1" })).pipe(
        Effect.provide(empty)
      )
      expect(missing.message).toBe(
        "Google Vertex project setting is missing. Pass it using the 'project' parameter or the GOOGLE_VERTEX_PROJECT environment variable."
      )
      const badLocation = yield* Effect.flip(GoogleVertex.modelConfig("gemini-2.5-flash", { location: "us central", project: "p" })).pipe(
        Effect.provide(empty)
      )
      expect(badLocation.message).toContain("Invalid Google Vertex location")
      const tuned = yield* Effect.flip(GoogleVertex.modelConfig("endpoints/1", { apiKey: "k" }))
      expect(tuned.message).toContain("do not support Express Mode API keys")
    }))
})

describe("Gemini stream cancellation", () => {
  it.effect("interrupting the consumer cancels the body and emits no finish", () =>
    Effect.gen(function*() {
      let cancelled = false
      const head = [
        { candidates: [{ content: { parts: [{ text: "Hel" }] } }] },
        { candidates: [{ content: { parts: [{ functionCall: { name: "f", willContinue: true } }] } }] }
      ].map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head))
        },
        cancel() {
          cancelled = true
        }
      })
      const client = HttpClient.make((request) =>
        Effect.succeed(HttpClientResponse.fromWeb(request, new Response(body, { status: 200 })))
      )
      const model = GeminiLanguageModel.makeWith(client, Google.modelConfig("gemini-2.5-flash", { apiKey: "k" }))
      const started = yield* model.stream(toAimux({ prompt }))
      const parts: Array<StreamPart> = []
      const sawToolStart = yield* Deferred.make<void>()
      const fiber = yield* Stream.runForEach(started.stream, (part) =>
        Effect.gen(function*() {
          parts.push(part)
          if (part.type === "tool-input-start") yield* Deferred.succeed(sawToolStart, undefined)
        })).pipe(Effect.forkChild)
      yield* Deferred.await(sawToolStart)
      yield* Fiber.interrupt(fiber)
      expect(parts.map((p) => p.type)).toStrictEqual(["stream-start", "text-start", "text-delta", "tool-input-start"])
      expect(cancelled).toBe(true)
    }))
})
