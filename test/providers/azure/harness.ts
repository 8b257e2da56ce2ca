/**
 * Differential harness for Azure OpenAI: the same response bytes through the pinned
 * `@ai-sdk/azure` 4.0.85 (`createAzure({ resourceName, apiKey, fetch })`, its bundled
 * `@ai-sdk/openai` 4.0.81 models, fetch mocked) and through aimux's `Azure` configs on the OpenAI
 * kit (HttpClient replayed). Both outcomes as wire JSON: the request (URL, headers, body text
 * exactly as sent), the parts or result, the failure; generated ids normalized.
 */
import { createAzure } from "@ai-sdk/azure"
import { Cause, ConfigProvider, Effect, Exit, Schema, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { expect } from "vitest"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import type * as LanguageModel from "../../../src/LanguageModel.ts"
import { Azure } from "../../../src/providers/azure/index.ts"
import * as OpenAIChatLanguageModel from "../../../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import * as OpenAIResponsesLanguageModel from "../../../src/providers/kits/openai/responses/OpenAIResponsesLanguageModel.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { errorJson, wireJson } from "../_kit/Wire.ts"

export type Api = "responses" | "chat"

/** Call options as the pinned package's nested `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createAzure>["responses"]>["doStream"]>[0]

export const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)

export const hi: UpstreamOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }

/**
 * The OpenAI call-option matrices are typed by the root `@ai-sdk/provider` (one reasoning level more
 * than the pin's nested one): the same objects, accepted as the pin's call options.
 */
export const isUpstreamOptions = (u: unknown): u is UpstreamOptions =>
  typeof u === "object" && u !== null && Array.isArray(Reflect.get(u, "prompt"))

export const defaultModel = (api: Api) => (api === "responses" ? "gpt-4.1-mini" : "gpt-4o-mini")

/** Upstream's and aimux's settings (no `fetch`; `tokenProvider` has its own tests, `tokenProvider.test.ts`). */
export interface AzureSettings {
  readonly resourceName?: string
  readonly baseURL?: string
  readonly apiKey?: string
  readonly headers?: Record<string, string>
  readonly apiVersion?: string
  readonly useDeploymentBasedUrls?: boolean
  readonly speechBaseURL?: string
}

export const baseSettings = { resourceName: "aimux-holdout", apiKey: "test-key" } as const

export interface RunOptions {
  readonly api: Api
  readonly modelId?: string
  readonly options?: UpstreamOptions
  readonly chunkSize?: number | undefined
  readonly status?: number
  readonly contentType?: string
  readonly settings?: AzureSettings
}

export interface Outcome {
  readonly url?: string | undefined
  readonly headers?: Record<string, string> | undefined
  readonly body?: string | undefined
  readonly failure?: unknown
  readonly parts?: Array<unknown>
  readonly streamError?: unknown
  readonly result?: unknown
  readonly request?: unknown
}

interface Seen {
  url?: string | undefined
  headers?: Record<string, string> | undefined
  body?: string | undefined
}

const webResponse = (bytes: Uint8Array, run: RunOptions, signal: AbortSignal | null | undefined) => {
  const size = run.chunkSize ?? Math.max(bytes.length, 1)
  let offset = 0
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (signal?.aborted === true) return controller.error(signal.reason)
        if (offset >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(offset, offset + size))
        offset += size
      }
    }),
    { status: run.status ?? 200, headers: { "content-type": run.contentType ?? "text/event-stream", "x-test": "1" } }
  )
}

const encode = (body: string | Uint8Array) => (typeof body === "string" ? new TextEncoder().encode(body) : body)

/** Headers by lower-cased name, without `content-length` (effect sets it up front, fetch on the wire). */
const headersView = (headers: Record<string, string> | undefined) => {
  if (headers === undefined) return undefined
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

export const upstreamModel = (run: RunOptions, fetch: typeof globalThis.fetch) => {
  const provider = createAzure({ ...baseSettings, ...run.settings, fetch })
  const modelId = run.modelId ?? defaultModel(run.api)
  return run.api === "responses" ? provider.responses(modelId) : provider.chat(modelId)
}

const upstreamFetch = (body: string | Uint8Array, run: RunOptions, seen: Seen): typeof globalThis.fetch => async (url, init) => {
  seen.url = String(url)
  seen.headers = Object.fromEntries(new Headers(init?.headers).entries())
  seen.body = typeof init?.body === "string" ? init.body : undefined
  return webResponse(encode(body), run, init?.signal)
}

export const replayClient = (body: string | Uint8Array, run: RunOptions, seen: Seen) =>
  HttpClient.make((request, url, signal) =>
    Effect.sync(() => {
      seen.url = url.toString()
      seen.headers = { ...request.headers }
      seen.body = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : undefined
      return HttpClientResponse.fromWeb(request, webResponse(encode(body), run, signal))
    })
  )

const noEnv = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.runSync(effect.pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({})))))

