/**
 * Differential matrices for the pieces the OpenAI-family chat providers
 * (openai-compatible, Groq, DeepSeek) share through provider-utils: finish
 * reason mapping, usage conversion, the text/reasoning block state of the
 * stream transforms and the status inferred for in-stream error frames. Each
 * case runs the same bytes through the pinned upstream package and through
 * aimux, so a shared helper that loses a per-provider difference fails here.
 */
import { createDeepSeek } from "@ai-sdk/deepseek"
import { createGroq } from "@ai-sdk/groq"
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Cause, Effect, Exit, Layer, Schema, Stream } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import { describe, expect, it } from "vitest"
import { type LanguageModel, LanguageModel as LanguageModelService } from "../../src/LanguageModel.ts"
import { DeepSeek } from "../../src/providers/deepseek/index.ts"
import { Groq } from "../../src/providers/groq/index.ts"
import { OpenAICompatible } from "../../src/providers/openai-compatible/index.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { type Captured, mockFetch, readAll } from "../providers/openai-compatible/harness.ts"
import {
  normalizeError,
  runOursGenerate,
  runOursStream,
  runUpstreamGenerate,
  runUpstreamStream
} from "../providers/openai-compatible/streamHarness.ts"

interface Family {
  readonly name: "openai-compatible" | "groq" | "deepseek"
  readonly upstream: (fetch: typeof globalThis.fetch) => LanguageModelV4
  readonly ours: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>
  /** The delta key a provider reads reasoning from. */
  readonly reasoningKey: "reasoning_content" | "reasoning"
  /** Where a stream chunk carries usage. */
  readonly usageChunk: (usage: unknown) => Record<string, unknown>
}

const compatSettings = { baseURL: "https://compat.test/v1", name: "openai-compatible", apiKey: "test-key", includeUsage: true }

const families: ReadonlyArray<Family> = [
  {
    name: "openai-compatible",
    upstream: (fetch) => createOpenAICompatible({ ...compatSettings, fetch }).chatModel("test-model"),
    ours: OpenAICompatible.layer("test-model", compatSettings),
    reasoningKey: "reasoning_content",
    usageChunk: (usage) => ({ usage })
  },
  {
    name: "groq",
    upstream: (fetch) => createGroq({ apiKey: "test-key", fetch })("llama-3.3-70b-versatile"),
    ours: Groq.layer("llama-3.3-70b-versatile", { apiKey: "test-key" }),
    reasoningKey: "reasoning",
    usageChunk: (usage) => ({ x_groq: { usage } })
  },
  {
    name: "deepseek",
    upstream: (fetch) => createDeepSeek({ apiKey: "test-key", fetch })("deepseek-chat"),
    ours: DeepSeek.layer("deepseek-chat", { apiKey: "test-key" }),
    reasoningKey: "reasoning_content",
    usageChunk: (usage) => ({ usage })
  }
]

const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)

const options: LanguageModelV4CallOptions = {
  prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
  tools: [{ type: "function", name: "get", inputSchema: { type: "object" } }]
}

const chunk = (fields: Record<string, unknown>, choice?: Record<string, unknown>) =>
  `data: ${JSON.stringify({ id: "c1", created: 1711357598, model: "m", choices: choice ? [{ index: 0, ...choice }] : [], ...fields })}\n\n`

const sse = (...chunks: ReadonlyArray<string>) => `${chunks.join("")}data: [DONE]\n\n`

const expectSameStream = async (family: Family, body: string, chunkSize?: number) => {
  const expected = await runUpstreamStream(family.upstream, options, body, chunkSize)
  const actual = await runOursStream(family.ours, options, body, chunkSize)
  expect(actual.parts).toEqual(expected.parts)
  expect(actual.failure).toEqual(expected.failure)
}

const expectSameGenerate = async (family: Family, body: unknown) => {
  const text = JSON.stringify(body)
  const expected = await runUpstreamGenerate(family.upstream, options, text)
  const actual = await runOursGenerate(family.ours, options, text)
  expect(actual.result).toEqual(expected.result)
  expect(actual.failure).toEqual(expected.failure)
}

