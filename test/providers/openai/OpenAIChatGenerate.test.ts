/**
 * Differential: OpenAI chat `generate` on identical JSON bodies (recordings and
 * crafted), error statuses for generate and stream, and the Layer's settings
 * (API key and base URL from config, organization/project headers).
 */
import { ConfigProvider, Effect, Exit, Layer, Stream } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { OpenAI } from "../../../src/providers/openai/index.ts"
import { LanguageModel } from "../../../src/LanguageModel.ts"
import * as ReplayHttpClient from "../../../src/testing/ReplayHttpClient.ts"
import { decodeCallOptions, headersView, normalizeIds, oursChatModel, runOursStream, runUpstreamStream } from "./differential.ts"
import { guardCorpus, listRecordings, recordingsDir as recordingsDirOf } from "../_kit/Corpus.ts"
import { errorJson } from "../_kit/Wire.ts"
import { replayClient } from "./replay.ts"
import { type Captured, mockFetch, upstreamChat } from "./upstream.ts"

const recordingsDir = recordingsDirOf("openai-chat")
const hi = { prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] }

const response = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-9",
    object: "chat.completion",
    created: 1711115037,
    model: "gpt-4o-mini",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", ...extra }],
    usage: { prompt_tokens: 4, completion_tokens: 30, total_tokens: 34 }
  })

const crafted: ReadonlyArray<[string, string]> = [
  ["text", response({ content: "Hello" })],
  ["refusal", response({ content: null, refusal: "I can't." })],
  ["content and refusal", response({ content: "Part", refusal: "no" })],
  ["audio transcript", response({ content: null, audio: { transcript: "spoken" } })],
  ["tool calls with and without id", response({
    content: null,
    tool_calls: [
      { id: "call_1", type: "function", function: { name: "a", arguments: "{\"x\":1}" } },
      { id: "", type: "function", function: { name: "b", arguments: "{}" } }
    ]
  }, { finish_reason: "tool_calls" })],
  ["annotations", response({
    content: "See",
    annotations: [{ type: "url_citation", url_citation: { start_index: 0, end_index: 3, url: "https://e.com", title: "E" } }]
  })],
  ["logprobs", response({ content: "Hi" }, {
    logprobs: { content: [{ token: "Hi", logprob: -0.1, top_logprobs: [] }], refusal: null }
  })],
  ["empty logprobs", response({ content: "Hi" }, { logprobs: { content: [] } })],
  ["usage details", JSON.stringify({
    id: "x",
    created: 1,
    model: "m",
    choices: [{ index: 0, message: { content: "ok" }, finish_reason: "length" }],
    usage: {
      prompt_tokens: 10,
      completion_tokens: 5,
      prompt_tokens_details: { cached_tokens: 2 },
      completion_tokens_details: { reasoning_tokens: 1, accepted_prediction_tokens: 3, rejected_prediction_tokens: 4 }
    }
  })],
  ["no usage, no metadata", JSON.stringify({ choices: [{ index: 0, message: { content: "ok" }, finish_reason: null }] })],
  ["no choices", JSON.stringify({ id: "x", choices: [] })],
  ["invalid json", "{not json"],
  ["schema mismatch", JSON.stringify({ choices: "nope" })]
]

const recordings = listRecordings("openai-chat", /^(?!.*error).*\.json$/)
const errorRecordings = listRecordings("openai-chat", /error.*\.json$/)

const upstreamGenerated = /^[0-9A-Za-z]{16}$/
const oursGenerated = /^id-\d+$/

const withDetails = errorJson

const normalizeResult = (result: { content: ReadonlyArray<unknown> } & Record<string, unknown>, generated: RegExp) => {
  const content = normalizeIds(
    result.content.map((part) => {
      const p = { ...(part as Record<string, unknown>) }
      return p.type === "source" ? { ...p, type: "source" } : p
    }),
    generated
  )
  const json = JSON.parse(JSON.stringify({ ...result, content })) as Record<string, unknown>
  const response = json.response as Record<string, unknown> | undefined
  if (response !== undefined) delete response.headers
  return json
}

const runUpstreamGenerate = async (body: string, status = 200, options = hi) => {
  const captured: Captured = {}
  try {
    const result = await upstreamChat("gpt-4o-mini", mockFetch(body, captured, { status, contentType: "application/json" }))
      .doGenerate(options)
    return { body: captured.body, headers: headersView(captured.headers), result: normalizeResult(result, upstreamGenerated) }
  } catch (failure) {
    return { body: captured.body, headers: headersView(captured.headers), failure: withDetails(failure) }
  }
}

