/**
 * Hostile input into each provider's `stream` (OpenAI chat, Anthropic; replayed bytes):
 * random bytes, random JSON events and random SSE framing end in parts or typed failures, never
 * a defect, never a hang; any chunking of a valid body gives the same parts through `stream` and
 * `streamText`; `__proto__` / `constructor.prototype` in chunks and tool arguments pollute no
 * prototype.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { Anthropic } from "../../src/providers/anthropic/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import { normalize } from "../testing/normalize.ts"
import {
  asBytes,
  assertNoPollution,
  assertTyped,
  fixture,
  type ModelBuilder,
  prop,
  randomBytes,
  runStream,
  runStreamText,
  splitAt,
  sseBody,
  stable,
  whole
} from "./hostileHarness.ts"

type Provider = "openai" | "anthropic"

const models: Record<Provider, ModelBuilder> = {
  openai: OpenAI.chat("gpt-4o-mini", { apiKey: "sk-test" }),
  anthropic: Anthropic.model("claude-sonnet-4-5", { apiKey: "sk-test" })
}

const run = (provider: Provider, chunks: ReadonlyArray<string | Uint8Array>) => runStream(models[provider], chunks)

const providers: ReadonlyArray<Provider> = ["openai", "anthropic"]

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
    prop(`${provider}: random bytes`, [randomBytes], (chunks) =>
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

const openaiFixture = (name: string) => fixture("openai-chat", name)
const anthropicFixture = (name: string) =>
  fixture("anthropic/recordings", name)
    .split("\n").filter((l) => l.trim() !== "").map((l) => `event: ${/"type"\s*:\s*"([^"]+)"/.exec(l)?.[1] ?? "message"}\ndata: ${l}\n\n`).join("")

const valid: ReadonlyArray<{ readonly provider: Provider; readonly name: string; readonly body: string }> = [
  { provider: "openai", name: "parallel-tool-calls", body: openaiFixture("parallel-tool-calls.sse") },
  { provider: "openai", name: "sse-framing", body: openaiFixture("sse-framing.sse") },
  { provider: "anthropic", name: "tool-no-args", body: anthropicFixture("anthropic-tool-no-args.chunks.txt") },
  { provider: "anthropic", name: "text", body: anthropicFixture("anthropic-text.chunks.txt") }
]

const streamText = (provider: Provider, chunks: ReadonlyArray<Uint8Array>) => runStreamText(models[provider], chunks)

describe("any chunking of a valid body gives the same parts", () => {
  for (const v of valid) {
    prop(`${v.provider} ${v.name}: stream`, [fc.array(fc.nat(20000), { maxLength: 12 })], (cuts) =>
      Effect.gen(function*() {
        const one = yield* run(v.provider, [v.body])
        const split = yield* run(v.provider, asBytes(splitAt(v.body, cuts)))
        expect(Exit.isSuccess(one.exit)).toBe(true)
        expect(stable(split.parts)).toStrictEqual(stable(one.parts))
      }), 60)

    prop(`${v.provider} ${v.name}: streamText`, [fc.array(fc.nat(20000), { maxLength: 12 })], (cuts) =>
      Effect.gen(function*() {
        const one = yield* streamText(v.provider, whole(v.body))
        const split = yield* streamText(v.provider, asBytes(splitAt(v.body, cuts)))
        expect(one.some((p) => p.type === "finish")).toBe(true)
        expect(stable(split)).toStrictEqual(stable(one))
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
        const streamed = yield* streamText(provider, whole(body))
        expect(streamed.length).toBeGreaterThan(0)
        // the hostile arguments reached the parts (as raw input text), so parsing them was exercised
        expect(JSON.stringify(normalize(parts))).toContain("polluted")
        assertNoPollution()
      }))
  }
})
