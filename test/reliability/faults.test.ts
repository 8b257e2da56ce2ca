/**
 * Fault injection against a real loopback HTTP server (node:http on 127.0.0.1, port 0), with the
 * real OpenAI chat and Anthropic providers over effect's `FetchHttpClient`. Every scenario ends in
 * its documented typed outcome within a bounded time; no part is emitted twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Service } from "../../src/LanguageModel.ts"
import { DeepSeek } from "../../src/providers/deepseek/index.ts"
import { Groq } from "../../src/providers/groq/index.ts"
import { OpenAICompatible } from "../../src/providers/openai-compatible/index.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import { RetryError } from "../../src/contract/errors/RetryError.ts"
import { FirstChunkTimeoutError } from "../../src/contract/errors/TimeoutError.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import { normalize } from "../testing/normalize.ts"
import * as L from "./loopback.ts"

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/openai-chat", name), "utf8")
const anthropicSse = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/anthropic/recordings", name), "utf8")
    .split("\n").filter((l) => l.trim() !== "").map((l) => {
      const type = /"type"\s*:\s*"([^"]+)"/.exec(l)?.[1] ?? "message"
      return `event: ${type}\ndata: ${l}\n\n`
    }).join("")

let server: L.Server
beforeAll(async () => {
  server = await L.start((_req, res) => L.sse(res, ""))
})
afterAll(() => server.stop())

/** Runs a stream to its end or failure, with a hard bound so a hang fails the test. */
const collect = (model: Service, take?: number) =>
  Effect.gen(function*() {
    const parts: Array<StreamPart> = []
    const started = yield* Effect.exit(model.stream(L.call()))
    if (Exit.isFailure(started)) return { parts, exit: started }
    const r = started.value
    const s = take === undefined ? r.stream : Stream.take(r.stream, take)
    const exit = yield* Stream.runForEach(s, (p) => Effect.sync(() => parts.push(p))).pipe(Effect.exit)
    return { parts, exit }
  }).pipe(Effect.timeoutOrElse({ duration: "10 seconds", orElse: () => Effect.die(new Error("hung")) }))

const ids = (parts: ReadonlyArray<StreamPart>) => normalize(parts)

const closedEarly = (seen: L.Seen | undefined) =>
  seen === undefined
    ? Promise.resolve(false)
    : Promise.race([seen.closedEarly, new Promise<boolean>((r) => setTimeout(() => r(false), 1500))])

const bodies = [
  { provider: "openai", name: "parallel-tool-calls", body: () => fixture("parallel-tool-calls.sse") },
  { provider: "openai", name: "text", body: () => fixture("text.sse") },
  { provider: "openai", name: "eof-no-finish-partial-args", body: () => fixture("eof-no-finish-partial-args.sse") },
  { provider: "anthropic", name: "anthropic-tool-no-args", body: () => anthropicSse("anthropic-tool-no-args.chunks.txt") },
  { provider: "anthropic", name: "anthropic-text", body: () => anthropicSse("anthropic-text.chunks.txt") }
] as const

/**
 * Interrupt points that leave the HTTP connection open, per provider: none. Both providers read the
 * body up to the first output inside `stream` (the "error before any output" peek). That scope used
 * to be closed only by a finalizer on the stream after the prepended `stream-start`, which a
 * consumer stopping at k = 1 never reached; the finalizer now covers the whole stream
 * (`EarlyError.peek`). The list must match exactly, so a regression fails here.
 */
const knownLeftOpen: Record<"openai" | "anthropic", ReadonlyArray<number>> = { openai: [], anthropic: [] }

const modelFor = (provider: "openai" | "anthropic") => provider === "openai" ? L.openai(server) : L.anthropic(server)

describe("interrupt after every k-th part (server holds the response open)", () => {
  for (const b of bodies) {
    it.live(`${b.provider} ${b.name}`, () =>
      Effect.gen(function*() {
        const model = yield* modelFor(b.provider)
        const body = b.body()
        server.handler = (_req, res) => L.sse(res, body)
        const reference = yield* collect(model)
        expect(Exit.isSuccess(reference.exit)).toBe(true)
        // Held open: the provider emits what the bytes allow, then waits; no flush can run.
        server.handler = (_req, res) => L.sse(res, body, { end: false })
        const available = yield* Effect.gen(function*() {
          const r = yield* model.stream(L.call())
          const parts: Array<StreamPart> = []
          yield* Stream.runForEach(r.stream, (p) => Effect.sync(() => parts.push(p))).pipe(
            Effect.timeoutOrElse({ duration: "300 millis", orElse: () => Effect.void })
          )
          return parts
        })
        expect(available.length).toBeGreaterThan(0)
        expect(ids(available)).toStrictEqual(ids(reference.parts.slice(0, available.length)))
        // Anthropic finishes on `message_stop`, before the body ends: interrupt before it.
        const finishAt = available.findIndex((p) => p.type === "finish")
        const last = finishAt === -1 ? available.length : finishAt
        expect(last).toBeGreaterThan(0)
        const leftOpen: Array<number> = []
        for (let k = 1; k <= last; k++) {
          const before = server.requests.length
          const run = yield* collect(model, k)
          expect(Exit.isSuccess(run.exit)).toBe(true)
          expect(ids(run.parts)).toStrictEqual(ids(reference.parts.slice(0, k)))
          expect(run.parts.some((p) => p.type === "finish")).toBe(false)
          if (!(yield* Effect.promise(() => closedEarly(server.requests[before])))) leftOpen.push(k)
        }
        expect(leftOpen).toStrictEqual(knownLeftOpen[b.provider])
      }), 60_000)
  }
})

