/**
 * Hostile input into each provider's `stream` (OpenAI chat, Anthropic; replayed bytes):
 * random bytes, random JSON events and random SSE framing end in parts or typed failures, never
 * a defect, never a hang; any chunking of a valid body gives the same parts through `stream` and
 * `streamText`; `__proto__` / `constructor.prototype` in chunks and tool arguments pollute no
 * prototype.
 */
import { describe, expect, it } from "@effect/vitest"
import { it as vit } from "vitest"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import * as fc from "fast-check"
import * as fs from "node:fs"
import * as path from "node:path"
import * as StreamText from "../../src/core/StreamText.ts"
import { LanguageModel, type Service } from "../../src/LanguageModel.ts"
import { Anthropic } from "../../src/providers/anthropic/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import type { StreamPart } from "../../src/spec/StreamPart.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { normalize } from "../testing/normalize.ts"

type Provider = "openai" | "anthropic"

const build = (provider: Provider, chunks: ReadonlyArray<string | Uint8Array>): Effect.Effect<Service, unknown> => {
  const http = ReplayHttpClient.layer({ chunks, headers: { "content-type": "text/event-stream" }, reusable: true })
  const model = provider === "openai"
    ? OpenAI.chat("gpt-4o-mini", { apiKey: "sk-test" })
    : Anthropic.model("claude-sonnet-4-5", { apiKey: "sk-test" })
  return Effect.provide(model, http)
}

const call = {
  prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }],
  tools: [{ type: "function" as const, name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }]
}

/** Runs `stream` to the end; the outcome is the parts and the exit, bounded in time. */
const run = (provider: Provider, chunks: ReadonlyArray<string | Uint8Array>) =>
  Effect.gen(function*() {
    const model = yield* build(provider, chunks)
    const parts: Array<StreamPart> = []
    const exit = yield* Effect.exit(
      Effect.flatMap(model.stream(call), (r) => Stream.runForEach(r.stream, (p) => Effect.sync(() => parts.push(p))))
    )
    return { parts, exit }
  }).pipe(Effect.timeoutOrElse({ duration: "5 seconds", orElse: () => Effect.die(new Error("hung")) }))

/** Never a defect or interruption: success, or failures that are typed (tagged) errors. */
const assertTyped = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isSuccess(exit)) return
  expect(Cause.hasDies(exit.cause)).toBe(false)
  expect(Cause.hasInterrupts(exit.cause)).toBe(false)
  for (const reason of exit.cause.reasons) {
    if (reason._tag === "Fail") expect(reason.error).toHaveProperty("_tag")
  }
}

const providers: ReadonlyArray<Provider> = ["openai", "anthropic"]

/** A fast-check property whose body is an Effect (run on the live runtime). */
const prop = <Ts extends [unknown, ...Array<unknown>]>(
  name: string,
  arbs: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  body: (...args: Ts) => Effect.Effect<void, unknown>,
  numRuns: number
) =>
  vit(name, () =>
    fc.assert(fc.asyncProperty(...arbs, (...args: Ts) => Effect.runPromise(body(...args))), { numRuns }), 120_000)

const splitAt = (text: string, cuts: ReadonlyArray<number>): Array<string> => {
  const bytes = new TextEncoder().encode(text)
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const out: Array<Uint8Array> = []
  let last = 0
  for (const p of points) {
    out.push(bytes.subarray(last, p))
    last = p
  }
  out.push(bytes.subarray(last))
  // byte chunks, possibly splitting UTF-8 sequences; decode later by the provider
  return out.filter((c) => c.length > 0).map((c) => Buffer.from(c).toString("latin1"))
}

const asBytes = (chunks: ReadonlyArray<string>): Array<Uint8Array> => chunks.map((c) => Uint8Array.from(Buffer.from(c, "latin1")))

const sseLine = fc.oneof(
  fc.json().map((j) => `data: ${j}`),
  fc.json().map((j) => `data:${j}`),
  fc.constantFrom(": keepalive", "event: message_start", "event: ping", "id: 7", "retry: 10", "data: [DONE]", "data:", ""),
  fc.string().map((s) => `data: ${s}`),
  fc.string()
)
const sseBody = fc.array(fc.tuple(sseLine, fc.constantFrom("\n", "\r\n", "\r", "\n\n", "\r\n\r\n")), { maxLength: 30 })
  .map((lines) => lines.map(([l, end]) => l + end).join(""))

const jsonEvents = (provider: Provider) =>
  fc.array(
    provider === "openai"
      ? fc.oneof(
        fc.json(),
        fc.record({
          choices: fc.array(fc.record({ index: fc.nat(3), delta: fc.dictionary(fc.constantFrom("content", "tool_calls", "role"), fc.jsonValue()), finish_reason: fc.oneof(fc.constant(null), fc.string()) }), { maxLength: 2 })
        }).map((v) => JSON.stringify(v))
      )
      : fc.oneof(
        fc.json(),
        fc.record({
          type: fc.constantFrom("message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop", "error"),
          index: fc.nat(3),
          delta: fc.dictionary(fc.constantFrom("type", "text", "partial_json", "stop_reason"), fc.jsonValue()),
          content_block: fc.dictionary(fc.constantFrom("type", "id", "name", "input", "text"), fc.jsonValue())
        }).map((v) => JSON.stringify(v))
      ),
    { maxLength: 20 }
  ).map((events) => events.map((e) => `data: ${e}\n\n`).join(""))

