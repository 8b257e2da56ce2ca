/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/amazon-bedrock` (fetch mocked) and through aimux (HttpClient
 * replayed). Event-stream bodies are built from JSON event lines with
 * `@smithy/eventstream-codec`, the codec both sides decode with.
 */
import { createAmazonBedrock, type AmazonBedrockProviderSettings } from "@ai-sdk/amazon-bedrock"
import { EventStreamCodec } from "@smithy/eventstream-codec"
import { Effect, Exit, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as fs from "node:fs"
import * as path from "node:path"
import * as AmazonBedrock from "../../../src/providers/amazon-bedrock/AmazonBedrock.ts"
import type * as SigV4 from "../../../src/providers/amazon-bedrock/SigV4.ts"
import * as AmazonBedrockLanguageModel from "../../../src/providers/amazon-bedrock/AmazonBedrockLanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import { recordingsDir } from "../_kit/Corpus.ts"
import { wireJson } from "../_kit/Wire.ts"

// Neither side may read credentials or endpoints from the machine.
for (const name of Object.keys(process.env)) {
  if (name.startsWith("AWS_")) delete process.env[name]
}

export const fixturesDir = path.resolve(import.meta.dirname, "../../../fixtures/amazon-bedrock")
export const sharedDir = recordingsDir("bedrock")

export const DEFAULT_MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"

const codec = new EventStreamCodec((bytes) => new TextDecoder().decode(bytes), (text) => new TextEncoder().encode(text))

/** One frame: string headers and a body text. */
export interface Frame {
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** Encodes one frame (both CRCs computed by the codec). */
export const encodeFrame = (frame: Frame): Uint8Array =>
  codec.encode({
    headers: Object.fromEntries(
      Object.entries(frame.headers).map(([name, value]) => [name, { type: "string" as const, value }])
    ),
    body: new TextEncoder().encode(frame.body)
  })

const concat = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * A line of a `.chunks.txt` file → a frame: `{ "<type>": payload }` is an
 * `event` frame of that type, or an `exception` frame when the type ends in
 * `Exception`; `#frame {"headers":..., "body":"..."}` is a frame given as is
 * (other message types, bodies that are not JSON).
 */
export const lineToFrame = (line: string): Frame => {
  if (line.startsWith("#frame ")) return JSON.parse(line.slice("#frame ".length))
  const event = JSON.parse(line)
  const [type] = Object.keys(event)
  const isException = type.endsWith("Exception")
  return {
    headers: isException
      ? { ":message-type": "exception", ":exception-type": type, ":content-type": "application/json" }
      : { ":message-type": "event", ":event-type": type, ":content-type": "application/json" },
    body: JSON.stringify(event[type])
  }
}

/** A `.chunks.txt` file's text → the event-stream body. */
export const chunksToBody = (text: string): Uint8Array =>
  concat(text.split("\n").filter((line) => line.trim() !== "").map((line) => encodeFrame(lineToFrame(line))))

export const chunked = (bytes: Uint8Array, size: number | "whole" | ReadonlyArray<number>): Array<Uint8Array> => {
  if (size === "whole") return [bytes]
  if (typeof size !== "number") {
    const out: Array<Uint8Array> = []
    let at = 0
    for (const cut of [...size, bytes.length]) {
      out.push(bytes.subarray(at, cut))
      at = cut
    }
    return out
  }
  const out: Array<Uint8Array> = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size))
  return out
}

export interface Reply {
  readonly status?: number
  readonly body: Uint8Array | string
  readonly contentType?: string
  /** A chunk size, or the cut offsets of the body. */
  readonly chunkSize?: number | "whole" | ReadonlyArray<number>
  /** Response headers besides the content type; default a request id and a date. */
  readonly headers?: Readonly<Record<string, string>>
}

const webResponse = (reply: Reply) => {
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
      headers: {
        "content-type": reply.contentType ?? "application/vnd.amazon.eventstream",
        ...(reply.headers ?? { "x-amzn-requestid": "req-1", date: "Tue, 01 Dec 2026 10:00:00 GMT" })
      }
    }
  )
}

/** JSON form for comparison: the suite's own serializer (errors with every field they set). */
export const normalize = (value: unknown): unknown => wireJson(value) ?? null

export interface Captured {
  url?: string | undefined
  headers?: Record<string, string> | undefined
  /** The body text as sent. */
  bodyText?: string | undefined
}

/** Call options as the pinned package's nested `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createAmazonBedrock>>["doStream"]>[0]

/** Upstream call options decoded into aimux call options. */
export const toAimux = (options: UpstreamOptions): CallOptions => Schema.decodeUnknownSync(CallOptions)(options)

/** Provider settings both sides get (no environment is read). */
export interface Auth {
  readonly region?: string
  readonly apiKey?: string
  readonly accessKeyId?: string
  readonly secretAccessKey?: string
  readonly sessionToken?: string
  readonly baseURL?: string
  readonly headers?: Record<string, string>
  /** aimux's credential provider. */
  readonly credentialProvider?: Effect.Effect<SigV4.Credentials, unknown>
  /** upstream's credential provider, for the same credentials. */
  readonly upstreamCredentialProvider?: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>
}

export const bearer: Auth = { region: "us-east-1", apiKey: "test-key" }

