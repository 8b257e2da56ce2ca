/**
 * The implementations measured by `npm run bench`, each as a {@link Runner}: aimux, the pinned
 * upstream package (fetch mocked with the same chunks), and the floor (eventsource-parser +
 * `JSON.parse` over the same chunks and nothing else).
 */
import { createAnthropic } from "@ai-sdk/anthropic"
import { createAzure } from "@ai-sdk/azure"
import { createCohere } from "@ai-sdk/cohere"
import { createMistral } from "@ai-sdk/mistral"
import { createOpenAI } from "@ai-sdk/openai"
import { createXai } from "@ai-sdk/xai"
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { jsonSchema, streamText as upstreamStreamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import * as OtelTracer from "@effect/opentelemetry/OtelTracer"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Effect, Layer, Schema, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { createParser } from "eventsource-parser"
import * as StreamText from "../src/core/StreamText.ts"
import * as Telemetry from "../src/core/Telemetry.ts"
import * as Tool from "../src/core/Tool.ts"
import type * as LanguageModel from "../src/LanguageModel.ts"
import { makeCounter } from "../src/runtime/IdGenerator.ts"
import { createGoogle } from "@ai-sdk/google"
import * as Anthropic from "../src/providers/anthropic/Anthropic.ts"
import * as Azure from "../src/providers/azure/Azure.ts"
import * as Cohere from "../src/providers/cohere/Cohere.ts"
import * as CohereLanguageModel from "../src/providers/cohere/CohereLanguageModel.ts"
import * as Mistral from "../src/providers/mistral/Mistral.ts"
import * as MistralLanguageModel from "../src/providers/mistral/MistralLanguageModel.ts"
import * as GeminiLanguageModel from "../src/providers/kits/gemini/GeminiLanguageModel.ts"
import * as Google from "../src/providers/google/Google.ts"
import * as AnthropicLanguageModel from "../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as OpenAIChatLanguageModel from "../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import * as OpenAIResponsesLanguageModel from "../src/providers/kits/openai/responses/OpenAIResponsesLanguageModel.ts"
import * as XAI from "../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../src/providers/xai/XAILanguageModel.ts"
import { CallOptions } from "../src/contract/CallOptions.ts"
import type { StreamPart } from "../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../src/testing/MockLanguageModel.ts"
import { bodyOf, type Probe, responseOf, type Runner, seen } from "./measure.ts"

const upstreamOptions: LanguageModelV4CallOptions = {
  prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }]
}
const aimuxOptions: CallOptions = Schema.decodeUnknownSync(CallOptions)(upstreamOptions)

/** Parts are counted in batches; the heap is sampled every 256 parts (same rate on every side). */
const consumed = (probe: Probe, count: number): void => {
  const before = probe.parts
  seen(probe, count)
  if ((before >>> 8) !== (probe.parts >>> 8)) probe.sample()
}

/** An `HttpClient` answering with the chunks, as the fetch client would (a WHATWG `Response`). */
const replayClient = (chunks: ReadonlyArray<Uint8Array>, probe: Probe): HttpClient.HttpClient =>
  HttpClient.make((request) => Effect.sync(() => HttpClientResponse.fromWeb(request, responseOf(chunks, probe))))

/** A `fetch` answering with the chunks. */
const mockFetch = (chunks: ReadonlyArray<Uint8Array>, probe: Probe): typeof fetch => () =>
  Promise.resolve(responseOf(chunks, probe))

/** Consumes an aimux model stream, a batch (one per network chunk) at a time. */
const runAimuxStream = (
  model: LanguageModel.Service,
  probe: Probe
): Promise<void> =>
  Effect.runPromise(
    Effect.flatMap(model.stream(aimuxOptions), ({ stream }) =>
      Stream.runForEachArray(stream, (parts) =>
        Effect.sync(() => {
          // stream-start is emitted before any byte is read: it is not the first part
          consumed(probe, parts[0].type === "stream-start" ? parts.length - 1 : parts.length)
        })))
  )

/** Consumes an upstream `doStream` result part by part. */
export const runUpstreamStream = async (
  result: PromiseLike<{ readonly stream: ReadableStream<LanguageModelV4StreamPart> }>,
  probe: Probe
): Promise<void> => {
  const reader = (await result).stream.getReader()
  while (true) {
    const { done, value } = await reader.read()
    if (done) return
    if (value.type !== "stream-start") consumed(probe, 1)
  }
}

