/**
 * The `fetch` setting (upstream's custom fetch option) on every provider of the provider table:
 * the same call through the pinned upstream model and through aimux's model built with
 * `{ fetch }` (no `HttpClient` anywhere), and the custom fetch receives the same arguments: the URL
 * (a string), the init's keys, its method, its headers (a plain object) and its body (the string
 * upstream sends), for `doGenerate` and `doStream`; the response the fetch returns is what the
 * model reads.
 */
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock"
import { createAnthropic } from "@ai-sdk/anthropic"
import { createAzure } from "@ai-sdk/azure"
import { createCohere } from "@ai-sdk/cohere"
import { createDeepSeek } from "@ai-sdk/deepseek"
import { createGoogle } from "@ai-sdk/google"
import { createGoogleVertex } from "@ai-sdk/google-vertex"
import { createGoogleVertexAnthropic } from "@ai-sdk/google-vertex/anthropic"
import { createGroq } from "@ai-sdk/groq"
import { createHuggingFace } from "@ai-sdk/huggingface"
import { createMistral } from "@ai-sdk/mistral"
import { createOpenAI } from "@ai-sdk/openai"
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import { createAmazonBedrockAnthropic } from "@ai-sdk/amazon-bedrock/anthropic"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { createXai } from "@ai-sdk/xai"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { ToLanguageModelV4 } from "../../src/interop/index.ts"
import type * as LanguageModel from "../../src/LanguageModel.ts"
import { AmazonBedrock, AmazonBedrockAnthropic } from "../../src/providers/amazon-bedrock/index.ts"
import { Anthropic } from "../../src/providers/anthropic/index.ts"
import { Azure } from "../../src/providers/azure/index.ts"
import { Cohere } from "../../src/providers/cohere/index.ts"
import { DeepSeek } from "../../src/providers/deepseek/index.ts"
import { Google } from "../../src/providers/google/index.ts"
import { GoogleVertex, GoogleVertexAnthropic } from "../../src/providers/google-vertex/index.ts"
import { Groq } from "../../src/providers/groq/index.ts"
import { HuggingFace } from "../../src/providers/huggingface/index.ts"
import { Mistral } from "../../src/providers/mistral/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import { OpenAICompatible, OpenAICompatiblePresets } from "../../src/providers/openai-compatible/index.ts"
import { XAI } from "../../src/providers/xai/index.ts"

type Fetch = typeof globalThis.fetch

interface Upstream {
  doGenerate(options: LanguageModelV4CallOptions): PromiseLike<unknown>
  doStream(options: LanguageModelV4CallOptions): PromiseLike<unknown>
}

interface Case {
  /** The provider table's `aimux stream` id. */
  readonly id: string
  readonly upstream: (fetch: Fetch) => Upstream
  /** aimux's model with the same settings and `fetch`: an Effect that needs nothing. */
  readonly aimux: (fetch: Fetch) => Effect.Effect<LanguageModel.Service, unknown>
}

const apiKey = "test-key"
const bedrockModel = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
const vertex = { project: "aimux", location: "us-east5" }

