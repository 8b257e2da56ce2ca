/**
 * File URLs on Vertex and Google, differential against the pinned packages. One mocked fetch
 * serves both the file downloads and the API: upstream gets it as the provider's `fetch` (and as
 * the global fetch that `ai`'s own download uses), aimux as `FetchHttpClient.Fetch`. Compared: every
 * request (URL, headers, redirect mode), the API request body byte for byte, and failures.
 *
 * - at the model (`doGenerate` / `doStream`): Vertex downloads tool-result file URLs that a function
 *   response cannot reference (upstream `downloadToolResultFiles`: all of them before Gemini 3,
 *   all but `gs://` of five types with it), with no request header, at most 7 MiB (or
 *   `toolResultDownloads.maxBytes`), the media type detected from the bytes or taken from the
 *   response; Google downloads nothing;
 * - through core `generateText`: user-message and tool-result URLs the model's `supportedUrls` do
 *   not claim are downloaded by core (Vertex claims every HTTP(S) and `gs://` URL, so only the
 *   provider downloads there).
 */
import { createGoogle } from "@ai-sdk/google"
import { createGoogleVertex } from "@ai-sdk/google-vertex"
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Prompt } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, type ModelMessage as UpstreamMessage } from "ai"
import { Effect, Exit, Layer, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import type { ModelMessage } from "../../../src/core/ModelMessage.ts"
import { LanguageModel, type Service } from "../../../src/LanguageModel.ts"
import * as Google from "../../../src/providers/google/Google.ts"
import * as GoogleVertex from "../../../src/providers/google-vertex/GoogleVertex.ts"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import { errorJson, partsJson, wireJson } from "../_kit/Wire.ts"
import { failureOf, toAimux } from "../google/harness.ts"

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2])
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])

type Route = () => Response
interface Call {
  readonly url: string
  readonly headers: Record<string, string>
  readonly redirect: string | undefined
  readonly body: string | undefined
}

const generateJson = JSON.stringify({
  candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }],
  usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 }
})
const streamSse = `data: ${generateJson}\n\n`

const isApi = (url: string) => url.includes(":generateContent") || url.includes(":streamGenerateContent")

/** The mocked internet: file routes by URL, the API answers every model call; each call recorded. */
const makeFetch = (routes: Record<string, Route>) => {
  const calls: Array<Call> = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url
    const headers: Record<string, string> = {}
    new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((v, k) => {
      if (k !== "content-length") headers[k] = v
    })
    const body = typeof init?.body === "string" ? init.body : init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : undefined
    calls.push({ url, headers, redirect: init?.redirect ?? undefined, body })
    if (isApi(url)) {
      return url.includes(":stream")
        ? new Response(streamSse, { headers: { "content-type": "text/event-stream" } })
        : new Response(generateJson, { headers: { "content-type": "application/json" } })
    }
    const route = routes[url]
    if (route === undefined) throw new TypeError("fetch failed")
    return route()
  }
  return { fetch, calls }
}

const ok = (body: Uint8Array<ArrayBuffer>, type?: string) => () =>
  new Response(body, { status: 200, headers: type === undefined ? {} : { "content-type": type } })

type Flavor = "vertex" | "google"
interface Settings {
  readonly maxBytes?: number
}

const upstreamModel = (flavor: Flavor, modelId: string, fetch: typeof globalThis.fetch, settings: Settings = {}): LanguageModelV4 =>
  flavor === "vertex"
    ? createGoogleVertex({
      apiKey: "test-key",
      fetch,
      generateId: makeCounter("id"),
      ...(settings.maxBytes !== undefined && { toolResultDownloads: { maxBytes: settings.maxBytes } })
    })(modelId)
    : createGoogle({ apiKey: "test-key", fetch, generateId: makeCounter("id") })(modelId)

const aimuxModel = (flavor: Flavor, modelId: string, settings: Settings = {}): Effect.Effect<Service, unknown, never> => {
  const built: Effect.Effect<Service, unknown, Effect.Services<ReturnType<typeof Google.model>>> = flavor === "vertex"
    ? GoogleVertex.model(modelId, {
      apiKey: "test-key",
      generateId: makeCounter("id"),
      ...(settings.maxBytes !== undefined && { toolResultDownloads: { maxBytes: settings.maxBytes } })
    })
    : Google.model(modelId, { apiKey: "test-key", generateId: makeCounter("id") })
  return built.pipe(Effect.provide(FetchHttpClient.layer))
}

const toolResult = (...value: Array<unknown>): LanguageModelV4Prompt[number] => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId: "call-1", toolName: "shot", output: { type: "content", value: value as never } }]
})
// keys in the order the call options Schema decodes them (the Google legacy path stringifies the part)
const fileUrl = (url: string, mediaType: string) => ({ type: "file", data: { type: "url", url: new URL(url) }, mediaType })
const call: LanguageModelV4Prompt[number] = {
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: "call-1", toolName: "shot", input: {} }]
}
const ask: LanguageModelV4Prompt[number] = { role: "user", content: [{ type: "text", text: "take a shot" }] }