/** The floor: UTF-8 decode, eventsource-parser and `JSON.parse` per event, over the same body. */
export const floor = (chunks: ReadonlyArray<Uint8Array>): Runner => async (probe) => {
  const decoder = new TextDecoder()
  let events = 0
  const parser = createParser({
    onEvent: (event) => {
      if (event.data === "[DONE]") return
      JSON.parse(event.data)
      events++
    }
  })
  const reader = bodyOf(chunks, probe).getReader()
  while (true) {
    const { done, value } = await reader.read()
    if (done) break
    events = 0
    parser.feed(decoder.decode(value, { stream: true }))
    consumed(probe, events)
  }
}

/** aimux OpenAI chat `stream` (W1, W2, linearity). */
export const aimuxOpenAI = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runAimuxStream(
    OpenAIChatLanguageModel.makeWith(replayClient(chunks, probe), {
      provider: "openai.chat",
      modelId: "gpt-4o-mini",
      url: "https://api.openai.com/v1/chat/completions",
      headers: { Authorization: "Bearer bench" },
      generateId: makeCounter("id")
    }),
    probe
  )

/** Upstream `@ai-sdk/openai` chat `doStream` (W1, W2). */
export const upstreamOpenAI = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runUpstreamStream(
    createOpenAI({ apiKey: "bench", fetch: mockFetch(chunks, probe) }).chat("gpt-4o-mini").doStream(upstreamOptions),
    probe
  )

/** aimux OpenAI Responses `stream` (W5). */
export const aimuxOpenAIResponses = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runAimuxStream(
    OpenAIResponsesLanguageModel.makeWith(replayClient(chunks, probe), {
      provider: "openai.responses",
      modelId: "gpt-4.1-mini",
      url: "https://api.openai.com/v1/responses",
      headers: { Authorization: "Bearer bench" },
      fileIdPrefixes: ["file-"],
      generateId: makeCounter("id")
    }),
    probe
  )

/** Upstream `@ai-sdk/openai` Responses `doStream` (W5). */
export const upstreamOpenAIResponses = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runUpstreamStream(
    createOpenAI({ apiKey: "bench", fetch: mockFetch(chunks, probe) }).responses("gpt-4.1-mini").doStream(upstreamOptions),
    probe
  )

/** aimux Azure OpenAI Responses `stream` (workload AZURE: W5's body on the Azure config, 4.0.81's behaviours). */
export const aimuxAzure = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  Effect.runPromise(Azure.responsesConfig("gpt-4.1-mini", { resourceName: "aimux-holdout", apiKey: "bench" })).then((config) =>
    runAimuxStream(OpenAIResponsesLanguageModel.makeWith(replayClient(chunks, probe), { ...config, generateId: makeCounter("id") }), probe)
  )

/** Upstream `@ai-sdk/azure` Responses `doStream` (workload AZURE); its call options are typed by its nested provider package. */
export const upstreamAzure = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) => {
  const model = createAzure({ resourceName: "aimux-holdout", apiKey: "bench", fetch: mockFetch(chunks, probe) }).responses("gpt-4.1-mini")
  const options: Parameters<typeof model.doStream>[0] = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
  return runUpstreamStream(model.doStream(options), probe)
}

/** aimux Anthropic messages `stream` (W4). */
export const aimuxAnthropic = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  Effect.runPromise(
    Effect.map(
      Anthropic.modelConfig("claude-sonnet-4-5", { apiKey: "bench" }),
      (config) =>
        AnthropicLanguageModel.makeWith(replayClient(chunks, probe), { ...config, generateId: makeCounter("id") })
    )
  ).then((model) => runAimuxStream(model, probe))

/** Upstream `@ai-sdk/anthropic` messages `doStream` (W4). */
export const upstreamAnthropic = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runUpstreamStream(
    createAnthropic({ apiKey: "bench", fetch: mockFetch(chunks, probe) })("claude-sonnet-4-5").doStream(upstreamOptions),
    probe
  )

/** aimux Gemini `stream` (GEMINI). */
export const aimuxGoogle = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runAimuxStream(
    GeminiLanguageModel.makeWith(
      replayClient(chunks, probe),
      Google.modelConfig("gemini-2.5-flash", { apiKey: "bench", generateId: makeCounter("id") })
    ),
    probe
  )

/** Upstream `@ai-sdk/google` `doStream` (GEMINI). */
export const upstreamGoogle = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runUpstreamStream(
    createGoogle({ apiKey: "bench", fetch: mockFetch(chunks, probe) })("gemini-2.5-flash").doStream(upstreamOptions),
    probe
  )

/** aimux xAI Responses `stream` (workload XAI). */
export const aimuxXai = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runAimuxStream(
    XAILanguageModel.makeWith(replayClient(chunks, probe), {
      ...XAI.modelConfig("grok-4.20-non-reasoning", { apiKey: "bench" }),
      generateId: makeCounter("id")
    }),
    probe
  )

