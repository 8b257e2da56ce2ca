/**
 * Differential harness for the Anthropic model hosted elsewhere (Vertex,
 * Bedrock): one reply (status, content type, body bytes cut into chunks)
 * through an upstream hosted variant (its `fetch` mocked) and through aimux's
 * (the `HttpClient` replayed), with what each side sent captured. The
 * upstream variants take no `generateId`, so source ids (the only generated
 * ids of the Anthropic model) are renumbered in order on both sides.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { expect } from "@effect/vitest"
import { Effect, Exit, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as LanguageModel from "../../../src/LanguageModel.ts"
import { errorView, failureOf, normalize, toAimux } from "./harness.ts"

export interface Reply {
  readonly status?: number
  readonly body: string | Uint8Array
  readonly contentType?: string
  /** A chunk size, or the whole body as one chunk. */
  readonly chunkSize?: number | "whole"
  readonly headers?: Readonly<Record<string, string>>
}

export interface Captured {
  url?: string | undefined
  headers?: Record<string, string> | undefined
  bodyText?: string | undefined
}

export const chunked = (bytes: Uint8Array, size: number | "whole"): Array<Uint8Array> => {
  if (size === "whole") return [bytes]
  const out: Array<Uint8Array> = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size))
  return out
}

export const webResponse = (reply: Reply): Response => {
  const bytes = typeof reply.body === "string" ? new TextEncoder().encode(reply.body) : reply.body
  const chunks = chunked(bytes, reply.chunkSize ?? "whole")
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c)
        controller.close()
      }
    }),
    {
      status: reply.status ?? 200,
      headers: { "content-type": reply.contentType ?? "text/event-stream", "x-test": "1", ...reply.headers }
    }
  )
}

const headersOf = (init: RequestInit | undefined): Record<string, string> => {
  const h = init?.headers
  if (h instanceof Headers) return Object.fromEntries(h.entries())
  if (Array.isArray(h)) return Object.fromEntries(h)
  return Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k, String(v)]))
}

/** A mocked `fetch` answering `reply` and recording the request. */
export const upstreamFetch = (reply: Reply, captured: Captured) => async (url: string | URL | Request, init?: RequestInit) => {
  captured.url = String(url)
  captured.headers = headersOf(init)
  captured.bodyText = typeof init?.body === "string" ? init.body : undefined
  return webResponse(reply)
}

/** A replayed `HttpClient` answering `reply` and recording the request. */
export const replayClient = (reply: Reply, captured: Captured) =>
  HttpClient.make((request, url) =>
    Effect.sync(() => {
      captured.url = url.toString()
      captured.headers = { ...request.headers }
      const body = request.body
      captured.bodyText = body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : undefined
      return HttpClientResponse.fromWeb(request, webResponse(reply))
    })
  )

/** The two sides of a hosted variant. */
export interface Host {
  readonly upstream: (fetch: ReturnType<typeof upstreamFetch>, modelId: string) => LanguageModelV4
  readonly aimux: (client: HttpClient.HttpClient, modelId: string) => Effect.Effect<LanguageModel.Service, unknown>
}

export interface StreamRun {
  readonly captured: Captured
  readonly parts: Array<unknown>
  readonly failure: unknown
  readonly request: unknown
  readonly responseHeaders: unknown
}

const readAll = async (stream: ReadableStream<unknown>) => {
  const parts: Array<unknown> = []
  const reader = stream.getReader()
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
    }
  } catch (error) {
    return { parts, failure: error }
  }
  return { parts, failure: undefined }
}

export const upstreamStream = async (
  host: Host,
  reply: Reply,
  options: LanguageModelV4CallOptions,
  modelId: string
): Promise<StreamRun> => {
  const captured: Captured = {}
  try {
    const result = await host.upstream(upstreamFetch(reply, captured), modelId).doStream(options)
    const { failure, parts } = await readAll(result.stream)
    return { captured, parts, failure, request: result.request, responseHeaders: result.response?.headers }
  } catch (error) {
    return { captured, parts: [], failure: error, request: undefined, responseHeaders: undefined }
  }
}