/** aimux's model as `Azure.responses` / `Azure.chat` configure it, on `client` through `Azure.httpClient`, counter ids. */
export const oursModel = (client: HttpClient.HttpClient, run: RunOptions): LanguageModel.Service => {
  const modelId = run.modelId ?? defaultModel(run.api)
  const settings = { ...baseSettings, ...run.settings }
  const generateId = makeCounter("id")
  const azureClient = Azure.httpClient(settings)(client)
  return run.api === "responses"
    ? OpenAIResponsesLanguageModel.makeWith(azureClient, { ...noEnv(Azure.responsesConfig(modelId, settings)), generateId })
    : OpenAIChatLanguageModel.makeWith(azureClient, { ...noEnv(Azure.chatConfig(modelId, settings)), generateId })
}

const generatedUpstream = /^[0-9A-Za-z]{16}$/
const generatedOurs = /^id-\d+$/

/** Generated ids (`id`, `toolCallId` values, possibly `-<n>` suffixed) → `gen-<n>` in order of appearance. */
export const normalizeIds = (value: unknown, generated: RegExp): unknown => {
  const mapping = new Map<string, string>()
  const norm = (id: string) => {
    const suffixed = /^(.*?)(-\d+)$/.exec(id)
    const [base, suffix] = generated.test(id)
      ? [id, ""]
      : suffixed !== null && generated.test(suffixed[1])
      ? [suffixed[1], suffixed[2]]
      : [undefined, ""]
    if (base === undefined) return id
    if (!mapping.has(base)) mapping.set(base, `gen-${mapping.size}`)
    return `${mapping.get(base)}${suffix}`
  }
  const walk = (u: unknown, key: string | undefined): unknown => {
    if (Array.isArray(u)) return u.map((v) => walk(v, undefined))
    if (typeof u === "object" && u !== null) {
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(u)) out[k] = walk(v, k)
      return out
    }
    return typeof u === "string" && (key === "id" || key === "toolCallId") ? norm(u) : u
  }
  return walk(value, undefined)
}

// The responses model takes `config.generateId` (set to the same counter on both sides); the 4.0.81
// chat model always uses provider-utils' random ids: normalized on both sides.
const upstreamIds = (run: RunOptions) => (run.api === "chat" ? generatedUpstream : generatedOurs)

const withCounter = <M extends object>(model: M): M => {
  const config: unknown = Reflect.get(model, "config")
  if (typeof config === "object" && config !== null) Reflect.set(config, "generateId", makeCounter("id"))
  return model
}

const firstFailure = (cause: Cause.Cause<unknown>): unknown => {
  for (const reason of cause.reasons) if (reason._tag === "Fail") return reason.error
  return Cause.squash(cause)
}

// Upstream's 200-with-error `APICallError`s carry the parsed body object as `responseBody`; ours its
// JSON text (docs/divergences.md): upstream's object is compared as its JSON text.
const responseBodyAsText = (failure: unknown): unknown => {
  if (typeof failure !== "object" || failure === null) return failure
  const body: unknown = Reflect.get(failure, "responseBody")
  return typeof body === "object" && body !== null ? { ...failure, responseBody: JSON.stringify(body) } : failure
}

const requestView = (seen: Seen) => ({ url: seen.url, headers: headersView(seen.headers), body: seen.body })