/** Upstream `@ai-sdk/xai` Responses `doStream` (workload XAI); its call options are typed by its nested provider package. */
export const upstreamXai = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) => {
  const model = createXai({ apiKey: "bench", fetch: mockFetch(chunks, probe) })("grok-4.20-non-reasoning")
  const options: Parameters<typeof model.doStream>[0] = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
  return runUpstreamStream(model.doStream(options), probe)
}

/** aimux Cohere v2 chat `stream` (workload COHERE). */
export const aimuxCohere = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runAimuxStream(
    CohereLanguageModel.makeWith(replayClient(chunks, probe), {
      ...Cohere.modelConfig("command-a-03-2025", { apiKey: "bench" }),
      generateId: makeCounter("id")
    }),
    probe
  )

/** Upstream `@ai-sdk/cohere` chat `doStream` (workload COHERE); its call options are typed by its nested provider package. */
export const upstreamCohere = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) => {
  const model = createCohere({ apiKey: "bench", fetch: mockFetch(chunks, probe) })("command-a-03-2025")
  const options: Parameters<typeof model.doStream>[0] = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
  return runUpstreamStream(model.doStream(options), probe)
}

/** aimux Mistral chat `stream` (workload MISTRAL). */
export const aimuxMistral = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runAimuxStream(
    MistralLanguageModel.makeWith(replayClient(chunks, probe), {
      ...Mistral.modelConfig("magistral-medium-latest", { apiKey: "bench" }),
      generateId: makeCounter("id")
    }),
    probe
  )

/** Upstream `@ai-sdk/mistral` chat `doStream` (workload MISTRAL). */
export const upstreamMistral = (chunks: ReadonlyArray<Uint8Array>): Runner => (probe) =>
  runUpstreamStream(
    createMistral({ apiKey: "bench", fetch: mockFetch(chunks, probe) })("magistral-medium-latest").doStream(upstreamOptions),
    probe
  )

const weatherSchema = {
  type: "object",
  properties: { city: { type: "string" }, days: { type: "number" } },
  required: ["city", "days"],
  additionalProperties: false
} as const

/** aimux `streamText` over the mock model, tools executed (W3). */
export const aimuxStreamText = (parts: ReadonlyArray<StreamPart>): Runner => (probe) =>
  Effect.runPromise(w3Program(parts, probe))

/**
 * W3 traced (W3T): `Telemetry.layer()` with `@effect/opentelemetry` on an SDK provider whose
 * in-memory exporter is emptied after each run (the spans of one run: the call, its step, 100
 * tool calls, plus aimux's Effect spans). `telemetry: false`: the same tracer without
 * `Telemetry.layer` (aimux's own Effect spans only).
 */
export const aimuxStreamTextTraced = (
  parts: ReadonlyArray<StreamPart>,
  telemetry = true,
  settings: Telemetry.TelemetrySettings = {}
): Runner => {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  const layer = Layer.merge(
    OtelTracer.layer.pipe(Layer.provide(Layer.succeed(OtelTracer.OtelTracerProvider, provider))),
    telemetry ? Telemetry.layer(settings) : Layer.empty
  )
  return async (probe) => {
    await Effect.runPromise(w3Program(parts, probe).pipe(Effect.provide(layer)))
    if (telemetry && exporter.getFinishedSpans().length < 102) throw new Error("W3T: the spans were not exported")
    exporter.reset()
  }
}

const w3Program = (parts: ReadonlyArray<StreamPart>, probe: Probe) =>
  StreamText.streamText({
      prompt: "hi",
      tools: {
        weather: Tool.make({
          inputSchema: Tool.jsonSchema<{ city: string; days: number }>(weatherSchema),
          execute: (input) => Effect.succeed({ city: input.city, temperature: 21 })
        })
      }
    }).pipe(
      Stream.runForEachArray((batch) => Effect.sync(() => consumed(probe, batch.length))),
      Effect.provide(MockLanguageModel.layer({ stream: { stream: parts } }))
    )

/** Upstream `ai` `streamText` over `MockLanguageModelV4` with the same parts, tools executed (W3). */
export const upstreamStreamTextRunner = (parts: ReadonlyArray<LanguageModelV4StreamPart>): Runner => async (probe) => {
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...parts]) })
  })
  const result = upstreamStreamText({
    model,
    prompt: "hi",
    tools: {
      weather: tool({
        inputSchema: jsonSchema<{ city: string; days: number }>(weatherSchema),
        execute: async (input) => ({ city: input.city, temperature: 21 })
      })
    },
    onError: () => {}
  })
  for await (const _part of result.fullStream) consumed(probe, 1)
}
