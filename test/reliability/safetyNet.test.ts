/**
 * The default safety net (`runtime/HttpTimeouts`): a server that accepts and stalls ends the call
 * with upstream's Node outcome (undici `headersTimeout` / `bodyTimeout`, 300 s each) for every
 * provider of the CLI registry, through `generate`, `stream`, core `generateText` and `streamText`
 * with their default retries; configured and disabled bounds; `aimux demo` ends with a clear
 * message. Real loopback sockets; the 300 s defaults and the retry backoff run on `TestClock`.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, Clock, type Duration, Effect, Exit, Fiber, Layer, Logger, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as Demo from "../../src/cli/Demo.ts"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { HttpTimeouts } from "../../src/reliability/index.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import { RetryError } from "../../src/contract/errors/RetryError.ts"
import * as L from "./loopback.ts"

/** `stall:headers` → accept and never answer; `stall:body` → headers, then nothing. */
const contentType = (path: string, body: string) =>
  path.includes("converse-stream") ? "application/vnd.amazon.eventstream" : body.includes("\"stream\":true") || path.includes("stream") ? "text/event-stream" : "application/json"

let server: L.Server
beforeAll(async () => {
  server = await L.start((req, res, body) => {
    if (body.includes("stall:body")) {
      res.writeHead(200, { "content-type": contentType(req.url ?? "", body) })
      res.flushHeaders()
    }
  })
})
afterAll(() => server.stop())

let seq = 0
const marker = (kind: "headers" | "body") => `stall:${kind}:${seq++}`
const requestsFor = (m: string) => server.requests.filter((r) => r.body.includes(m)).length

/** Real time passes (I/O happens) while the TestClock is moved on, until the fiber ends. */
const drive = <A, E>(fiber: Fiber.Fiber<A, E>, step: Duration.Input = "30 seconds") =>
  Effect.gen(function*() {
    for (let i = 0; i < 400; i++) {
      yield* Effect.promise(() => new Promise((r) => setTimeout(r, 5)))
      if (fiber.pollUnsafe() !== undefined) break
      yield* TestClock.adjust(step)
    }
    return yield* Fiber.await(fiber)
  })

const failureOf = (exit: Exit.Exit<unknown, unknown>) => (Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined)

/** What is compared: the error's kind, message, retryability and undici's code on its cause. */
const shape = (error: unknown): unknown => {
  if (error instanceof RetryError) return { retry: error.reason, message: error.message, errors: error.errors.map(shape) }
  if (APICallError.isInstance(error)) {
    return { message: error.message, isRetryable: error.isRetryable, code: Reflect.get(Object(error.cause), "code") }
  }
  return String(error)
}

const headersTimeout = { message: "Cannot connect to API: Headers Timeout Error", isRetryable: true, code: "UND_ERR_HEADERS_TIMEOUT" }
const bodyTimeout = { message: "Failed to process successful response", isRetryable: true, code: "UND_ERR_BODY_TIMEOUT" }
const retried = (e: unknown) => ({
  retry: "maxRetriesExceeded",
  message: `Failed after 3 attempts. Last error: AI_APICallError: ${Reflect.get(Object(e), "message")}`,
  errors: [e, e, e]
})

const streamFailure = (model: Service, m: string) =>
  Effect.exit(Effect.flatMap(model.stream(L.call(m)), (r) => Stream.runDrain(r.stream)))

const core = (model: Service) => Layer.merge(Layer.succeed(LanguageModel, model), Logger.layer([]))

describe("default safety net: every provider, upstream's Node timeouts (300 s) on TestClock", () => {
  it("the defaults are Node fetch's own (undici headersTimeout / bodyTimeout)", () => {
    expect(HttpTimeouts.defaults).toStrictEqual(HttpTimeouts.make({ headers: "300 seconds", bodyIdle: "300 seconds" }))
  })

  for (const provider of L.providerIds) {
    it.effect(`${provider}: generate and stream end after 300 s of stall`, () =>
      Effect.gen(function*() {
        const model = yield* L.registryModel(provider, server)
        const t0 = yield* Clock.currentTimeMillis
        const h = marker("headers")
        const generated = yield* drive(yield* Effect.forkChild(Effect.exit(model.generate(L.call(h)))))
        expect(Exit.isSuccess(generated) ? shape(failureOf(generated.value)) : "fiber failed").toStrictEqual(headersTimeout)
        const elapsed = (yield* Clock.currentTimeMillis) - t0
        expect(elapsed).toBeGreaterThanOrEqual(300_000)
        expect(elapsed).toBeLessThan(340_000)

        const hs = marker("headers")
        const streamedH = yield* drive(yield* Effect.forkChild(streamFailure(model, hs)))
        expect(Exit.isSuccess(streamedH) ? shape(failureOf(streamedH.value)) : "fiber failed").toStrictEqual(headersTimeout)

        const b = marker("body")
        const streamedB = yield* drive(yield* Effect.forkChild(streamFailure(model, b)))
        expect(Exit.isSuccess(streamedB) ? shape(failureOf(streamedB.value)) : "fiber failed").toStrictEqual(bodyTimeout)

        const gb = marker("body")
        const generatedB = yield* drive(yield* Effect.forkChild(Effect.exit(model.generate(L.call(gb)))))
        expect(Exit.isSuccess(generatedB) ? shape(failureOf(generatedB.value)) : "fiber failed").toStrictEqual(bodyTimeout)
        expect([h, hs, b, gb].map(requestsFor)).toStrictEqual([1, 1, 1, 1])
      }), 30_000)

    it.effect(`${provider}: core generateText and streamText retry a stall twice (upstream maxRetries), then end`, () =>
      Effect.gen(function*() {
        const model = yield* L.registryModel(provider, server)
        const g = marker("headers")
        const generated = yield* drive(yield* Effect.forkChild(Effect.exit(GenerateText.generateText({ prompt: g }).pipe(Effect.provide(core(model))))))
        expect(Exit.isSuccess(generated) ? shape(failureOf(generated.value)) : "fiber failed").toStrictEqual(retried(headersTimeout))
        expect(requestsFor(g)).toBe(3)

        const s = marker("headers")
        const streamed = yield* drive(yield* Effect.forkChild(
          StreamText.streamText({ prompt: s }).pipe(Stream.runCollect, Effect.provide(core(model)))
        ))
        const parts = Exit.isSuccess(streamed) ? Array.from(streamed.value) : []
        expect(parts.flatMap((p) => p.type === "error" ? [shape(p.error)] : [])).toStrictEqual([retried(headersTimeout)])
        expect(requestsFor(s)).toBe(3)
      }), 30_000)
  }
})