const rawFinishReasons = [
  "stop",
  "length",
  "content_filter",
  "function_call",
  "tool_calls",
  "insufficient_system_resource",
  "eos",
  undefined
] as const

const usages: ReadonlyArray<Record<string, unknown>> = [
  { prompt_tokens: 10, completion_tokens: 5 },
  {
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
    prompt_tokens_details: { cached_tokens: 3 },
    completion_tokens_details: { reasoning_tokens: 2 }
  },
  { prompt_tokens: 2, completion_tokens: 1, completion_tokens_details: { reasoning_tokens: 4 } },
  { prompt_tokens: null, completion_tokens: null, prompt_tokens_details: null, completion_tokens_details: null },
  { prompt_tokens: 7, prompt_tokens_details: { cached_tokens: null }, completion_tokens_details: { reasoning_tokens: null } },
  { prompt_tokens: 10, completion_tokens: 5, prompt_cache_hit_tokens: 4, prompt_cache_miss_tokens: 6 },
  {
    prompt_tokens: 10,
    completion_tokens: 5,
    completion_tokens_details: { accepted_prediction_tokens: 1, rejected_prediction_tokens: 2 },
    extra: "kept when loose"
  },
  {}
]

/** Every sequence of reasoning (R), text (T) and tool-call (C) deltas up to `length`. */
const sequences = (length: number): Array<string> => {
  if (length === 0) return [""]
  const shorter = sequences(length - 1)
  return [...shorter, ...shorter.filter((s) => s.length === length - 1).flatMap((s) => ["R", "T", "C"].map((k) => s + k))]
}

const deltaChunks = (family: Family, sequence: string): Array<string> => {
  let toolIndex = 0
  return [...sequence].map((kind, i) => {
    switch (kind) {
      case "R":
        return chunk({}, { delta: { [family.reasoningKey]: `r${i}` } })
      case "T":
        return chunk({}, { delta: { content: `t${i}` } })
      default: {
        const index = toolIndex++
        return chunk({}, {
          delta: {
            tool_calls: [{ index, id: `call_${index}`, type: "function", function: { name: "get", arguments: "{}" } }]
          }
        })
      }
    }
  })
}

const errorFrames: ReadonlyArray<{ readonly type?: string | null; readonly code?: string | number | null }> = [
  ...[
    "rate_limit_error",
    "rate_limit_exceeded",
    "api_error",
    "internal_server_error",
    "server_error",
    "overloaded_error",
    "service_unavailable",
    "timeout",
    "timeout_error",
    "authentication_error",
    "invalid_api_key",
    "permission_error",
    "not_found_error",
    "model_not_found",
    "bad_request",
    "context_length_exceeded",
    "invalid_request_error",
    "insufficient_quota",
    "something_else"
  ].map((type) => ({ type })),
  { type: null, code: "rate_limit_exceeded" },
  { type: "something_else", code: "timeout" },
  { type: "api_error", code: "418" },
  { type: "invalid_request_error", code: 503 },
  { type: null, code: "insufficient_quota" },
  { type: null, code: 200 }
]

