/**
 * End to end, the providers that output-provider-body.test.ts does not cover: the same `output`
 * through generateText and the OpenAI Responses model, the Gemini API model and Vertex's Gemini
 * model, on both sides (upstream `ai` + `@ai-sdk/openai` / `@ai-sdk/google` /
 * `@ai-sdk/google-vertex` over a mocked fetch; aimux `GenerateText` + the provider over a replay
 * HttpClient). Compared: the request body each sends (Responses `text.format`, Gemini
 * `generationConfig.responseMimeType` / `responseSchema` / `responseJsonSchema`) and the parsed
 * output. Effect Schemas on our side, the equivalent zod schemas upstream.
 */
import { createDeepSeek } from "@ai-sdk/deepseek"
import { createGroq } from "@ai-sdk/groq"
import { createOpenAI } from "@ai-sdk/openai"
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import type { LanguageModelV4 } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, Output as UpstreamOutput } from "ai"
import { Effect, Layer, Schema } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import { z } from "zod"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Output from "../../src/core/Output.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { DeepSeek } from "../../src/providers/deepseek/index.ts"
import { Groq } from "../../src/providers/groq/index.ts"
import { OpenAICompatible } from "../../src/providers/openai-compatible/index.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { wireJson } from "../providers/_kit/Wire.ts"
import { aimuxModel as geminiModel, type Captured as GeminiCaptured, type Flavor, upstreamModel as upstreamGemini } from "../providers/google/harness.ts"
import { type Captured, mockFetch } from "../providers/openai/upstream.ts"
import { replayClient } from "../providers/openai/replay.ts"
import { oursModel as responsesModel } from "../providers/openai-responses/harness.ts"
import * as HuggingFaceHarness from "../providers/huggingface/harness.ts"
import * as XAIHarness from "../providers/xai/harness.ts"
import * as BedrockHarness from "../providers/amazon-bedrock/harness.ts"
import * as HuggingFace from "../../src/providers/huggingface/HuggingFace.ts"
import * as HuggingFaceLanguageModel from "../../src/providers/huggingface/HuggingFaceLanguageModel.ts"
import * as XAI from "../../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../../src/providers/xai/XAILanguageModel.ts"
import { makeCounter } from "../../src/runtime/IdGenerator.ts"

interface Case {
  readonly name: string
  readonly ours: Output.Any
  readonly upstream: unknown
  readonly text: string
}

const cases: ReadonlyArray<Case> = [
  {
    name: "object (name, description)",
    ours: Output.object({ schema: Schema.Struct({ name: Schema.String, age: Schema.Number }), name: "person", description: "A person" }),
    upstream: UpstreamOutput.object({ schema: z.object({ name: z.string(), age: z.number() }), name: "person", description: "A person" }),
    text: "{\"name\":\"Ada\",\"age\":36}"
  },
  {
    name: "array (maxItems)",
    ours: Output.array({ element: Schema.Struct({ tag: Schema.String }), maxItems: 3 }),
    upstream: UpstreamOutput.array({ element: z.object({ tag: z.string() }), maxItems: 3 }),
    text: "{\"elements\":[{\"tag\":\"a\"},{\"tag\":\"b\"}]}"
  },
  {
    name: "choice",
    ours: Output.choice({ options: ["yes", "no"] }),
    upstream: UpstreamOutput.choice({ options: ["yes", "no"] }),
    text: "{\"result\":\"no\"}"
  },
  { name: "json (no schema)", ours: Output.json(), upstream: UpstreamOutput.json(), text: "{\"any\":[1]}" },
  { name: "text", ours: Output.text(), upstream: UpstreamOutput.text(), text: "plain" }
]

const responsesBody = (text: string) =>
  JSON.stringify({
    id: "resp_1",
    object: "response",
    created_at: 0,
    status: "completed",
    model: "gpt-4.1-mini",
    output: [{ type: "message", id: "msg_1", status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }],
    usage: { input_tokens: 3, output_tokens: 5, total_tokens: 8 }
  })

describe("structured output through the OpenAI Responses provider (vs upstream)", () => {
  for (const testCase of cases) {
    it.live(testCase.name, () =>
      Effect.gen(function*() {
        const body = responsesBody(testCase.text)
        const captured: Captured = {}
        const model = createOpenAI({ apiKey: "k", fetch: mockFetch(body, captured, { contentType: "application/json" }) }).responses("gpt-4.1-mini")
        const expected = yield* Effect.promise(() => upstreamGenerateText({ model, prompt: "hi", output: testCase.upstream as never }))
        const { client, seen } = replayClient(body, { contentType: "application/json" })
        const actual = yield* GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(
          Effect.provideService(LanguageModel, responsesModel(client, "gpt-4.1-mini"))
        )
        expect(captured.body).toMatchObject({ model: "gpt-4.1-mini" })
        if (testCase.ours.name !== "text") expect(captured.body).toHaveProperty("text.format")
        expect(wireJson(seen.bodies[0])).toEqual(wireJson(captured.body))
        expect(wireJson(actual.output)).toEqual(wireJson(expected.output))
      }))
  }
})