/** The providers that build their stream as `stream-start` + the transformed body, with a body each. */
const earlyStoppers: ReadonlyArray<{
  readonly name: string
  readonly body: () => string
  readonly model: (server: L.Server) => Effect.Effect<Service, unknown>
}> = [
  { name: "openai chat", body: () => fixture("text.sse"), model: L.openai },
  { name: "anthropic", body: () => anthropicSse("anthropic-text.chunks.txt"), model: L.anthropic },
  {
    name: "openai-compatible",
    body: () => fixture("text.sse"),
    model: (s) =>
      OpenAICompatible.model("m", { name: "loopback", baseURL: s.baseURL, apiKey: L.apiKey }).pipe(
        Effect.provide(FetchHttpClient.layer)
      )
  },
  {
    name: "groq",
    body: () => fixture("text.sse"),
    model: (s) =>
      Groq.model("llama-3.3-70b-versatile", { baseURL: s.baseURL, apiKey: L.apiKey }).pipe(
        Effect.provide(FetchHttpClient.layer)
      )
  },
  {
    name: "deepseek",
    body: () => fixture("text.sse"),
    model: (s) =>
      DeepSeek.model("deepseek-chat", { baseURL: s.baseURL, apiKey: L.apiKey }).pipe(
        Effect.provide(FetchHttpClient.layer)
      )
  }
]

describe("a consumer that stops early closes the connection (server holds the response open)", () => {
  for (const provider of earlyStoppers) {
    for (const k of [1, 2, 3]) {
      it.live(`${provider.name}: take(${k})`, () =>
        Effect.gen(function*() {
          const model = yield* provider.model(server)
          const body = provider.body()
          server.handler = (_req, res) => L.sse(res, body, { end: false })
          const before = server.requests.length
          const run = yield* collect(model, k)
          expect(Exit.isSuccess(run.exit)).toBe(true)
          expect(run.parts).toHaveLength(k)
          expect(run.parts[0]?.type).toBe("stream-start")
          expect(yield* Effect.promise(() => closedEarly(server.requests[before]))).toBe(true)
        }))
    }
  }
})

describe("transport faults", () => {
  it.live("the server closes the socket mid-body: the stream fails with a retryable APICallError, the prefix is intact", () =>
    Effect.gen(function*() {
      const model = yield* L.openai(server)
      const body = fixture("parallel-tool-calls.sse")
      server.handler = (_req, res) => L.sse(res, body)
      const reference = yield* collect(model)
      server.handler = (_req, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" })
        res.write(body.slice(0, Math.floor(body.length / 2)), () => setTimeout(() => res.socket?.destroy(), 20))
      }
      const run = yield* collect(model)
      expect(Exit.isFailure(run.exit)).toBe(true)
      const error = Exit.isFailure(run.exit) ? run.exit.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined
      expect(error).toBeInstanceOf(APICallError)
      expect(error instanceof APICallError && error.message).toBe("Failed to process successful response")
      expect(run.parts.some((p) => p.type === "finish")).toBe(false)
      expect(ids(run.parts)).toStrictEqual(ids(reference.parts.slice(0, run.parts.length)))
    }))

  it.live("a stalled response (headers, no body) ends in FirstChunkTimeoutError and the connection is closed", () =>
    Effect.gen(function*() {
      const base = yield* L.openai(server)
      const model = yield* ReliableModel.make(base, { retry: false, timeout: { firstChunk: "200 millis" } })
      server.handler = (_req, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" })
        res.flushHeaders()
      }
      const before = server.requests.length
      const run = yield* collect(model)
      const error = Exit.isFailure(run.exit) ? run.exit.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined
      expect(error).toBeInstanceOf(FirstChunkTimeoutError)
      expect(run.parts).toStrictEqual([])
      expect(yield* Effect.promise(() => closedEarly(server.requests[before]))).toBe(true)
    }))

  it.live("a stalled request (no response at all) ends in the step timeout", () =>
    Effect.gen(function*() {
      const base = yield* L.openai(server)
      const model = yield* ReliableModel.make(base, { retry: false, timeout: { step: "200 millis" } })
      server.handler = () => {}
      const exit = yield* Effect.exit(model.stream(L.call()))
      expect(Exit.isFailure(exit) && exit.cause.reasons.find((r) => r._tag === "Fail")?.error).toHaveProperty("_tag", "StepTimeoutError")
    }))

  it.live("malformed chunked encoding: the stream fails with APICallError, nothing hangs", () =>
    Effect.gen(function*() {
      const model = yield* L.openai(server)
      server.handler = (req) => {
        const good = `data: ${JSON.stringify({ id: "c", created: 1, model: "m", choices: [{ index: 0, delta: { content: "ok" }, finish_reason: null }] })}\n\n`
        req.socket.write(
          "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n" +
            `${Buffer.byteLength(good).toString(16)}\r\n${good}\r\nZZZ-not-hex\r\ngarbage\r\n`
        )
        setTimeout(() => req.socket.end(), 20)
      }
      const run = yield* collect(model)
      expect(Exit.isFailure(run.exit)).toBe(true)
      const error = Exit.isFailure(run.exit) ? run.exit.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined
      expect(error).toBeInstanceOf(APICallError)
      expect(run.parts.some((p) => p.type === "finish")).toBe(false)
    }))
})

