/**
 * The OpenAI API key stays `Redacted` from the settings (or `OPENAI_API_KEY`) to the request edge:
 * the resolved model config, the built service and the Layer's context never hold it as a plain
 * string (`JSON.stringify`, `String`, `util.inspect`), while the request on the wire carries it.
 * The end-to-end scan of errors, logs and spans is `test/reliability/secrets.test.ts`.
 */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Context, Effect, Layer, Redacted, Stream } from "effect"
import * as util from "node:util"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"

const key = "sk-test-PLAINKEY-0123456789abcdef"
const sse = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}]}\n\n"

/** Every textual form of `value` a log line, a span or a debugger could produce. */
const renderings = (value: unknown): Array<string> => {
  const seen = new WeakSet<object>()
  const json = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === "object" && v !== null) {
      if (seen.has(v)) return "[cycle]"
      seen.add(v)
    }
    return typeof v === "function" ? `[function ${v.name}]` : v
  })
  return [
    String(json),
    String(value),
    util.inspect(value, { depth: Infinity, showHidden: true, getters: true }),
    util.format("%o", value)
  ]
}

const expectNoKey = (value: unknown) => {
  for (const text of renderings(value)) {
    expect(text).not.toContain(key)
    expect(text).not.toContain(key.slice(3))
  }
}

const emptyConfig = ConfigProvider.layer(ConfigProvider.fromUnknown({}))
const envConfig = ConfigProvider.layer(ConfigProvider.fromUnknown({ OPENAI_API_KEY: key }))

const sources: ReadonlyArray<[string, OpenAI.Settings, Layer.Layer<never>]> = [
  ["apiKey as a string", { apiKey: key, organization: "org-1" }, emptyConfig],
  ["apiKey as Redacted", { apiKey: Redacted.make(key) }, emptyConfig],
  ["OPENAI_API_KEY from config", {}, envConfig]
]

describe("OpenAI: the API key is never a plain string before the request", () => {
  for (const [name, settings, config] of sources) {
    it.effect(`${name}: config, service and Layer context hold it only Redacted; the wire gets it`, () =>
      Effect.gen(function*() {
        const resolved = yield* OpenAI.chatConfig("gpt-4o-mini", settings).pipe(Effect.provide(config))
        const authorization = resolved.headers["authorization"]
        expect(Redacted.isRedacted(authorization)).toBe(true)
        if (Redacted.isRedacted(authorization)) expect(Redacted.value(authorization)).toBe(`Bearer ${key}`)
        expectNoKey(resolved)
        expectNoKey(resolved.headers)

        const replay = ReplayHttpClient.make({ body: sse, reusable: true })
        const service = yield* OpenAI.chat("gpt-4o-mini", settings).pipe(Effect.provide(Layer.merge(replay.layer, config)))
        expectNoKey(service)

        const context = yield* Layer.build(
          Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", settings)).pipe(Layer.provide(Layer.merge(replay.layer, config)))
        )
        const fromLayer = Context.get(context, LanguageModel)
        expectNoKey(context)
        expectNoKey(fromLayer)

        // The scan is meaningful: the same model does send the key.
        const response = yield* fromLayer.stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
        yield* Stream.runDrain(response.stream)
        expect(replay.recorder.requests[0]?.headers["authorization"]).toBe(`Bearer ${key}`)
        expectNoKey(response.request)
      }).pipe(Effect.scoped))
  }

  it("the check itself finds a plain key (a config built the old way would fail it)", () => {
    const plain = { headers: { Authorization: `Bearer ${key}` } }
    expect(() => expectNoKey(plain)).toThrow()
    expect(() => expectNoKey(new Map([["authorization", `Bearer ${key}`]]))).toThrow()
  })
})
