/**
 * `embed` / `embedMany` against upstream `ai` 7.0.173 on the same scripted model: the calls made
 * (values per call, fake time of each call, calls in flight), the result (embeddings, usage,
 * warnings, provider metadata, responses), the events (`onStart`, `onEnd`, and the telemetry
 * integration's `onEmbedStart` / `onEmbedEnd`), retries and errors. Upstream runs under vitest fake
 * timers, aimux on `TestClock`.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { APICallError as UpstreamAPICallError, type EmbeddingModelV4 } from "@ai-sdk/provider"
import {
  EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL,
  EXPERIMENTAL_EMBEDDING_MODEL_PROVIDER_OPTIONS_TRANSFORMER
} from "@ai-sdk/provider-utils"
import { embed as upstreamEmbed, embedMany as upstreamEmbedMany } from "ai"
import { Clock, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as Embed from "../../src/core/Embed.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import type { EmbeddingResult } from "../../src/contract/Embedding.ts"
import type { ProviderOptions } from "../../src/contract/ProviderMetadata.ts"
import * as MockEmbeddingModel from "../../src/testing/MockEmbeddingModel.ts"
import { errorJson } from "../providers/_kit/Wire.ts"

/** What the model does on call `index` with `values`. */
interface Reply {
  readonly delay?: number
  readonly fail?: { readonly status: number; readonly headers?: Record<string, string> }
  /** Return one embedding too few. */
  readonly short?: boolean
  readonly tokens?: number | undefined
  readonly warnings?: EmbeddingResult["warnings"]
  readonly providerMetadata?: EmbeddingResult["providerMetadata"]
}

interface Scenario {
  readonly maxEmbeddingsPerCall?: number | null
  readonly maxInputBytesPerCall?: number
  readonly supportsParallelCalls?: boolean
  readonly transformer?: boolean
  readonly values: ReadonlyArray<string>
  readonly options?: {
    readonly maxParallelCalls?: number
    readonly maxRetries?: number
    readonly dimensions?: number
    readonly headers?: Record<string, string>
    readonly providerOptions?: ProviderOptions
  }
  readonly reply: (values: ReadonlyArray<string>, index: number) => Reply
}

interface Observed {
  readonly outcome: unknown
  readonly calls: Array<{ readonly values: ReadonlyArray<string>; readonly at: number; readonly inFlight: number; readonly options: unknown }>
  readonly events: Array<unknown>
}

const apiError = (fail: NonNullable<Reply["fail"]>) => ({
  message: `status ${fail.status}`,
  url: "https://api.test/v1/embeddings",
  requestBodyValues: {},
  statusCode: fail.status,
  ...(fail.headers !== undefined ? { responseHeaders: fail.headers } : {})
})

const resultOf = (values: ReadonlyArray<string>, index: number, reply: Reply): EmbeddingResult => ({
  embeddings: values.slice(0, reply.short === true ? values.length - 1 : values.length).map((v) => [v.length, index, 0.5]),
  ...(reply.tokens !== undefined ? { usage: { tokens: reply.tokens } } : {}),
  warnings: reply.warnings ?? [],
  ...(reply.providerMetadata !== undefined ? { providerMetadata: reply.providerMetadata } : {}),
  response: { headers: { "x-call": String(index) }, body: { call: index } }
})

// the chunk's slice of a per-value provider option, as Google's transformer does
const sliceItems = (providerOptions: ProviderOptions | undefined, startIndex: number, endIndex: number): ProviderOptions | undefined => {
  const items = providerOptions?.test?.items
  return Array.isArray(items) ? { ...providerOptions, test: { ...providerOptions?.test, items: items.slice(startIndex, endIndex) } } : providerOptions
}

/** Drops the random call ids and the `aiVersion` the telemetry dispatcher adds. */
const eventView = (name: string, event: Record<string, unknown>) => {
  const { callId: _c, embedCallId: _e, aiVersion: _v, ...rest } = event
  return JSON.parse(JSON.stringify({ name, ...rest, hasCallId: typeof event.callId === "string" }))
}

