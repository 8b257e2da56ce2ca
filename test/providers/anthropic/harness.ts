/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/anthropic` (fetch mocked) and through aimux (HttpClient replayed).
 */
import { createAnthropic } from "@ai-sdk/anthropic"
import { Effect, Exit, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as Anthropic from "../../../src/providers/anthropic/Anthropic.ts"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Schema } from "effect"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import * as fs from "node:fs"
import * as path from "node:path"

export const fixturesDir = path.resolve(import.meta.dirname, "../../../fixtures/anthropic")

/** `.chunks.txt` → SSE: one event per line, named after the payload's `type`. */
export const chunksToSse = (text: string): string =>
  text.split("\n").filter((line) => line.trim() !== "").map((line) => {
    const type = /"type"\s*:\s*"([^"]+)"/.exec(line)?.[1] ?? "message"
    return `event: ${type}\ndata: ${line}\n\n`
  }).join("")

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
}

const webResponse = (reply: Reply) =>
  new Response(bodyStream(chunked(new TextEncoder().encode(reply.body), reply.chunkSize ?? "whole")), {
    status: reply.status ?? 200,
    headers: { "content-type": reply.contentType ?? "text/event-stream", "x-test": "1" }
  })

/** Normalizes parts/results for comparison: the test kit's own wire JSON (errors with every field). */
export const normalize = (value: unknown): unknown => wireJson(value)

export interface Captured {
  url?: string
  headers?: Record<string, string>
  body?: unknown
}

type UpstreamOptions = LanguageModelV4CallOptions

/** Upstream call options decoded into aimux call options. */
export const toAimux = (options: UpstreamOptions): CallOptions => Schema.decodeUnknownSync(CallOptions)(options)

export const upstreamModel = (reply: Reply, captured: Captured, modelId = "claude-sonnet-4-5") =>
  createAnthropic({
    apiKey: "test-key",
    generateId: makeCounter("id"),
    fetch: async (url, init) => {
      captured.url = String(url)
      captured.headers = Object.fromEntries(Object.entries(init?.headers ?? {}))
      captured.body = JSON.parse(String(init?.body))
      return webResponse(reply)
    }
  })(modelId)

export const upstreamStream = async (reply: Reply, options: UpstreamOptions, modelId?: string) => {
  const captured: Captured = {}
  try {
    const result = await upstreamModel(reply, captured, modelId).doStream(options)
    const parts: Array<unknown> = []
    const reader = result.stream.getReader()
    try {
      while (true) {
        const { done, value } = await reader.read()
        if (done) break
        parts.push(value)
      }
    } catch (error) {
      return { captured, parts, failure: error }
    }
    return { captured, parts, failure: undefined }
  } catch (error) {
    return { captured, parts: [], failure: error }
  }
}

export const upstreamGenerate = async (reply: Reply, options: UpstreamOptions, modelId?: string) => {
  const captured: Captured = {}
  try {
    const result = await upstreamModel(reply, captured, modelId).doGenerate(options)
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
      captured.body = body._tag === "Uint8Array" ? JSON.parse(new TextDecoder().decode(body.body)) : undefined
      return HttpClientResponse.fromWeb(request, webResponse(reply))
    })
  )

export const aimuxModel = (reply: Reply, captured: Captured, modelId = "claude-sonnet-4-5") =>
  Effect.map(
    Anthropic.modelConfig(modelId, { apiKey: "test-key" }),
    (config) => AnthropicLanguageModel.makeWith(replayClient(reply, captured), { ...config, generateId: makeCounter("id") })
  )

export const aimuxStream = (reply: Reply, upstreamOptions: UpstreamOptions, modelId?: string) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const options = toAimux(upstreamOptions)
    const model = yield* aimuxModel(reply, captured, modelId)
    const started = yield* Effect.exit(model.stream(options))
    if (Exit.isFailure(started)) {
      return { captured, parts: [] as Array<unknown>, failure: Exit.isFailure(started) ? failureOf(started) : undefined }
    }
    const parts: Array<unknown> = []
    const run = yield* Effect.exit(Stream.runForEach(started.value.stream, (part) => Effect.sync(() => parts.push(part))))
    return { captured, parts, failure: Exit.isFailure(run) ? failureOf(run) : undefined }
  })

export const aimuxGenerate = (reply: Reply, upstreamOptions: UpstreamOptions, modelId?: string) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const options = toAimux(upstreamOptions)
    const model = yield* aimuxModel(reply, captured, modelId)
    const exit = yield* Effect.exit(model.generate(options))
    return Exit.isSuccess(exit)
      ? { captured, result: exit.value, failure: undefined }
      : { captured, result: undefined, failure: failureOf(exit) }
  })

export const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  const reasons = exit.cause.reasons
  for (const reason of reasons) {
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

export const listFixtures = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : []

export const readText = (file: string) => fs.readFileSync(file, "utf8")
