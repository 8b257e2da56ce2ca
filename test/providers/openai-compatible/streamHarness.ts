/**
 * Differential stream harness: runs one SSE (or JSON) body through an
 * upstream model (mocked `fetch`) and through an aimux `LanguageModel` layer
 * (replay HttpClient), at a given chunk size, and normalizes both results to
 * comparable JSON (generated ids renamed by first appearance, errors with
 * every field they set).
 */
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Cause, Effect, Exit, Layer, Schema, Stream } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import { IdGenerator } from "../../../src/runtime/IdGenerator.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"
import { type Captured, json, mockFetch, readAll } from "./harness.ts"

export interface RunResult {
  readonly parts: ReadonlyArray<unknown>
  /** The failure of `stream`/`generate` or of the stream itself, normalized. */
  readonly failure?: unknown
  readonly requestBody?: string | undefined
  readonly result?: unknown
  /** The stream result's `request` / `response` envelope, as comparable JSON. */
  readonly envelope?: unknown
}

const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)

/** An error as comparable JSON: every field it sets (test/providers/_kit/Wire.ts). */
export const normalizeError = (error: unknown): unknown => errorJson(error)

/** Parts as JSON, error parts normalized and generated ids (those not in `bodyText`) renamed. */
export const normalizeParts = (parts: ReadonlyArray<unknown>, bodyText: string): Array<unknown> => {
  const renamed = new Map<string, string>()
  const rename = (id: unknown): unknown => {
    if (typeof id !== "string" || bodyText.includes(JSON.stringify(id).slice(1, -1))) return id
    let next = renamed.get(id)
    if (next === undefined) {
      next = `<generated-${renamed.size}>`
      renamed.set(id, next)
    }
    return next
  }
  return parts.map((part) => {
    const value = json(part === null || typeof part !== "object" ? part : { ...part })
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value
    const record: Record<string, unknown> = { ...value }
    if (record.type === "error" && typeof part === "object" && part !== null) {
      record.error = normalizeError(Reflect.get(part, "error"))
    }
    if (typeof record.type === "string" && record.type.startsWith("tool-")) {
      if ("id" in record) record.id = rename(record.id)
      if ("toolCallId" in record) record.toolCallId = rename(record.toolCallId)
    }
    return record
  })
}

/** Upstream `doStream` over `body` in `chunkSize`-byte chunks. */
export const runUpstreamStream = async (
  makeModel: (fetch: typeof globalThis.fetch) => LanguageModelV4,
  options: LanguageModelV4CallOptions,
  body: string,
  chunkSize: number | undefined,
  response: { readonly status?: number; readonly contentType?: string } = {}
): Promise<RunResult> => {
  const captured: Captured = {}
  const model = makeModel(mockFetch(body, captured, { chunkSize, ...response }))
  try {
    const result = await model.doStream(options)
    const { error, parts } = await readAll(result.stream)
    return {
      parts: normalizeParts(parts, body),
      requestBody: captured.rawBody,
      envelope: wireJson({ request: result.request, response: result.response }),
      ...(error !== undefined ? { failure: normalizeError(error) } : {})
    }
  } catch (error) {
    return { parts: [], requestBody: captured.rawBody, failure: normalizeError(error) }
  }
}

/** aimux `stream` over `body` in `chunkSize`-byte chunks, ids from a counter. */
export const runOursStream = async (
  modelLayer: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>,
  options: LanguageModelV4CallOptions,
  body: string,
  chunkSize: number | undefined,
  response: { readonly status?: number; readonly contentType?: string } = {}
): Promise<RunResult> => {
  const replay = ReplayHttpClient.make({
    body,
    chunkSize,
    status: response.status,
    headers: { "content-type": response.contentType ?? "text/event-stream" }
  })
  const parts: Array<unknown> = []
  let envelope: unknown
  const program = Effect.gen(function*() {
    const model = yield* LanguageModel
    const result = yield* model.stream(decodeCallOptions(options))
    envelope = wireJson({ request: result.request, response: result.response })
    return yield* Stream.runForEach(result.stream, (part) => Effect.sync(() => parts.push(part)))
  })
  const exit = await Effect.runPromiseExit(
    program.pipe(Effect.provide(Layer.provideMerge(modelLayer, Layer.merge(replay.layer, IdGenerator.layerCounter()))))
  )
  const requestBody = replay.recorder.requests[0]?.bodyText
  if (Exit.isFailure(exit)) {
    const error = Cause.squash(exit.cause)
    return { parts: normalizeParts(parts, body), requestBody, envelope, failure: normalizeError(error) }
  }
  return { parts: normalizeParts(parts, body), requestBody, envelope }
}

/** Upstream `doGenerate` answering with `body`. */
export const runUpstreamGenerate = async (
  makeModel: (fetch: typeof globalThis.fetch) => LanguageModelV4,
  options: LanguageModelV4CallOptions,
  body: string,
  response: { readonly status?: number } = {}
): Promise<RunResult> => {
  const captured: Captured = {}
  const model = makeModel(mockFetch(body, captured, { contentType: "application/json", ...response }))
  try {
    const result = await model.doGenerate(options)
    return { parts: [], requestBody: captured.rawBody, result: normalizeGenerate(result, body) }
  } catch (error) {
    return { parts: [], requestBody: captured.rawBody, failure: normalizeError(error) }
  }
}

/** aimux `generate` answering with `body`. */
export const runOursGenerate = async (
  modelLayer: Layer.Layer<LanguageModel, unknown, HttpClient.HttpClient>,
  options: LanguageModelV4CallOptions,
  body: string,
  response: { readonly status?: number } = {}
): Promise<RunResult> => {
  const replay = ReplayHttpClient.make({
    body,
    status: response.status,
    headers: { "content-type": "application/json" }
  })
  const program = Effect.gen(function*() {
    const model = yield* LanguageModel
    return yield* model.generate(decodeCallOptions(options))
  })
  const exit = await Effect.runPromiseExit(
    program.pipe(Effect.provide(Layer.provideMerge(modelLayer, Layer.merge(replay.layer, IdGenerator.layerCounter()))))
  )
  const requestBody = replay.recorder.requests[0]?.bodyText
  if (Exit.isFailure(exit)) {
    return { parts: [], requestBody, failure: normalizeError(Cause.squash(exit.cause)) }
  }
  return { parts: [], requestBody, result: normalizeGenerate(exit.value, body) }
}

const normalizeGenerate = (result: unknown, bodyText: string): unknown => {
  if (typeof result !== "object" || result === null) return result
  const record: Record<string, unknown> = { ...result }
  record.content = normalizeParts(Array.isArray(record.content) ? record.content : [], bodyText)
  const response = record.response
  if (typeof response === "object" && response !== null) {
    // header sets differ between a fetch Response and the replay client only in transport headers
    record.response = Object.fromEntries(Object.entries(response).filter(([key]) => key !== "headers"))
  }
  return json(record)
}