const geminiBody = (text: string) =>
  JSON.stringify({
    candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5, totalTokenCount: 8 }
  })

for (const flavor of ["google", "vertex"] as const satisfies ReadonlyArray<Flavor>) {
  describe(`structured output through the ${flavor} Gemini provider (vs upstream)`, () => {
    for (const testCase of cases) {
      it.live(testCase.name, () =>
        Effect.gen(function*() {
          const reply = { body: geminiBody(testCase.text), contentType: "application/json" }
          const upstreamCaptured: GeminiCaptured = []
          const expected = yield* Effect.promise(() =>
            upstreamGenerateText({ model: upstreamGemini(flavor, reply, upstreamCaptured), prompt: "hi", output: testCase.upstream as never })
          )
          const captured: GeminiCaptured = []
          const actual = yield* GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(
            Effect.provideService(LanguageModel, geminiModel(flavor, reply, captured))
          )
          expect(captured).toHaveLength(1)
          const sent = JSON.parse(upstreamCaptured[0]!.rawBody)
          if (testCase.ours.name !== "text") expect(sent).toHaveProperty("generationConfig.responseMimeType", "application/json")
          expect(JSON.parse(captured[0]!.rawBody)).toEqual(sent)
          expect(wireJson(actual.output)).toEqual(wireJson(expected.output))
        }))
    }
  })
}

const completion = (content: string) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 }
  })

const compatSettings = { baseURL: "https://compat.test/v1", name: "openai-compatible", apiKey: "test-key" }
const chatFamily: ReadonlyArray<{
  readonly name: string
  readonly upstream: (fetch: typeof globalThis.fetch) => LanguageModelV4
  readonly ours: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>
}> = [
  {
    name: "openai-compatible",
    upstream: (fetch) => createOpenAICompatible({ ...compatSettings, fetch }).chatModel("test-model"),
    ours: OpenAICompatible.layer("test-model", compatSettings)
  },
  {
    name: "openai-compatible (structured outputs)",
    upstream: (fetch) => createOpenAICompatible({ ...compatSettings, supportsStructuredOutputs: true, fetch }).chatModel("test-model"),
    ours: OpenAICompatible.layer("test-model", { ...compatSettings, supportsStructuredOutputs: true })
  },
  {
    name: "groq",
    upstream: (fetch) => createGroq({ apiKey: "test-key", fetch })("llama-3.3-70b-versatile"),
    ours: Groq.layer("llama-3.3-70b-versatile", { apiKey: "test-key" })
  },
  {
    name: "deepseek",
    upstream: (fetch) => createDeepSeek({ apiKey: "test-key", fetch })("deepseek-chat"),
    ours: DeepSeek.layer("deepseek-chat", { apiKey: "test-key" })
  }
]

for (const provider of chatFamily) {
  describe(`structured output through the ${provider.name} provider (vs upstream)`, () => {
    for (const testCase of cases) {
      it.live(testCase.name, () =>
        Effect.gen(function*() {
          const body = completion(testCase.text)
          const captured: Captured = {}
          const expected = yield* Effect.promise(() =>
            upstreamGenerateText({
              model: provider.upstream(mockFetch(body, captured, { contentType: "application/json" })),
              prompt: "hi",
              output: testCase.upstream as never
            })
          )
          const replay = ReplayHttpClient.make({ body, headers: { "content-type": "application/json" } })
          const actual = yield* GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(
            Effect.provide(Layer.provideMerge(provider.ours, Layer.merge(replay.layer, IdGenerator.layerCounter())))
          )
          const sent = replay.recorder.requests[0]?.bodyText
          expect(captured.body).toBeDefined()
          expect(sent === undefined ? undefined : JSON.parse(sent)).toEqual(captured.body)
          expect(wireJson(actual.output)).toEqual(wireJson(expected.output))
        }))
    }
  })
}

