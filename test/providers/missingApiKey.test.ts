/**
 * Every provider with an API key fails the same way without one: building its `layer` (and
 * `layerConfig`) fails with `LoadAPIKeyError` and upstream's message, before any request
 * (differential: upstream's `loadApiKey` message, taken from the pinned package's first call, which
 * is where upstream fails). An empty key fails as a missing one in aimux; upstream sends it
 * (`docs/divergences.md`, "API keys load when the layer is built").
 */
import { createAnthropic } from "@ai-sdk/anthropic"
import { createAzure } from "@ai-sdk/azure"
import { createDeepSeek } from "@ai-sdk/deepseek"
import { createGoogle } from "@ai-sdk/google"
import { createGroq } from "@ai-sdk/groq"
import { createCohere } from "@ai-sdk/cohere"
import { createHuggingFace } from "@ai-sdk/huggingface"
import { createMistral } from "@ai-sdk/mistral"
import { createOpenAI } from "@ai-sdk/openai"
import type { LanguageModelV4 } from "@ai-sdk/provider"
import { createXai } from "@ai-sdk/xai"
import { describe, expect, it } from "@effect/vitest"
import { Config, ConfigProvider, Effect, Exit, Layer } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import type { LanguageModel } from "../../src/LanguageModel.ts"
import * as Anthropic from "../../src/providers/anthropic/Anthropic.ts"
import * as Azure from "../../src/providers/azure/Azure.ts"
import * as DeepSeek from "../../src/providers/deepseek/DeepSeek.ts"
import * as Google from "../../src/providers/google/Google.ts"
import * as Groq from "../../src/providers/groq/Groq.ts"
import * as Cohere from "../../src/providers/cohere/Cohere.ts"
import * as HuggingFace from "../../src/providers/huggingface/HuggingFace.ts"
import * as Mistral from "../../src/providers/mistral/Mistral.ts"
import * as OpenAI from "../../src/providers/openai/OpenAI.ts"
import * as XAI from "../../src/providers/xai/XAI.ts"
import { errorJson } from "./_kit/Wire.ts"

type Settings = { readonly apiKey?: string }

interface Case {
  readonly name: string
  readonly env: string
  readonly upstream: (settings: Settings & { readonly fetch: typeof fetch }) => LanguageModelV4
  readonly layer: (settings: Settings) => Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>
  readonly layerConfig: () => Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "openai",
    env: "OPENAI_API_KEY",
    upstream: (s) => createOpenAI(s)("gpt-4.1"),
    layer: (s) => OpenAI.layer("gpt-4.1", s),
    layerConfig: () => OpenAI.layerConfig("gpt-4.1", {})
  },
  {
    name: "openai chat",
    env: "OPENAI_API_KEY",
    upstream: (s) => createOpenAI(s).chat("gpt-4.1"),
    layer: (s) => OpenAI.chatLayer("gpt-4.1", s),
    layerConfig: () => OpenAI.chatLayerConfig("gpt-4.1", {})
  },
  {
    // the resource name is set: without it upstream's URL fails first (LoadSettingError)
    name: "azure (responses)",
    env: "AZURE_API_KEY",
    upstream: (s) => createAzure({ resourceName: "r", ...s })("gpt-4.1"),
    layer: (s) => Azure.layer("gpt-4.1", { resourceName: "r", ...s }),
    layerConfig: () => Azure.layerConfig("gpt-4.1", { resourceName: Config.succeed("r") })
  },
  {
    name: "azure chat",
    env: "AZURE_API_KEY",
    upstream: (s) => createAzure({ resourceName: "r", ...s }).chat("gpt-4.1"),
    layer: (s) => Azure.chatLayer("gpt-4.1", { resourceName: "r", ...s }),
    layerConfig: () => Azure.chatLayerConfig("gpt-4.1", { resourceName: Config.succeed("r") })
  },
  {
    name: "anthropic",
    env: "ANTHROPIC_API_KEY",
    upstream: (s) => createAnthropic(s)("claude-sonnet-4-5"),
    layer: (s) => Anthropic.layer("claude-sonnet-4-5", s),
    layerConfig: () => Anthropic.layerConfig("claude-sonnet-4-5", {})
  },
  {
    name: "groq",
    env: "GROQ_API_KEY",
    upstream: (s) => createGroq(s)("llama-3.3-70b-versatile"),
    layer: (s) => Groq.layer("llama-3.3-70b-versatile", s),
    layerConfig: () => Groq.layerConfig("llama-3.3-70b-versatile", {})
  },
  {
    name: "deepseek",
    env: "DEEPSEEK_API_KEY",
    upstream: (s) => createDeepSeek(s)("deepseek-chat"),
    layer: (s) => DeepSeek.layer("deepseek-chat", s),
    layerConfig: () => DeepSeek.layerConfig("deepseek-chat", {})
  },
  {
    name: "xai",
    env: "XAI_API_KEY",
    upstream: (s) => createXai(s)("grok-4.3"),
    layer: (s) => XAI.layer("grok-4.3", s),
    layerConfig: () => XAI.layerConfig("grok-4.3", {})
  },
  {
    name: "google",
    env: "GOOGLE_GENERATIVE_AI_API_KEY",
    upstream: (s) => createGoogle(s)("gemini-2.5-flash"),
    layer: (s) => Google.layer("gemini-2.5-flash", s),
    layerConfig: () => Google.layerConfig("gemini-2.5-flash", {})
  },
  {
    name: "huggingface",
    env: "HUGGINGFACE_API_KEY",
    upstream: (s) => createHuggingFace(s)("Qwen/Qwen3-32B"),
    layer: (s) => HuggingFace.layer("Qwen/Qwen3-32B", s),
    layerConfig: () => HuggingFace.layerConfig("Qwen/Qwen3-32B", {})
  },
  {
    name: "cohere",
    env: "COHERE_API_KEY",
    upstream: (s) => createCohere(s)("command-a-03-2025"),
    layer: (s) => Cohere.layer("command-a-03-2025", s),
    layerConfig: () => Cohere.layerConfig("command-a-03-2025", {})
  },
  {
    name: "mistral",
    env: "MISTRAL_API_KEY",
    upstream: (s) => createMistral(s)("mistral-large-latest"),
    layer: (s) => Mistral.layer("mistral-large-latest", s),
    layerConfig: () => Mistral.layerConfig("mistral-large-latest", {})
  }
]