for (const family of families) {
  describe(`${family.name}: finish reasons (differential)`, () => {
    for (const raw of rawFinishReasons) {
      it(`stream ${raw ?? "absent"}`, async () => {
        const finish = raw === undefined ? [] : [chunk({}, { delta: {}, finish_reason: raw })]
        await expectSameStream(family, sse(chunk({}, { delta: { content: "Hi" } }), ...finish))
      })
      it(`generate ${raw ?? "absent"}`, async () => {
        await expectSameGenerate(family, {
          id: "c1",
          created: 1711357598,
          model: "m",
          choices: [{ index: 0, message: { role: "assistant", content: "Hi" }, ...(raw && { finish_reason: raw }) }]
        })
      })
    }
  })

  describe(`${family.name}: usage (differential)`, () => {
    usages.forEach((usage, i) => {
      it(`stream usage #${i}`, async () => {
        await expectSameStream(
          family,
          sse(chunk({}, { delta: { content: "Hi" }, finish_reason: "stop" }), chunk(family.usageChunk(usage)))
        )
      })
      it(`generate usage #${i}`, async () => {
        await expectSameGenerate(family, {
          id: "c1",
          choices: [{ index: 0, message: { role: "assistant", content: "Hi" }, finish_reason: "stop" }],
          usage
        })
      })
    })
  })

  describe(`${family.name}: text/reasoning/tool-call interleavings (differential)`, () => {
    const all = sequences(4).filter((s) => s.length > 0)
    it(`${all.length} sequences of reasoning, text and tool-call deltas`, async () => {
      for (const sequence of all) {
        const body = sse(...deltaChunks(family, sequence), chunk({}, { delta: {}, finish_reason: "stop" }))
        const expected = await runUpstreamStream(family.upstream, options, body, undefined)
        const actual = await runOursStream(family.ours, options, body, undefined)
        expect({ sequence, parts: actual.parts }).toEqual({ sequence, parts: expected.parts })
      }
    })
    it("a sequence ended without a finish reason", async () => {
      await expectSameStream(family, sse(...deltaChunks(family, "RTRC")))
    })
  })

  describe(`${family.name}: error frames (differential)`, () => {
    it(`${errorFrames.length} error type/code combinations`, async () => {
      for (const error of errorFrames) {
        const frame = `data: ${JSON.stringify({ error: { message: "boom", ...error } })}\n\n`
        const body = sse(chunk({}, { delta: { content: "Hi" } }), frame, chunk({}, { delta: {}, finish_reason: "stop" }))
        const expected = await runUpstreamStream(family.upstream, options, body, undefined)
        const actual = await runOursStream(family.ours, options, body, undefined)
        expect({ error, parts: actual.parts }).toEqual({ error, parts: expected.parts })
      }
    })
  })
}

describe("openai-compatible: refusal turns stop into content-filter (differential)", () => {
  const compat = families[0]
  it("stream", async () => {
    await expectSameStream(compat, sse(chunk({}, { delta: { refusal: "no" } }), chunk({}, { delta: {}, finish_reason: "stop" })))
  })
  it("generate", async () => {
    await expectSameGenerate(compat, {
      choices: [{ index: 0, message: { role: "assistant", content: null, refusal: "no" }, finish_reason: "stop" }]
    })
  })
})