const runOursGenerate = async (body: string, status = 200, options = hi) => {
  const { client, seen } = replayClient(body, { status, contentType: "application/json" })
  const model = oursChatModel(client, "gpt-4o-mini")
  const exit = await Effect.runPromiseExit(model.generate(decodeCallOptions(options)))
  const headers = headersView(seen.headers[0])
  if (Exit.isSuccess(exit)) return { body: seen.bodies[0], headers, result: normalizeResult(exit.value, oursGenerated) }
  const reason = exit.cause.reasons.find((r) => r._tag === "Fail")
  return { body: seen.bodies[0], headers, failure: withDetails(reason?._tag === "Fail" ? reason.error : exit.cause) }
}

describe("OpenAI chat generate (differential)", () => {
  guardCorpus({ label: "openai-chat JSON recordings", provider: "openai-chat", count: recordings.length, minimum: 1 })
  guardCorpus({ label: "openai-chat error recordings", provider: "openai-chat", count: errorRecordings.length, minimum: 2 })
  for (const [name, body] of crafted) {
    it(name, async () => {
      expect(await runOursGenerate(body)).toEqual(await runUpstreamGenerate(body))
    })
  }
  for (const file of recordings) {
    it(`recording ${file}`, async () => {
      const body = readFileSync(join(recordingsDir, file), "utf8")
      const ours = await runOursGenerate(body)
      expect(ours).toEqual(await runUpstreamGenerate(body))
      expect(ours.result).toBeDefined()
    })
  }
})

describe("OpenAI chat HTTP error statuses (differential, generate and stream)", () => {
  const bodies: Array<[string, string, number]> = [
    ...errorRecordings.map((f): [string, string, number] => [f, readFileSync(join(recordingsDir, f), "utf8"), 400]),
    ["429 quota", JSON.stringify({ error: { message: "quota", type: "insufficient_quota", code: "insufficient_quota" } }), 429],
    ["500 empty body", "", 500],
    ["503 non-json body", "upstream unavailable", 503]
  ]
  for (const [name, body, status] of bodies) {
    it(`generate: ${name}`, async () => {
      const ours = await runOursGenerate(body, status)
      expect(ours.failure).toBeDefined()
      expect(ours).toEqual(await runUpstreamGenerate(body, status))
    })
    it(`stream: ${name}`, async () => {
      const run = { status, contentType: "application/json" }
      const ours = await runOursStream(body, run)
      expect(ours.failure).toBeDefined()
      expect(ours).toEqual(await runUpstreamStream(body, run))
    })
  }
})

