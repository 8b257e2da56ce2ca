/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/xai` 5.0.12 (`createXai({ fetch })(modelId)`, the Responses
 * model, fetch mocked) and through aimux (HttpClient replayed). The request
 * body is captured as the exact text sent.
 */
import { createXai } from "@ai-sdk/xai"
import { Effect, Exit, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as path from "node:path"
import * as XAI from "../../../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../../../src/providers/xai/XAILanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../../src/spec/CallOptions.ts"
import { errorJson, partsJson, wireJson } from "../../kit/wire.ts"
import * as fs from "node:fs"

/** An error as comparable JSON (every field it sets; validator wording cut). */
export const errorView = (error: unknown): unknown => (error == null ? error : errorJson(error))
/** Any value as comparable JSON. */
export const normalize = (value: unknown): unknown => wireJson(value)
/** Parts as comparable JSON, errors with every field. */
export const partsView = (parts: ReadonlyArray<unknown>): unknown => partsJson(parts)

export const listFixtures = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : []

export const readText = (file: string) => fs.readFileSync(file, "utf8")

const chunked = (bytes: Uint8Array, size: number | "whole"): Array<Uint8Array> => {
  if (size === "whole") return [bytes]
  const out: Array<Uint8Array> = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size))
  return out
}

export const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  for (const reason of exit.cause.reasons) {
    if (reason._tag === "Fail") return reason.error
    if (reason._tag === "Die") return reason.defect
  }
  return exit.cause
}

export const fixturesDir = path.resolve(import.meta.dirname, "../../../fixtures/xai")

/** `.chunks.txt` (one JSON payload per line) → SSE with `data:` lines only, as xAI sends. */
export const linesToSse = (text: string): string =>
  text.split("\n").filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("")

export interface Reply {
  readonly status?: number
  readonly body: string
  readonly contentType?: string
  readonly chunkSize?: number | "whole"
}

const webResponse = (reply: Reply) => {
  const chunks = chunked(new TextEncoder().encode(reply.body), reply.chunkSize ?? "whole")
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c)
        controller.close()
      }
    }),
    {
      status: reply.status ?? 200,
      headers: { "content-type": reply.contentType ?? "text/event-stream", "x-test": "1" }
    }
  )
}

export interface Captured {
  url?: string
  headers?: Record<string, string>
  /** The body text exactly as sent. */
  text?: string
}

/** Call options as the pinned package's own (nested) `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createXai>>["doStream"]>[0]

export const toAimux = (options: UpstreamOptions): CallOptions => Schema.decodeUnknownSync(CallOptions)(options)

export const defaultModel = "grok-4.20-non-reasoning"

export const upstreamModel = (reply: Reply, captured: Captured, modelId: string) =>
  createXai({
    apiKey: "test-key",
    fetch: async (url, init) => {
      captured.url = String(url)
      captured.headers = Object.fromEntries(Object.entries(init?.headers ?? {}))
      captured.text = String(init?.body)
      return webResponse(reply)
    }
  })(modelId)

// Upstream's `generateId` is provider-utils' random one; the same counter
// replaces it on both sides (the config object is the model's own).
export const withCounter = <M extends object>(model: M): M => {
  const config: unknown = Reflect.get(model, "config")
  if (typeof config === "object" && config !== null) Reflect.set(config, "generateId", makeCounter("id"))
  return model
}

export const upstreamStream = async (reply: Reply, options: UpstreamOptions, modelId = defaultModel) => {
  const captured: Captured = {}
  try {
    const result = await withCounter(upstreamModel(reply, captured, modelId)).doStream(options)
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

export const upstreamGenerate = async (reply: Reply, options: UpstreamOptions, modelId = defaultModel) => {
  const captured: Captured = {}
  try {
    const result = await withCounter(upstreamModel(reply, captured, modelId)).doGenerate(options)
    return { captured, result, failure: undefined }
  } catch (error) {
    return { captured, result: undefined, failure: error }
  }
}

export const replayClient = (reply: Reply, captured: Captured) =>
  HttpClient.make((request, url) =>
    Effect.sync(() => {
      captured.url = url.toString()
      captured.headers = { ...request.headers }
      const body = request.body
      if (body._tag === "Uint8Array") captured.text = new TextDecoder().decode(body.body)
      return HttpClientResponse.fromWeb(request, webResponse(reply))
    })
  )

const aimuxModel = (reply: Reply, captured: Captured, modelId: string) =>
  XAILanguageModel.makeWith(replayClient(reply, captured), {
    ...XAI.modelConfig(modelId, { apiKey: "test-key" }),
    generateId: makeCounter("id")
  })

export const aimuxStream = (reply: Reply, upstreamOptions: UpstreamOptions, modelId = defaultModel) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const model = aimuxModel(reply, captured, modelId)
    const started = yield* Effect.exit(model.stream(toAimux(upstreamOptions)))
    if (Exit.isFailure(started)) {
      return { captured, parts: [] as Array<unknown>, failure: failureOf(started), request: undefined }
    }
    const parts: Array<unknown> = []
    const run = yield* Effect.exit(Stream.runForEach(started.value.stream, (part) => Effect.sync(() => parts.push(part))))
    return {
      captured,
      parts,
      failure: Exit.isFailure(run) ? failureOf(run) : undefined,
      request: started.value.request
    }
  })

export const aimuxGenerate = (reply: Reply, upstreamOptions: UpstreamOptions, modelId = defaultModel) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const model = aimuxModel(reply, captured, modelId)
    const exit = yield* Effect.exit(model.generate(toAimux(upstreamOptions)))
    return Exit.isSuccess(exit)
      ? { captured, result: exit.value, failure: undefined }
      : { captured, result: undefined, failure: failureOf(exit) }
  })

/** Headers by lower-cased name, without `content-length` (effect sets it up front, fetch on the wire). */
export const headersView = (headers: Record<string, string> | undefined) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