describe("settings → URL and headers (differential)", () => {
  interface SettingsCase {
    readonly name: string
    readonly apiKey?: string
    readonly baseURL?: string
    readonly headers?: Record<string, string>
  }
  const cases: ReadonlyArray<SettingsCase> = [
    { name: "key only", apiKey: "k-1" },
    { name: "base URL with a trailing slash", apiKey: "k-1", baseURL: "https://proxy.test/v9/" },
    { name: "base URL without one", apiKey: "k-1", baseURL: "https://proxy.test/v9" },
    { name: "configured headers, one overriding the key", apiKey: "k-1", headers: { "X-Custom": "a", Authorization: "Bearer other" } },
    { name: "configured user agent", apiKey: "k-1", headers: { "User-Agent": "mine/1.0" } }
  ]
  const callOptions: LanguageModelV4CallOptions = { ...options, headers: { "x-call": "b", "X-Custom": "c" } }
  const body = sse(chunk({}, { delta: { content: "Hi" }, finish_reason: "stop" }))
  const relevant = (headers: Readonly<Record<string, string>> | undefined) =>
    Object.fromEntries(
      Object.entries(headers ?? {}).filter(([key]) =>
        ["authorization", "user-agent", "x-custom", "x-call", "content-type"].includes(key.toLowerCase())
      ).map(([key, value]) => [key.toLowerCase(), value])
    )

  const upstreamModel = (family: Family["name"], c: SettingsCase) => (fetch: typeof globalThis.fetch): LanguageModelV4 => {
    const common = { fetch, ...(c.apiKey !== undefined && { apiKey: c.apiKey }), ...(c.headers && { headers: c.headers }) }
    switch (family) {
      case "openai-compatible":
        return createOpenAICompatible({ ...common, name: "acme", baseURL: c.baseURL ?? "https://compat.test/v1" }).chatModel("m")
      case "groq":
        return createGroq({ ...common, ...(c.baseURL && { baseURL: c.baseURL }) })("m")
      case "deepseek":
        return createDeepSeek({ ...common, ...(c.baseURL && { baseURL: c.baseURL }) })("m")
    }
  }
  const oursModel = (family: Family["name"], c: SettingsCase) => {
    const common = { apiKey: c.apiKey, headers: c.headers }
    switch (family) {
      case "openai-compatible":
        return OpenAICompatible.layer("m", { ...common, name: "acme", baseURL: c.baseURL ?? "https://compat.test/v1" })
      case "groq":
        return Groq.layer("m", { ...common, baseURL: c.baseURL })
      case "deepseek":
        return DeepSeek.layer("m", { ...common, baseURL: c.baseURL })
    }
  }

  /** The request each side sends for one streamed call. */
  const requests = async (family: Family["name"], c: SettingsCase) => {
    const captured: Captured = {}
    const model = upstreamModel(family, c)(mockFetch(body, captured))
    await readAll((await model.doStream(callOptions)).stream)
    const replay = ReplayHttpClient.make({ body, headers: { "content-type": "text/event-stream" } })
    await Effect.runPromise(
      Effect.gen(function*() {
        const ours = yield* LanguageModelService
        const result = yield* ours.stream(decodeCallOptions(callOptions))
        yield* Stream.runDrain(result.stream)
      }).pipe(Effect.provide(Layer.provideMerge(oursModel(family, c), replay.layer)))
    )
    return { captured, request: replay.recorder.requests[0] }
  }

  for (const family of families) {
    for (const c of cases) {
      it(`${family.name}: ${c.name}`, async () => {
        const { captured, request } = await requests(family.name, c)
        expect(request?.url).toEqual(captured.url)
        const expected = relevant(captured.headers)
        if (family.name === "deepseek") {
          // Known difference (docs/divergences.md): upstream DeepSeek names its nested
          // provider-utils 5.0.51; aimux has the one provider-utils port, 5.0.81.
          expected["user-agent"] = expected["user-agent"]?.replace(
            "ai-sdk-provider-utils/5.0.51",
            "ai-sdk-provider-utils/5.0.81"
          )
        }
        expect(relevant(request?.headers)).toEqual(expected)
      })
    }
  }

  it("openai-compatible without a key (or with an empty one) sends no Authorization", async () => {
    for (const apiKey of [undefined, ""]) {
      const c: SettingsCase = apiKey === undefined ? { name: "no key" } : { name: "empty key", apiKey }
      const { captured, request } = await requests("openai-compatible", c)
      expect(relevant(request?.headers)).toEqual(relevant(captured.headers))
      expect(relevant(captured.headers).authorization).toBeUndefined()
    }
  })

  for (const [family, variable] of [["groq", "GROQ_API_KEY"], ["deepseek", "DEEPSEEK_API_KEY"]] as const) {
    it(`${family}: a missing key fails with upstream's LoadAPIKeyError message`, async () => {
      const saved = process.env[variable]
      delete process.env[variable]
      try {
        const c: SettingsCase = { name: "no key" }
        const expected = await upstreamModel(family, c)(mockFetch(body, {})).doStream(options).then(
          () => undefined,
          (error: unknown) => error
        )
        const exit = await Effect.runPromiseExit(
          Effect.gen(function*() {
            yield* LanguageModelService
          }).pipe(Effect.provide(Layer.provideMerge(oursModel(family, c), ReplayHttpClient.make({ body }).layer)))
        )
        expect(Exit.isFailure(exit)).toBe(true)
        const actual = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
        expect(normalizeError(actual)).toEqual(normalizeError(expected))
      } finally {
        if (saved !== undefined) process.env[variable] = saved
      }
    })
  }
})