/** Upstream's failure of the first call without a key (the environment variable unset). */
const upstreamFailure = (c: Case) =>
  Effect.promise(async () => {
    const saved = process.env[c.env]
    delete process.env[c.env]
    let requests = 0
    const fetch: typeof globalThis.fetch = async () => {
      requests++
      return new Response("{}", { status: 500 })
    }
    try {
      await c.upstream({ fetch }).doGenerate({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
      return { failure: undefined, requests }
    } catch (error) {
      return { failure: errorJson(error), requests }
    } finally {
      if (saved !== undefined) process.env[c.env] = saved
    }
  })

/** Builds the layer on a client that counts requests; the failure of the build, as JSON. */
const buildFailure = (layer: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>, env: Record<string, string>) =>
  Effect.gen(function*() {
    let requests = 0
    const client = HttpClient.make(() => Effect.sync(() => requests++).pipe(Effect.andThen(Effect.never)))
    const exit = yield* Effect.exit(
      Effect.scoped(Layer.build(layer)).pipe(
        Effect.provideService(HttpClient.HttpClient, client),
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(env)))
      )
    )
    const failure = Exit.isFailure(exit) ? Exit.findErrorOption(exit) : undefined
    return {
      tag: failure !== undefined && failure._tag === "Some" ? Reflect.get(Object(failure.value), "_tag") : undefined,
      failure: failure !== undefined && failure._tag === "Some" ? errorJson(failure.value) : undefined,
      requests
    }
  })

describe("a missing API key fails the layer build with LoadAPIKeyError (every provider)", () => {
  for (const c of cases) {
    it.effect(`${c.name}: layer and layerConfig fail with upstream's LoadAPIKeyError, before any request`, () =>
      Effect.gen(function*() {
        const theirs = yield* upstreamFailure(c)
        expect(Reflect.get(Object(theirs.failure), "name")).toBe("AI_LoadAPIKeyError")
        expect(theirs.requests).toBe(0)
        for (const layer of [c.layer({}), c.layerConfig()]) {
          const ours = yield* buildFailure(layer, {})
          expect(ours.tag).toBe("LoadAPIKeyError")
          expect(ours.failure).toStrictEqual(theirs.failure)
          expect(ours.requests).toBe(0)
        }
      }))

    it.effect(`${c.name}: an empty key (setting or ${c.env}) fails as a missing one (divergence)`, () =>
      Effect.gen(function*() {
        const theirs = yield* upstreamFailure(c)
        const fromSetting = yield* buildFailure(c.layer({ apiKey: "" }), {})
        const fromEnv = yield* buildFailure(c.layer({}), { [c.env]: "" })
        expect(fromSetting.failure).toStrictEqual(theirs.failure)
        expect(fromEnv.failure).toStrictEqual(theirs.failure)
        // a key builds
        const ok = yield* buildFailure(c.layer({}), { [c.env]: "k" })
        expect(ok.failure).toBeUndefined()
      }))
  }
})