export const aimuxStream = (host: Host, reply: Reply, options: LanguageModelV4CallOptions, modelId: string) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const built = yield* Effect.exit(host.aimux(replayClient(reply, captured), modelId))
    if (Exit.isFailure(built)) {
      const run: StreamRun = { captured, parts: [], failure: failureOf(built), request: undefined, responseHeaders: undefined }
      return run
    }
    const started = yield* Effect.exit(built.value.stream(toAimux(options)))
    if (Exit.isFailure(started)) {
      const run: StreamRun = { captured, parts: [], failure: failureOf(started), request: undefined, responseHeaders: undefined }
      return run
    }
    const parts: Array<unknown> = []
    const done = yield* Effect.exit(Stream.runForEach(started.value.stream, (part) => Effect.sync(() => parts.push(part))))
    const run: StreamRun = {
      captured,
      parts,
      failure: Exit.isFailure(done) ? failureOf(done) : undefined,
      request: started.value.request,
      responseHeaders: started.value.response?.headers
    }
    return run
  })

export interface GenerateRun {
  readonly captured: Captured
  readonly result: unknown
  readonly failure: unknown
}

export const upstreamGenerate = async (
  host: Host,
  reply: Reply,
  options: LanguageModelV4CallOptions,
  modelId: string
): Promise<GenerateRun> => {
  const captured: Captured = {}
  try {
    const result = await host.upstream(upstreamFetch(reply, captured), modelId).doGenerate(options)
    return { captured, result, failure: undefined }
  } catch (error) {
    return { captured, result: undefined, failure: error }
  }
}

export const aimuxGenerate = (host: Host, reply: Reply, options: LanguageModelV4CallOptions, modelId: string) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const built = yield* Effect.exit(host.aimux(replayClient(reply, captured), modelId))
    if (Exit.isFailure(built)) {
      const run: GenerateRun = { captured, result: undefined, failure: failureOf(built) }
      return run
    }
    const exit = yield* Effect.exit(built.value.generate(toAimux(options)))
    const run: GenerateRun = Exit.isSuccess(exit)
      ? { captured, result: exit.value, failure: undefined }
      : { captured, result: undefined, failure: failureOf(exit) }
    return run
  })

// Source ids come from each side's own id generator: renumber them in order.
const renumberSources = (value: unknown): unknown => {
  let n = 0
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (typeof node !== "object" || node === null) return node
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(node)) out[key] = walk(child)
    if (out["type"] === "source" && typeof out["id"] === "string") out["id"] = `source-${n++}`
    return out
  }
  return walk(value)
}

/** Parts in comparable form: wire JSON, errors as their views, source ids renumbered. */
export const partsView = (parts: ReadonlyArray<unknown>): unknown =>
  renumberSources(parts.map((part) => {
    if (typeof part === "object" && part !== null && Reflect.get(part, "type") === "error") {
      return { type: "error", error: errorView(Reflect.get(part, "error")) }
    }
    return normalize(part)
  }))

/** A generate result in comparable form (source ids renumbered). */
export const resultView = (result: unknown): unknown => renumberSources(normalize(result))

/** Headers by lower-case name, without `content-length` (effect sets it up front, fetch on the wire). */
export const headersView = (headers: Record<string, string> | undefined, omit: ReadonlyArray<string> = []) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) {
    const name = key.toLowerCase()
    if (name !== "content-length" && !omit.includes(name)) out[name] = value
  }
  return out
}

/** The same URL, headers (all but `omit`, by lower-case name) and body text on both sides. */
export const expectSameRequest = (
  ours: { readonly captured: Captured },
  upstream: { readonly captured: Captured },
  omit: ReadonlyArray<string> = []
) => {
  expect(ours.captured.url).toBe(upstream.captured.url)
  expect(headersView(ours.captured.headers, omit)).toStrictEqual(headersView(upstream.captured.headers, omit))
  expect(ours.captured.bodyText).toBe(upstream.captured.bodyText)
}

export { errorView, normalize }
