/**
 * Anthropic on Bedrock: differential against `@ai-sdk/amazon-bedrock/anthropic`
 * 5.0.101 (its `fetch` mocked; its nested `@ai-sdk/anthropic` 4.0.68 is the
 * oracle): request URLs, headers (SigV4 at a fixed clock and credentials,
 * bearer) and body text byte-identical, stream parts at chunk sizes 1, 7 and
 * whole over the Anthropic corpus wrapped in event-stream `chunk` frames and
 * the crafted Bedrock bodies (exceptions, odd frames), framing failures,
 * generate results and Bedrock error bodies. The oracle is 5.0.101's own
 * Bedrock config on the 4.0.105 model aimux ports (`anthropicHarness.ts`);
 * where the pinned 4.0.68 model differs, `anthropicDivergences.test.ts`
 * lists the cases.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as path from "node:path"
import { afterEach, beforeEach, vi } from "vitest"
import { guardCorpus } from "../_kit/Corpus.ts"
import { fixturesDir as anthropicFixtures, listFixtures, readText } from "../anthropic/harness.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  expectSameRequest,
  headersView,
  normalize,
  partsView,
  resultView,
  upstreamGenerate,
  upstreamStream
} from "../anthropic/hostHarness.ts"
import { anthropicLinesToBody, host, MODEL, pinnedHost } from "./anthropicHarness.ts"
import { type Auth, userAgentOf } from "./harness.ts"
import { callCases } from "../anthropic/callCases.ts"

const instant = Date.UTC(2026, 11, 1, 10, 30, 15, 250)
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: instant })
})
afterEach(() => {
  vi.useRealTimers()
})

const bedrockFixtures = path.resolve(import.meta.dirname, "../../../fixtures/amazon-bedrock-anthropic")
const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const keys = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" }
const sigv4: Auth = { region: "us-east-1", ...keys }
const eventStream = "application/vnd.amazon.eventstream"

const streamBody = anthropicLinesToBody([
  '{"type":"message_start","message":{"id":"m","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}',
  '{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":1}}',
  '{"type":"message_stop"}'
].join("\n"))
const json = JSON.stringify({
  type: "message",
  id: "m",
  model: "claude-sonnet-4-5",
  content: [{ type: "text", text: "ok" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 1 }
})

// aimux's user agent names its own provider-utils version (docs/divergences.md, Bedrock).
const omit = ["user-agent"]

describe("Anthropic on Bedrock: request matrix, differential", () => {
  for (const testCase of callCases) {
    const modelId = testCase.modelId ?? MODEL
    for (const [label, auth] of [["bearer", undefined], ["SigV4", sigv4]] as const) {
      if (label === "SigV4" && testCase.name !== "plain text" && !testCase.name.startsWith("tools")) continue
      it.effect(`stream ${label}: ${testCase.name}`, () =>
        Effect.gen(function*() {
          yield* TestClock.setTime(instant)
          const reply = { body: streamBody, contentType: eventStream }
          const upstream = yield* Effect.promise(() => upstreamStream(host(auth), reply, testCase.options, modelId))
          const ours = yield* aimuxStream(host(auth), reply, testCase.options, modelId)
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          if (upstream.failure === undefined) {
            expectSameRequest(ours, upstream, omit)
            expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            expect(normalize(ours.request)).toStrictEqual(normalize(upstream.request))
          }
        }))
    }
    it.effect(`generate: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: json, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(host(), reply, testCase.options, modelId))
        const ours = yield* aimuxGenerate(host(), reply, testCase.options, modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        if (upstream.failure === undefined) {
          expectSameRequest(ours, upstream, omit)
          expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
        }
      }))
  }

  it.effect("the request: invoke URLs, SigV4 over the sent body, bedrock body", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(instant)
      const streamed = yield* aimuxStream(host(sigv4), { body: streamBody, contentType: eventStream }, { prompt }, MODEL)
      expect(streamed.captured.url).toBe(
        "https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream"
      )
      expect(headersView(streamed.captured.headers)["authorization"]).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261201\/us-east-1\/bedrock\/aws4_request, SignedHeaders=host;x-amz-date, Signature=[0-9a-f]{64}$/
      )
      const body = JSON.parse(streamed.captured.bodyText ?? "{}")
      expect(body.model).toBeUndefined()
      expect(body.stream).toBeUndefined()
      expect(Object.keys(body).at(-1)).toBe("anthropic_version")
      expect(body.anthropic_version).toBe("bedrock-2023-05-31")
      const generated = yield* aimuxGenerate(host(), { body: json, contentType: "application/json" }, { prompt }, MODEL)
      expect(generated.captured.url?.endsWith("/invoke")).toBe(true)
    }))

  it.effect("user agent: upstream's parts, aimux's provider-utils version, no doubled suffix", () =>
    Effect.gen(function*() {
      const reply = { body: streamBody, contentType: eventStream }
      const upstream = yield* Effect.promise(() => upstreamStream(pinnedHost(), reply, { prompt }, MODEL))
      const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
      const agent = userAgentOf(upstream.captured.headers) ?? ""
      const runtime = agent.split(" ").at(-1)
      expect(agent).toBe(
        `ai-sdk-amazon-bedrock/5.0.101 ai-sdk-provider-utils/5.0.51 ${runtime} ai-sdk-amazon-bedrock/5.0.101 ${runtime}`
      )
      expect(userAgentOf(ours.captured.headers)).toBe(`ai-sdk-amazon-bedrock/5.0.101 ai-sdk-provider-utils/5.0.81 ${runtime}`)
    }))
})

const anthropicCorpus = [
  ...listFixtures(path.join(anthropicFixtures, "recordings"), ".chunks.txt").map((f) => path.join(anthropicFixtures, "recordings", f)),
  ...listFixtures(path.join(anthropicFixtures, "crafted"), ".chunks.txt").map((f) => path.join(anthropicFixtures, "crafted", f))
]
const bedrockCorpus = listFixtures(bedrockFixtures, ".chunks.txt").map((f) => path.join(bedrockFixtures, f))

describe("Anthropic on Bedrock: stream parts, differential", () => {
  guardCorpus({ label: "anthropic corpus on bedrock", count: anthropicCorpus.length, minimum: 28 })
  guardCorpus({ label: "bedrock anthropic crafted bodies", count: bedrockCorpus.length, minimum: 12 })
  for (const file of [...anthropicCorpus, ...bedrockCorpus]) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      it.effect(`${path.basename(file)} chunk=${chunkSize}`, () =>
        Effect.gen(function*() {
          const reply = { body: anthropicLinesToBody(readText(file)), contentType: eventStream, chunkSize }
          const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
          const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
          expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(normalize(ours.responseHeaders)).toStrictEqual(normalize(upstream.responseHeaders))
        }), 120_000) // upstream's decoder copies its whole buffer per chunk: slow at one byte per chunk
    }
  }

  it.effect("an SSE body (no event-stream content type) is read as SSE", () =>
    Effect.gen(function*() {
      const sse = readText(path.join(anthropicFixtures, "recordings", "anthropic-text.chunks.txt")).split("\n")
        .filter((line) => line.trim() !== "").map((line) => `data: ${line}\n\n`).join("")
      const reply = { body: sse, contentType: "text/event-stream", chunkSize: 7 }
      const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
      const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
      expect(ours.parts.length).toBeGreaterThan(3)
      expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
    }))
})

// The framing failures: aimux ends the stream with APICallError("Failed to
// process successful response") whose cause is an InvalidResponseDataError
// with upstream's message (upstream's cause is a plain Error). aimux emits
// every event decoded before the failure; upstream's pipeline drops the ones
// still queued when a network chunk ends in the failure (ReadableStream
// error discards its queue), so its parts are a prefix of aimux's, and
// equal to them when the body comes a byte at a time (docs/divergences.md).
const failureView = (failure: unknown) => {
  const cause = Reflect.get(Object(failure), "cause")
  return {
    name: Reflect.get(Object(failure), "name"),
    message: Reflect.get(Object(failure), "message"),
    statusCode: Reflect.get(Object(failure), "statusCode"),
    isRetryable: Reflect.get(Object(failure), "isRetryable"),
    cause: Reflect.get(Object(cause), "message")
  }
}

describe("Anthropic on Bedrock: framing failures, differential", () => {
  const whole = anthropicLinesToBody(readText(path.join(bedrockFixtures, "text-invocation-metrics.chunks.txt")))
  const corrupt = new Uint8Array(whole)
  corrupt[40] ^= 0xff
  const badBase64 = anthropicLinesToBody(
    '#frame {"headers":{":message-type":"event",":event-type":"chunk"},"body":"{\\"bytes\\":\\"@@not base64@@\\"}"}'
  )
  const bodies: ReadonlyArray<readonly [string, Uint8Array]> = [
    ["a body ending mid-frame", whole.subarray(0, whole.length - 5)],
    ["a CRC mismatch", corrupt],
    ["a failure after output", new Uint8Array([...whole.subarray(0, 300), ...corrupt.subarray(0, 10)])]
  ]
  for (const [name, body] of bodies) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      it.effect(`${name} chunk=${chunkSize}`, () =>
        Effect.gen(function*() {
          const reply = { body, contentType: eventStream, chunkSize }
          const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
          const byteWise = yield* Effect.promise(() => upstreamStream(host(), { ...reply, chunkSize: 1 }, { prompt }, MODEL))
          const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
          expect(upstream.failure).toBeDefined()
          expect(partsView(ours.parts)).toStrictEqual(partsView(byteWise.parts))
          expect(partsView(ours.parts.slice(0, upstream.parts.length))).toStrictEqual(partsView(upstream.parts))
          expect(failureView(ours.failure)).toStrictEqual(failureView(upstream.failure))
          expect(Reflect.get(Object(Reflect.get(Object(ours.failure), "cause")), "_tag")).toBe("InvalidResponseDataError")
        }))
    }
  }

  it.effect("invalid base64 in a chunk fails the stream where upstream's atob throws", () =>
    Effect.gen(function*() {
      const reply = { body: badBase64, contentType: eventStream }
      const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
      const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
      expect(upstream.failure).toBeDefined()
      expect(ours.failure).toBeDefined()
      const view = failureView(ours.failure)
      expect({ ...view, cause: undefined }).toStrictEqual({ ...failureView(upstream.failure), cause: undefined })
      expect(view.cause).toBe("Invalid base64 in an Amazon Bedrock chunk event.")
    }))
})

describe("Anthropic on Bedrock: generate and errors, differential", () => {
  const dir = path.join(anthropicFixtures, "recordings")
  const files = listFixtures(dir, ".json")
  guardCorpus({ label: "anthropic generate bodies on bedrock", count: files.length, minimum: 7 })
  for (const file of files) {
    it.effect(`${file}`, () =>
      Effect.gen(function*() {
        const reply = { body: readText(path.join(dir, file)), contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(host(), reply, { prompt }, MODEL))
        const ours = yield* aimuxGenerate(host(), reply, { prompt }, MODEL)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
      }))
  }
  const errors: ReadonlyArray<readonly [string, number, string]> = [
    ["Bedrock message", 400, '{"message":"Malformed input request: #: extraneous key [foo] is not permitted"}'],
    ["throttled", 429, '{"message":"Too many requests, please wait before trying again."}'],
    ["server error", 500, '{"message":"Internal server error"}'],
    ["no message key", 403, '{"Message":"User is not authorized"}'],
    ["empty message", 400, '{"message":""}'],
    ["non-string message", 400, '{"message":5}'],
    ["not JSON", 503, "Service Unavailable"],
    ["empty body", 502, ""],
    ["an Anthropic error body", 529, '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}']
  ]
  for (const [name, status, body] of errors) {
    for (const mode of ["generate", "stream"] as const) {
      it.effect(`${mode} HTTP ${status}: ${name}`, () =>
        Effect.gen(function*() {
          const reply = { body, contentType: "application/json", status }
          const upstream = mode === "generate"
            ? yield* Effect.promise(() => upstreamGenerate(host(), reply, { prompt }, MODEL))
            : yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
          const ours = mode === "generate"
            ? yield* aimuxGenerate(host(), reply, { prompt }, MODEL)
            : yield* aimuxStream(host(), reply, { prompt }, MODEL)
          expect(upstream.failure).toBeDefined()
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        }))
    }
  }
})

describe("Anthropic on Bedrock: settings, differential", () => {
  const cases: ReadonlyArray<readonly [string, Auth, LanguageModelV4CallOptions, string?]> = [
    ["SigV4 with a session token", { region: "eu-central-1", ...keys, sessionToken: "FQoGZXIvYXdzEXAMPLETOKEN" }, { prompt }],
    ["SigV4 signs custom and beta headers", { region: "us-east-1", ...keys, headers: { "X-Custom": "a  b" } }, {
      prompt,
      headers: { "anthropic-beta": "context-1m-2025-08-07" }
    }],
    ["bearer key trimmed", { region: "us-west-2", apiKey: "  spaced-key \n" }, { prompt }],
    ["blank key falls back to SigV4", { region: "us-east-1", apiKey: "   ", ...keys }, { prompt }],
    ["China partition", { region: "cn-north-1", ...keys }, { prompt }],
    ["base URL with trailing slash", { region: "us-east-1", ...keys, baseURL: "https://bedrock.example.test/base/" }, { prompt }],
    ["no region", { apiKey: "k" }, { prompt }],
    ["bedrock options: metadata under bedrock too", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      providerOptions: { bedrock: { sendReasoning: false } }
    }],
    ["bedrock wins over anthropic options", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      providerOptions: { bedrock: { effort: "high" }, anthropic: { effort: "low" } }
    }, "us.anthropic.claude-opus-4-6-v1"],
    ["service tier passes through", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      providerOptions: { anthropic: { serviceTier: "priority" } }
    }],
    ["json: native output model", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      responseFormat: { type: "json", schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } }
    }],
    ["json: no reliable native output (haiku 4.5)", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      responseFormat: { type: "json", schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } }
    }, "us.anthropic.claude-haiku-4-5-20251001-v1:0"],
    ["strict tools dropped (opus 4.7)", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      tools: [{ type: "function", name: "f", inputSchema: { type: "object" }, strict: true }]
    }, "us.anthropic.claude-opus-4-7"],
    ["tool versions, names and betas", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      tools: [
        { type: "provider", id: "anthropic.bash_20241022", name: "bash", args: {} },
        { type: "provider", id: "anthropic.text_editor_20241022", name: "str_replace_editor", args: {} },
        { type: "provider", id: "anthropic.computer_20241022", name: "computer", args: { displayWidthPx: 800, displayHeightPx: 600 } },
        { type: "provider", id: "anthropic.text_editor_20250728", name: "str_replace_based_edit_tool", args: {} },
        { type: "provider", id: "anthropic.tool_search_regex_20251119", name: "tool_search", args: {} },
        { type: "function", name: "weather", inputSchema: { type: "object" } }
      ],
      toolChoice: { type: "tool", toolName: "weather" }
    }],
    ["tool choice loses disable_parallel_tool_use", { region: "us-east-1", apiKey: "k" }, {
      prompt,
      tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }],
      toolChoice: { type: "required" },
      providerOptions: { anthropic: { disableParallelToolUse: true } }
    }]
  ]
  it.effect("no credentials: upstream's message, as a LoadSettingError (docs/divergences.md)", () =>
    Effect.gen(function*() {
      const reply = { body: streamBody, contentType: eventStream }
      const upstream = yield* Effect.promise(() => upstreamStream(host({ region: "us-east-1" }), reply, { prompt }, MODEL))
      const ours = yield* aimuxStream(host({ region: "us-east-1" }), reply, { prompt }, MODEL)
      expect(Reflect.get(Object(upstream.failure), "message")).toContain("AWS SigV4 authentication requires AWS credentials")
      expect(Reflect.get(Object(ours.failure), "message")).toBe(Reflect.get(Object(upstream.failure), "message"))
      expect(Reflect.get(Object(ours.failure), "name")).toBe("AI_LoadSettingError")
    }))

  for (const [name, auth, options, modelId] of cases) {
    for (const mode of ["stream", "generate"] as const) {
      it.effect(`${mode}: ${name}`, () =>
        Effect.gen(function*() {
          yield* TestClock.setTime(instant)
          const id = modelId ?? MODEL
          if (mode === "stream") {
            const reply = { body: streamBody, contentType: eventStream }
            const upstream = yield* Effect.promise(() => upstreamStream(host(auth), reply, options, id))
            const ours = yield* aimuxStream(host(auth), reply, options, id)
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            if (upstream.failure === undefined) {
              expectSameRequest(ours, upstream, omit)
              expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            }
          } else {
            const reply = { body: json, contentType: "application/json" }
            const upstream = yield* Effect.promise(() => upstreamGenerate(host(auth), reply, options, id))
            const ours = yield* aimuxGenerate(host(auth), reply, options, id)
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            if (upstream.failure === undefined) {
              expectSameRequest(ours, upstream, omit)
              expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
            }
          }
        }))
    }
  }
})