// Hugging Face's Responses body has more required fields
const huggingFaceBody = (text: string) =>
  JSON.stringify({
    ...JSON.parse(responsesBody(text)),
    model: "meta-llama/Llama-3.3-70B-Instruct",
    error: null,
    instructions: null,
    max_output_tokens: null,
    metadata: {},
    tool_choice: "auto",
    tools: [],
    temperature: 0.7,
    top_p: 1,
    incomplete_details: null,
    usage: { input_tokens: 3, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 8 }
  })

// xAI and Hugging Face: Responses-shaped bodies, through their own packages
const responsesFamily = [
  {
    name: "xai",
    body: responsesBody,
    upstream: (reply: XAIHarness.Reply, captured: XAIHarness.Captured) => XAIHarness.withCounter(XAIHarness.upstreamModel(reply, captured, XAIHarness.defaultModel)),
    ours: (reply: XAIHarness.Reply, captured: XAIHarness.Captured) =>
      XAILanguageModel.makeWith(XAIHarness.replayClient(reply, captured), {
        ...XAI.modelConfig(XAIHarness.defaultModel, { apiKey: "test-key" }),
        generateId: makeCounter("id")
      })
  },
  {
    name: "huggingface",
    body: huggingFaceBody,
    upstream: (reply: XAIHarness.Reply, captured: XAIHarness.Captured) =>
      XAIHarness.withCounter(HuggingFaceHarness.upstreamModel(reply, captured, HuggingFaceHarness.defaultModel)),
    ours: (reply: XAIHarness.Reply, captured: XAIHarness.Captured) =>
      HuggingFaceLanguageModel.makeWith(HuggingFaceHarness.replayClient(reply, captured), {
        ...HuggingFace.modelConfig(HuggingFaceHarness.defaultModel, { apiKey: "test-key" }),
        generateId: makeCounter("id")
      })
  }
] as const

for (const provider of responsesFamily) {
  describe(`structured output through the ${provider.name} provider (vs upstream)`, () => {
    for (const testCase of cases) {
      it.live(testCase.name, () =>
        Effect.gen(function*() {
          const reply = { body: provider.body(testCase.text), contentType: "application/json" }
          const upstreamCaptured: XAIHarness.Captured = {}
          const expected = yield* Effect.promise(() =>
            upstreamGenerateText({ model: provider.upstream(reply, upstreamCaptured), prompt: "hi", output: testCase.upstream as never })
          )
          const captured: XAIHarness.Captured = {}
          const actual = yield* GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(
            Effect.provideService(LanguageModel, provider.ours(reply, captured))
          )
          expect(upstreamCaptured.text).toBeDefined()
          expect(JSON.parse(captured.text ?? "null")).toEqual(JSON.parse(upstreamCaptured.text ?? "null"))
          expect(wireJson(actual.output)).toEqual(wireJson(expected.output))
        }))
    }
  })
}

const converseBody = (text: string) =>
  JSON.stringify({
    output: { message: { role: "assistant", content: [{ text }] } },
    stopReason: "end_turn",
    usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8 }
  })

/** The output, or the failure's name (both sides must agree on either). */
const outcome = (run: () => Promise<unknown>) =>
  Effect.promise(() => run().then((output) => ({ output: wireJson(output) }), (error: unknown) => ({ error: error instanceof Error ? error.name : String(error) })))

describe("structured output through the Amazon Bedrock provider (vs upstream)", () => {
  for (const testCase of cases) {
    it.live(testCase.name, () =>
      Effect.gen(function*() {
        const reply = { body: converseBody(testCase.text), contentType: "application/json" }
        const upstreamCaptured: BedrockHarness.Captured = {}
        const expected = yield* outcome(() =>
          upstreamGenerateText({ model: BedrockHarness.upstreamModel(reply, upstreamCaptured), prompt: "hi", output: testCase.upstream as never }).then((r) => r.output)
        )
        const captured: BedrockHarness.Captured = {}
        const model = yield* BedrockHarness.aimuxModel(reply, captured)
        const exit = yield* Effect.exit(GenerateText.generateText({ prompt: "hi", output: testCase.ours }).pipe(Effect.provideService(LanguageModel, model)))
        const actual = exit._tag === "Success"
          ? { output: wireJson(exit.value.output) }
          : { error: exit.cause.reasons[0] !== undefined && "error" in exit.cause.reasons[0] && exit.cause.reasons[0].error instanceof Error ? exit.cause.reasons[0].error.name : "?" }
        expect(upstreamCaptured.bodyText).toBeDefined()
        expect(JSON.parse(captured.bodyText ?? "null")).toEqual(JSON.parse(upstreamCaptured.bodyText ?? "null"))
        expect(actual).toEqual(expected)
      }))
  }
})