const outcomeView = (outcome: { ok: unknown } | { error: unknown }) =>
  "ok" in outcome ? { ok: JSON.parse(JSON.stringify({ ...(outcome.ok as object) })) } : { error: errorJson(outcome.error) }

afterEach(() => {
  vi.useRealTimers()
})

const runUpstream = async (scenario: Scenario, single: boolean): Promise<Observed> => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 0 })
  const calls: Observed["calls"] = []
  const events: Array<unknown> = []
  let inFlight = 0
  let index = 0
  const model: EmbeddingModelV4 & Record<symbol, unknown> = {
    specificationVersion: "v4",
    provider: "mock-provider",
    modelId: "mock-model-id",
    maxEmbeddingsPerCall: scenario.maxEmbeddingsPerCall === null ? undefined : scenario.maxEmbeddingsPerCall ?? 1,
    supportsParallelCalls: scenario.supportsParallelCalls ?? false,
    [EXPERIMENTAL_EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL]: scenario.maxInputBytesPerCall,
    ...(scenario.transformer === true
      ? {
        [EXPERIMENTAL_EMBEDDING_MODEL_PROVIDER_OPTIONS_TRANSFORMER]: (
          { providerOptions, startIndex, endIndex }: { providerOptions: ProviderOptions | undefined; startIndex: number; endIndex: number }
        ) => sliceItems(providerOptions, startIndex, endIndex)
      }
      : {}),
    doEmbed: async (options) => {
      const i = index++
      inFlight++
      calls.push({ values: options.values, at: Date.now(), inFlight, options: JSON.parse(JSON.stringify({ ...options, abortSignal: undefined })) })
      const reply = scenario.reply(options.values, i)
      try {
        if (reply.delay !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delay))
      } finally {
        inFlight--
      }
      if (reply.fail !== undefined) throw new UpstreamAPICallError(apiError(reply.fail))
      return resultOf(options.values, i, reply) as never
    }
  }
  const record = (name: string) => (event: unknown) => void events.push(eventView(name, event as Record<string, unknown>))
  const common = {
    model,
    ...scenario.options,
    onStart: record("onStart"),
    onEnd: record("onEnd"),
    telemetry: { integrations: [{ onEmbedStart: record("onEmbedStart"), onEmbedEnd: record("onEmbedEnd") }] }
  }
  const promise = (single
    ? upstreamEmbed({ ...common, value: scenario.values[0] })
    : upstreamEmbedMany({ ...common, values: [...scenario.values] })).then((ok) => ({ ok }), (error: unknown) => ({ error }))
  await vi.runAllTimersAsync()
  const outcome = await promise
  vi.useRealTimers()
  return { outcome: outcomeView(outcome), calls, events }
}

