/**
 * Prompt file URLs and the download service: which URLs are downloaded and what the model
 * receives, differential against upstream `generateText` (`MockLanguageModelV4`, mocked fetch);
 * the URL guard against upstream `validateDownloadUrl`; restricted policies refuse without any
 * request; a replaced service is used. Fetch is always a mock or a loopback server.
 */
import { describe, expect, it } from "@effect/vitest"
import { DownloadError as UpDownloadError, validateDownloadUrl } from "@ai-sdk/provider-utils"
import { generateText } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Exit, Layer, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import { downloadAssets, type ModelMessage, toPrompt } from "../../src/core/ModelMessage.ts"
import type { SupportedUrls } from "../../src/LanguageModel.ts"
import * as Download from "../../src/reliability/Download.ts"
import { checkDownloadUrl } from "../../src/runtime/DownloadService.ts"
import { DownloadError } from "../../src/contract/errors/DownloadError.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as L from "./loopback.ts"

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 9])

/** The mocked internet: URL → response; every call is recorded. */
const makeFetch = (routes: Record<string, () => Response>) => {
  const calls: Array<{ url: string; headers: Record<string, string>; redirect: string | undefined }> = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url
    const headers: Record<string, string> = {}
    new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((v, k) => {
      headers[k] = v
    })
    calls.push({ url, headers, redirect: init?.redirect ?? (input instanceof Request ? input.redirect : undefined) })
    const route = routes[url]
    if (route === undefined) throw new TypeError("fetch failed")
    return route()
  }
  return { fetch, calls }
}

const ok = (body: Uint8Array<ArrayBuffer>, type?: string) => () =>
  new Response(body, { status: 200, headers: type === undefined ? {} : { "content-type": type } })

/** Uint8Array → plain arrays, URL → string, undefined keys dropped. */
const plain = (u: unknown): unknown => {
  if (u instanceof Uint8Array) return { bytes: Array.from(u) }
  if (u instanceof URL) return { url: u.toString() }
  if (Array.isArray(u)) return u.map(plain)
  if (u !== null && typeof u === "object") {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) if (v !== undefined) out[k] = plain(v)
    return out
  }
  return u
}

interface Scenario {
  readonly name: string
  readonly supportedUrls: SupportedUrls
  readonly messages: ReadonlyArray<ModelMessage>
  readonly routes: Record<string, () => Response>
}

const user = (...content: Array<unknown>): ModelMessage => ({ role: "user", content: content as never })

const scenarios: ReadonlyArray<Scenario> = [
  {
    name: "an image URL the model does not support is downloaded (content-type kept)",
    supportedUrls: {},
    messages: [user({ type: "text", text: "look" }, { type: "image", image: new URL("https://img.example/a.png") })],
    routes: { "https://img.example/a.png": ok(png, "image/png") }
  },
  {
    name: "a supported image URL passes through, an unsupported one is downloaded",
    supportedUrls: { "image/*": [/^https:\/\/ok\./] },
    messages: [user(
      { type: "image", image: new URL("https://ok.example/a.png") },
      { type: "image", image: new URL("https://other.example/b.png") }
    )],
    routes: { "https://other.example/b.png": ok(png, "image/png") }
  },
  {
    name: "a top-level media type takes the response's, then image signatures win",
    supportedUrls: {},
    messages: [user({ type: "image", image: new URL("https://img.example/c") })],
    routes: { "https://img.example/c": ok(png, "application/octet-stream") }
  },
  {
    name: "a full media type is kept; no content-type",
    supportedUrls: { "application/pdf": [/^https:\/\/docs\./] },
    messages: [user(
      { type: "file", mediaType: "application/pdf", data: new URL("https://files.example/a.pdf"), filename: "a.pdf" },
      { type: "file", mediaType: "application/pdf", data: new URL("https://docs.example/b.pdf") }
    )],
    routes: { "https://files.example/a.pdf": ok(pdf) }
  },
  {
    name: "wildcard supportedUrls: nothing is downloaded",
    supportedUrls: { "*": [/^https?:\/\//] },
    messages: [user({ type: "image", image: new URL("https://img.example/a.png") })],
    routes: {}
  },
  {
    name: "the same URL twice is downloaded for each part, both inlined",
    supportedUrls: {},
    messages: [user(
      { type: "image", image: new URL("https://img.example/a.png") },
      { type: "file", mediaType: "image/jpeg", data: new URL("https://img.example/a.png") }
    )],
    routes: { "https://img.example/a.png": ok(png, "image/png") }
  },
  {
    name: "file URLs in content tool results are downloaded",
    supportedUrls: {},
    messages: [
      user({ type: "text", text: "go" }),
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "shot", input: {} }] },
      {
        role: "tool",
        content: [{
          type: "tool-result",
          toolCallId: "c1",
          toolName: "shot",
          output: {
            type: "content",
            value: [{ type: "text", text: "here" }, {
              type: "file",
              mediaType: "image",
              data: { type: "url", url: new URL("https://img.example/tool.png") }
            }]
          }
        }]
      }
    ],
    routes: { "https://img.example/tool.png": ok(png, "image/png") }
  }
]