const cases: ReadonlyArray<Case> = [
  {
    id: "openai-chat",
    upstream: (fetch) => createOpenAI({ apiKey, fetch }).chat("gpt-4o-mini"),
    aimux: (fetch) => OpenAI.chat("gpt-4o-mini", { apiKey, fetch })
  },
  {
    id: "openai-responses",
    upstream: (fetch) => createOpenAI({ apiKey, fetch }).responses("gpt-4.1-mini"),
    aimux: (fetch) => OpenAI.responses("gpt-4.1-mini", { apiKey, fetch })
  },
  {
    id: "azure-chat",
    upstream: (fetch) => createAzure({ resourceName: "aimux-holdout", apiKey, fetch }).chat("gpt-4o-mini"),
    aimux: (fetch) => Azure.chat("gpt-4o-mini", { resourceName: "aimux-holdout", apiKey, fetch })
  },
  {
    id: "azure-responses",
    upstream: (fetch) => createAzure({ resourceName: "aimux-holdout", apiKey, fetch }).responses("gpt-4.1-mini"),
    aimux: (fetch) => Azure.responses("gpt-4.1-mini", { resourceName: "aimux-holdout", apiKey, fetch })
  },
  {
    id: "openai-compatible",
    upstream: (fetch) =>
      createOpenAICompatible({ name: "acme", baseURL: "https://acme.invalid/v1", apiKey, includeUsage: true, fetch })
        .chatModel("test-model"),
    aimux: (fetch) =>
      OpenAICompatible.model("test-model", { name: "acme", baseURL: "https://acme.invalid/v1", apiKey, includeUsage: true, fetch })
  },
  {
    id: "groq",
    upstream: (fetch) => createGroq({ apiKey, fetch })("llama-3.3-70b-versatile"),
    aimux: (fetch) => Groq.model("llama-3.3-70b-versatile", { apiKey, fetch })
  },
  {
    id: "deepseek",
    upstream: (fetch) => createDeepSeek({ apiKey, fetch })("deepseek-chat"),
    aimux: (fetch) => DeepSeek.model("deepseek-chat", { apiKey, fetch })
  },
  {
    id: "anthropic",
    upstream: (fetch) => createAnthropic({ apiKey, fetch })("claude-sonnet-4-5"),
    aimux: (fetch) => Anthropic.model("claude-sonnet-4-5", { apiKey, fetch })
  },
  {
    id: "amazon-bedrock",
    upstream: (fetch) => createAmazonBedrock({ region: "us-east-1", apiKey, fetch })(bedrockModel),
    aimux: (fetch) => AmazonBedrock.model(bedrockModel, { region: "us-east-1", apiKey, fetch })
  },
  {
    id: "google",
    upstream: (fetch) => createGoogle({ apiKey, fetch })("gemini-2.5-flash"),
    aimux: (fetch) => Google.model("gemini-2.5-flash", { apiKey, fetch })
  },
  {
    id: "google-vertex",
    upstream: (fetch) => createGoogleVertex({ apiKey, fetch })("gemini-2.5-flash"),
    aimux: (fetch) => GoogleVertex.model("gemini-2.5-flash", { apiKey, fetch })
  },
  {
    id: "xai",
    upstream: (fetch) => createXai({ apiKey, fetch })("grok-4.20-non-reasoning"),
    aimux: (fetch) => XAI.model("grok-4.20-non-reasoning", { apiKey, fetch })
  },
  {
    id: "huggingface",
    upstream: (fetch) => createHuggingFace({ apiKey, fetch })("meta-llama/Llama-3.3-70B-Instruct"),
    aimux: (fetch) => HuggingFace.model("meta-llama/Llama-3.3-70B-Instruct", { apiKey, fetch })
  },
  {
    id: "cohere",
    upstream: (fetch) => createCohere({ apiKey, fetch })("command-a-03-2025"),
    aimux: (fetch) => Cohere.model("command-a-03-2025", { apiKey, fetch })
  },
  {
    id: "mistral",
    upstream: (fetch) => createMistral({ apiKey, fetch })("mistral-large-latest"),
    aimux: (fetch) => Mistral.model("mistral-large-latest", { apiKey, fetch })
  },
  {
    id: "google-vertex-anthropic",
    upstream: (fetch) =>
      createGoogleVertexAnthropic({ ...vertex, generateAuthToken: async () => apiKey, fetch })("claude-sonnet-4-5@20250929"),
    aimux: (fetch) =>
      GoogleVertexAnthropic.model("claude-sonnet-4-5@20250929", {
        ...vertex,
        generateAuthToken: Effect.succeed(Redacted.make(apiKey)),
        fetch
      })
  },
  {
    id: "amazon-bedrock-anthropic",
    upstream: (fetch) => createAmazonBedrockAnthropic({ region: "us-east-1", apiKey, fetch })(bedrockModel),
    aimux: (fetch) => AmazonBedrockAnthropic.model(bedrockModel, { region: "us-east-1", apiKey, fetch })
  }
]

const call: LanguageModelV4CallOptions = {
  abortSignal: new AbortController().signal,
  prompt: [
    { role: "system", content: "Be brief." },
    { role: "user", content: [{ type: "text", text: "Weather in Paris? ✓ \"quoted\"" }] }
  ],
  maxOutputTokens: 64,
  temperature: 0.5,
  tools: [{ type: "function", name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }]
}

interface Seen {
  readonly url: unknown
  readonly initKeys: ReadonlyArray<string>
  readonly method: unknown
  readonly headers: unknown
  readonly body: unknown
  readonly signal: boolean
}