describe("HTTP error statuses, with and without retry-after", () => {
  const errorBody = { error: { message: "slow down", type: "rate_limit", code: "rate_limit" } }
  for (const status of [500, 429, 529] as const) {
    for (const headers of [{}, { "retry-after-ms": "30" }, { "retry-after": "0" }]) {
      it.live(`${status} ${JSON.stringify(headers)}: retried 2 times, then RetryError with 3 APICallErrors`, () =>
        Effect.gen(function*() {
          const base = yield* L.openai(server)
          const model = yield* ReliableModel.make(base, { retry: { initialDelay: "20 millis" } })
          server.handler = (_req, res) => L.json(res, status, errorBody, headers)
          const before = server.requests.length
          const started = Date.now()
          const error = yield* Effect.flip(model.stream(L.call())).pipe(Effect.timeout("10 seconds"))
          expect(server.requests.length - before).toBe(3)
          expect(error).toBeInstanceOf(RetryError)
          expect(error instanceof RetryError && error.reason).toBe("maxRetriesExceeded")
          const errors = error instanceof RetryError ? error.errors : []
          expect(errors).toHaveLength(3)
          for (const e of errors) {
            expect(e).toBeInstanceOf(APICallError)
            expect(e instanceof APICallError && [e.statusCode, e.isRetryable, e.message]).toStrictEqual([status, true, "slow down"])
          }
          // the headers' delays (30 ms, 0 ms) or the backoff (20 + 40 ms) were waited
          expect(Date.now() - started).toBeGreaterThanOrEqual("retry-after" in headers ? 0 : 50)
        }))
    }
  }

  it.live("without the wrapper a 429 fails the stream Effect at once with the APICallError", () =>
    Effect.gen(function*() {
      const model = yield* L.anthropic(server)
      server.handler = (_req, res) =>
        L.json(res, 529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, { "retry-after": "1" })
      const error = yield* Effect.flip(model.stream(L.call()))
      expect(error).toBeInstanceOf(APICallError)
      expect(error instanceof APICallError && [error.statusCode, error.isRetryable, error.responseHeaders?.["retry-after"]])
        .toStrictEqual([529, true, "1"])
    }))

  it.live("a 400 is not retried", () =>
    Effect.gen(function*() {
      const base = yield* L.openai(server)
      const model = yield* ReliableModel.make(base, { retry: { initialDelay: "10 millis" } })
      server.handler = (_req, res) => L.json(res, 400, { error: { message: "bad", type: "invalid_request_error" } })
      const before = server.requests.length
      const error = yield* Effect.flip(model.stream(L.call()))
      expect(server.requests.length - before).toBe(1)
      expect(error).toBeInstanceOf(APICallError)
    }))

  it.live("a 500 then a good stream: retried once, parts emitted once", () =>
    Effect.gen(function*() {
      const base = yield* L.openai(server)
      const model = yield* ReliableModel.make(base, { retry: { initialDelay: "10 millis" } })
      const body = fixture("text.sse")
      server.handler = (_req, res, _b, i) => i % 2 === 0 ? L.json(res, 500, { error: { message: "x" } }) : L.sse(res, body)
      while (server.requests.length % 2 !== 0) server.requests.push(server.requests[0]!)
      const run = yield* collect(model)
      expect(Exit.isSuccess(run.exit)).toBe(true)
      server.handler = (_req, res) => L.sse(res, body)
      const reference = yield* collect(model)
      expect(ids(run.parts)).toStrictEqual(ids(reference.parts))
    }))
})