const upstreamRun = async (scenario: Scenario) => {
  const { fetch, calls } = makeFetch(scenario.routes)
  const original = globalThis.fetch
  globalThis.fetch = fetch
  try {
    const model = new MockLanguageModelV4({
      supportedUrls: scenario.supportedUrls as Record<string, Array<RegExp>>,
      doGenerate: {
        content: [{ type: "text", text: "ok" }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 }
        },
        warnings: []
      }
    })
    const outcome = await generateText({ model, messages: scenario.messages as never }).then(
      () => ({ prompt: model.doGenerateCalls[0]?.prompt, error: undefined }),
      (error: unknown) => ({ prompt: undefined, error })
    )
    return { ...outcome, calls }
  } finally {
    globalThis.fetch = original
  }
}

const aimuxRun = (scenario: Scenario) =>
  Effect.gen(function*() {
    const { fetch, calls } = makeFetch(scenario.routes)
    const exit = yield* downloadAssets(toPrompt({ messages: scenario.messages }), scenario.supportedUrls).pipe(
      Effect.provideService(FetchHttpClient.Fetch, fetch),
      Effect.exit
    )
    return { exit, calls }
  })

describe("downloads: differential against upstream generateText", () => {
  for (const scenario of scenarios) {
    it.live(scenario.name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => upstreamRun(scenario))
        const ours = yield* aimuxRun(scenario)
        expect(upstream.error).toBeUndefined()
        expect(Exit.isSuccess(ours.exit)).toBe(true)
        if (Exit.isSuccess(ours.exit)) expect(plain(ours.exit.value)).toStrictEqual(plain(upstream.prompt))
        expect(ours.calls.map((c) => c.url)).toStrictEqual(upstream.calls.map((c) => c.url))
        // the first hop carries only the user agent, redirects are followed by hand
        expect(ours.calls.map((c) => [Object.keys(c.headers), c.redirect]))
          .toStrictEqual(upstream.calls.map((c) => [Object.keys(c.headers), c.redirect]))
      }))
  }

  const failures: ReadonlyArray<Scenario> = [
    {
      name: "404",
      supportedUrls: {},
      messages: [user({ type: "image", image: new URL("https://img.example/missing.png") })],
      routes: { "https://img.example/missing.png": () => new Response("no", { status: 404 }) }
    },
    {
      name: "fetch rejects",
      supportedUrls: {},
      messages: [user({ type: "image", image: new URL("https://down.example/a.png") })],
      routes: {}
    },
    {
      name: "a redirect to a private address is refused before it is requested",
      supportedUrls: {},
      messages: [user({ type: "image", image: new URL("https://img.example/r") })],
      routes: { "https://img.example/r": () => new Response(null, { status: 302, headers: { location: "http://10.0.0.1/x" } }) }
    },
    {
      name: "a redirect from https to http is refused",
      supportedUrls: {},
      messages: [user({ type: "image", image: new URL("https://img.example/r2") })],
      routes: { "https://img.example/r2": () => new Response(null, { status: 301, headers: { location: "http://img.example/x" } }) }
    },
    {
      name: "an unsupported file: URL is refused",
      supportedUrls: {},
      messages: [user({ type: "file", mediaType: "text/plain", data: new URL("file:///etc/passwd") })],
      routes: {}
    }
  ]
  for (const scenario of failures) {
    it.live(`failure: ${scenario.name}`, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => upstreamRun(scenario))
        const ours = yield* aimuxRun(scenario)
        expect(UpDownloadError.isInstance(upstream.error)).toBe(true)
        const error = Exit.isFailure(ours.exit) ? ours.exit.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined
        expect(error).toBeInstanceOf(DownloadError)
        const up = upstream.error instanceof Error ? upstream.error : undefined
        expect(error instanceof DownloadError && [error.name, error.message, error.url, error.statusCode, error.statusText])
          .toStrictEqual([up?.name, up?.message, Reflect.get(up ?? {}, "url"), Reflect.get(up ?? {}, "statusCode"), Reflect.get(up ?? {}, "statusText")])
        expect(ours.calls.map((c) => c.url)).toStrictEqual(upstream.calls.map((c) => c.url))
      }))
  }
})

