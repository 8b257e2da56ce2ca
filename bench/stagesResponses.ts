/**
 * `bench/stages.ts` for the Responses workloads (W5: OpenAI Responses, XAI): where a provider
 * stream's CPU time goes, each stage alone over the workload's own pre-computed input, then the
 * same work with more of the real pipeline around it (the plain loop, the Effect stream without
 * HTTP, the model's `stream` without and with the body-idle bound). Interleaved rounds, median CPU
 * ms per run (for docs/benchmarks.md's profile summary).
 *
 *   node bench/stagesResponses.ts XAI [runs]
 */
import { Effect, Schema, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import * as ElementTransformer from "../src/provider-utils/ElementTransformer.ts"
import * as JsonEventStream from "../src/provider-utils/JsonEventStream.ts"
import * as Sse from "../src/provider-utils/Sse.ts"
import * as StreamTransform from "../src/provider-utils/StreamTransform.ts"
import { decodeChunk } from "../src/providers/kits/openai/responses/internal/DecodeChunk.ts"
import { makeTransducer as makeOpenAITransducer } from "../src/providers/kits/openai/responses/internal/StreamTransducer.ts"
import { makeToolNameMapping } from "../src/providers/kits/openai/responses/internal/ToolNameMapping.ts"
import * as OpenAIResponsesLanguageModel from "../src/providers/kits/openai/responses/OpenAIResponsesLanguageModel.ts"
import { makeTransducer as makeXaiTransducer } from "../src/providers/xai/internal/StreamTransducer.ts"
import * as XAI from "../src/providers/xai/XAI.ts"
import { ResponsesChunk } from "../src/providers/xai/XAIApi.ts"
import * as XAILanguageModel from "../src/providers/xai/XAILanguageModel.ts"
import * as HttpTimeouts from "../src/runtime/HttpTimeouts.ts"
import { makeCounter } from "../src/runtime/IdGenerator.ts"
import { makeShapeCache, miss } from "../src/runtime/internal/jsonShape.ts"
import * as ParseJson from "../src/runtime/ParseJson.ts"
import type { ParseResult } from "../src/runtime/ParseJson.ts"
import type { Chunk } from "../src/providers/kits/openai/responses/OpenAIResponsesApi.ts"
import { CallOptions } from "../src/contract/CallOptions.ts"
import type { StreamPart } from "../src/contract/StreamPart.ts"
import * as Data from "./data.ts"
import { median, responseOf, timingProbe } from "./measure.ts"
import * as W from "./workloads.ts"

const [workload = "XAI", runsText = "30"] = process.argv.slice(2)
const runs = Number(runsText)
const xai = workload.toUpperCase() === "XAI"
const body = xai ? Data.xaiResponsesBody(2_000, 20_000, 2_000) : Data.openaiResponsesBody(20_000, 2_000)
const chunks = Data.split(body, 16 * 1024)

const textsOf = (): Array<Array<string>> => {
  const decoder = Sse.makeDecoder()
  return chunks.map((chunk) => {
    const texts: Array<string> = []
    decoder.push(chunk, (e) => {
      if (e.data !== "[DONE]") texts.push(e.data)
    })
    return texts
  })
}
const texts = textsOf()
const all = texts.flat()
const values = all.map((t) => JSON.parse(t))

/** What differs between the two providers, typed by their decoded event. */
interface Kit<T> {
  /** One text to its decoded event, as the provider's stream does (shapes given: the stream's). */
  readonly parse: (text: string, shapes?: ParseJson.Shapes) => ParseResult<T>
  readonly validate: (value: unknown) => ParseResult<T>
  readonly batch: <A>(f: () => A) => A
  readonly transducer: () => { readonly push: (r: ParseResult<T>, out: Array<StreamPart>) => void; readonly end: (out: Array<StreamPart>) => void }
  readonly events: (bytes: Stream.Stream<Uint8Array>) => Stream.Stream<ParseResult<T>, Sse.SseEventTooLargeError>
}

// xAI decodes with its chunk union while parsing
const xaiParse = ParseJson.makeBatchSafeParseJson(ResponsesChunk)
const xaiKit: Kit<ResponsesChunk> = {
  parse: xaiParse.parse,
  validate: ParseJson.makeSafeValidate(ResponsesChunk),
  batch: xaiParse.batch,
  transducer: () => {
    const toolNames = { webSearch: undefined, xSearch: undefined, codeExecution: undefined, mcp: undefined, fileSearch: undefined, imageGeneration: undefined }
    const t = makeXaiTransducer({ warnings: [], includeRawChunks: false, toolNames, generateId: makeCounter("id") })
    return { push: t.push, end: t.end }
  },
  events: JsonEventStream.parse(ResponsesChunk)
}

// OpenAI parses to unknown, then decodes per event type
const openaiParse = ParseJson.makeBatchSafeParseJson(Schema.Unknown)
const openaiKit: Kit<Chunk> = {
  parse: (text, shapes) => {
    const r = openaiParse.parse(text, shapes)
    return r.success ? decodeChunk(r.value) : r
  },
  validate: decodeChunk,
  batch: openaiParse.batch,
  transducer: () => {
    const t = makeOpenAITransducer({
      warnings: [],
      toolNameMapping: makeToolNameMapping([]),
      webSearchToolName: undefined,
      providerOptionsName: "openai",
      store: true,
      isShellProviderExecuted: false,
      functionTools: [],
      approvalFromPrompt: {},
      includeRawChunks: false,
      logprobs: false,
      generateId: makeCounter("id")
    }, { url: "https://api.openai.com/v1/responses", requestBodyValues: {}, responseHeaders: undefined })
    return { push: t.push, end: t.flush }
  },
  events: (bytes) => Stream.map(JsonEventStream.parse(Schema.Unknown)(bytes), (r) => (r.success ? decodeChunk(r.value) : r))
}

const callOptions = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
const model = () => {
  const client = HttpClient.make((request) => Effect.sync(() => HttpClientResponse.fromWeb(request, responseOf(chunks, timingProbe()))))
  return xai
    ? XAILanguageModel.makeWith(client, { ...XAI.modelConfig("grok-4.20-non-reasoning", { apiKey: "bench" }), generateId: makeCounter("id") })
    : OpenAIResponsesLanguageModel.makeWith(client, {
      provider: "openai.responses",
      modelId: "gpt-4.1-mini",
      url: "https://api.openai.com/v1/responses",
      headers: { Authorization: "Bearer bench" },
      fileIdPrefixes: ["file-"],
      generateId: makeCounter("id")
    })
}

let sink = 0
const count = (parts: ReadonlyArray<unknown>) => Effect.sync(() => {
  sink += parts.length
})
const stream = (bodyIdle: boolean) => {
  const run = Effect.flatMap(model().stream(callOptions), ({ stream }) => Stream.runForEachArray(stream, count))
  return Effect.runPromise(bodyIdle ? run : HttpTimeouts.provide({ bodyIdle: false })(run))
}

const stagesOf = <T>(kit: Kit<T>): Array<[string, () => void | Promise<void>]> => {
  const results: Array<Array<ParseResult<T>>> = texts.map((ts) => ts.map((t) => kit.parse(t)))
  return [
  ["utf-8 + SSE (Sse.makeDecoder)", () => {
    sink += textsOf().length
  }],
  ["JSON.parse of every text", () => {
    for (const t of all) sink += JSON.parse(t) === null ? 1 : 0
  }],
  ["shapes (JSON.parse on a miss), no decode", () => {
    const shapes = makeShapeCache()
    for (const t of all) {
      let v = shapes.match(t)
      if (v === miss) {
        v = JSON.parse(t)
        shapes.learn(t)
      }
      sink += v === null ? 1 : 0
    }
  }],
  ["chunk Schema decode alone (parsed values)", () => {
    for (const v of values) sink += kit.validate(v).success ? 1 : 0
  }],
  ["secure parse + decode, with the stream's shapes", () => {
    const shapes = ParseJson.makeShapes()
    for (const ts of texts) kit.batch(() => {
      for (const t of ts) sink += kit.parse(t, shapes).success ? 1 : 0
    })
  }],
  ["provider transform", () => {
    const t = kit.transducer()
    const out: Array<StreamPart> = []
    for (const rs of results) for (const r of rs) t.push(r, out)
    t.end(out)
    sink += out.length
  }],
  ["bytes to parts in a plain loop (the four rows above together, no Effect)", () => {
    const decoder = Sse.makeDecoder()
    const shapes = ParseJson.makeShapes()
    const t = kit.transducer()
    let pending: Array<string> = []
    for (const chunk of chunks) {
      decoder.push(chunk, (e) => {
        if (e.data !== "[DONE]") pending.push(e.data)
      })
      const ts = pending
      pending = []
      const out: Array<StreamPart> = []
      kit.batch(() => {
        for (const text of ts) t.push(kit.parse(text, shapes), out)
      })
      sink += out.length
    }
  }],
  ["the same as Effect streams (JsonEventStream + transformer), no HTTP", () => {
    const t = kit.transducer()
    const parts = StreamTransform.transform(kit.events(Stream.fromArrays(...chunks.map((c) => [c]))), () =>
      ElementTransformer.make<ParseResult<T>, StreamPart, never>({
        onElement: (r, out) => {
          t.push(r, out)
          return undefined
        }
      }))
    return Effect.runPromise(Stream.runForEachArray(parts, count))
  }],
  ["model stream, body-idle bound off", () => stream(false)],
  ["model stream (whole run, as the bench)", () => stream(true)],
  ["floor (whole run)", () => W.floor(chunks)(timingProbe())]
  ]
}
const stages = xai ? stagesOf(xaiKit) : stagesOf(openaiKit)
// interleaved rounds: load changes on the machine hit every stage alike
const samples = stages.map(() => [] as Array<number>)
for (let i = 0; i < runs + 3; i++) {
  for (let s = 0; s < stages.length; s++) {
    const start = process.cpuUsage()
    await stages[s][1]()
    const used = process.cpuUsage(start)
    if (i >= 3) samples[s].push((used.user + used.system) / 1000)
  }
}
for (let s = 0; s < stages.length; s++) console.log(`${median(samples[s]).toFixed(2).padStart(8)} ms  ${stages[s][0]}`)
if (sink === -1) console.log(sink)