describe("OpenAI provider settings", () => {
  const sse = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}]}\n\n"
  const runLayer = (layer: Layer.Layer<LanguageModel, unknown>) =>
    Effect.runPromiseExit(
      Effect.gen(function*() {
        const model = yield* LanguageModel
        const response = yield* model.stream(decodeCallOptions(hi))
        return yield* Stream.runCollect(response.stream)
      }).pipe(Effect.provide(layer))
    )

  it("reads OPENAI_API_KEY and OPENAI_BASE_URL from config; sends organization, project and headers", async () => {
    const replay = ReplayHttpClient.make({ body: sse, reusable: true })
    const config = ConfigProvider.layer(
      ConfigProvider.fromUnknown({ OPENAI_API_KEY: "sk-config", OPENAI_BASE_URL: "https://proxy.example/v1/" })
    )
    const layer = Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", { organization: "org-1", project: "proj-1", headers: { "x-extra": "y" } }))
      .pipe(Layer.provide(Layer.merge(replay.layer, config)))
    const exit = await runLayer(layer)
    expect(Exit.isSuccess(exit)).toBe(true)
    const request = replay.recorder.requests[0]
    expect(request.url).toBe("https://proxy.example/v1/chat/completions")
    expect(request.headers.authorization).toBe("Bearer sk-config")
    expect(request.headers["openai-organization"]).toBe("org-1")
    expect(request.headers["openai-project"]).toBe("proj-1")
    expect(request.headers["x-extra"]).toBe("y")
  })

  it("an explicit apiKey and baseURL win; the default base URL is upstream's", async () => {
    const replay = ReplayHttpClient.make({ body: sse, reusable: true })
    const config = ConfigProvider.layer(ConfigProvider.fromUnknown({}))
    const exit = await runLayer(
      Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", { apiKey: "sk-given" })).pipe(Layer.provide(Layer.merge(replay.layer, config)))
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(replay.recorder.requests[0].url).toBe("https://api.openai.com/v1/chat/completions")
    expect(replay.recorder.requests[0].headers.authorization).toBe("Bearer sk-given")
  })

  it("a missing API key fails with LoadAPIKeyError (upstream message)", async () => {
    const replay = ReplayHttpClient.make({ body: sse })
    const config = ConfigProvider.layer(ConfigProvider.fromUnknown({}))
    const exit = await runLayer(Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini")).pipe(Layer.provide(Layer.merge(replay.layer, config))))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) {
      const reason = exit.cause.reasons.find((r) => r._tag === "Fail")
      expect(reason?._tag === "Fail" ? errorJson(reason.error) : undefined).toEqual({
        name: "AI_LoadAPIKeyError",
        message: "OpenAI API key is missing. Pass it using the 'apiKey' parameter or the OPENAI_API_KEY environment variable."
      })
    }
    expect(replay.recorder.requests).toHaveLength(0)
  })

  // Every header but content-length, for settings and call headers, against createOpenAI.
  const headerCases: ReadonlyArray<[string, Record<string, unknown>, Record<string, string | undefined> | undefined]> = [
    ["defaults", {}, undefined],
    ["organization, project and setting headers", { organization: "org-1", project: "proj-1", headers: { "x-extra": "y" } }, undefined],
    ["setting user agent and padded values", { headers: { "User-Agent": "my-app/1.0", "X-Custom": " v " } }, undefined],
    ["setting headers override organization (other case)", { organization: "org-1", headers: { "openai-organization": "org-2" } }, undefined],
    ["setting header undefined", { project: "proj-1", headers: { "X-Gone": undefined } }, undefined],
    ["call headers override the key", { organization: "org-1" }, { "X-Call": "1", Authorization: "Bearer call-key" }],
    ["per-call user agent", {}, { "user-agent": "call/2" }],
    ["azure name", { name: "azure" }, { "x-ms": "1" }]
  ]
  for (const [name, settings, callHeaders] of headerCases) {
    for (const mode of ["generate", "stream"] as const) {
      it(`headers (${mode}): ${name}`, async () => {
        const options = callHeaders === undefined ? hi : { ...hi, headers: callHeaders }
        const reply = mode === "generate" ? response({ content: "x" }) : sse
        const contentType = mode === "generate" ? "application/json" : "text/event-stream"
        const captured: Captured = {}
        const upstream = upstreamChat("gpt-4o-mini", mockFetch(reply, captured, { contentType }), { apiKey: "sk-given", ...settings })
        if (mode === "generate") await upstream.doGenerate(options)
        else await upstream.doStream(options)
        const replay = ReplayHttpClient.make({ body: reply, headers: { "content-type": contentType } })
        const config = ConfigProvider.layer(ConfigProvider.fromUnknown({}))
        const layer = Layer.effect(LanguageModel, OpenAI.chat("gpt-4o-mini", { apiKey: "sk-given", ...settings }))
          .pipe(Layer.provide(Layer.merge(replay.layer, config)))
        const exit = await Effect.runPromiseExit(
          Effect.gen(function*() {
            const model = yield* LanguageModel
            if (mode === "generate") return yield* Effect.asVoid(model.generate(decodeCallOptions(options)))
            const result = yield* model.stream(decodeCallOptions(options))
            yield* Stream.runDrain(result.stream)
          }).pipe(Effect.provide(layer))
        )
        expect(Exit.isSuccess(exit)).toBe(true)
        const ours = replay.recorder.requests[0]
        expect(headersView(ours.headers)).toStrictEqual(headersView(captured.headers))
        expect(ours.url).toBe(captured.url)
        // not vacuous: the provider's user-agent part is there unless a call header replaced it
        expect(ours.headers["user-agent"]).toMatch(
          callHeaders?.["user-agent"] === undefined
            ? /(^| )ai-sdk-openai\/4\.0\.118 ai-sdk-provider-utils\/5\.0\.81 /
            : /^call\/2 ai-sdk-provider-utils\/5\.0\.81 /
        )
      })
    }
  }
})