describe("configured and disabled bounds", () => {
  it.live("HttpTimeouts.layer: small bounds end a stall in real time (headers 150 ms, body 150 ms)", () =>
    Effect.gen(function*() {
      const model = yield* L.registryModel("openai-chat", server)
      const bounds = HttpTimeouts.layer({ headers: "150 millis", bodyIdle: "150 millis" })
      const h = yield* model.generate(L.call(marker("headers"))).pipe(Effect.provide(bounds), Effect.exit)
      expect(shape(failureOf(h))).toStrictEqual(headersTimeout)
      const b = yield* streamFailure(model, marker("body")).pipe(Effect.provide(bounds))
      expect(shape(failureOf(b))).toStrictEqual(bodyTimeout)
    }))

  it.effect("HttpTimeouts.disabled: the call still waits after an hour (the old behaviour), and is interruptible", () =>
    Effect.gen(function*() {
      const model = yield* L.registryModel("groq", server)
      const m = marker("headers")
      const fiber = yield* Effect.forkChild(model.generate(L.call(m)).pipe(Effect.provide(HttpTimeouts.disabled)))
      for (let i = 0; i < 20; i++) {
        yield* Effect.promise(() => new Promise((r) => setTimeout(r, 5)))
        yield* TestClock.adjust("3 minutes")
      }
      expect(fiber.pollUnsafe()).toBeUndefined()
      expect(requestsFor(m)).toBe(1)
      yield* Fiber.interrupt(fiber)
    }))

  it.effect("only headers bounded: a body stall is not cut", () =>
    Effect.gen(function*() {
      const model = yield* L.registryModel("deepseek", server)
      // headers bounded at an hour, more than the 50 minutes adjusted below: the headers' arrival in
      // real time (a loaded machine) cannot race the test clock, and a body bound of any size would
      // still cut the stall
      const fiber = yield* Effect.forkChild(streamFailure(model, marker("body")).pipe(HttpTimeouts.provide({ headers: "1 hour", bodyIdle: false })))
      for (let i = 0; i < 10; i++) {
        yield* Effect.promise(() => new Promise((r) => setTimeout(r, 5)))
        yield* TestClock.adjust("5 minutes")
      }
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* Fiber.interrupt(fiber)
    }))
})

describe("aimux demo against a stalling endpoint", () => {
  const demo = async (args: ReadonlyArray<string>, m: "headers" | "body") => {
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL }
    const err: Array<string> = []
    const out: Array<string> = []
    const write = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) }
    // the demo's prompt is fixed: the handler itself picks the stall
    server.handler = (_req, res) => {
      if (m === "body") {
        res.writeHead(200, { "content-type": "text/event-stream" })
        res.flushHeaders()
      }
    }
    process.env.OPENAI_API_KEY = "sk-demo-stall"
    process.env.OPENAI_BASE_URL = `${server.baseURL}`
    process.stdout.write = (chunk: string | Uint8Array) => (out.push(String(chunk)), true)
    process.stderr.write = (chunk: string | Uint8Array) => (err.push(String(chunk)), true)
    try {
      const code = await Demo.run(args)
      return { code, stderr: err.join(""), stdout: out.join("") }
    } finally {
      process.stdout.write = write.out
      process.stderr.write = write.err
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY
      else process.env.OPENAI_API_KEY = saved.key
      if (saved.url === undefined) delete process.env.OPENAI_BASE_URL
      else process.env.OPENAI_BASE_URL = saved.url
    }
  }
  afterAll(() => {
    server.handler = () => {}
  })

  it("no response headers: exit 1 and a message naming the endpoint, the limit and the flags", async () => {
    const before = server.requests.length
    const run = await demo(["--timeout", "150", "--max-retries", "0"], "headers")
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `aimux demo: ${server.baseURL} sent no response headers within 150 ms (1 attempt); the server accepted the request and stalled. --timeout <ms> changes the limit, --max-retries <n> the attempts`
    )
    expect(server.requests.length - before).toBe(1)
  }, 20_000)

  it("a stalled body: exit 1 and the message says the server stopped sending", async () => {
    const run = await demo(["--timeout", "150", "--max-retries", "0"], "body")
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`aimux demo: ${server.baseURL} stopped sending its response within 150 ms (1 attempt)`)
  }, 20_000)

  it("bad values are refused", async () => {
    expect((await demo(["--timeout", "soon"], "headers")).code).toBe(2)
    expect((await demo(["--max-retries", "-1"], "headers")).code).toBe(2)
  })
})
