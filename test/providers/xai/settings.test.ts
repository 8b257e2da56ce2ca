/**
 * Settings → URL, headers and API key, for xAI and Hugging Face: the same
 * settings through upstream (`createXai`, `createHuggingFace`, fetch mocked)
 * and aimux (`model`, `layerConfig`), compared; a missing key fails the call
 * with upstream's `LoadAPIKeyError`.
 */
import { createHuggingFace } from "@ai-sdk/huggingface"
import { createXai } from "@ai-sdk/xai"
import { describe, expect, it } from "@effect/vitest"
import { Config, ConfigProvider, Effect, Exit, Layer, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import * as HuggingFace from "../../../src/providers/huggingface/HuggingFace.ts"
import * as XAI from "../../../src/providers/xai/XAI.ts"
import type { UpstreamOptions as HuggingFaceOptions } from "../huggingface/harness.ts"
import { errorView, failureOf, headersView, type UpstreamOptions } from "./harness.ts"

const options: UpstreamOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
const hfOptions: HuggingFaceOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
const empty = new Response("data: {\"type\":\"x\"}\n\n", { headers: { "content-type": "text/event-stream" } })

interface Seen {
  url?: string
  headers?: Record<string, string>
}

const upstreamCall = async (call: (fetch: typeof globalThis.fetch) => PromiseLike<unknown>) => {
  const seen: Seen = {}
  const fetch: typeof globalThis.fetch = async (url, init) => {
    seen.url = String(url)
    seen.headers = Object.fromEntries(Object.entries(init?.headers ?? {}))
    return empty.clone()
  }
  try {
    await call(fetch)
    return { seen, failure: undefined }
  } catch (error) {
    return { seen, failure: error }
  }
}

const client = (seen: Seen) =>
  HttpClient.make((request, url) =>
    Effect.sync(() => {
      seen.url = url.toString()
      seen.headers = { ...request.headers }
      return HttpClientResponse.fromWeb(request, empty.clone())
    })
  )

const oursCall = (layer: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>, env: Record<string, string>) =>
  Effect.gen(function*() {
    const seen: Seen = {}
    const exit = yield* Effect.exit(
      Effect.gen(function*() {
        const model = yield* LanguageModel
        const result = yield* model.stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
        yield* Stream.runDrain(result.stream)
      }).pipe(
        Effect.provide(layer),
        Effect.provideService(HttpClient.HttpClient, client(seen)),
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(env)))
      )
    )
    return { seen, failure: Exit.isFailure(exit) ? failureOf(exit) : undefined }
  })

// Only the provider-utils part of the user agent differs (docs/divergences.md).
const agent = (value: string | undefined) =>
  value?.replace(/ai-sdk\/provider-utils\/5\.0\.40 runtime\//, "ai-sdk-provider-utils/5.0.81 ")
    .replace(/ai-sdk-provider-utils\/5\.0\.51/, "ai-sdk-provider-utils/5.0.81")

const same = (ours: Seen, theirs: Seen) => {
  expect(ours.url).toBe(theirs.url)
  const a = headersView(ours.headers)
  const b = headersView(theirs.headers)
  expect({ ...a, "user-agent": agent(a["user-agent"]) }).toStrictEqual({ ...b, "user-agent": agent(b["user-agent"]) })
}

describe("xAI and Hugging Face settings: differential", () => {
  it.effect("xAI: key, base URL with trailing slash, headers", () =>
    Effect.gen(function*() {
      const settings = { apiKey: "k1", baseURL: "https://proxy.example/v1/", headers: { "x-extra": "1", Authorization: "Bearer over" } }
      const theirs = yield* Effect.promise(() => upstreamCall((fetch) => createXai({ ...settings, fetch })("grok-4.3").doStream(options)))
      const ours = yield* oursCall(XAI.layer("grok-4.3", settings), {})
      expect(theirs.failure).toBeUndefined()
      expect(ours.failure).toBeUndefined()
      same(ours.seen, theirs.seen)
    }))

  it.effect("xAI: layerConfig reads the key from Config", () =>
    Effect.gen(function*() {
      const theirs = yield* Effect.promise(() => upstreamCall((fetch) => createXai({ apiKey: "from-env", fetch })("grok-4.3").doStream(options)))
      const ours = yield* oursCall(XAI.layerConfig("grok-4.3", { apiKey: Config.Redacted("XAI_API_KEY") }), { XAI_API_KEY: "from-env" })
      same(ours.seen, theirs.seen)
    }))

  it.effect("xAI: a missing key fails the call with upstream's LoadAPIKeyError", () =>
    Effect.gen(function*() {
      const saved = process.env["XAI_API_KEY"]
      delete process.env["XAI_API_KEY"]
      const theirs = yield* Effect.promise(() => upstreamCall((fetch) => createXai({ fetch })("grok-4.3").doStream(options)))
      if (saved !== undefined) process.env["XAI_API_KEY"] = saved
      const ours = yield* oursCall(XAI.layer("grok-4.3"), {})
      expect(theirs.failure).toBeDefined()
      expect(errorView(ours.failure)).toStrictEqual(errorView(theirs.failure))
    }))

  it.effect("Hugging Face: key, base URL with trailing slash, headers (no user agent suffix of its own)", () =>
    Effect.gen(function*() {
      const settings = { apiKey: "k2", baseURL: "https://hf.example/v1/", headers: { "x-extra": "2" } }
      const theirs = yield* Effect.promise(() =>
        upstreamCall((fetch) => createHuggingFace({ ...settings, fetch })("Qwen/Qwen3-32B").doStream(hfOptions))
      )
      const ours = yield* oursCall(HuggingFace.layer("Qwen/Qwen3-32B", settings), {})
      expect(theirs.failure).toBeUndefined()
      same(ours.seen, theirs.seen)
    }))

  it.effect("Hugging Face: a missing key fails the call with upstream's LoadAPIKeyError", () =>
    Effect.gen(function*() {
      const saved = process.env["HUGGINGFACE_API_KEY"]
      delete process.env["HUGGINGFACE_API_KEY"]
      const theirs = yield* Effect.promise(() => upstreamCall((fetch) => createHuggingFace({ fetch })("m").doStream(hfOptions)))
      if (saved !== undefined) process.env["HUGGINGFACE_API_KEY"] = saved
      const ours = yield* oursCall(
        HuggingFace.layer("m"),
        {}
      )
      expect(theirs.failure).toBeDefined()
      expect(errorView(ours.failure)).toStrictEqual(errorView(theirs.failure))
    }))
})