describe("hostile input never gives a defect or a hang", () => {
  for (const provider of providers) {
    prop(`${provider}: random bytes`, [fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 8 })], (chunks) =>
      Effect.gen(function*() {
        const { exit } = yield* run(provider, chunks)
        assertTyped(exit)
      }), 150)

    prop(`${provider}: random JSON events`, [jsonEvents(provider), fc.array(fc.nat(4000), { maxLength: 6 })], (body, cuts) =>
      Effect.gen(function*() {
        const { exit } = yield* run(provider, asBytes(splitAt(body, cuts)))
        assertTyped(exit)
      }), 150)

    prop(`${provider}: random SSE framing`, [sseBody, fc.array(fc.nat(4000), { maxLength: 6 })], (body, cuts) =>
      Effect.gen(function*() {
        const { exit } = yield* run(provider, asBytes(splitAt(body, cuts)))
        assertTyped(exit)
      }), 150)
  }
})

const openaiFixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/openai-chat", name), "utf8")
const anthropicFixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/anthropic/recordings", name), "utf8")
    .split("\n").filter((l) => l.trim() !== "").map((l) => `event: ${/"type"\s*:\s*"([^"]+)"/.exec(l)?.[1] ?? "message"}\ndata: ${l}\n\n`).join("")

const valid: ReadonlyArray<{ readonly provider: Provider; readonly name: string; readonly body: string }> = [
  { provider: "openai", name: "parallel-tool-calls", body: openaiFixture("parallel-tool-calls.sse") },
  { provider: "openai", name: "sse-framing", body: openaiFixture("sse-framing.sse") },
  { provider: "anthropic", name: "tool-no-args", body: anthropicFixture("anthropic-tool-no-args.chunks.txt") },
  { provider: "anthropic", name: "text", body: anthropicFixture("anthropic-text.chunks.txt") }
]

/** Parts with generated ids numbered per run, so two runs compare. */
const stable = (parts: ReadonlyArray<unknown>) => normalize(parts)

const runStreamText = (provider: Provider, chunks: ReadonlyArray<Uint8Array>) =>
  Effect.gen(function*() {
    const model = yield* build(provider, chunks)
    const parts = yield* StreamText.streamText({ prompt: "hi" }).pipe(
      Stream.runCollect,
      Effect.provide(Layer.succeed(LanguageModel, model))
    )
    return parts
  })

describe("any chunking of a valid body gives the same parts", () => {
  for (const v of valid) {
    prop(`${v.provider} ${v.name}: stream`, [fc.array(fc.nat(20000), { maxLength: 12 })], (cuts) =>
      Effect.gen(function*() {
        const whole = yield* run(v.provider, [v.body])
        const split = yield* run(v.provider, asBytes(splitAt(v.body, cuts)))
        expect(Exit.isSuccess(whole.exit)).toBe(true)
        expect(stable(split.parts)).toStrictEqual(stable(whole.parts))
      }), 60)

    prop(`${v.provider} ${v.name}: streamText`, [fc.array(fc.nat(20000), { maxLength: 12 })], (cuts) =>
      Effect.gen(function*() {
        const whole = yield* runStreamText(v.provider, asBytes([Buffer.from(v.body, "utf8").toString("latin1")]))
        const split = yield* runStreamText(v.provider, asBytes(splitAt(v.body, cuts)))
        expect(whole.some((p) => p.type === "finish")).toBe(true)
        expect(stable(split)).toStrictEqual(stable(whole))
      }), 30)
  }
})

describe("prototype pollution", () => {
  const hostileOpenAI = [
    `data: {"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"x"},"finish_reason":null}],"__proto__":{"polluted":"chunk"}}`,
    `data: {"id":"c","created":1,"model":"m","constructor":{"prototype":{"polluted":"ctor"}},"choices":[]}`,
    `data: {"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"weather","arguments":"{\\"__proto__\\":{\\"polluted\\":\\"args\\"},\\"constructor\\":{\\"prototype\\":{\\"polluted\\":\\"args2\\"}}}"}}]},"finish_reason":null}]}`,
    `data: {"id":"c","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
    `data: [DONE]`
  ].map((l) => `${l}\n\n`).join("")
  const hostileAnthropic = [
    `event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"c","usage":{"input_tokens":1,"output_tokens":1}}}`,
    `event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"tu_1","name":"weather","input":{}}}`,
    `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"__proto__\\":{\\"polluted\\":\\"args\\"},\\"constructor\\":{\\"prototype\\":{\\"polluted\\":\\"x\\"}}}"}}`,
    `event: content_block_stop\ndata: {"type":"content_block_stop","index":0,"__proto__":{"polluted":"chunk"}}`,
    `event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":2},"constructor":{"prototype":{"polluted":"ctor"}}}`,
    `event: message_stop\ndata: {"type":"message_stop"}`
  ].map((l) => `${l}\n\n`).join("")

  for (const [provider, body] of [["openai", hostileOpenAI], ["anthropic", hostileAnthropic]] as const) {
    it.effect(`${provider}: chunks and tool arguments`, () =>
      Effect.gen(function*() {
        const { exit, parts } = yield* run(provider, [body])
        assertTyped(exit)
        const streamed = yield* runStreamText(provider, asBytes([Buffer.from(body, "utf8").toString("latin1")]))
        expect(streamed.length).toBeGreaterThan(0)
        // the hostile arguments reached the parts (as raw input text), so parsing them was exercised
        expect(JSON.stringify(normalize(parts))).toContain("polluted")
        expect(Reflect.get({}, "polluted")).toBeUndefined()
        expect(Reflect.get(Object.prototype, "polluted")).toBeUndefined()
        expect(Object.keys(Object.prototype)).toStrictEqual([])
      }))
  }
})
