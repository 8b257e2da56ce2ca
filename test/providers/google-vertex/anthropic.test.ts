/**
 * Anthropic on Vertex: differential against `@ai-sdk/google-vertex/anthropic/edge`
 * (its `fetch` mocked, a fixed bearer token): request URLs, headers (user
 * agent included) and body text byte-identical over the Anthropic request
 * matrix, stream parts at chunk sizes 1, 7 and whole over the Anthropic corpus
 * and the Vertex crafted bodies, generate results and errors, settings
 * (locations, base URL, labels, option and metadata keys, structured output),
 * and the service-account token path.
 */
import { createGoogleVertexAnthropic } from "@ai-sdk/google-vertex/anthropic/edge"
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, Stream } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as path from "node:path"
import { afterEach, vi } from "vitest"
import * as AnthropicLanguageModel from "../../../src/providers/kits/anthropic/AnthropicLanguageModel.ts"
import * as GoogleVertexAnthropic from "../../../src/providers/google-vertex/GoogleVertexAnthropic.ts"
import { guardCorpus } from "../_kit/Corpus.ts"
import { callCases } from "../anthropic/callCases.ts"
import { chunksToSse, fixturesDir as anthropicFixtures, listFixtures, readText } from "../anthropic/harness.ts"
import {
  aimuxGenerate,
  aimuxStream,
  errorView,
  expectSameRequest,
  headersView,
  type Host,
  normalize,
  partsView,
  resultView,
  upstreamGenerate,
  upstreamStream
} from "../anthropic/hostHarness.ts"

for (const name of Object.keys(process.env)) {
  if (name.startsWith("GOOGLE_")) delete process.env[name]
}

const vertexFixtures = path.resolve(import.meta.dirname, "../../../fixtures/google-vertex-anthropic")
const MODEL = "claude-sonnet-4-5@20250929"
const token = "ya29.test-token"

interface Where {
  readonly project?: string
  readonly location?: string
  readonly baseURL?: string
  readonly headers?: Record<string, string>
  readonly supportsNativeStructuredOutput?: boolean
}

const here: Where = { project: "my-project", location: "us-east5" }

