/**
 * Issue 31: failing or stopping never waits on a peer's cancel. The response body is a
 * ReadableStream that sends one error event, stays open, and whose `cancel()` never settles (as in
 * the mock-server setups of many application test suites). For every provider in the CLI registry:
 * an early error fails `stream` with its typed error, and a consumer that stops after the first
 * error part ends, both within a bounded (real) time; so do retries of an error before any output
 * (every attempt's body cancelled, none awaited). Bedrock's binary event-stream bodies included.
 */
import { Cause, Duration, Effect, Exit, Layer, Schema, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { describe, expect, it } from "vitest"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import * as HttpTimeouts from "../../src/runtime/HttpTimeouts.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import { chunkFrame } from "../providers/amazon-bedrock/anthropicHarness.ts"
import { encodeFrame } from "../providers/amazon-bedrock/harness.ts"

const hi = Schema.decodeUnknownSync(CallOptions)({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })

const anthropicError = `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`

/** Binary event-stream (Bedrock) bodies: the first frame per provider. */
const frames: Record<string, Uint8Array> = {
  "amazon-bedrock-anthropic": encodeFrame(chunkFrame(anthropicError)),
  "amazon-bedrock": encodeFrame({
    headers: { ":message-type": "exception", ":exception-type": "throttlingException", ":content-type": "application/json" },
    body: `{"message":"Too many requests"}`
  })
}

/** The first event per provider: its in-stream error where it has an early-error check, else a malformed event. */
const firstEvent: Record<string, string | Uint8Array> = {
  "openai-chat": `data: {"error":{"message":"boom","type":"server_error","code":"server_error"}}\n\n`,
  "openai-responses": `data: {"type":"error","code":"server_error","message":"boom","param":null,"sequence_number":0}\n\n`,
  anthropic: `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`,
  "google-vertex-anthropic":
    `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`,
  "amazon-bedrock-anthropic": frames["amazon-bedrock-anthropic"]!
}
const malformed = `data: {"oops\n\n`

/** A body that sends `first`, never ends, and whose cancel never settles; `cancelled` counts cancel calls. */
const stuck = (first: string | Uint8Array) => {
  const state = { cancelled: 0, requests: 0 }
  const layer = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() => {
        state.requests++
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(typeof first === "string" ? new TextEncoder().encode(first) : first),
          cancel: () => {
            state.cancelled++
            return new Promise<void>(() => {})
          }
        })
        return HttpClientResponse.fromWeb(
          request,
          new Response(body, {
            headers: {
              "content-type": typeof first === "string" ? "text/event-stream" : "application/vnd.amazon.eventstream"
            }
          })
        )
      })
    )
  )
  return { state, layer }
}

const BOUND_MS = 2_000

/** Runs `effect` in real time; fails the test if it has not settled within the bound. */
const bounded = <A, E>(effect: Effect.Effect<A, E>) =>
  new Promise<{ exit: Exit.Exit<A, E>; ms: number }>((resolve, reject) => {
    const t0 = Date.now()
    const timer = setTimeout(() => reject(new Error(`still pending after ${BOUND_MS} ms`)), BOUND_MS)
    void Effect.runPromiseExit(effect).then((exit) => {
      clearTimeout(timer)
      resolve({ exit, ms: Date.now() - t0 })
    })
  })

// Every provider in the table (a provider added later is covered here without a line for it):
// Bedrock's bodies are binary event-stream frames, every other one is SSE.
const allProviders = Object.keys(providers)
const firstOf = (id: string) => firstEvent[id] ?? frames[id] ?? malformed

describe("a body whose cancel never settles: nothing waits on it", () => {
  it("covers the early-error providers and every provider in the table", () => {
    expect(allProviders).toEqual(expect.arrayContaining([...Object.keys(firstEvent), ...Object.keys(frames)]))
    expect(allProviders.length).toBeGreaterThan(20)
  })
  for (const id of Object.keys(firstEvent)) {
    it(`${id}: an error as the first event fails stream with the typed error, at once`, async () => {
      const entry = providers[id]!
      const { layer, state } = stuck(firstEvent[id]!)
      const { exit } = await bounded(
        Effect.gen(function*() {
          const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
          return yield* model.stream(hi)
        }).pipe(Effect.provide(Layer.merge(layer, IdGenerator.layerCounter())))
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        expect(Cause.hasDies(exit.cause)).toBe(false)
        expect(String(Reflect.get(Object(Cause.squash(exit.cause)), "name"))).toBe("AI_APICallError")
      }
      expect(state.cancelled).toBe(1)
    })
  }
  for (const id of allProviders) {
    it(`${id}: a consumer that stops at the first error part ends at once`, async () => {
      const entry = providers[id]!
      const { layer, state } = stuck(firstOf(id))
      const seen: Array<string> = []
      const { exit } = await bounded(
        Effect.gen(function*() {
          const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
          const response = yield* model.stream(hi)
          yield* response.stream.pipe(
            Stream.takeUntil((part) => part.type === "error"),
            Stream.runForEach((part) => Effect.sync(() => seen.push(part.type)))
          )
        }).pipe(Effect.provide(Layer.merge(layer, IdGenerator.layerCounter())))
      )
      if (Exit.isFailure(exit)) expect(Cause.hasDies(exit.cause)).toBe(false)
      else expect(seen).toContain("error")
      expect(state.cancelled).toBe(1)
    })
  }
})

describe("retries with a body whose cancel never settles", () => {
  // ReliableModel retries a stream that fails before its first output part: every discarded
  // attempt's body is closed without waiting on its cancel, so the retries and the final failure
  // go out in bounded time. (Only the early-error providers: for the others an error part is not a
  // failure, and ReliableModel holds the parts before the first output until it or the end comes.)
  for (const id of Object.keys(firstEvent)) {
    it(`${id}: an error before any output, retried, settles at once and cancels every attempt`, async () => {
      const entry = providers[id]!
      const { layer, state } = stuck(firstOf(id))
      const { exit } = await bounded(
        Effect.gen(function*() {
          const base = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
          const model = yield* ReliableModel.make(base, { retry: { initialDelay: "5 millis" } })
          const response = yield* model.stream(hi)
          yield* Stream.runDrain(response.stream)
        }).pipe(Effect.provide(Layer.merge(layer, IdGenerator.layerCounter())))
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(Cause.hasDies(exit.cause)).toBe(false)
      expect(state.requests).toBe(3)
      expect(state.cancelled).toBe(state.requests)
    })
  }
})

describe("the body-idle bound with a body whose cancel never settles", () => {
  for (const id of ["openai-chat", "anthropic", "google"]) {
    it(`${id}: a body that goes silent fails with the typed timeout at once`, async () => {
      const entry = providers[id]!
      // a first event that is neither an error nor the end, then silence
      const { layer, state } = stuck(id === "google" ? `data: {"candidates":[]}\n\n` : `: ping\n\n`)
      const { exit } = await bounded(
        Effect.gen(function*() {
          const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "k" })
          const response = yield* model.stream(hi)
          yield* Stream.runDrain(response.stream)
        }).pipe(
          HttpTimeouts.provide({ bodyIdle: Duration.millis(200) }),
          Effect.provide(Layer.merge(layer, IdGenerator.layerCounter()))
        )
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        expect(Cause.hasDies(exit.cause)).toBe(false)
        expect(String(Reflect.get(Object(Cause.squash(exit.cause)), "name"))).toBe("AI_APICallError")
      }
      expect(state.cancelled).toBe(1)
    })
  }
})
