/**
 * One differential harness for the providers whose pinned upstream package is
 * a `LanguageModelV4` built by `create<Provider>({ apiKey, fetch })(modelId)`
 * (xAI, Hugging Face): the same response bytes through upstream (fetch
 * mocked) and through aimux (HttpClient replayed), the request body captured
 * as the exact text sent. A provider's `harness.ts` binds it to its package,
 * fixture folder, default model and aimux model.
 *
 * Each upstream package pins its own nested `@ai-sdk/provider`, so the call
 * options' type is the package's own: `Options` is inferred from the model a
 * provider's `upstream` returns, never taken from the root package.
 */
import { Effect, Exit, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as fs from "node:fs"
import * as path from "node:path"
import type * as LanguageModel from "../../../src/LanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { errorJson, partsJson, wireJson } from "./Wire.ts"

/** An error as comparable JSON (every field it sets; validator wording cut). */
export const errorView = (error: unknown): unknown => (error == null ? error : errorJson(error))
/** Any value as comparable JSON. */
export const normalize = (value: unknown): unknown => wireJson(value)
/** Parts as comparable JSON, errors with every field. */
export const partsView = (parts: ReadonlyArray<unknown>): unknown => partsJson(parts)

export const listFixtures = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : []

export const readText = (file: string) => fs.readFileSync(file, "utf8")

/** The repository's `fixtures/<name>` folder. */
export const fixturesOf = (name: string): string => path.resolve(import.meta.dirname, "../../../fixtures", name)

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

/** `.chunks.txt` (one JSON payload per line) → SSE with `data:` lines only. */
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

export const toAimux = (options: unknown): CallOptions => Schema.decodeUnknownSync(CallOptions)(options)

// Upstream's `generateId` is provider-utils' random one; the same counter
// replaces it on both sides (the config object is the model's own).
export const withCounter = <M extends object>(model: M): M => {
  const config: unknown = Reflect.get(model, "config")
  if (typeof config === "object" && config !== null) Reflect.set(config, "generateId", makeCounter("id"))
  return model
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

/** Headers by lower-cased name, without `content-length` (effect sets it up front, fetch on the wire). */
export const headersView = (headers: Record<string, string> | undefined) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

/** A fetch that records the request in `captured` and answers `reply`. */
export const captureFetch = (reply: Reply, captured: Captured): typeof globalThis.fetch => async (url, init) => {
  captured.url = String(url)
  captured.headers = Object.fromEntries(Object.entries(init?.headers ?? {}))
  captured.text = String(init?.body)
  return webResponse(reply)
}

/**
 * What the harness needs of an upstream model: the two V4 calls. Their
 * options and results are inferred from the provider's own model, so they
 * keep the types of the package's nested `@ai-sdk/provider`.
 */
export interface UpstreamModel<Options, Generated, Streamed> {
  doStream(options: Options): PromiseLike<Streamed>
  doGenerate(options: Options): PromiseLike<Generated>
}

/** A provider's bindings. */
export interface Spec<Options, Generated, Streamed> {
  readonly defaultModel: string
  /** The pinned package's model over `captureFetch(reply, captured)`, `apiKey: "test-key"`. */
  readonly upstream: (reply: Reply, captured: Captured, modelId: string) => UpstreamModel<Options, Generated, Streamed>
  /** aimux's model over the given client, `apiKey: "test-key"`, ids from `generateId`. */
  readonly aimux: (client: HttpClient.HttpClient, modelId: string, generateId: () => string) => LanguageModel.Service
}

/** The stream and generate runners of one provider, upstream and aimux. */
export const make = <Options, Generated, Streamed extends { readonly stream: ReadableStream<unknown>; readonly request?: unknown }>(
  spec: Spec<Options, Generated, Streamed>
) => {
  const upstreamStream = async (reply: Reply, options: Options, modelId = spec.defaultModel) => {
    const captured: Captured = {}
    try {
      const result = await withCounter(spec.upstream(reply, captured, modelId)).doStream(options)
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

  const upstreamGenerate = async (reply: Reply, options: Options, modelId = spec.defaultModel) => {
    const captured: Captured = {}
    try {
      const result = await withCounter(spec.upstream(reply, captured, modelId)).doGenerate(options)
      return { captured, result, failure: undefined }
    } catch (error) {
      return { captured, result: undefined, failure: error }
    }
  }

  const aimuxModel = (reply: Reply, captured: Captured, modelId: string) =>
    spec.aimux(replayClient(reply, captured), modelId, makeCounter("id"))

  const aimuxStream = (reply: Reply, upstreamOptions: Options, modelId = spec.defaultModel) =>
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

  const aimuxGenerate = (reply: Reply, upstreamOptions: Options, modelId = spec.defaultModel) =>
    Effect.gen(function*() {
      const captured: Captured = {}
      const model = aimuxModel(reply, captured, modelId)
      const exit = yield* Effect.exit(model.generate(toAimux(upstreamOptions)))
      return Exit.isSuccess(exit)
        ? { captured, result: exit.value, failure: undefined }
        : { captured, result: undefined, failure: failureOf(exit) }
    })

  return { upstreamStream, upstreamGenerate, aimuxStream, aimuxGenerate }
}