const headersOf = (init: RequestInit | undefined): Record<string, string> => {
  const h = init?.headers
  if (h instanceof Headers) return Object.fromEntries(h.entries())
  if (Array.isArray(h)) return Object.fromEntries(h)
  return Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k, String(v)]))
}

export const upstreamModel = (
  reply: Reply,
  captured: Captured,
  modelId = DEFAULT_MODEL,
  auth: Auth = bearer,
  modelFamily?: "anthropic"
) => {
  const { credentialProvider: _ours, upstreamCredentialProvider, ...rest } = auth
  const settings: AmazonBedrockProviderSettings = {
    ...rest,
    ...(upstreamCredentialProvider !== undefined && { credentialProvider: upstreamCredentialProvider }),
    generateId: makeCounter("id"),
    fetch: async (url, init) => {
      captured.url = String(url)
      captured.headers = headersOf(init)
      captured.bodyText = typeof init?.body === "string" ? init.body : undefined
      return webResponse(reply)
    }
  }
  return createAmazonBedrock(settings)(modelId, modelFamily !== undefined ? { modelFamily } : undefined)
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
  reply: Reply,
  options: UpstreamOptions,
  modelId?: string,
  auth?: Auth,
  modelFamily?: "anthropic"
) => {
  const captured: Captured = {}
  try {
    const result = await upstreamModel(reply, captured, modelId, auth, modelFamily).doStream(options)
    const { failure, parts } = await readAll(result.stream)
    return { captured, parts, failure, request: result.request }
  } catch (error) {
    return { captured, parts: [] as Array<unknown>, failure: error, request: undefined }
  }
}

export const upstreamGenerate = async (
  reply: Reply,
  options: UpstreamOptions,
  modelId?: string,
  auth?: Auth,
  modelFamily?: "anthropic"
) => {
  const captured: Captured = {}
  try {
    const result = await upstreamModel(reply, captured, modelId, auth, modelFamily).doGenerate(options)
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
      captured.bodyText = body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : undefined
      return HttpClientResponse.fromWeb(request, webResponse(reply))
    })
  )

const withoutUpstream = ({ upstreamCredentialProvider: _upstream, ...settings }: Auth): AmazonBedrock.Settings => settings

export const aimuxModel = (
  reply: Reply,
  captured: Captured,
  modelId = DEFAULT_MODEL,
  auth: Auth = bearer,
  modelFamily?: "anthropic"
) =>
  Effect.map(
    AmazonBedrock.modelConfig(modelId, withoutUpstream(auth), { modelFamily }),
    (config) =>
      AmazonBedrockLanguageModel.makeWith(replayClient(reply, captured), { ...config, generateId: makeCounter("id") })
  )

export const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  for (const reason of exit.cause.reasons) {
    if (reason._tag === "Fail") return reason.error
    if (reason._tag === "Die") return reason.defect
  }
  return exit.cause
}

export const aimuxStream = (
  reply: Reply,
  upstreamOptions: UpstreamOptions,
  modelId?: string,
  auth?: Auth,
  modelFamily?: "anthropic"
) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const options = toAimux(upstreamOptions)
    const model = yield* aimuxModel(reply, captured, modelId, auth, modelFamily)
    const started = yield* Effect.exit(model.stream(options))
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

export const aimuxGenerate = (
  reply: Reply,
  upstreamOptions: UpstreamOptions,
  modelId?: string,
  auth?: Auth,
  modelFamily?: "anthropic"
) =>
  Effect.gen(function*() {
    const captured: Captured = {}
    const options = toAimux(upstreamOptions)
    const model = yield* aimuxModel(reply, captured, modelId, auth, modelFamily)
    const exit = yield* Effect.exit(model.generate(options))
    return Exit.isSuccess(exit)
      ? { captured, result: exit.value, failure: undefined }
      : { captured, result: undefined, failure: failureOf(exit) }
  })

/** Comparable form of an error: name, message and the API fields. */
export const errorView = (error: unknown): unknown => {
  if (error == null || typeof error !== "object") return error
  const get = (key: string): unknown => Reflect.get(error, key)
  // zod and Effect Schema word validation messages differently: compare what failed.
  if (get("name") === "AI_TypeValidationError") return normalize({ name: get("name"), value: get("value") })
  return normalize({
    name: get("name"),
    message: get("message"),
    statusCode: get("statusCode"),
    isRetryable: get("isRetryable"),
    responseBody: get("responseBody"),
    data: get("data"),
    type: get("type"),
    code: get("code")
  })
}

/** Parts with error parts' errors replaced by their views. */
export const partsView = (parts: ReadonlyArray<unknown>): unknown =>
  parts.map((part) => {
    if (typeof part === "object" && part !== null && Reflect.get(part, "type") === "error") {
      return { type: "error", error: errorView(Reflect.get(part, "error")) }
    }
    return normalize(part)
  })

/** Headers by lower-case name; `content-length` (set by effect's body, by fetch on the wire) and the user agent left out. */
export const headersView = (headers: Record<string, string> | undefined) => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) {
    const name = key.toLowerCase()
    if (name !== "content-length" && name !== "user-agent") out[name] = value
  }
  return out
}

export const userAgentOf = (headers: Record<string, string> | undefined): string | undefined =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === "user-agent")?.[1]

export const listFixtures = (dir: string, suffix: string): Array<string> =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : []

export const readText = (file: string) => fs.readFileSync(file, "utf8")
