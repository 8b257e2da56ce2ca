/**
 * Differential harness for the OpenAI Responses model: the same bytes through
 * upstream `createOpenAI({ fetch }).responses(id)` (mocked fetch) and through
 * aimux (replay HttpClient), both outcomes in wire JSON with generated ids
 * normalized.
 */
import { createOpenAI } from "@ai-sdk/openai"
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { Cause, ConfigProvider, Effect, Exit, Schema, Stream } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import * as Corpus from "../_kit/Corpus.ts"
import { join } from "node:path"
import { expect } from "vitest"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import * as OpenAIResponsesLanguageModel from "../../../src/providers/kits/openai/responses/OpenAIResponsesLanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"
import { replayClient } from "../openai/replay.ts"
import { type Captured, mockFetch, readAll } from "../openai/upstream.ts"

export const fixtureDir = join(import.meta.dirname, "../../../fixtures/openai-responses")
export const recordingsDir = Corpus.recordingsDir("openai-responses")

/** A `.chunks.txt` recording (one JSON payload per line) as an SSE body: each line as `data: <line>\n\n`. */
export const chunksToSse = (text: string): string =>
  text.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("")

export const listFiles = (dir: string, suffix: string): Array<string> =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : []

export const readText = (file: string): string => readFileSync(file, "utf8")

export const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)

export const hi: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }

export interface RunOptions {
  readonly modelId?: string
  readonly options?: LanguageModelV4CallOptions
  readonly chunkSize?: number | undefined
  readonly status?: number
  readonly contentType?: string
  readonly settings?: Record<string, unknown>
}

export interface Outcome {
  readonly body: unknown
  readonly url?: string | undefined
  readonly headers?: Record<string, string> | undefined
  readonly failure?: unknown
  readonly parts?: Array<unknown>
  readonly streamError?: unknown
  readonly result?: unknown
}

const upstreamGenerated = /^[0-9A-Za-z]{16}$/
const oursGenerated = /^id-\d+$/

/** Replaces generated ids (in `id`, `toolCallId` values) by `gen-<n>` in order of appearance, in every element. */
export const normalizeAll = (values: ReadonlyArray<unknown>, generated: RegExp): Array<unknown> => {
  const mapping = new Map<string, string>()
  const walk = (u: unknown, key: string | undefined): unknown => {
    if (Array.isArray(u)) return u.map((v) => walk(v, undefined))
    if (typeof u === "object" && u !== null) {
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(u)) out[k] = walk(v, k)
      return out
    }
    if (typeof u === "string" && (key === "id" || key === "toolCallId") && generated.test(u)) {
      if (!mapping.has(u)) mapping.set(u, `gen-${mapping.size}`)
      return mapping.get(u)
    }
    return u
  }
  return values.map((value) => walk(value, undefined))
}

/** {@link normalizeAll} of one value. */
export const normalizeIds = (value: unknown, generated: RegExp): unknown => normalizeAll([value], generated)[0]

// Errors with every field they set (the suite's own serializer, test/providers/_kit/Wire.ts).
const withData = (error: unknown): Record<string, unknown> => {
  const json = errorJson(error)
  return typeof json === "object" && json !== null ? { ...json } : { value: json }
}

const wire = (parts: ReadonlyArray<StreamPart | LanguageModelV4StreamPart>, generated: RegExp) =>
  normalizeAll(parts.map((part) => wireJson(part)), generated)

const headersView = (headers: Record<string, string> | undefined) => {
  if (headers === undefined) return undefined
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

export const upstreamModel = (modelId: string, fetch: typeof globalThis.fetch, settings: Record<string, unknown> = {}) =>
  createOpenAI({ apiKey: "test-key", fetch, ...settings }).responses(modelId)

export const oursModel = (
  client: Parameters<typeof OpenAIResponsesLanguageModel.makeWith>[0],
  modelId: string,
  settings: OpenAI.Settings = {}
) => {
  const config = Effect.runSync(
    OpenAI.responsesConfig(modelId, { apiKey: "test-key", ...settings }).pipe(
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({})))
    )
  )
  return OpenAIResponsesLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
}

const firstFailure = (cause: Cause.Cause<unknown>): unknown => {
  for (const reason of cause.reasons) if (reason._tag === "Fail") return reason.error
  return Cause.squash(cause)
}

export const runUpstreamStream = async (bytes: string | Uint8Array, run: RunOptions = {}): Promise<Outcome> => {
  const captured: Captured = {}
  const model = upstreamModel(run.modelId ?? "gpt-4.1-mini", mockFetch(bytes, captured, run), run.settings)
  try {
    const result = await model.doStream(run.options ?? hi)
    const { parts, error } = await readAll(result.stream)
    return {
      body: captured.body,
      url: captured.url,
      headers: headersView(captured.headers),
      parts: wire(parts, upstreamGenerated),
      ...(error !== undefined ? { streamError: withData(error) } : {})
    }
  } catch (failure) {
    return { body: captured.body, url: captured.url, headers: headersView(captured.headers), failure: withData(failure) }
  }
}