describe("downloads: the URL guard against upstream validateDownloadUrl", () => {
  const urls = [
    "https://example.com/a.png", "http://example.com", "data:image/png;base64,AAAA", "file:///etc/passwd",
    "ftp://example.com/x", "not a url", "http://localhost/x", "http://LOCALHOST./x", "http://a.localhost/",
    "http://printer.local/", "http://metadata.google.internal/", "http://127.0.0.1/", "http://127.1.2.3:8080/",
    "http://2130706433/", "http://0x7f.1/", "http://10.0.0.1/", "http://172.16.5.4/", "http://172.32.0.1/",
    "http://192.168.1.1/", "http://169.254.169.254/latest", "http://100.64.0.1/", "http://0.0.0.0/",
    "http://224.0.0.1/", "http://8.8.8.8/", "http://[::1]/", "http://[::]/", "http://[fc00::1]/",
    "http://[fd12:3456::1]/", "http://[fe80::1]/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::a9fe:a9fe]/", "http://[2001:db8::1]/", "http://[2606:4700::1111]/", "https://[ff02::1]/"
  ]
  it("refuses exactly what upstream refuses, with upstream's messages", () => {
    for (const url of urls) {
      let upstream: string | undefined
      try {
        validateDownloadUrl(url)
      } catch (error) {
        upstream = error instanceof Error ? error.message : String(error)
      }
      expect(checkDownloadUrl(url)?.message, url).toBe(upstream)
    }
  })
})

/** An HttpClient that records every request and answers 200 with a PNG. */
const recordingClient = () => {
  const seen: Array<string> = []
  const client = HttpClient.make((request) =>
    Effect.sync(() => {
      seen.push(request.url)
      return HttpClientResponse.fromWeb(request, new Response(png, { headers: { "content-type": "image/png" } }))
    })
  )
  return { seen, layer: Layer.succeed(HttpClient.HttpClient, client) }
}

const fileRequest = (url: string, supported = false): Download.Request => ({ url: new URL(url), isUrlSupportedByModel: supported })

const refusedUrls = ["file:///etc/passwd", "http://127.0.0.1/x", "http://10.0.0.1/x", "http://[::1]/", "http://localhost:8080/"]

