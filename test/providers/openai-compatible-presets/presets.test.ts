/**
 * Each OpenAI-compatible preset, replayed: the request goes to the preset's base URL with the key
 * of its environment variable (none for local servers) and the body, headers and parts equal
 * upstream `createOpenAICompatible` configured with the same data (fetch mocked, same bytes);
 * the quirks show on the wire (`stream_options.include_usage`, `response_format: json_schema`)
 * and the preset's reasoning field becomes reasoning parts. Resolution through the registry
 * (`"ollama:llama3.2"`) and `aimux stream <preset>` as a process.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { ConfigProvider, Effect, Layer, Stream } from "effect"
import { ProviderRegistry } from "../../../src/core/registry/index.ts"
import { OpenAICompatiblePresets } from "../../../src/providers/openai-compatible/index.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { type Captured, mockFetch } from "../openai-compatible/harness.ts"

const sse = (reasoningField: string) =>
  [
    `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","${reasoningField}":"think"}}]}`,
    `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hi"}}]}`,
    `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}`,
    "data: [DONE]",
    ""
  ].join("\n\n")

const options: LanguageModelV4CallOptions = {
  prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
  responseFormat: { type: "json", schema: { type: "object", properties: { a: { type: "string" } } }, name: "out" }
}

const KEY = "sk-preset-test"

const upstream = async (preset: OpenAICompatiblePresets.Preset, modelId: string, body: string) => {
  const captured: Captured = {}
  const provider = createOpenAICompatible({
    name: preset.name,
    baseURL: preset.baseURL,
    ...(preset.apiKeyEnvVar === undefined ? {} : { apiKey: KEY }),
    includeUsage: preset.includeUsage,
    supportsStructuredOutputs: preset.supportsStructuredOutputs,
    fetch: mockFetch(body, captured, { chunkSize: 7 })
  })
  const result = await provider.chatModel(modelId).doStream(options)
  const parts: Array<LanguageModelV4StreamPart> = []
  const reader = result.stream.getReader()
  while (true) {
    const next = await reader.read()
    if (next.done) break
    parts.push(next.value)
  }
  return { captured, parts }
}

const ours = (preset: OpenAICompatiblePresets.Preset, modelId: string, body: string) => {
  const replay = ReplayHttpClient.make({ body, chunkSize: 7 })
  const env = preset.apiKeyEnvVar === undefined ? {} : { [preset.apiKeyEnvVar]: KEY }
  return Effect.gen(function*() {
    const model = yield* OpenAICompatiblePresets.model(preset, modelId)
    const response = yield* model.stream(options)
    const parts = Array.from(yield* Stream.runCollect(response.stream))
    return { request: replay.recorder.requests[0], parts, provider: model.provider }
  }).pipe(
    Effect.provide(Layer.mergeAll(replay.layer, ConfigProvider.layer(ConfigProvider.fromUnknown(env))))
  )
}

const json = (u: unknown) => JSON.parse(JSON.stringify(u))

describe("OpenAI-compatible presets", () => {
  it("the catalogue has every endpoint of the issue, ids unique", () => {
    expect(OpenAICompatiblePresets.presets.map((p) => p.id)).toEqual([
      "togetherai", "fireworks", "openrouter", "cerebras", "deepinfra", "perplexity", "baseten",
      "moonshotai", "alibaba", "ollama", "lmstudio", "vllm", "llamacpp"
    ])
    expect(OpenAICompatiblePresets.byId.size).toBe(OpenAICompatiblePresets.presets.length)
  })

  for (const preset of OpenAICompatiblePresets.presets) {
    it.effect(`${preset.id}: base URL, key, quirks and parts as upstream configured alike`, () =>
      Effect.gen(function*() {
        const body = sse(preset.reasoningField ?? "reasoning_content")
        const up = yield* Effect.promise(() => upstream(preset, preset.defaultModel, body))
        const got = yield* ours(preset, preset.defaultModel, body)
        expect(got.request?.url).toBe(`${preset.baseURL}/chat/completions`)
        expect(got.request?.url).toBe(up.captured.url)
        expect(got.request?.body).toEqual(up.captured.body)
        const headers = got.request?.headers ?? {}
        expect(headers["authorization"]).toBe(preset.apiKeyEnvVar === undefined ? undefined : `Bearer ${KEY}`)
        expect(headers["authorization"]).toBe(up.captured.headers?.["authorization"])
        expect(headers["user-agent"]).toBe(up.captured.headers?.["user-agent"])
        expect(got.provider).toBe(`${preset.name}.chat`)
        // quirks on the wire
        const sent = got.request?.body as Record<string, unknown>
        expect(sent["stream_options"]).toEqual(preset.includeUsage ? { include_usage: true } : undefined)
        expect(Reflect.get(Object(sent["response_format"]), "type")).toBe(
          preset.supportsStructuredOutputs ? "json_schema" : "json_object"
        )
        expect(json(got.parts)).toEqual(json(up.parts))
        expect(got.parts.some((p) => p.type === "reasoning-delta" && p.delta === "think")).toBe(true)
      }))
  }

  it.effect("a hosted preset without its key fails with upstream's LoadAPIKeyError message", () =>
    Effect.gen(function*() {
      const preset = OpenAICompatiblePresets.byId.get("togetherai")!
      const error = yield* Effect.flip(
        OpenAICompatiblePresets.model(preset, "m").pipe(
          Effect.provide(Layer.mergeAll(ReplayHttpClient.layer({ body: "" }), ConfigProvider.layer(ConfigProvider.fromUnknown({}))))
        )
      )
      expect(error.message).toBe(
        "Together.ai API key is missing. Pass it using the 'apiKey' parameter or the TOGETHER_AI_API_KEY environment variable."
      )
    }))

  it.effect("presets are registry providers: \"ollama:llama3.2\", overrides per preset", () =>
    Effect.gen(function*() {
      const replay = ReplayHttpClient.make({ body: sse("reasoning") })
      const model = yield* ProviderRegistry.languageModel("ollama:llama3.2").pipe(
        Effect.provide(ProviderRegistry.layer(OpenAICompatiblePresets.providers({ ollama: { baseURL: "http://gpu-box:11434/v1" } }))),
        Effect.provide(replay.layer)
      )
      expect([model.provider, model.modelId]).toEqual(["ollama.chat", "llama3.2"])
      yield* Effect.flatMap(model.stream(options), (r) => Stream.runDrain(r.stream))
      expect(replay.recorder.requests[0]?.url).toBe("http://gpu-box:11434/v1/chat/completions")
      expect(replay.recorder.requests[0]?.body).toMatchObject({ model: "llama3.2" })
    }))
})

const run = promisify(execFile)
const root = join(import.meta.dirname, "../../..")

describe("aimux stream <preset>", () => {
  for (const id of ["ollama", "openrouter"]) {
    it(`${id} streams the replayed body`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "aimux-preset-"))
      const file = join(dir, "body.sse")
      writeFileSync(file, sse("reasoning"))
      const { stdout } = await run(process.execPath, [join(root, "src/cli/main.ts"), "stream", id, "--sse", file], { cwd: root })
      const lines = stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l))
      expect(lines[0].type).toBe("stream-start")
      expect(lines.find((l) => l.type === "reasoning-delta")?.delta).toBe("think")
      expect(lines.find((l) => l.type === "text-delta")?.delta).toBe("Hi")
      expect(lines.at(-1).type).toBe("finish")
    })
  }
})
