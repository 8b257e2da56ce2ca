/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/google` / `@ai-sdk/google-vertex` (fetch mocked) and through
 * aimux's Gemini model (HttpClient replayed).
 */
import { createGoogle } from "@ai-sdk/google"
import { createGoogleVertex } from "@ai-sdk/google-vertex/edge"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Effect, Exit, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as fs from "node:fs"
import * as path from "node:path"
import * as GeminiLanguageModel from "../../../src/providers/kits/gemini/GeminiLanguageModel.ts"
import * as Google from "../../../src/providers/google/Google.ts"
import * as GoogleVertex from "../../../src/providers/google-vertex/GoogleVertex.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"

export const fixturesDir = path.resolve(import.meta.dirname, "../../../fixtures/google")
export const vertexFixturesDir = path.resolve(import.meta.dirname, "../../../fixtures/google-vertex")

/** Which upstream provider: the Gemini API, or Vertex in express mode. */
export type Flavor = "google" | "vertex"

/** `.chunks.txt` (one JSON chunk a line) → SSE; a file already framed as SSE is kept. */
export const chunksToSse = (text: string): string =>
  /^data:/m.test(text)
    ? text
    : text.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("")

export const chunked = (bytes: Uint8Array, size: number | "whole"): Array<Uint8Array> => {
  if (size === "whole") return [bytes]
  const out: Array<Uint8Array> = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size))
  return out
}

const bodyStream = (chunks: Array<Uint8Array>) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c)
      controller.close()
    }
  })

export interface Reply {
  readonly status?: number
  readonly body: string
  readonly contentType?: string
  readonly chunkSize?: number | "whole"
  readonly headers?: Record<string, string>
}

/** One reply per request, in order (the last repeats). */
export type Replies = Reply | ReadonlyArray<Reply>

const replyAt = (replies: Replies, index: number): Reply => {
  if (!Array.isArray(replies)) return replies as Reply
  const list: ReadonlyArray<Reply> = replies
  return list[Math.min(index, list.length - 1)]
}

const webResponse = (reply: Reply) =>
  new Response(bodyStream(chunked(new TextEncoder().encode(reply.body), reply.chunkSize ?? "whole")), {
    status: reply.status ?? 200,
    headers: { "content-type": reply.contentType ?? "text/event-stream", "x-test": "1", ...reply.headers }
  })

/** Normalizes parts/results for comparison (the test kit's own wire JSON). */
export const normalize = (value: unknown): unknown => wireJson(value)

export interface Request {
  readonly url: string
  readonly headers: Record<string, string>
  /** The body text exactly as sent. */
  readonly rawBody: string
}

export type Captured = Array<Request>

export const toAimux = (options: LanguageModelV4CallOptions): CallOptions => Schema.decodeUnknownSync(CallOptions)(options)

export const defaultModel = "gemini-2.5-flash"

const lowerHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))

export const upstreamModel = (flavor: Flavor, replies: Replies, captured: Captured, modelId = defaultModel) => {
  const fetch = async (url: string | URL | globalThis.Request, init?: RequestInit) => {
    const headers = init?.headers instanceof Headers
      ? Object.fromEntries(init.headers.entries())
      : Object.fromEntries(Object.entries(init?.headers ?? {}))
    captured.push({ url: String(url), headers: lowerHeaders(headers), rawBody: String(init?.body) })
    return webResponse(replyAt(replies, captured.length - 1))
  }
  return flavor === "google"
    ? createGoogle({ apiKey: "test-key", generateId: makeCounter("id"), fetch })(modelId)
    : createGoogleVertex({ apiKey: "test-key", generateId: makeCounter("id"), fetch })(modelId)
}

export const upstreamStream = async (
  flavor: Flavor,
  replies: Replies,
  options: LanguageModelV4CallOptions,
  modelId?: string
) => {
  const captured: Captured = []
  try {
    const result = await upstreamModel(flavor, replies, captured, modelId).doStream(options)
    const parts: Array<unknown> = []
    const reader = result.stream.getReader()
    try {
      while (true) {
        const { done, value } = await reader.read()
        if (done) break
        parts.push(value)
      }
    } catch (error) {
      return { captured, parts, failure: error, request: result.request }
    }
    return { captured, parts, failure: undefined, request: result.request }
  } catch (error) {
    return { captured, parts: [], failure: error, request: undefined }
  }
}

export const upstreamGenerate = async (
  flavor: Flavor,
  replies: Replies,
  options: LanguageModelV4CallOptions,
  modelId?: string
) => {
  const captured: Captured = []
  try {
    const result = await upstreamModel(flavor, replies, captured, modelId).doGenerate(options)
    return { captured, result, failure: undefined }
  } catch (error) {
    return { captured, result: undefined, failure: error }
  }
}

export const replayClient = (replies: Replies, captured: Captured) =>
  HttpClient.make((request, url) =>
    Effect.sync(() => {
      const body = request.body
      captured.push({
        url: url.toString(),
        headers: lowerHeaders({ ...request.headers }),
        rawBody: body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : ""
      })
      return HttpClientResponse.fromWeb(request, webResponse(replyAt(replies, captured.length - 1)))
    })
  )

export const aimuxConfig = (flavor: Flavor, modelId: string): GeminiLanguageModel.Config =>
  flavor === "google"
    ? Google.modelConfig(modelId, { apiKey: "test-key", generateId: makeCounter("id") })
    : Effect.runSync(GoogleVertex.modelConfig(modelId, { apiKey: "test-key", generateId: makeCounter("id") }))

export const aimuxModel = (flavor: Flavor, replies: Replies, captured: Captured, modelId = defaultModel) =>
  GeminiLanguageModel.makeWith(replayClient(replies, captured), aimuxConfig(flavor, modelId))

export const aimuxStream = (
  flavor: Flavor,
  replies: Replies,
  upstreamOptions: LanguageModelV4CallOptions,
  modelId?: string
) =>
  Effect.gen(function*() {
    const captured: Captured = []
    const model = aimuxModel(flavor, replies, captured, modelId)
    const started = yield* Effect.exit(model.stream(toAimux(upstreamOptions)))
    if (Exit.isFailure(started)) return { captured, parts: [] as Array<unknown>, failure: failureOf(started), request: undefined }
    const parts: Array<unknown> = []
    const run = yield* Effect.exit(Stream.runForEach(started.value.stream, (part) => Effect.sync(() => parts.push(part))))
    return { captured, parts, failure: Exit.isFailure(run) ? failureOf(run) : undefined, request: started.value.request }
  })

export const aimuxGenerate = (
  flavor: Flavor,
  replies: Replies,
  upstreamOptions: LanguageModelV4CallOptions,
  modelId?: string
) =>
  Effect.gen(function*() {
    const captured: Captured = []
    const model = aimuxModel(flavor, replies, captured, modelId)
    const exit = yield* Effect.exit(model.generate(toAimux(upstreamOptions)))
    return Exit.isSuccess(exit)
      ? { captured, result: exit.value, failure: undefined }
      : { captured, result: undefined, failure: failureOf(exit) }
  })

export const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  for (const reason of exit.cause.reasons) {
    if (reason._tag === "Fail") return reason.error
    if (reason._tag === "Die") return reason.defect
  }
  return exit.cause
}

/** Comparable form of an error: every field it sets (test/providers/_kit/Wire.ts). */
export const errorView = (error: unknown): unknown => (error == null ? error : errorJson(error))

/** Parts with error parts' errors replaced by their views. */
export const partsView = (parts: ReadonlyArray<unknown>): unknown =>
  parts.map((part) => {
    if (typeof part === "object" && part !== null && Reflect.get(part, "type") === "error") {
      return { type: "error", error: errorView(Reflect.get(part, "error")) }
    }
    return normalize(part)
  })

/** Headers as compared: lower-cased, without `content-length` (set by the transport). */
export const headersView = (headers: Record<string, string> | undefined) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) if (key !== "content-length") out[key] = value
  return out
}

export const listFixtures = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : []

export const readText = (file: string) => fs.readFileSync(file, "utf8")

/** A Gemini SSE recording (not an Interactions-API JSON-lines file, whose lines carry `event_type`). */
export const isGeminiSse = (text: string): boolean => !/"event_type"\s*:/.test(text)
