/**
 * End to end with real providers on the same bytes: upstream `@ai-sdk/openai` chat (fetch
 * mocked) and aimux's OpenAI chat (replayed HttpClient), over every `fixtures/openai-chat` SSE
 * recording.
 *
 * - aimux over `fromLanguageModelV4(upstream)` gives the same V4 parts and errors as the upstream
 *   provider itself and as aimux's own provider;
 * - upstream `streamText` / `generateText` over `toLanguageModelV4(aimux provider)` give the same
 *   results as over the upstream provider;
 * - aimux `streamText` over `fromLanguageModelV4(upstream)` gives the same parts as over aimux's
 *   provider;
 * - round trips in both directions are transparent;
 * - abort/interrupt crosses the bridge down to the HTTP request.
 *
 * Normalization: generated ids (upstream's 16-character ids, aimux's counter ids, `ai`'s
 * `aitxt-` ids, step call ids) are renumbered in order of appearance; errors are compared as
 * `{name, message, statusCode?, isRetryable?, code?, type?, data?, responseBody?}`.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai"
import { Cause, Effect, Exit, Fiber, Layer, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import * as fs from "node:fs"
import * as path from "node:path"
import { errorJson, partsJson } from "../providers/_kit/Wire.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { FromLanguageModelV4, toLanguageModelV4 } from "../../src/interop/index.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { makeCounter } from "../../src/runtime/IdGenerator.ts"
import * as OpenAIChatLanguageModel from "../../src/providers/kits/openai/OpenAIChatLanguageModel.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import { replayClient } from "../providers/openai/replay.ts"
import { type Captured, mockFetch, upstreamChat } from "../providers/openai/upstream.ts"
import { normalize } from "../testing/normalize.ts"

const fixturesDir = path.join(import.meta.dirname, "../../fixtures/openai-chat")
const fixtures = fs.readdirSync(fixturesDir).filter((f) => f.endsWith(".sse")).sort()
const bytesOf = (file: string) => fs.readFileSync(path.join(fixturesDir, file))

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const upstreamModel = (bytes: string | Uint8Array, contentType?: string): LanguageModelV4 =>
  upstreamChat("gpt-4o-mini", mockFetch(bytes, {}, contentType === undefined ? {} : { contentType }))

const aimuxModel = (bytes: string | Uint8Array, contentType?: string): Service =>
  OpenAIChatLanguageModel.makeWith(replayClient(bytes, contentType === undefined ? {} : { contentType }).client, {
    provider: "openai.chat",
    modelId: "gpt-4o-mini",
    url: "https://api.openai.com/v1/chat/completions",
    headers: { Authorization: "Bearer test-key" },
    generateId: makeCounter("id")
  })

// ---- V4 level outcomes ----

interface Outcome {
  readonly parts?: ReadonlyArray<unknown>
  readonly streamError?: unknown
  readonly failure?: unknown
}

const generatedId = /^([0-9A-Za-z]{16}|id-\d+)$/

const renumber = (parts: ReadonlyArray<unknown>): Array<unknown> => {
  const ids = new Map<string, string>()
  const norm = (id: unknown) => {
    if (typeof id !== "string" || !generatedId.test(id)) return id
    if (!ids.has(id)) ids.set(id, `gen-${ids.size}`)
    return ids.get(id)
  }
  return parts.map((part) => {
    if (typeof part !== "object" || part === null) return part
    const copy: Record<string, unknown> = { ...part }
    if ("id" in copy) copy.id = norm(copy.id)
    if ("toolCallId" in copy) copy.toolCallId = norm(copy.toolCallId)
    return copy
  })
}

const wire = (parts: ReadonlyArray<StreamPart | LanguageModelV4StreamPart>) =>
  renumber(partsJson(parts))

// The typed failure (aimux errors must arrive in the error channel, not as defects).
const typedFailure = (cause: Cause.Cause<unknown>): unknown => {
  const error = Cause.findErrorOption(cause)
  return error._tag === "Some" ? error.value : { defect: Cause.squash(cause) }
}

const aimuxOutcome = (model: Service): Promise<Outcome> =>
  Effect.runPromise(
    Effect.gen(function*() {
      const started = yield* Effect.exit(model.stream({ prompt }))
      if (Exit.isFailure(started)) return { failure: typedFailure(started.cause) }
      const parts: Array<StreamPart> = []
      const ended = yield* Effect.exit(
        Stream.runForEach(started.value.stream, (part) => Effect.sync(() => parts.push(part)))
      )
      return {
        parts: wire(parts),
        ...(Exit.isFailure(ended) ? { streamError: typedFailure(ended.cause) } : {})
      }
    })
  )

const upstreamOutcome = async (model: LanguageModelV4): Promise<Outcome> => {
  let result
  try {
    result = await model.doStream({ prompt })
  } catch (failure) {
    return { failure }
  }
  const parts: Array<LanguageModelV4StreamPart> = []
  try {
    for await (const part of result.stream) parts.push(part)
    return { parts: wire(parts) }
  } catch (streamError) {
    return { parts: wire(parts), streamError }
  }
}

const json = (outcome: Outcome) => ({
  ...(outcome.parts !== undefined ? { parts: outcome.parts } : {}),
  ...(outcome.streamError !== undefined ? { streamError: errorJson(outcome.streamError) } : {}),
  ...(outcome.failure !== undefined ? { failure: errorJson(outcome.failure) } : {})
})

// A failure in the aimux error channel is an aimux instance (has `_tag`).
const expectTyped = (outcome: Outcome) => {
  for (const error of [outcome.failure, outcome.streamError]) {
    if (error !== undefined) expect(error).toHaveProperty("_tag")
  }
}

describe("fromLanguageModelV4(@ai-sdk/openai chat) on recorded bytes", () => {
  for (const file of fixtures) {
    it(file, async () => {
      const bytes = bytesOf(file)
      const upstream = await upstreamOutcome(upstreamModel(bytes))
      const bridged = await aimuxOutcome(FromLanguageModelV4.make(upstreamModel(bytes)))
      const ours = await aimuxOutcome(aimuxModel(bytes))
      expectTyped(bridged)
      // Same parts and errors as the upstream provider itself ...
      expect(json(bridged)).toEqual(json(upstream))
      // ... and as aimux's own provider, typed errors included.
      expect(json(bridged)).toEqual(json(ours))
      expect(Reflect.get(Object(bridged.failure ?? bridged.streamError), "_tag")).toBe(
        Reflect.get(Object(ours.failure ?? ours.streamError), "_tag")
      )
    })
  }
})

describe("round trips over @ai-sdk/openai and aimux OpenAI on recorded bytes", () => {
  for (const file of fixtures) {
    it(file, async () => {
      const bytes = bytesOf(file)
      // aimux → V4 → aimux
      const ours = await aimuxOutcome(aimuxModel(bytes))
      const aimuxRoundTrip = await aimuxOutcome(FromLanguageModelV4.make(toLanguageModelV4(aimuxModel(bytes))))
      expect(json(aimuxRoundTrip)).toEqual(json(ours))
      expectTyped(aimuxRoundTrip)
      expect(Reflect.get(Object(aimuxRoundTrip.failure ?? aimuxRoundTrip.streamError), "_tag")).toBe(
        Reflect.get(Object(ours.failure ?? ours.streamError), "_tag")
      )
      // V4 → aimux → V4
      const upstream = await upstreamOutcome(upstreamModel(bytes))
      const upstreamRoundTrip = await upstreamOutcome(toLanguageModelV4(FromLanguageModelV4.make(upstreamModel(bytes))))
      expect(json(upstreamRoundTrip)).toEqual(json(upstream))
    })
  }
})

// ---- `ai` over toLanguageModelV4(aimux OpenAI) ----

const weather = tool({
  description: "Weather of a city",
  inputSchema: jsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } } }),
  execute: async ({ city }) => `Sunny in ${city}`
})

// `normalize` plus the ids it does not know: provider-generated tool call ids, step call ids.
const normalizeAll = (values: ReadonlyArray<unknown>): unknown => {
  const ids = new Map<string, string>()
  const walk = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x))
    if (v !== null && typeof v === "object") {
      const entries = Object.entries(v).map(([k, x]) => [k, walk(x, k)])
      // The validator's issue text (zod vs Schema) is a documented divergence of the provider.
      return Object.fromEntries(
        Reflect.get(v, "name") === "AI_TypeValidationError"
          ? entries.map(([k, x]) => [k, k === "message" && typeof x === "string" ? x.split("\nError message:")[0] : x])
          : entries
      )
    }
    if (key === "callId") return "call"
    if ((key === "id" || key === "toolCallId") && typeof v === "string" && generatedId.test(v)) {
      if (!ids.has(v)) ids.set(v, `gen-${ids.size}`)
      return ids.get(v)
    }
    return v
  }
  return walk(normalize(values))
}

// The parts, then what the iteration rejected with (a provider stream error surfaces there).
const collect = async <A>(stream: AsyncIterable<A>): Promise<Array<unknown>> => {
  const out: Array<unknown> = []
  try {
    for await (const part of stream) out.push(part)
  } catch (error) {
    out.push({ rejected: error })
  }
  return out
}

describe("ai streamText over toLanguageModelV4(aimux OpenAI) vs over @ai-sdk/openai, same bytes", () => {
  for (const file of fixtures) {
    it(file, async () => {
      const bytes = bytesOf(file)
      // No retries: a retryable error before output would make ai back off for seconds.
      const settings = { prompt: "hi", tools: { weather }, stopWhen: stepCountIs(1), maxRetries: 0, onError: () => {} }
      const expected = streamText({ model: upstreamModel(bytes), ...settings })
      const actual = streamText({ model: toLanguageModelV4(aimuxModel(bytes)), ...settings })
      expect(normalizeAll(await collect(actual.fullStream))).toEqual(normalizeAll(await collect(expected.fullStream)))
      const [expectedSteps, actualSteps] = await Promise.all([
        expected.steps.then((s) => s, (e: unknown) => ({ rejected: e })),
        actual.steps.then((s) => s, (e: unknown) => ({ rejected: e }))
      ])
      expect(normalizeAll([actualSteps])).toEqual(normalizeAll([expectedSteps]))
    })
  }
})

const completion = (message: Record<string, unknown>, finishReason: string) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1711357598,
    model: "gpt-4o-mini-2024-07-18",
    system_fingerprint: "fp_1",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason }],
    usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, prompt_tokens_details: { cached_tokens: 2 } }
  })

const generateBodies: ReadonlyArray<readonly [string, string, number?]> = [
  ["text", completion({ content: "Hello there" }, "stop")],
  [
    "tool calls",
    completion({
      content: null,
      tool_calls: [{ id: "call_a", type: "function", function: { name: "weather", arguments: "{\"city\":\"Paris\"}" } }]
    }, "tool_calls")
  ],
  ["length", completion({ content: "Hel" }, "length")],
  ["an HTTP 429", JSON.stringify({ error: { message: "Rate limited", type: "requests", code: "rate_limit" } }), 429],
  ["an HTTP 400", JSON.stringify({ error: { message: "Bad", type: "invalid_request_error", code: null } }), 400]
]

describe("ai generateText over toLanguageModelV4(aimux OpenAI) vs over @ai-sdk/openai, same bytes", () => {
  for (const [name, body, status] of generateBodies) {
    it(name, async () => {
      const upstream = upstreamChat(
        "gpt-4o-mini",
        mockFetch(body, {}, { contentType: "application/json", ...(status !== undefined ? { status } : {}) })
      )
      const ours = OpenAIChatLanguageModel.makeWith(
        replayClient(body, { contentType: "application/json", ...(status !== undefined ? { status } : {}) }).client,
        {
          provider: "openai.chat",
          modelId: "gpt-4o-mini",
          url: "https://api.openai.com/v1/chat/completions",
          headers: { Authorization: "Bearer test-key" },
          generateId: makeCounter("id")
        }
      )
      const settings = { prompt: "hi", tools: { weather }, stopWhen: stepCountIs(1), maxRetries: 0 }
      const expected = await generateText({ model: upstream, ...settings }).catch((e: unknown) => ({ rejected: e }))
      const actual = await generateText({ model: toLanguageModelV4(ours), ...settings }).catch((e: unknown) => ({
        rejected: e
      }))
      if ("rejected" in expected) {
        expect("rejected" in actual).toBe(true)
        expect(normalizeAll([actual])).toEqual(normalizeAll([expected]))
        return
      }
      if ("rejected" in actual) throw actual.rejected
      expect(normalizeAll([actual.steps, actual.totalUsage, actual.response])).toEqual(
        normalizeAll([expected.steps, expected.totalUsage, expected.response])
      )
    })
  }
})

// ---- aimux streamText over fromLanguageModelV4(@ai-sdk/openai) ----

describe("aimux streamText over fromLanguageModelV4(@ai-sdk/openai) vs over aimux OpenAI, same bytes", () => {
  for (const file of fixtures) {
    it(file, async () => {
      const bytes = bytesOf(file)
      const run = (layer: Layer.Layer<LanguageModel>) =>
        Effect.runPromise(
          StreamText.streamText({ prompt: "hi" }).pipe(
            Stream.runCollect,
            Effect.map((chunk) => Array.from(chunk)),
            Effect.provide(layer)
          )
        )
      const viaUpstream = await run(FromLanguageModelV4.layer(upstreamModel(bytes)))
      const viaOurs = await run(Layer.succeed(LanguageModel, aimuxModel(bytes)))
      expect(normalizeAll(viaUpstream)).toEqual(normalizeAll(viaOurs))
    })
  }
})

// ---- abort / interrupt down to HTTP ----

// The first two events of a recording: the role, then the first text.
const firstChunk = fs.readFileSync(path.join(fixturesDir, "text.sse"), "utf8").split("\n\n").slice(0, 2).join("\n\n") +
  "\n\n"

describe("abort and interrupt reach the HTTP request across the bridge", () => {
  it.effect("interrupting aimux over fromLanguageModelV4(@ai-sdk/openai) aborts fetch and cancels the body", () =>
    Effect.gen(function*() {
      const state = { aborted: false, cancelled: false }
      const hangingFetch: typeof fetch = async (_input, init) => {
        init?.signal?.addEventListener("abort", () => {
          state.aborted = true
        })
        let sent = false
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (!sent) controller.enqueue(new TextEncoder().encode(firstChunk))
            sent = true
          },
          cancel() {
            state.cancelled = true
          }
        })
        return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } })
      }
      const model = FromLanguageModelV4.make(upstreamChat("gpt-4o-mini", hangingFetch))
      const seen: Array<string> = []
      const response = yield* model.stream({ prompt })
      const fiber = yield* Effect.forkChild(
        Stream.runForEach(response.stream, (part) => Effect.sync(() => seen.push(part.type)))
      )
      while (!seen.includes("text-delta")) yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      expect(state.aborted).toBe(true)
      // The cancel travels back through upstream's pipeThrough chain asynchronously.
      for (let i = 0; i < 100 && !state.cancelled; i++) yield* Effect.promise(() => new Promise((r) => setTimeout(r, 1)))
      expect(state.cancelled).toBe(true)
      expect(seen).not.toContain("finish")
    }))

  it("aborting ai streamText over toLanguageModelV4(aimux OpenAI) aborts the HTTP request", async () => {
    const state = { aborted: false }
    const hangingClient = HttpClient.make((request, _url, signal) =>
      Effect.sync(() => {
        signal.addEventListener("abort", () => {
          state.aborted = true
        })
        let sent = false
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (signal.aborted) controller.error(signal.reason)
            else if (!sent) controller.enqueue(new TextEncoder().encode(firstChunk))
            sent = true
          }
        })
        return HttpClientResponse.fromWeb(
          request,
          new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } })
        )
      })
    )
    const ours = OpenAIChatLanguageModel.makeWith(hangingClient, {
      provider: "openai.chat",
      modelId: "gpt-4o-mini",
      url: "https://api.openai.com/v1/chat/completions",
      headers: {}
    })
    const controller = new AbortController()
    const result = streamText({ model: toLanguageModelV4(ours), prompt: "hi", abortSignal: controller.signal })
    const types: Array<string> = []
    for await (const part of result.fullStream) {
      types.push(part.type)
      if (part.type === "text-delta") controller.abort()
    }
    expect(state.aborted).toBe(true)
    expect(types).toContain("abort")
    expect(types).not.toContain("finish")
  })
})
