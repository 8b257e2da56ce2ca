/**
 * Runs the same bytes through upstream's OpenAI chat model (mocked fetch) and
 * aimux's (replay HttpClient) and returns both outcomes in wire JSON, with
 * generated ids normalized.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Cause, ConfigProvider, Effect, Exit, Schema, Stream } from "effect"
import { expect } from "vitest"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import * as OpenAIChatLanguageModel from "../../../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import { CallOptions } from "../../../src/contract/CallOptions.ts"
import type { StreamPart } from "../../../src/contract/StreamPart.ts"
import { errorJson, partsJson, wireJson } from "../_kit/Wire.ts"
import { replayClient } from "./replay.ts"
import { type Captured, mockFetch, readAll, upstreamChat } from "./upstream.ts"

export const decodeCallOptions = Schema.decodeUnknownSync(CallOptions)

export interface Outcome {
  readonly body: unknown
  /** Every request header but `content-length` (effect's request body sets it up front, fetch on the wire). */
  readonly headers: Record<string, string> | undefined
  readonly failure?: unknown
  readonly parts?: Array<unknown>
  readonly streamError?: unknown
  /** The stream result's `request` / `response` envelope (request body, response headers). */
  readonly envelope?: unknown
}

/** Request headers by lower-cased name, without `content-length`. */
export const headersView = (headers: Record<string, string> | undefined): Record<string, string> | undefined => {
  if (headers === undefined) return undefined
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== "content-length") out[key.toLowerCase()] = value
  }
  return out
}

/**
 * The model as `OpenAI.chat` configures it for upstream's test settings (`apiKey: "test-key"`,
 * default base URL, no environment), on a given client, with counter ids.
 */
export const oursChatModel = (
  client: Parameters<typeof OpenAIChatLanguageModel.makeWith>[0],
  modelId: string,
  settings: OpenAI.Settings = {}
) => {
  const config = Effect.runSync(
    OpenAI.chatConfig(modelId, { apiKey: "test-key", ...settings }).pipe(
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({})))
    )
  )
  return OpenAIChatLanguageModel.makeWith(client, { ...config, generateId: makeCounter("id") })
}

const upstreamGenerated = /^[0-9A-Za-z]{16}$/
const oursGenerated = /^id-\d+$/

/** Replaces generated ids (tool call ids, source ids) by `gen-<n>` in order of appearance. */
export const normalizeIds = (parts: Array<unknown>, generated: RegExp): Array<unknown> => {
  const mapping = new Map<string, string>()
  const norm = (id: unknown) => {
    if (typeof id !== "string") return id
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
  return parts.map((part) => {
    if (typeof part !== "object" || part === null) return part
    const copy: Record<string, unknown> = { ...part }
    if (copy.type === "source" || copy.type === "tool-input-start" || copy.type === "tool-input-delta" || copy.type === "tool-input-end") copy.id = norm(copy.id)
    if (copy.type === "tool-call") copy.toolCallId = norm(copy.toolCallId)
    return copy
  })
}

const wire = (parts: ReadonlyArray<unknown>, generated: RegExp) => normalizeIds(partsJson(parts), generated)

export interface RunOptions {
  readonly modelId?: string
  readonly options?: LanguageModelV4CallOptions
  readonly chunkSize?: number | undefined
  readonly status?: number
  readonly contentType?: string
}

const defaultOptions: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }

export const runUpstreamStream = async (bytes: string | Uint8Array, run: RunOptions = {}): Promise<Outcome> => {
  const captured: Captured = {}
  const model = upstreamChat(run.modelId ?? "gpt-4o-mini", mockFetch(bytes, captured, run))
  try {
    const result = await model.doStream(run.options ?? defaultOptions)
    const { parts, error } = await readAll(result.stream)
    return {
      body: captured.body,
      headers: headersView(captured.headers),
      parts: wire(parts, upstreamGenerated),
      envelope: wireJson({ request: result.request, response: result.response }),
      ...(error !== undefined ? { streamError: errorJson(error) } : {})
    }
  } catch (failure) {
    return { body: captured.body, headers: headersView(captured.headers), failure: errorJson(failure) }
  }
}

const firstFailure = (cause: Cause.Cause<unknown>): unknown => {
  for (const reason of cause.reasons) if (reason._tag === "Fail") return reason.error
  return Cause.squash(cause)
}

export const runOursStream = async (bytes: string | Uint8Array, run: RunOptions = {}): Promise<Outcome> => {
  const { client, seen } = replayClient(bytes, run)
  const model = oursChatModel(client, run.modelId ?? "gpt-4o-mini")
  const parts: Array<StreamPart> = []
  const exit = await Effect.runPromiseExit(
    Effect.flatMap(model.stream(decodeCallOptions(run.options ?? defaultOptions)), (response) =>
      Stream.runForEach(response.stream, (part) => Effect.sync(() => parts.push(part))).pipe(
        Effect.exit,
        Effect.map((streamExit) => ({ streamExit, request: response.request, response: response.response }))
      ))
  )
  if (Exit.isFailure(exit)) {
    return { body: seen.bodies[0], headers: headersView(seen.headers[0]), failure: errorJson(firstFailure(exit.cause)) }
  }
  const streamExit = exit.value.streamExit
  const streamError = Exit.isFailure(streamExit)
    ? errorJson(firstFailure(streamExit.cause))
    : undefined
  return {
    body: seen.bodies[0],
    headers: headersView(seen.headers[0]),
    parts: wire(parts, oursGenerated),
    envelope: wireJson({ request: exit.value.request, response: exit.value.response }),
    ...(streamError !== undefined ? { streamError } : {})
  }
}

export const expectSameStream = async (bytes: string | Uint8Array, run: RunOptions = {}) => {
  const upstream = await runUpstreamStream(bytes, run)
  const ours = await runOursStream(bytes, run)
  expect(ours).toEqual(upstream)
  return ours
}