interface Case {
  readonly name: string
  readonly flavor?: Flavor
  readonly modelId?: string
  readonly prompt: LanguageModelV4Prompt
  readonly routes: Record<string, Route>
  readonly settings?: Settings
  /** What the case must show (so a wrong port cannot pass by making both sides do nothing). */
  readonly expect: { readonly downloads: number; readonly fails?: boolean }
}

const gemini3 = "gemini-3-pro-preview"
const cases: ReadonlyArray<Case> = [
  {
    name: "vertex, Gemini 2.5: an https image in a tool result is downloaded (legacy inline parts)",
    prompt: [ask, call, toolResult({ type: "text", text: "here" }, fileUrl("https://files.example/shot.png", "image/png"))],
    routes: { "https://files.example/shot.png": ok(png, "image/png") },
    expect: { downloads: 1 }
  },
  {
    name: "vertex, Gemini 3: an https image becomes inline data of the function response",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/shot.png", "image/png"))],
    routes: { "https://files.example/shot.png": ok(png, "image/png") },
    expect: { downloads: 1 }
  },
  {
    name: "vertex, Gemini 3: a gs:// png stays a file reference (nothing downloaded)",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("gs://bucket/shot.png", "image/png"))],
    routes: {},
    expect: { downloads: 0 }
  },
  {
    name: "vertex, Gemini 3: a gs:// csv is not referenceable, its download is refused",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("gs://bucket/data.csv", "text/csv"))],
    routes: {},
    expect: { downloads: 0, fails: true }
  },
  {
    name: "vertex, Gemini 2.5: a gs:// png is downloaded, which the URL guard refuses",
    prompt: [ask, call, toolResult(fileUrl("gs://bucket/shot.png", "image/png"))],
    routes: {},
    expect: { downloads: 0, fails: true }
  },
  {
    name: "vertex: the media type is detected from the bytes (image/* → image/png)",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/any", "image/*"))],
    routes: { "https://files.example/any": ok(png, "application/octet-stream") },
    expect: { downloads: 1 }
  },
  {
    name: "vertex: an undetected type takes the response's content type when the part's is not full",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/doc", "application/*"))],
    routes: { "https://files.example/doc": ok(pdf, "Application/PDF") },
    expect: { downloads: 1 }
  },
  {
    name: "vertex: a full media type of the part is kept over the response's",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/doc.pdf", "application/pdf"))],
    routes: { "https://files.example/doc.pdf": ok(pdf, "text/plain") },
    expect: { downloads: 1 }
  },
  {
    name: "vertex: several files, in order, and a redirect followed by hand",
    modelId: gemini3,
    prompt: [
      ask,
      call,
      toolResult(fileUrl("https://files.example/a.png", "image/png"), { type: "text", text: "and" }, fileUrl("https://files.example/r", "application/pdf"))
    ],
    routes: {
      "https://files.example/a.png": ok(png, "image/png"),
      "https://files.example/r": () => new Response(null, { status: 302, headers: { location: "https://cdn.example/b.pdf" } }),
      "https://cdn.example/b.pdf": ok(pdf, "application/pdf")
    },
    expect: { downloads: 3 }
  },
  {
    name: "vertex: a provider-executed tool result in an assistant message is downloaded too",
    modelId: gemini3,
    prompt: [
      ask,
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "call-1", toolName: "shot", input: {} },
          { type: "tool-result", toolCallId: "call-1", toolName: "shot", output: { type: "content", value: [fileUrl("https://files.example/shot.png", "image/png") as never] } }
        ]
      }
    ],
    routes: { "https://files.example/shot.png": ok(png, "image/png") },
    expect: { downloads: 1 }
  },
  {
    name: "vertex: a user-message URL is not downloaded by the model",
    prompt: [{ role: "user", content: [{ type: "file", mediaType: "image/png", data: { type: "url", url: new URL("https://files.example/shot.png") } }] }],
    routes: {},
    expect: { downloads: 0 }
  },
  {
    name: "vertex: a 404 fails the call with DownloadError",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/missing.png", "image/png"))],
    routes: { "https://files.example/missing.png": () => new Response("no", { status: 404, statusText: "Not Found" }) },
    expect: { downloads: 1, fails: true }
  },
  {
    name: "vertex: a file over toolResultDownloads.maxBytes fails the call",
    modelId: gemini3,
    settings: { maxBytes: 4 },
    prompt: [ask, call, toolResult(fileUrl("https://files.example/shot.png", "image/png"))],
    routes: { "https://files.example/shot.png": ok(png, "image/png") },
    expect: { downloads: 1, fails: true }
  },
  {
    name: "vertex: a file over the 7 MiB default fails the call",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/big.png", "image/png"))],
    routes: {
      "https://files.example/big.png": () =>
        new Response(new Uint8Array(7 * 1024 * 1024 + 1), { headers: { "content-type": "image/png", "content-length": String(7 * 1024 * 1024 + 1) } })
    },
    expect: { downloads: 1, fails: true }
  },
  {
    name: "vertex: a private address is refused before any request",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("http://10.0.0.1/shot.png", "image/png"))],
    routes: {},
    expect: { downloads: 0, fails: true }
  },
  {
    name: "google, Gemini 3: a tool-result URL is not downloaded by the model",
    flavor: "google",
    modelId: gemini3,
    prompt: [ask, call, toolResult(fileUrl("https://files.example/shot.png", "image/png"))],
    routes: {},
    expect: { downloads: 0 }
  },
  {
    name: "google, Gemini 2.5: a tool-result URL is not downloaded by the model",
    flavor: "google",
    prompt: [ask, call, toolResult(fileUrl("https://files.example/shot.png", "image/png"))],
    routes: {},
    expect: { downloads: 0 }
  }
]

const downloadsOf = (calls: ReadonlyArray<Call>) => calls.filter((c) => !isApi(c.url)).map(({ body: _body, ...c }) => c)
const apiOf = (calls: ReadonlyArray<Call>) => calls.filter((c) => isApi(c.url)).map((c) => ({ url: c.url, body: c.body }))

type Mode = "generate" | "stream"

const upstreamRun = async (c: Case, mode: Mode) => {
  const { calls, fetch } = makeFetch(c.routes)
  const model = upstreamModel(c.flavor ?? "vertex", c.modelId ?? "gemini-2.5-flash", fetch, c.settings)
  const options: LanguageModelV4CallOptions = { prompt: c.prompt }
  try {
    if (mode === "generate") {
      const result = await model.doGenerate(options)
      return { calls, output: wireJson(result.content), failure: undefined }
    }
    const result = await model.doStream(options)
    const parts: Array<unknown> = []
    for await (const part of result.stream) parts.push(part)
    return { calls, output: partsJson(parts), failure: undefined }
  } catch (error) {
    return { calls, output: undefined, failure: error }
  }
}

const aimuxRun = (c: Case, mode: Mode) =>
  Effect.gen(function*() {
    const { calls, fetch } = makeFetch(c.routes)
    const exit = yield* Effect.gen(function*() {
      const model = yield* aimuxModel(c.flavor ?? "vertex", c.modelId ?? "gemini-2.5-flash", c.settings)
      if (mode === "generate") return wireJson((yield* model.generate(toAimux({ prompt: c.prompt }))).content)
      const result = yield* model.stream(toAimux({ prompt: c.prompt }))
      return partsJson(Array.from(yield* Stream.runCollect(result.stream)))
    }).pipe(Effect.provideService(FetchHttpClient.Fetch, fetch), Effect.exit)
    return { calls, output: Exit.isSuccess(exit) ? exit.value : undefined, failure: failureOf(exit) }
  })

describe("Vertex / Google: tool-result file URLs at the model (differential)", () => {
  for (const c of cases) {
    for (const mode of ["generate", "stream"] as const) {
      it.live(`${mode}: ${c.name}`, () =>
        Effect.gen(function*() {
          const upstream = yield* Effect.promise(() => upstreamRun(c, mode))
          const ours = yield* aimuxRun(c, mode)
          expect(downloadsOf(ours.calls)).toStrictEqual(downloadsOf(upstream.calls))
          expect(apiOf(ours.calls)).toStrictEqual(apiOf(upstream.calls))
          expect(ours.output).toStrictEqual(upstream.output)
          expect(errorJson(ours.failure)).toStrictEqual(errorJson(upstream.failure))
          // the case shows what it names
          expect(downloadsOf(upstream.calls).length).toBe(c.expect.downloads)
          expect(upstream.failure !== undefined).toBe(c.expect.fails === true)
          expect(apiOf(upstream.calls).length).toBe(c.expect.fails === true ? 0 : 1)
        }))
    }
  }

  it.live("a downloaded file reaches the request as inline data (what the comparison above compares)", () =>
    Effect.gen(function*() {
      const ours = yield* aimuxRun(cases[1], "generate")
      const body = JSON.parse(apiOf(ours.calls)[0]?.body ?? "{}")
      expect(body.contents[2].parts[0].functionResponse.parts).toStrictEqual([
        { inlineData: { mimeType: "image/png", data: Buffer.from(png).toString("base64") } }
      ])
      // provider-utils `downloadBlob` sends no header at all
      expect(downloadsOf(ours.calls)).toStrictEqual([{ url: "https://files.example/shot.png", headers: {}, redirect: "manual" }])
    }))
})

interface CoreCase {
  readonly name: string
  readonly flavor: Flavor
  readonly modelId: string
  readonly messages: ReadonlyArray<unknown>
  readonly routes: Record<string, Route>
  readonly downloads: number
}

const coreToolResult = (...value: Array<unknown>) => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId: "call-1", toolName: "shot", output: { type: "content", value } }]
})
const coreCall = { role: "assistant", content: [{ type: "tool-call", toolCallId: "call-1", toolName: "shot", input: {} }] }
const coreFile = (url: string, mediaType: string) => ({ type: "file", data: { type: "url", url: new URL(url) }, mediaType })

const coreCases: ReadonlyArray<CoreCase> = [
  {
    name: "vertex: a user-message image URL goes to the model as it is",
    flavor: "vertex",
    modelId: "gemini-2.5-flash",
    messages: [{ role: "user", content: [{ type: "file", data: new URL("https://files.example/shot.png"), mediaType: "image/png" }] }],
    routes: {},
    downloads: 0
  },
  {
    name: "vertex: a tool-result URL is left to the model, which downloads it",
    flavor: "vertex",
    modelId: gemini3,
    messages: [{ role: "user", content: "take a shot" }, coreCall, coreToolResult(coreFile("https://files.example/shot.png", "image/png"))],
    routes: { "https://files.example/shot.png": ok(png, "image/png") },
    downloads: 1
  },
  {
    name: "google, Gemini 2.0: core downloads a user-message image URL (not claimed)",
    flavor: "google",
    modelId: "gemini-2.0-flash",
    messages: [{ role: "user", content: [{ type: "image", image: new URL("https://files.example/shot.png") }] }],
    routes: { "https://files.example/shot.png": ok(png, "image/png") },
    downloads: 1
  },
  {
    name: "google, Gemini 2.5: a user-message https image is claimed and passes as a URL",
    flavor: "google",
    modelId: "gemini-2.5-flash",
    messages: [{ role: "user", content: [{ type: "file", data: new URL("https://files.example/shot.png"), mediaType: "image/png" }] }],
    routes: {},
    downloads: 0
  },
  {
    name: "google, Gemini 3: core downloads a tool-result URL of an unclaimed type",
    flavor: "google",
    modelId: gemini3,
    messages: [{ role: "user", content: "take a shot" }, coreCall, coreToolResult(coreFile("https://files.example/a.bin", "application/octet-stream"))],
    routes: { "https://files.example/a.bin": ok(pdf, "application/octet-stream") },
    downloads: 1
  }
]

const upstreamCore = async (c: CoreCase) => {
  const { calls, fetch } = makeFetch(c.routes)
  const original = globalThis.fetch
  globalThis.fetch = fetch
  try {
    const result = await upstreamGenerateText({
      model: upstreamModel(c.flavor, c.modelId, fetch),
      messages: c.messages as Array<UpstreamMessage>
    })
    return { calls, text: result.text, failure: undefined }
  } catch (error) {
    return { calls, text: undefined, failure: error }
  } finally {
    globalThis.fetch = original
  }
}

const aimuxCore = (c: CoreCase) =>
  Effect.gen(function*() {
    const { calls, fetch } = makeFetch(c.routes)
    const exit = yield* Effect.gen(function*() {
      const model = yield* aimuxModel(c.flavor, c.modelId)
      const result = yield* GenerateText.generateText({ messages: c.messages as Array<ModelMessage> }).pipe(
        Effect.provide(Layer.succeed(LanguageModel, model))
      )
      return result.text
    }).pipe(Effect.provide(FetchHttpClient.layer), Effect.provideService(FetchHttpClient.Fetch, fetch), Effect.exit)
    return { calls, text: Exit.isSuccess(exit) ? exit.value : undefined, failure: failureOf(exit) }
  })

describe("Vertex / Google: file URLs through core generateText (differential)", () => {
  for (const c of coreCases) {
    it.live(c.name, () =>
      Effect.gen(function*() {
        const upstream = yield* Effect.promise(() => upstreamCore(c))
        const ours = yield* aimuxCore(c)
        expect(errorJson(ours.failure)).toStrictEqual(errorJson(upstream.failure))
        expect(upstream.failure).toBeUndefined()
        expect(downloadsOf(ours.calls)).toStrictEqual(downloadsOf(upstream.calls))
        expect(apiOf(ours.calls)).toStrictEqual(apiOf(upstream.calls))
        expect([ours.text, upstream.text]).toStrictEqual(["ok", "ok"])
        expect(downloadsOf(upstream.calls).length).toBe(c.downloads)
      }))
  }
})