/** Upstream's stream as it comes: the raw parts, the failure of the call or of the stream. */
export const upstreamRawStream = async (bytes: string | Uint8Array, run: RunOptions) => {
  const seen: Seen = {}
  const model = withCounter(upstreamModel(run, upstreamFetch(bytes, run, seen)))
  const parts: Array<unknown> = []
  try {
    const result = await model.doStream(run.options ?? hi)
    const reader = result.stream.getReader()
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value)
    } catch (error) {
      return { seen, parts, request: result.request, failure: undefined, streamError: error }
    }
    return { seen, parts, request: result.request, failure: undefined, streamError: undefined }
  } catch (failure) {
    return { seen, parts, request: undefined, failure, streamError: undefined }
  }
}

export const runUpstreamStream = async (bytes: string | Uint8Array, run: RunOptions): Promise<Outcome> => {
  const raw = await upstreamRawStream(bytes, run)
  if (raw.failure !== undefined) return { ...requestView(raw.seen), failure: errorJson(raw.failure) }
  return {
    ...requestView(raw.seen),
    parts: raw.parts.map((part) => normalizeIds(wireJson(part), upstreamIds(run))),
    request: wireJson(raw.request),
    ...(raw.streamError !== undefined ? { streamError: errorJson(raw.streamError) } : {})
  }
}

export const runOursStream = async (bytes: string | Uint8Array, run: RunOptions): Promise<Outcome> => {
  const seen: Seen = {}
  const model = oursModel(replayClient(bytes, run, seen), run)
  const parts: Array<unknown> = []
  const exit = await Effect.runPromiseExit(
    Effect.flatMap(model.stream(decodeCallOptions(run.options ?? hi)), (response) =>
      Stream.runForEach(response.stream, (part) => Effect.sync(() => parts.push(part))).pipe(
        Effect.exit,
        Effect.map((streamExit) => ({ streamExit, request: response.request }))
      ))
  )
  if (Exit.isFailure(exit)) return { ...requestView(seen), failure: errorJson(firstFailure(exit.cause)) }
  const { request, streamExit } = exit.value
  return {
    ...requestView(seen),
    parts: parts.map((part) => normalizeIds(wireJson(part), generatedOurs)),
    request: wireJson(request),
    ...(Exit.isFailure(streamExit) ? { streamError: errorJson(firstFailure(streamExit.cause)) } : {})
  }
}

export const expectSameStream = async (bytes: string | Uint8Array, run: RunOptions) => {
  const upstream = await runUpstreamStream(bytes, run)
  const ours = await runOursStream(bytes, run)
  expect(ours).toStrictEqual(upstream)
  return ours
}

const resultView = (result: Record<string, unknown>, generated: RegExp) => {
  const response = result["response"]
  const { headers: _headers, ...responseRest } = typeof response === "object" && response !== null
    ? { ...response }
    : { headers: undefined }
  return normalizeIds(
    wireJson({
      content: result["content"],
      finishReason: result["finishReason"],
      usage: result["usage"],
      providerMetadata: result["providerMetadata"],
      warnings: result["warnings"],
      structuredOutputText: result["structuredOutputText"],
      request: result["request"],
      response: responseRest
    }),
    generated
  )
}

const json = { contentType: "application/json" }

export const runUpstreamGenerate = async (body: string, run: RunOptions): Promise<Outcome> => {
  const seen: Seen = {}
  const withJson = { ...json, ...run }
  const model = withCounter(upstreamModel(withJson, upstreamFetch(body, withJson, seen)))
  try {
    const result = await model.doGenerate(run.options ?? hi)
    return { ...requestView(seen), result: resultView({ ...result }, upstreamIds(run)) }
  } catch (failure) {
    return { ...requestView(seen), failure: responseBodyAsText(errorJson(failure)) }
  }
}

export const runOursGenerate = async (body: string, run: RunOptions): Promise<Outcome> => {
  const seen: Seen = {}
  const model = oursModel(replayClient(body, { ...json, ...run }, seen), run)
  const exit = await Effect.runPromiseExit(model.generate(decodeCallOptions(run.options ?? hi)))
  return Exit.isFailure(exit)
    ? { ...requestView(seen), failure: errorJson(firstFailure(exit.cause)) }
    : { ...requestView(seen), result: resultView({ ...exit.value }, generatedOurs) }
}

export const expectSameGenerate = async (body: string, run: RunOptions) => {
  const upstream = await runUpstreamGenerate(body, run)
  const ours = await runOursGenerate(body, run)
  expect(ours).toStrictEqual(upstream)
  return ours
}