/** A fetch that records its arguments and answers 400 with a JSON error body. */
const recorder = () => {
  const seen: Array<Seen> = []
  const fetch: Fetch = async (url, init) => {
    seen.push({
      url,
      initKeys: Object.keys(init ?? {}).filter((key) => Reflect.get(init ?? {}, key) !== undefined).sort(),
      method: init?.method,
      headers: init?.headers,
      body: init?.body,
      signal: init?.signal instanceof AbortSignal
    })
    return new Response(JSON.stringify({ error: { message: "bad request", type: "invalid_request_error" } }), {
      status: 400,
      headers: { "content-type": "application/json" }
    })
  }
  return { seen, fetch }
}

const settle = (promise: PromiseLike<unknown>) => Promise.resolve(promise).then(() => undefined, (e: unknown) => e)

/**
 * The user agent with the documented differences undone (docs/divergences.md): aimux reports the
 * provider-utils it ports (5.0.81) where a package pins an older one (5.0.51; 5.0.40 with its older
 * format), and Bedrock's fetch wrapper appends its suffix a second time upstream.
 */
const userAgentView = (agent: string): string =>
  agent
    .replace(/ai-sdk\/provider-utils\/5\.0\.40 runtime\//, "ai-sdk-provider-utils/5.0.81 ")
    .replace(/ai-sdk-provider-utils\/5\.0\.51/, "ai-sdk-provider-utils/5.0.81")
    .replace(/ (ai-sdk-amazon-bedrock\/[\d.]+ node\.js\/\d+)$/, "")

/**
 * What the fetch saw of one call. Header names compare lower-cased: aimux's are (effect's
 * `Headers`), upstream Bedrock's bearer wrapper writes `Authorization` (docs/divergences.md).
 */
const view = (seen: Seen) => {
  const body = seen.body instanceof FormData
    ? [...seen.body.entries()].map(([key, value]) =>
      [key, typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size }]
    )
    : seen.body
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(Object(seen.headers))) {
    headers[name.toLowerCase()] = name.toLowerCase() === "user-agent" ? userAgentView(String(value)) : String(value)
  }
  return { ...seen, headers, body }
}