export const runOursStream = async (bytes: string | Uint8Array, run: RunOptions = {}): Promise<Outcome> => {
  const { client, seen } = replayClient(bytes, run)
  const model = oursModel(client, run.modelId ?? "gpt-4.1-mini", run.settings)
  const parts: Array<StreamPart> = []
  const exit = await Effect.runPromiseExit(
    Effect.flatMap(model.stream(decodeCallOptions(run.options ?? hi)), (response) =>
      Stream.runForEach(response.stream, (part) => Effect.sync(() => parts.push(part))).pipe(Effect.exit))
  )
  const base = { body: seen.bodies[0], url: seen.urls[0], headers: headersView(seen.headers[0]) }
  if (Exit.isFailure(exit)) return { ...base, failure: withData(firstFailure(exit.cause)) }
  const streamExit = exit.value
  return {
    ...base,
    parts: wire(parts, oursGenerated),
    ...(Exit.isFailure(streamExit) ? { streamError: withData(firstFailure(streamExit.cause)) } : {})
  }
}

export const expectSameStream = async (bytes: string | Uint8Array, run: RunOptions = {}) => {
  const upstream = await runUpstreamStream(bytes, run)
  const ours = await runOursStream(bytes, run)
  expect(ours).toEqual(upstream)
  return ours
}

const resultView = (result: Record<string, unknown>, generated: RegExp) => {
  const response = result["response"]
  const { headers: _headers, ...responseRest } = typeof response === "object" && response !== null
    ? { ...response }
    : { headers: undefined }
  const view = {
    content: result["content"],
    finishReason: result["finishReason"],
    usage: result["usage"],
    providerMetadata: result["providerMetadata"],
    warnings: result["warnings"],
    structuredOutputText: result["structuredOutputText"],
    request: result["request"],
    response: responseRest
  }
  return normalizeIds(wireJson(view), generated)
}

const jsonHeaders = { contentType: "application/json" }

// Upstream's 200-with-error and no-output `APICallError`s carry the parsed body
// object as `responseBody` (typed as a string); ours carry its JSON text
// (docs/divergences.md): upstream's object is compared as its JSON text.
const responseBodyAsText = (failure: Record<string, unknown>) =>
  typeof failure["responseBody"] === "object" && failure["responseBody"] !== null
    ? { ...failure, responseBody: JSON.stringify(failure["responseBody"]) }
    : failure

export const runUpstreamGenerate = async (body: string, run: RunOptions = {}): Promise<Outcome> => {
  const captured: Captured = {}
  const model = upstreamModel(run.modelId ?? "gpt-4.1-mini", mockFetch(body, captured, { ...jsonHeaders, ...run }), run.settings)
  try {
    const result = await model.doGenerate(run.options ?? hi)
    return { body: captured.body, url: captured.url, result: resultView({ ...result }, upstreamGenerated) }
  } catch (failure) {
    return { body: captured.body, url: captured.url, failure: responseBodyAsText(withData(failure)) }
  }
}

export const runOursGenerate = async (body: string, run: RunOptions = {}): Promise<Outcome> => {
  const { client, seen } = replayClient(body, { ...jsonHeaders, ...run })
  const model = oursModel(client, run.modelId ?? "gpt-4.1-mini")
  const exit = await Effect.runPromiseExit(model.generate(decodeCallOptions(run.options ?? hi)))
  const base = { body: seen.bodies[0], url: seen.urls[0] }
  return Exit.isFailure(exit)
    ? { ...base, failure: withData(firstFailure(exit.cause)) }
    : { ...base, result: resultView({ ...exit.value }, oursGenerated) }
}

export const expectSameGenerate = async (body: string, run: RunOptions = {}) => {
  const upstream = await runUpstreamGenerate(body, run)
  const ours = await runOursGenerate(body, run)
  expect(ours).toEqual(upstream)
  return ours
}

/** The request body (serialized: key order included) each side sends for `options`. */
export const requestBodies = async (options: LanguageModelV4CallOptions, modelId = "gpt-4.1-mini") => {
  const sse = "data: {\"type\":\"response.created\",\"response\":{\"id\":\"r\",\"created_at\":1,\"model\":\"m\"}}\n\n"
  const upstream = await runUpstreamStream(sse, { options, modelId })
  const ours = await runOursStream(sse, { options, modelId })
  return { upstream, ours }
}