const runOurs = (scenario: Scenario, single: boolean) =>
  Effect.gen(function*() {
    const calls: Observed["calls"] = []
    const events: Array<unknown> = []
    let inFlight = 0
    const record = (name: string) => (event: object) => Effect.sync(() => void events.push(eventView(name, { ...event })))
    const layer = MockEmbeddingModel.layer({
      maxEmbeddingsPerCall: scenario.maxEmbeddingsPerCall,
      maxInputBytesPerCall: scenario.maxInputBytesPerCall,
      supportsParallelCalls: scenario.supportsParallelCalls ?? false,
      ...(scenario.transformer === true
        ? { providerOptionsTransformer: ({ providerOptions, startIndex, endIndex }) => Effect.succeed(sliceItems(providerOptions, startIndex, endIndex)) }
        : {}),
      embed: (options, i) =>
        Effect.gen(function*() {
          inFlight++
          calls.push({ values: options.values, at: yield* Clock.currentTimeMillis, inFlight, options: JSON.parse(JSON.stringify(options)) })
          const reply = scenario.reply(options.values, i)
          yield* Effect.ensuring(reply.delay !== undefined ? Effect.sleep(reply.delay) : Effect.void, Effect.sync(() => void inFlight--))
          if (reply.fail !== undefined) return yield* new APICallError(apiError(reply.fail))
          return resultOf(options.values, i, reply)
        })
    })
    const common = {
      ...scenario.options,
      onStart: record("onStart"),
      onEnd: record("onEnd"),
      onEmbedStart: record("onEmbedStart"),
      onEmbedEnd: record("onEmbedEnd")
    }
    const run: Effect.Effect<unknown, unknown> = single
      ? Embed.embed({ ...common, value: scenario.values[0] }).pipe(Effect.provide(layer))
      : Embed.embedMany({ ...common, values: scenario.values }).pipe(Effect.provide(layer))
    const fiber = yield* Effect.forkChild(Effect.result(run))
    yield* TestClock.adjust(600_000)
    const result = yield* Fiber.join(fiber)
    const outcome = outcomeView(result._tag === "Success" ? { ok: result.success } : { error: result.failure })
    return { outcome, calls, events }
  })

const differential = (name: string, scenario: Scenario, single = false, siblingsInterrupted = false) =>
  it.effect(name, () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => runUpstream(scenario, single))
      const ours = yield* runOurs(scenario, single)
      expect(ours.calls).toEqual(upstream.calls)
      expect(ours.outcome).toEqual(upstream.outcome)
      // divergence (docs/divergences.md): a failing chunk interrupts its siblings in flight, so they
      // never end; upstream's Promise.all leaves them running and their onEmbedEnd fires after the
      // failure
      const expected = siblingsInterrupted
        ? upstream.events.filter((e) => (e as { name: string }).name !== "onEmbedEnd")
        : upstream.events
      expect(ours.events).toEqual(expected)
      if (siblingsInterrupted) expect(upstream.events.length).toBeGreaterThan(expected.length)
    }))

const ok = (tokens?: number): Reply => ({ tokens })
const five = ["a", "bb", "ccc", "dddd", "eeeee"]