describe("the fetch setting: the custom fetch gets upstream's arguments", () => {
  it("every provider of the provider table has a case", () => {
    const presets = new Set(OpenAICompatiblePresets.presets.map((preset) => preset.id))
    expect(cases.map((c) => c.id).sort()).toStrictEqual(Object.keys(providers).filter((id) => !presets.has(id)).sort())
  })

  for (const c of cases) {
    it(`${c.id}: doGenerate and doStream, same url, method, headers and body; the response is the fetch's`, async () => {
      const upstream = recorder()
      const upstreamModel = c.upstream(upstream.fetch)
      const upstreamErrors = [await settle(upstreamModel.doGenerate(call)), await settle(upstreamModel.doStream(call))]
      const ours = recorder()
      // no HttpClient: the fetch setting is the transport
      const model = ToLanguageModelV4.make(await Effect.runPromise(c.aimux(ours.fetch)))
      const ourErrors = [await settle(model.doGenerate(call)), await settle(model.doStream(call))]
      expect(upstream.seen).toHaveLength(2)
      expect(ours.seen.map(view)).toStrictEqual(upstream.seen.map(view))
      expect(typeof ours.seen[0]!.url).toBe("string")
      expect(typeof ours.seen[0]!.body).toBe("string")
      expect(ours.seen.every((s) => s.signal)).toBe(true)
      // the fetch's 400 is what both models report
      expect(ourErrors.map((e) => Reflect.get(Object(e), "statusCode"))).toStrictEqual([400, 400])
      expect(upstreamErrors.map((e) => Reflect.get(Object(e), "statusCode"))).toStrictEqual([400, 400])
    })
  }

  // the other model kinds built by ModelConstructors take the setting too
  const image = { prompt: "a cat", n: 1, size: undefined, aspectRatio: undefined, seed: undefined, files: undefined, mask: undefined, providerOptions: {} }
  const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4])
  const transcription = { audio: wav, mediaType: "audio/wav", providerOptions: {} }
  const media: ReadonlyArray<{
    readonly name: string
    readonly upstream: (fetch: Fetch) => PromiseLike<unknown>
    readonly aimux: (fetch: Fetch) => Effect.Effect<unknown, unknown>
  }> = [
    {
      name: "openai image",
      upstream: (fetch) => createOpenAI({ apiKey, fetch }).image("gpt-image-1").doGenerate(image),
      aimux: (fetch) => Effect.flatMap(OpenAI.image("gpt-image-1", { apiKey, fetch }), (m) => m.generate(image))
    },
    {
      name: "openai speech",
      upstream: (fetch) => createOpenAI({ apiKey, fetch }).speech("tts-1").doGenerate({ text: "Hello" }),
      aimux: (fetch) => Effect.flatMap(OpenAI.speech("tts-1", { apiKey, fetch }), (m) => m.generate({ text: "Hello" }))
    },
    {
      name: "openai transcription (multipart: the FormData itself)",
      upstream: (fetch) => createOpenAI({ apiKey, fetch }).transcription("whisper-1").doGenerate(transcription),
      aimux: (fetch) => Effect.flatMap(OpenAI.transcription("whisper-1", { apiKey, fetch }), (m) => m.generate(transcription))
    },
    {
      name: "groq transcription",
      upstream: (fetch) => createGroq({ apiKey, fetch }).transcription("whisper-large-v3").doGenerate(transcription),
      aimux: (fetch) => Effect.flatMap(Groq.transcription("whisper-large-v3", { apiKey, fetch }), (m) => m.generate(transcription))
    },
    {
      name: "xai image",
      upstream: (fetch) => createXai({ apiKey, fetch }).image("grok-imagine-image").doGenerate(image),
      aimux: (fetch) => Effect.flatMap(XAI.image("grok-imagine-image", { apiKey, fetch }), (m) => m.generate(image))
    },
    {
      name: "amazon-bedrock image",
      upstream: (fetch) => createAmazonBedrock({ region: "us-east-1", apiKey, fetch }).image("amazon.nova-canvas-v1:0").doGenerate(image),
      aimux: (fetch) =>
        Effect.flatMap(AmazonBedrock.image("amazon.nova-canvas-v1:0", { region: "us-east-1", apiKey, fetch }), (m) => m.generate(image))
    },
    {
      name: "openai-compatible embedding",
      upstream: (fetch) =>
        createOpenAICompatible({ name: "acme", baseURL: "https://acme.invalid/v1", apiKey, fetch }).embeddingModel("e").doEmbed({ values: ["a"] }),
      aimux: (fetch) =>
        Effect.flatMap(
          OpenAICompatible.embedding("e", { name: "acme", baseURL: "https://acme.invalid/v1", apiKey, fetch }),
          (m) => m.embed({ values: ["a"] })
        )
    },
    {
      name: "openai embedding",
      upstream: (fetch) => createOpenAI({ apiKey, fetch }).embedding("text-embedding-3-small").doEmbed({ values: ["a", "b"] }),
      aimux: (fetch) =>
        Effect.flatMap(OpenAI.embedding("text-embedding-3-small", { apiKey, fetch }), (m) => m.embed({ values: ["a", "b"] }))
    }
  ]
  for (const m of media) {
    it(`${m.name}: the same fetch arguments`, async () => {
      const upstream = recorder()
      await settle(m.upstream(upstream.fetch))
      const ours = recorder()
      await settle(Effect.runPromise(m.aimux(ours.fetch)))
      expect(upstream.seen).toHaveLength(1)
      // called without an abortSignal, upstream passes none; aimux's is the fiber's (docs/divergences.md)
      const withoutSignal = (seen: Seen) => {
        const { signal: _signal, ...rest } = view(seen)
        return { ...rest, initKeys: rest.initKeys.filter((key) => key !== "signal") }
      }
      expect(ours.seen.map(withoutSignal)).toStrictEqual(upstream.seen.map(withoutSignal))
      expect(ours.seen[0]!.signal).toBe(true)
    })
  }

  it("a layer with the fetch setting needs no HttpClient", async () => {
    const { fetch, seen } = recorder()
    const model = await ToLanguageModelV4.fromLayer(OpenAI.chatLayer("gpt-4o-mini", { apiKey, fetch }))
    await settle(model.doGenerate(call))
    await model.dispose()
    expect(seen.map((s) => s.url)).toStrictEqual(["https://api.openai.com/v1/chat/completions"])
  })
})