const host = (where: Where = here): Host => ({
  upstream: (fetch, modelId) => createGoogleVertexAnthropic({ ...where, generateAuthToken: async () => token, fetch })(modelId),
  aimux: (client, modelId) =>
    Effect.map(
      GoogleVertexAnthropic.modelConfig(modelId, { ...where, generateAuthToken: Effect.succeed(Redacted.make(token)) }, client),
      (config) => AnthropicLanguageModel.makeWith(client, config)
    )
})

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const sse = chunksToSse([
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

describe("Anthropic on Vertex: request matrix, differential", () => {
  for (const testCase of callCases) {
    const modelId = testCase.modelId ?? MODEL
    it.effect(`stream: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: sse }
        const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, testCase.options, modelId))
        const ours = yield* aimuxStream(host(), reply, testCase.options, modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        if (upstream.failure === undefined) {
          expectSameRequest(ours, upstream)
          expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
          expect(normalize(ours.request)).toStrictEqual(normalize(upstream.request))
        }
      }))
    it.effect(`generate: ${testCase.name}`, () =>
      Effect.gen(function*() {
        const reply = { body: json, contentType: "application/json" }
        const upstream = yield* Effect.promise(() => upstreamGenerate(host(), reply, testCase.options, modelId))
        const ours = yield* aimuxGenerate(host(), reply, testCase.options, modelId)
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
        if (upstream.failure === undefined) {
          expectSameRequest(ours, upstream)
          expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
        }
      }))
  }

  it.effect("the request: rawPredict / streamRawPredict URLs, bearer header, vertex body", () =>
    Effect.gen(function*() {
      const streamed = yield* aimuxStream(host(), { body: sse }, { prompt }, MODEL)
      expect(streamed.captured.url).toBe(
        "https://us-east5-aiplatform.googleapis.com/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict"
      )
      expect(headersView(streamed.captured.headers)["authorization"]).toBe(`Bearer ${token}`)
      const body = JSON.parse(streamed.captured.bodyText ?? "{}")
      expect(body.model).toBeUndefined()
      expect(Object.keys(body).at(-1)).toBe("anthropic_version")
      expect(body.anthropic_version).toBe("vertex-2023-10-16")
      const generated = yield* aimuxGenerate(host(), { body: json, contentType: "application/json" }, { prompt }, MODEL)
      expect(generated.captured.url?.endsWith(`${MODEL}:rawPredict`)).toBe(true)
    }))
})

const anthropicCorpus = [
  ...listFixtures(path.join(anthropicFixtures, "recordings"), ".chunks.txt").map((f) => path.join(anthropicFixtures, "recordings", f)),
  ...listFixtures(path.join(anthropicFixtures, "crafted"), ".chunks.txt").map((f) => path.join(anthropicFixtures, "crafted", f))
]
const vertexCorpus = listFixtures(vertexFixtures, ".sse").map((f) => path.join(vertexFixtures, f))

describe("Anthropic on Vertex: stream parts, differential", () => {
  guardCorpus({ label: "anthropic corpus on vertex", count: anthropicCorpus.length, minimum: 28 })
  guardCorpus({ label: "vertex anthropic crafted bodies", count: vertexCorpus.length, minimum: 4 })
  const bodies: ReadonlyArray<readonly [string, string]> = [
    ...anthropicCorpus.map((file) => [path.basename(file), chunksToSse(readText(file))] as const),
    ...vertexCorpus.map((file) => [path.basename(file), readText(file)] as const)
  ]
  for (const [name, body] of bodies) {
    for (const chunkSize of [1, 7, "whole"] as const) {
      it.effect(`${name} chunk=${chunkSize}`, () =>
        Effect.gen(function*() {
          const reply = { body, chunkSize }
          const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
          const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
          expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(normalize(ours.responseHeaders)).toStrictEqual(normalize(upstream.responseHeaders))
        }))
    }
  }
})

describe("Anthropic on Vertex: generate and errors, differential", () => {
  const dir = path.join(anthropicFixtures, "recordings")
  const files = listFixtures(dir, ".json")
  guardCorpus({ label: "anthropic generate bodies on vertex", count: files.length, minimum: 7 })
  for (const file of files) {
    for (const status of [200, 400, 429, 529]) {
      it.effect(`${file} status=${status}`, () =>
        Effect.gen(function*() {
          const reply = { body: readText(path.join(dir, file)), contentType: "application/json", status }
          const upstream = yield* Effect.promise(() => upstreamGenerate(host(), reply, { prompt }, MODEL))
          const ours = yield* aimuxGenerate(host(), reply, { prompt }, MODEL)
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
        }))
    }
  }
  for (const status of [401, 503]) {
    it.effect(`stream HTTP error ${status}`, () =>
      Effect.gen(function*() {
        const reply = {
          body: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
          contentType: "application/json",
          status
        }
        const upstream = yield* Effect.promise(() => upstreamStream(host(), reply, { prompt }, MODEL))
        const ours = yield* aimuxStream(host(), reply, { prompt }, MODEL)
        expect(upstream.failure).toBeDefined()
        expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
      }))
  }
})

const settingsCases: ReadonlyArray<
  readonly [string, Where, LanguageModelV4CallOptions, string?]
> = [
  ["global location", { project: "p", location: "global" }, { prompt }],
  ["eu multi-region", { project: "p", location: "eu" }, { prompt }],
  ["us multi-region", { project: "p", location: "us" }, { prompt }],
  ["no project or location", {}, { prompt }],
  ["base URL with a trailing slash", { baseURL: "https://proxy.test/v1/" }, { prompt }],
  ["invalid location", { project: "p", location: "evil.example.com/#" }, { prompt }],
  ["user headers win over the bearer", { ...here, headers: { Authorization: "Bearer mine", "X-Extra": "1" } }, { prompt }],
  ["labels header", here, { prompt, providerOptions: { vertex: { labels: { team: "ai", env: "ünï" } } } }],
  ["explicit labels header wins", { ...here, headers: { "X-Vertex-AI-Labels": "given" } }, {
    prompt,
    providerOptions: { vertex: { labels: { team: "ai" } } }
  }],
  ["invalid labels", here, { prompt, providerOptions: { vertex: { labels: { team: 1 } } } }],
  ["googleVertex options: metadata under googleVertex too", here, {
    prompt,
    providerOptions: { googleVertex: { sendReasoning: false, disableParallelToolUse: true } }
  }],
  ["legacy vertex options: read, metadata not doubled", here, { prompt, providerOptions: { vertex: { effort: "low" } } }],
  ["googleVertex wins over vertex", here, {
    prompt,
    providerOptions: { googleVertex: { effort: "high" }, vertex: { effort: "low" }, anthropic: { effort: "medium" } }
  }],
  ["service tier passes through", here, { prompt, providerOptions: { anthropic: { serviceTier: "priority" } } }],
  ["message threads unsupported", here, { prompt, providerOptions: { anthropic: { thread: { type: "create" } } } }],
  ["json: jsonTool by default (native output off)", here, {
    prompt,
    responseFormat: { type: "json", schema: { type: "object", properties: { a: { type: "string" } } } }
  }],
  ["json: native output on for 4.5", { ...here, supportsNativeStructuredOutput: true }, {
    prompt,
    responseFormat: { type: "json", schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } }
  }],
  ["json: native output on, but claude 3", { ...here, supportsNativeStructuredOutput: true }, {
    prompt,
    responseFormat: { type: "json", schema: { type: "object", properties: { a: { type: "string" } } } }
  }, "claude-3-haiku@20240307"],
  ["strict tools are not sent", here, {
    prompt,
    tools: [{ type: "function", name: "f", inputSchema: { type: "object" }, strict: true }]
  }]
]

describe("Anthropic on Vertex: settings, differential", () => {
  for (const [name, where, options, modelId] of settingsCases) {
    for (const mode of ["stream", "generate"] as const) {
      it.effect(`${mode}: ${name}`, () =>
        Effect.gen(function*() {
          const id = modelId ?? MODEL
          if (mode === "stream") {
            const reply = { body: sse }
            const upstream = yield* Effect.promise(() => upstreamStream(host(where), reply, options, id))
            const ours = yield* aimuxStream(host(where), reply, options, id)
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            if (upstream.failure === undefined) {
              expectSameRequest(ours, upstream)
              expect(partsView(ours.parts)).toStrictEqual(partsView(upstream.parts))
            }
          } else {
            const reply = { body: json, contentType: "application/json" }
            const upstream = yield* Effect.promise(() => upstreamGenerate(host(where), reply, options, id))
            const ours = yield* aimuxGenerate(host(where), reply, options, id)
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            if (upstream.failure === undefined) {
              expectSameRequest(ours, upstream)
              expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
            }
          }
        }))
    }
  }

  it.effect("metadata keys: googleVertex options double the key, vertex ones do not", () =>
    Effect.gen(function*() {
      const reply = { body: json, contentType: "application/json" }
      const doubled = yield* aimuxGenerate(host(), reply, { prompt, providerOptions: { googleVertex: {} } }, MODEL)
      const legacy = yield* aimuxGenerate(host(), reply, { prompt, providerOptions: { vertex: {} } }, MODEL)
      const keys = (run: { result: unknown }) => Object.keys(Reflect.get(Object(run.result), "providerMetadata") ?? {})
      expect(keys(doubled).sort()).toStrictEqual(["anthropic", "googleVertex"])
      expect(keys(legacy)).toStrictEqual(["anthropic"])
    }))

  it.effect("no URL sources: supportedUrls is empty, provider name as upstream's", () =>
    Effect.gen(function*() {
      const model = yield* host().aimux(HttpClient.make(() => Effect.die("no request")), MODEL)
      const upstream = host().upstream(async () => new Response(""), MODEL)
      expect(yield* model.supportedUrls).toStrictEqual({})
      expect(yield* Effect.promise(async () => upstream.supportedUrls)).toStrictEqual({})
      expect(model.provider).toBe(upstream.provider)
    }))
})

// The service-account path: upstream's token request goes through a stubbed
// global `fetch`, aimux's through the same replayed client.
describe("Anthropic on Vertex: service-account token, differential", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  const tokenJson = JSON.stringify({ access_token: "ya29.sa-token", expires_in: 3599, token_type: "Bearer" })
  const respond = (url: string) =>
    url.startsWith("https://oauth2.googleapis.com/token")
      ? new Response(tokenJson, { headers: { "content-type": "application/json" } })
      : new Response(sse, { headers: { "content-type": "text/event-stream" } })
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== "content-length").map(([k, v]) => [k.toLowerCase(), v]))

  it.effect("token and model requests are identical", () =>
    Effect.gen(function*() {
      vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000)
      const pair = yield* Effect.promise(() =>
        crypto.subtle.generateKey(
          { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
          true,
          ["sign", "verify"]
        )
      )
      const der = Buffer.from(yield* Effect.promise(() => crypto.subtle.exportKey("pkcs8", pair.privateKey))).toString("base64")
      const privateKey = `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)?.join("\n")}\n-----END PRIVATE KEY-----\n`
      const googleCredentials = { clientEmail: "svc@my-project.iam.gserviceaccount.com", privateKey }
      const seenUpstream: Array<unknown> = []
      const record = async (url: string | URL | Request, init?: RequestInit) => {
        const headers = init?.headers instanceof Headers
          ? Object.fromEntries(init.headers.entries())
          : Object.fromEntries(Object.entries(init?.headers ?? {}))
        seenUpstream.push({ url: String(url), headers: lower(headers), body: String(init?.body) })
        return respond(String(url))
      }
      vi.stubGlobal("fetch", record)
      const upstreamModel = createGoogleVertexAnthropic({ ...here, googleCredentials, fetch: record })(MODEL)
      const result = yield* Effect.promise(() => upstreamModel.doStream({ prompt }))
      yield* Effect.promise(() => result.stream.pipeTo(new WritableStream()))
      const seenOurs: Array<unknown> = []
      const client = HttpClient.make((request, url) =>
        Effect.sync(() => {
          const body = request.body
          seenOurs.push({
            url: url.toString(),
            headers: lower({ ...request.headers }),
            body: body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : ""
          })
          return HttpClientResponse.fromWeb(request, respond(url.toString()))
        })
      )
      const model = yield* Effect.provideService(
        GoogleVertexAnthropic.model(MODEL, { ...here, googleCredentials }),
        HttpClient.HttpClient,
        client
      )
      const started = yield* model.stream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })
      yield* Stream.runDrain(started.stream)
      expect(seenOurs).toHaveLength(2)
      expect(seenOurs).toStrictEqual(seenUpstream)
    }))
})