describe("downloads: restricted policies", () => {
  for (const url of refusedUrls) {
    it.effect(`restricted() refuses ${url} without any request`, () =>
      Effect.gen(function*() {
        const recorder = recordingClient()
        const error = yield* Effect.flip(
          Effect.flatMap(Effect.service(Download.Download), (s) => s.download([fileRequest(url)])).pipe(
            Effect.provide(Download.restricted().pipe(Layer.provide(recorder.layer)))
          )
        )
        expect(error).toBeInstanceOf(DownloadError)
        expect(error.message).toMatch(/not allowed|scheme must be/)
        expect(recorder.seen).toStrictEqual([])
      }))
  }

  it.effect("allowLoopback / allowPrivateNetworks / allowFileUrls open exactly their class", () =>
    Effect.gen(function*() {
      const recorder = recordingClient()
      const run = (policy: Download.Policy, url: string) =>
        Effect.flatMap(Effect.service(Download.Download), (s) => s.download([fileRequest(url)])).pipe(
          Effect.provide(Download.restricted(policy).pipe(Layer.provide(recorder.layer))),
          Effect.exit
        )
      expect(Exit.isSuccess(yield* run({ allowLoopback: true }, "http://127.0.0.1/a"))).toBe(true)
      expect(Exit.isSuccess(yield* run({ allowLoopback: true }, "http://[::1]/a"))).toBe(true)
      expect(Exit.isFailure(yield* run({ allowLoopback: true }, "http://10.0.0.1/a"))).toBe(true)
      expect(Exit.isSuccess(yield* run({ allowPrivateNetworks: true }, "http://10.0.0.1/a"))).toBe(true)
      expect(Exit.isSuccess(yield* run({ allowPrivateNetworks: true }, "http://[fd00::1]/a"))).toBe(true)
      expect(Exit.isFailure(yield* run({ allowPrivateNetworks: true }, "http://127.0.0.1/a"))).toBe(true)
      expect(Exit.isSuccess(yield* run({ allowFileUrls: true }, "file:///tmp/a.png"))).toBe(true)
      expect(Exit.isFailure(yield* run({ allowedHosts: ["img.example"] }, "https://other.example/a"))).toBe(true)
      expect(Exit.isSuccess(yield* run({ allowedHosts: ["IMG.example"] }, "https://img.example/a"))).toBe(true)
      expect(recorder.seen).toStrictEqual([
        "http://127.0.0.1/a", "http://[::1]/a", "http://10.0.0.1/a", "http://[fd00::1]/a", "file:///tmp/a.png", "https://img.example/a"
      ])
    }))

  it.effect("supported URLs pass through without a request", () =>
    Effect.gen(function*() {
      const recorder = recordingClient()
      const result = yield* Effect.flatMap(Effect.service(Download.Download), (s) => s.download([fileRequest("http://10.0.0.1/x", true)])).pipe(
        Effect.provide(Download.restricted().pipe(Layer.provide(recorder.layer)))
      )
      expect(result).toStrictEqual([null])
      expect(recorder.seen).toStrictEqual([])
    }))

  it.live("allowLoopback downloads from a real loopback server; maxBytes stops a larger body", () =>
    Effect.gen(function*() {
      const server = yield* Effect.promise(() =>
        L.start((_req, res) => {
          res.writeHead(200, { "content-type": "image/png" })
          res.end(Buffer.from(png))
        })
      )
      const url = `http://127.0.0.1:${server.port}/a.png`
      const run = (policy: Download.Policy) =>
        Effect.flatMap(Effect.service(Download.Download), (s) => s.download([fileRequest(url)])).pipe(
          Effect.provide(Download.restricted(policy).pipe(Layer.provide(FetchHttpClient.layer))),
          Effect.exit
        )
      const allowed = yield* run({ allowLoopback: true })
      const small = yield* run({ allowLoopback: true, maxBytes: 3 })
      const refused = yield* run({})
      yield* Effect.promise(() => server.stop())
      expect(Exit.isSuccess(allowed) && plain(allowed.value)).toStrictEqual([{ data: { bytes: Array.from(png) }, mediaType: "image/png" }])
      const tooBig = Exit.isFailure(small) ? small.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined
      expect(tooBig instanceof DownloadError && tooBig.message).toMatch(/exceeded maximum size of 3 bytes/)
      expect(Exit.isFailure(refused)).toBe(true)
      expect(server.requests).toHaveLength(2)
    }))
})

