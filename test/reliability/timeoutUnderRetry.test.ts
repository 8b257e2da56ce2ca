/**
 * One timeout rule under retry, for every provider of the CLI registry: the first attempt gets a
 * 429, the retry reaches a server that sends its headers and stalls. The step timeout ends the call
 * with `StepTimeoutError` itself (upstream's retry loop rethrows an abort or timeout unwrapped,
 * `isAbortError`), through `ReliableModel` (`generate` and `stream`, whether the provider reads up
 * to the first output inside `stream` or later) and through core `generateText` / `streamText`
 * with `maxRetries` and `timeout.stepMs` (streamText: an `abort` part with the timeout's message,
 * as upstream). Real loopback sockets, a 1 s step timeout (a loaded machine can take a few hundred
 * ms for the 429 and the retry to reach the server, which the timeout must not cut).
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Logger, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import { RetryError } from "../../src/contract/errors/RetryError.ts"
import { StepTimeoutError } from "../../src/contract/errors/TimeoutError.ts"
import * as L from "./loopback.ts"

/** Per marker in the request body: how many requests the server saw (the first one gets the 429). */
const attempts = new Map<string, number>()
const contentType = (path: string, body: string) =>
  path.includes("converse-stream") ? "application/vnd.amazon.eventstream" : body.includes("\"stream\":true") || path.includes("stream") ? "text/event-stream" : "application/json"

let server: L.Server
beforeAll(async () => {
  server = await L.start((req, res, body) => {
    const marker = /retry-case-\d+/.exec(body)?.[0] ?? "?"
    const n = (attempts.get(marker) ?? 0) + 1
    attempts.set(marker, n)
    if (n === 1) return L.json(res, 429, { error: { message: "rate limited", type: "rate_limit_error", code: 429 } }, { "retry-after-ms": "1" })
    res.writeHead(200, { "content-type": contentType(req.url ?? "", body) })
    res.flushHeaders()
  })
})
afterAll(() => server.stop())

let seq = 0
const nextMarker = () => `retry-case-${seq++}`

const failure = (exit: Exit.Exit<unknown, unknown>): unknown =>
  Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined

/** The outcome as compared: the error's class and message, and how many requests were made. */
const outcome = (error: unknown, marker: string) => ({
  error: error instanceof StepTimeoutError ? "StepTimeoutError" : error instanceof RetryError ? `RetryError(${error.reason})` : String(error),
  message: error instanceof Error ? error.message : String(error),
  requests: attempts.get(marker)
})

const expected = { error: "StepTimeoutError", message: "Step timeout of 1000ms exceeded", requests: 2 }

const reliable = (provider: string) =>
  Effect.flatMap(L.registryModel(provider, server), (m) =>
    ReliableModel.make(m, { retry: { initialDelay: "1 millis" }, timeout: { step: "1000 millis" } }))

const bounded = <A, E>(effect: Effect.Effect<A, E>) =>
  effect.pipe(Effect.timeoutOrElse({ duration: "10 seconds", orElse: () => Effect.die(new Error("hung")) }))

const streamOnce = (model: Service, marker: string) =>
  bounded(Effect.exit(Effect.flatMap(model.stream(L.call(marker)), (r) => Stream.runDrain(r.stream))))

const core = (model: Service) => Layer.merge(Layer.succeed(LanguageModel, model), Logger.layer([]))

describe("a step timeout during retries is StepTimeoutError for every provider", () => {
  it("the registry has the providers this suite covers", () => {
    expect(L.providerIds.length).toBeGreaterThanOrEqual(11)
  })

  for (const provider of L.providerIds) {
    it.live(`${provider}: ReliableModel stream and generate, core generateText and streamText`, () =>
      Effect.gen(function*() {
        const model = yield* reliable(provider)
        const s = nextMarker()
        expect(outcome(failure(yield* streamOnce(model, s)), s)).toStrictEqual(expected)

        const g = nextMarker()
        const generated = yield* bounded(Effect.exit(model.generate(L.call(g))))
        expect(outcome(failure(generated), g)).toStrictEqual(expected)

        const plain = yield* L.registryModel(provider, server)
        const cg = nextMarker()
        const coreGenerated = yield* bounded(Effect.exit(
          GenerateText.generateText({ prompt: cg, maxRetries: 2, timeout: { stepMs: 1000 } }).pipe(Effect.provide(core(plain)))
        ))
        expect(outcome(failure(coreGenerated), cg)).toStrictEqual(expected)

        const cs = nextMarker()
        const parts = yield* bounded(
          StreamText.streamText({ prompt: cs, maxRetries: 2, timeout: { stepMs: 1000 } }).pipe(
            Stream.runCollect,
            Effect.provide(core(plain))
          )
        )
        // streamText ends a timed-out run as upstream's abort does: an abort part with the reason
        const ends = Array.from(parts).flatMap((p) => p.type === "error" ? [["error", String(p.error)]] : p.type === "abort" ? [["abort", p.reason]] : [])
        expect({ ends, requests: attempts.get(cs) }).toStrictEqual({ ends: [["abort", `TimeoutError: ${expected.message}`]], requests: 2 })
      }), 30_000)
  }
})
