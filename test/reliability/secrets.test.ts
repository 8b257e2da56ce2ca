/**
 * Secrets: with an API key set, no error message, `toString`, JSON form, log line (Effect's
 * logger, captured) or span attribute (a recording tracer) produced by any scenario contains the
 * key. Scenarios run against the loopback server with the real providers: success, 401, 429 with
 * retries, a socket closed mid-body, a stall with a timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Logger, Stream, Tracer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import * as GenerateText from "../../src/core/GenerateText.ts"
import type { Service } from "../../src/LanguageModel.ts"
import * as ReliableModel from "../../src/reliability/ReliableModel.ts"
import * as L from "./loopback.ts"
import { renderings } from "./renderings.ts"

let server: L.Server
beforeAll(async () => {
  server = await L.start((_req, res) => L.sse(res, ""))
})
afterAll(() => server.stop())

const captured: Array<string> = []
const capture = (label: string, value: unknown) => {
  captured.push(...renderings(label, value))
}

const logger = Logger.make((options) => {
  capture("log", options.message)
  capture("log.cause", Cause.pretty(options.cause))
})

const spans: Array<{ name: string; attributes: Map<string, unknown> }> = []
const tracer = Tracer.make({
  span: (options) => {
    const attributes = new Map<string, unknown>()
    spans.push({ name: options.name, attributes })
    return {
      _tag: "Span",
      name: options.name,
      spanId: `s${spans.length}`,
      traceId: "t",
      parent: options.parent,
      annotations: options.annotations,
      links: [...options.links],
      sampled: options.sampled,
      kind: options.kind,
      status: { _tag: "Started", startTime: options.startTime },
      attributes,
      end: () => {},
      attribute: (key: string, value: unknown) => {
        attributes.set(key, value)
      },
      event: (name: string, _time: bigint, attrs?: Record<string, unknown>) => {
        attributes.set(`event:${name}`, attrs)
      },
      addLinks: () => {}
    }
  }
})

const scenario = (name: string, build: () => Effect.Effect<Service, unknown>, handler: L.Handler) =>
  it.live(name, () =>
    Effect.gen(function*() {
      server.handler = handler
      const model = yield* build()
      const exit = yield* Effect.gen(function*() {
        const r = yield* model.stream(L.call())
        return yield* Stream.runCollect(r.stream)
      }).pipe(Effect.exit)
      capture(`${name} stream exit`, exit)
      if (Exit.isFailure(exit)) for (const reason of exit.cause.reasons) capture(`${name} reason`, reason._tag === "Fail" ? reason.error : reason)
      const gen = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.provideService((yield* Effect.promise(() => import("../../src/LanguageModel.ts"))).LanguageModel, model),
        Effect.exit
      )
      capture(`${name} generate exit`, gen)
      if (Exit.isFailure(gen)) capture(`${name} generate cause`, Cause.pretty(gen.cause))
      yield* Effect.logError("scenario ended", exit)
    }).pipe(
      Effect.provide(Logger.layer([logger])),
      Effect.withTracer(tracer),
      Effect.timeout("20 seconds")
    ))

const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/openai-chat/text.sse"), "utf8")
const reliable = (build: () => Effect.Effect<Service, unknown>, options: ReliableModel.Options) => () =>
  Effect.flatMap(build(), (m) => ReliableModel.make(m, options))

describe("the API key never appears in errors, logs or spans", () => {
  for (const [provider, build] of [["openai", () => L.openai(server)], ["anthropic", () => L.anthropic(server)]] as const) {
    scenario(`${provider}: success`, build, (_q, res) => L.sse(res, text))
    scenario(`${provider}: 401`, build, (_q, res) => L.json(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } }))
    scenario(
      `${provider}: 429 retried`,
      reliable(build, { retry: { initialDelay: "5 millis" } }),
      (_q, res) => L.json(res, 429, { error: { message: "rate limited", type: "rate_limit" } }, { "retry-after-ms": "5" })
    )
    scenario(`${provider}: socket closed mid-body`, build, (_q, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" })
      res.write(text.slice(0, 200), () => setTimeout(() => res.socket?.destroy(), 10))
    })
    scenario(`${provider}: stall with first-chunk timeout`, reliable(build, { retry: false, timeout: { firstChunk: "100 millis", step: "300 millis" } }), (_q, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" })
      res.flushHeaders()
    })
  }

  it("scan: everything captured is free of the key (and the scan saw the scenarios)", () => {
    for (const span of spans) for (const [k, v] of span.attributes) capture(`span ${span.name} ${k}`, v)
    expect(captured.length).toBeGreaterThan(20)
    expect(spans.some((s) => s.attributes.size > 0)).toBe(true)
    // the server did receive the key, so the scan is meaningful
    expect(server.requests.some((r) => JSON.stringify(r.headers).includes(L.apiKey))).toBe(true)
    const leaks = captured.filter((line) => line.includes(L.apiKey) || line.includes(L.apiKey.slice(3)))
    expect(leaks).toStrictEqual([])
  })
})