describe("downloads: a replaced service", () => {
  it.effect("is asked for every file URL with the supported flag, and its files are sent as data", () =>
    Effect.gen(function*() {
      const asked: Array<[string, boolean]> = []
      const layer = Download.layerWith((requests) =>
        Effect.sync(() =>
          requests.map((r) => {
            asked.push([r.url.toString(), r.isUrlSupportedByModel])
            return r.url.hostname === "mine.example" ? { data: pdf, mediaType: "application/pdf" } : null
          })
        )
      )
      const prompt = toPrompt({
        messages: [user(
          { type: "file", mediaType: "application/pdf", data: new URL("https://mine.example/a.pdf") },
          { type: "image", image: new URL("https://ok.example/b.png") },
          { type: "image", image: new URL("http://10.0.0.1/c.png") }
        )]
      })
      const out = yield* downloadAssets(prompt, { "image/*": [/^https:\/\/ok\./] }).pipe(Effect.provide(layer))
      expect(asked).toStrictEqual([
        ["https://mine.example/a.pdf", false],
        ["https://ok.example/b.png", true],
        ["http://10.0.0.1/c.png", false]
      ])
      expect(plain(out)).toStrictEqual(plain([{
        role: "user",
        content: [
          { type: "file", mediaType: "application/pdf", data: { type: "data", data: pdf } },
          { type: "file", mediaType: "image", data: { type: "url", url: new URL("https://ok.example/b.png") } },
          { type: "file", mediaType: "image", data: { type: "url", url: new URL("http://10.0.0.1/c.png") } }
        ]
      }]))
    }))

  it.effect("passThrough sends every URL to the model and fetches nothing", () =>
    Effect.gen(function*() {
      const recorder = recordingClient()
      const prompt = toPrompt({ messages: [user({ type: "image", image: new URL("https://img.example/a.png") })] })
      const out = yield* downloadAssets(prompt, {}).pipe(Effect.provide(Download.passThrough), Effect.provide(recorder.layer))
      expect(out).toStrictEqual(prompt)
      expect(recorder.seen).toStrictEqual([])
    }))

  it.effect("without file URLs the service is not asked", () =>
    Effect.gen(function*() {
      let asked = 0
      const layer = Download.layerWith((requests) => Effect.sync(() => (asked++, requests.map(() => null))))
      const prompt = toPrompt({ messages: [user({ type: "text", text: "hi" })] })
      expect(yield* downloadAssets(prompt, {}).pipe(Effect.provide(layer))).toBe(prompt)
      expect(asked).toBe(0)
    }))
})

describe("downloads: end to end through aimux generateText / streamText (vs upstream generateText)", () => {
  const generated = {
    content: [{ type: "text" as const, text: "ok" }],
    finishReason: { unified: "stop" as const, raw: "stop" },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 }
    },
    warnings: []
  }
  for (const scenario of scenarios) {
    it.live(scenario.name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => upstreamRun(scenario))
        const { fetch, calls } = makeFetch(scenario.routes)
        const mock = MockLanguageModel.layer({
          supportedUrls: scenario.supportedUrls,
          generate: generated,
          stream: { stream: [{ type: "stream-start", warnings: [] }, { type: "finish", finishReason: generated.finishReason, usage: generated.usage }] }
        })
        const viaGenerate = yield* Effect.gen(function*() {
          yield* GenerateText.generateText({ messages: scenario.messages })
          return (yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls)[0]?.prompt
        }).pipe(Effect.provide(mock), Effect.provideService(FetchHttpClient.Fetch, fetch))
        const viaStream = yield* Effect.gen(function*() {
          yield* Stream.runDrain(StreamText.streamText({ messages: scenario.messages }))
          return (yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls)[0]?.prompt
        }).pipe(Effect.provide(mock), Effect.provideService(FetchHttpClient.Fetch, fetch))
        expect(plain(viaGenerate)).toStrictEqual(plain(upstream.prompt))
        expect(plain(viaStream)).toStrictEqual(plain(upstream.prompt))
        expect(calls.map((c) => c.url)).toStrictEqual([...upstream.calls, ...upstream.calls].map((c) => c.url))
      }))
  }

  it.live("a refused URL: generateText fails with DownloadError, streamText emits it as an error part, the model is not called", () =>
    Effect.gen(function*() {
      const messages = [user({ type: "image", image: new URL("http://127.0.0.1/a.png") })]
      const mock = MockLanguageModel.layer({ generate: generated })
      const recorder = recordingClient()
      const error = yield* Effect.flip(GenerateText.generateText({ messages })).pipe(Effect.provide(mock), Effect.provide(recorder.layer))
      expect(error).toBeInstanceOf(DownloadError)
      expect(error.message).toBe("URL with IP address 127.0.0.1 is not allowed")
      const parts = yield* Stream.runCollect(StreamText.streamText({ messages })).pipe(Effect.provide(mock), Effect.provide(recorder.layer))
      const errorPart = Array.from(parts).find((p) => p.type === "error")
      expect(errorPart?.type === "error" && errorPart.error).toBeInstanceOf(DownloadError)
      expect(recorder.seen).toStrictEqual([])
    }))
})