describe("embedMany (differential)", () => {
  differential("no limit: one call with every value; no usage sums to NaN", {
    maxEmbeddingsPerCall: null,
    values: five,
    reply: () => ok()
  })
  differential("maxEmbeddingsPerCall 2, sequential: three calls, usage summed, one response per chunk", {
    maxEmbeddingsPerCall: 2,
    values: five,
    reply: (_v, i) => ({ delay: 10 * (3 - i), tokens: i + 1 })
  })
  differential("parallel, maxParallelCalls 2: batches of two, each waiting for its slowest call", {
    maxEmbeddingsPerCall: 1,
    supportsParallelCalls: true,
    values: five,
    options: { maxParallelCalls: 2 },
    reply: (_v, i) => ({ delay: [50, 10, 10, 30, 5][i], tokens: 1 })
  })
  differential("parallel without maxParallelCalls: every chunk at once", {
    maxEmbeddingsPerCall: 2,
    supportsParallelCalls: true,
    values: five,
    reply: (_v, i) => ({ delay: 100 - i * 10, tokens: 2 })
  })
  differential("byte limit: chunks closed by UTF-8 size (multi-byte and surrogate pairs)", {
    maxEmbeddingsPerCall: null,
    maxInputBytesPerCall: 8,
    values: ["héllo", "ab", "😀😀", "x", "🙂", "\ud800z", "abcdefghij", "k"],
    reply: () => ok(1)
  })
  differential("both limits", {
    maxEmbeddingsPerCall: 3,
    maxInputBytesPerCall: 6,
    values: ["aa", "bb", "cc", "dd", "e", "f", "g", "hhhhhhh"],
    reply: () => ok(3)
  })
  differential("empty values with a limit: no call", { maxEmbeddingsPerCall: 2, values: [], reply: () => ok() })
  differential("warnings concatenated, provider metadata merged per provider", {
    maxEmbeddingsPerCall: 2,
    values: five,
    reply: (_v, i) => ({
      tokens: 1,
      warnings: [{ type: "other", message: `w${i}` }],
      providerMetadata: i === 1 ? { p: { b: i }, q: { only: true } } : { p: { a: i, b: -1 } }
    })
  })
  differential("dimensions, headers and provider options reach every call (with the ai user agent)", {
    maxEmbeddingsPerCall: 3,
    values: five,
    options: { dimensions: 64, headers: { "X-Custom": "1", "User-Agent": "app/1" }, providerOptions: { test: { k: "v" } } },
    reply: () => ok(1)
  })
  differential("provider options transformer: each chunk gets its slice", {
    maxEmbeddingsPerCall: 2,
    supportsParallelCalls: true,
    transformer: true,
    values: five,
    options: { providerOptions: { test: { items: [0, 1, 2, 3, 4] } } },
    reply: () => ({ delay: 1, tokens: 1 })
  })
  differential("429 then success: retried after 2 s; the retry gets its own onEmbedStart", {
    maxEmbeddingsPerCall: 2,
    values: five,
    reply: (_v, i) => i === 1 ? { fail: { status: 429 } } : ok(1)
  })
  differential("retry-after-ms is respected", {
    maxEmbeddingsPerCall: 5,
    values: five,
    reply: (_v, i) => i === 0 ? { fail: { status: 503, headers: { "retry-after-ms": "700" } } } : ok(1)
  })
  differential("always 500: RetryError after 3 attempts", { maxEmbeddingsPerCall: 5, values: five, reply: () => ({ fail: { status: 500 } }) })
  differential("maxRetries 0: the error itself", {
    maxEmbeddingsPerCall: 5,
    values: five,
    options: { maxRetries: 0 },
    reply: () => ({ fail: { status: 500 } })
  })
  differential("a non-retryable error in the second parallel chunk fails embedMany", {
    maxEmbeddingsPerCall: 2,
    supportsParallelCalls: true,
    values: five,
    options: { maxParallelCalls: 3 },
    reply: (_v, i) => i === 1 ? { delay: 5, fail: { status: 400 } } : { delay: 20, tokens: 1 }
  }, false, true)
  differential("a chunk with one embedding too few: InvalidResponseDataError", {
    maxEmbeddingsPerCall: 2,
    values: five,
    reply: (_v, i) => ({ short: i === 2, tokens: 1 })
  })
  differential("no limit and a count mismatch", { maxEmbeddingsPerCall: null, values: five, reply: () => ({ short: true }) })
  differential("dimensions 0 is an invalid argument (no call)", {
    maxEmbeddingsPerCall: 2,
    values: five,
    options: { dimensions: 0 },
    reply: () => ok()
  })
  differential("maxRetries -1 is an invalid argument", { values: five, options: { maxRetries: -1 }, reply: () => ok() })
  differential("maxParallelCalls 0 with parallel calls: chunkSize error", {
    maxEmbeddingsPerCall: 2,
    supportsParallelCalls: true,
    values: five,
    options: { maxParallelCalls: 0 },
    reply: () => ok()
  })
})

describe("embed (differential)", () => {
  differential("one value", { values: ["hello"], reply: () => ({ tokens: 3, warnings: [{ type: "other", message: "w" }], providerMetadata: { p: { x: 1 } } }) }, true)
  differential("no embedding generated", { values: ["hello"], reply: () => ({ short: true }) }, true)
  differential("retried once after 429", { values: ["hello"], reply: (_v, i) => i === 0 ? { fail: { status: 429 } } : ok(1) }, true)
  differential("dimensions 1.5", { values: ["hello"], options: { dimensions: 1.5 }, reply: () => ok() }, true)
})
