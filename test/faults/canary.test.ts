/**
 * A canary API key through every failure rendering, for every registered provider: against a
 * loopback server, each failure kind (401, 429 retried, 500 with an HTML body, a socket closed
 * mid-body, no response headers, a stalled body, a malformed event, and a success) through
 * `stream`, `generate`, core `generateText` and `streamText`; every error's `String`, JSON form,
 * message, stack, causes, `Cause.pretty`, and every log line (core logs error parts) is scanned
 * for the key and its tail. The server must have received the key, so the scan means something.
 * Prints its counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Logger, Stream } from "effect"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { HttpTimeouts, ReliableModel } from "../../src/reliability/index.ts"
import * as L from "../reliability/loopback.ts"
import { renderings } from "../reliability/renderings.ts"
import * as F from "./bodies.ts"

const canary = "sk-canary-7f3a9c1e5b2d4680aa11"

type Kind = "ok" | "401" | "429" | "500" | "socket" | "no-headers" | "stall" | "malformed"
const kinds: ReadonlyArray<Kind> = ["ok", "401", "429", "500", "socket", "no-headers", "stall", "malformed"]

/** A body of the provider to answer with (its first fixture). */
const bodyOf = (provider: string) => F.bodies.find((b) => b.provider === provider)!

let server: L.Server
beforeAll(async () => {
  server = await L.start((req, res, body) => {
    const m = /canary:([a-z0-9-]+):([a-z0-9-]+)/.exec(body)
    const provider = m?.[1] ?? "openai-chat"
    const kind = (m?.[2] ?? "ok") as Kind
    const b = bodyOf(provider)
    const json = !(body.includes("\"stream\":true") || (req.url ?? "").includes("stream"))
    switch (kind) {
      case "ok":
        return json ? L.json(res, 200, { echoed: "no such shape" }) : F.send(res, b)
      case "401":
        return L.json(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } })
      case "429":
        return L.json(res, 429, { error: { message: "rate limited", type: "rate_limit_error" } }, { "retry-after-ms": "1" })
      case "500":
        res.writeHead(500, { "content-type": "text/html" })
        return res.end("<html><body>Internal error</body></html>")
      case "socket": {
        res.writeHead(200, { "content-type": b.contentType })
        const bytes = typeof b.bytes === "string" ? Buffer.from(b.bytes) : Buffer.from(b.bytes)
        return void res.write(bytes.subarray(0, Math.max(1, bytes.length >> 1)), () => setTimeout(() => res.socket?.destroy(), 5))
      }
      case "no-headers":
        return
      case "stall":
        res.writeHead(200, { "content-type": json ? "application/json" : b.contentType })
        return void res.flushHeaders()
      case "malformed":
        res.writeHead(200, { "content-type": json ? "application/json" : b.contentType })
        return res.end(json ? "{\"choices\": [" : typeof b.bytes === "string" ? b.bytes.replace(/\{/, "{{") : Buffer.from(b.bytes).subarray(3))
    }
  })
})
afterAll(() => server.stop())

const lines: Array<string> = []
const logger = Logger.make((options) => {
  lines.push(...renderings("log", options.message), ...renderings("log.cause", Cause.pretty(options.cause)))
})

const exitRenderings = (label: string, exit: Exit.Exit<unknown, unknown>): Array<string> =>
  Exit.isSuccess(exit)
    ? renderings(label, exit.value)
    : [Cause.pretty(exit.cause), ...exit.cause.reasons.flatMap((r) => renderings(label, r._tag === "Fail" ? r.error : r._tag === "Die" ? r.defect : r))]

const surfaces = (model: Service, text: string): ReadonlyArray<readonly [string, Effect.Effect<unknown, unknown>]> => {
  const core = Layer.merge(Layer.succeed(LanguageModel, model), Logger.layer([logger]))
  return [
    ["stream", Effect.flatMap(model.stream(L.call(text)), (r) => Stream.runCollect(r.stream))],
    ["generate", model.generate(L.call(text))],
    ["generateText", GenerateText.generateText({ prompt: text, maxRetries: 0 }).pipe(Effect.provide(core))],
    ["streamText", StreamText.streamText({ prompt: text, maxRetries: 0 }).pipe(Stream.runCollect, Effect.provide(core))]
  ]
}

describe("a canary API key never leaks through a failure rendering", () => {
  it.live("every provider × every failure kind × every surface: 0 leaks", () =>
    Effect.gen(function*() {
      const seen: Array<string> = []
      let runs = 0
      const small = HttpTimeouts.layer({ headers: "150 millis", bodyIdle: "150 millis" })
      yield* Effect.forEach(F.providerIds, (provider) =>
        Effect.forEach(kinds, (kind) =>
          Effect.gen(function*() {
            const plain = yield* L.registryModel(provider, server, canary)
            // 429 goes through ReliableModel, so RetryError and its attempts are rendered too
            const model = kind === "429" ? yield* ReliableModel.make(plain, { retry: { maxRetries: 2, initialDelay: "1 millis" } }) : plain
            for (const [surface, effect] of surfaces(model, `canary:${provider}:${kind}`)) {
              const exit = yield* effect.pipe(Effect.provide(small), Effect.exit, Effect.timeoutOrElse({ duration: "10 seconds", orElse: () => Effect.die(new Error(`hung: ${provider} ${kind} ${surface}`)) }))
              seen.push(...exitRenderings(`${provider} ${kind} ${surface}`, exit))
              runs++
            }
          }), { discard: true }), { concurrency: 4, discard: true })
      const all = [...seen, ...lines]
      const leaks = all.filter((line) => line.includes(canary) || line.includes(canary.slice(3)) || line.includes(Buffer.from(canary).toString("base64")))
      // the key did reach the server, once per provider at least
      const received = new Set(server.requests.filter((r) => JSON.stringify(r.headers).includes(canary) || r.path.includes(canary)).map((r) => /canary:([a-z0-9-]+):/.exec(r.body)?.[1]))
      F.report(
        `secrets: ${runs} failing and succeeding calls (${F.providerIds.length} providers × ${kinds.length} kinds × 4 surfaces), ` +
          `${all.length} renderings (${lines.length} log lines), key received by the server for ${received.size} providers, ${leaks.length} leaks`
      )
      expect(received.size).toBe(F.providerIds.length)
      expect(all.length).toBeGreaterThan(runs * 2)
      expect(leaks.map((l) => l.slice(0, 300))).toStrictEqual([])
    }), 240_000)
})
