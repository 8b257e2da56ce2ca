/**
 * Cancellation from below (issue 25, blind spot 2): the consumer keeps reading while the response
 * body itself goes away mid-event. The consumer-interrupt path is tested per provider elsewhere;
 * on this path the provider's end-of-stream code is one wrong branch away from flushing open tool
 * calls and a `finish` after the cut. For every SSE provider and Amazon Bedrock (AWS event-stream
 * frames), three ways the body can end early:
 *
 * 1. the body stream errors mid-event (a `ReadableStream` that errors, as fetch's body does when
 *    the connection drops);
 * 2. a real loopback server destroys the socket mid-event (effect's fetch client vs upstream on
 *    Node's fetch);
 * 3. a client-side abort signal fires mid-stream (upstream's `abortSignal`; aimux through the
 *    interop bridge, whose `abortSignal` interrupts the fiber).
 *
 * Each compares aimux's parts with upstream's (the suite's own serializer, generated ids renamed)
 * and asserts: no `finish`, no `tool-call` for the open call, a failure where upstream fails, and
 * on aimux's side a typed failure (the error channel), never a defect.
 */
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock"
import { createAnthropic } from "@ai-sdk/anthropic"
import { createDeepSeek } from "@ai-sdk/deepseek"
import { createGroq } from "@ai-sdk/groq"
import { createOpenAI } from "@ai-sdk/openai"
import { createOpenAICompatible } from "@ai-sdk/openai-compatible"
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type { Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import * as ToLanguageModelV4 from "../../src/interop/ToLanguageModelV4.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"
import { CallOptions } from "../../src/contract/CallOptions.ts"
import { Schema } from "effect"
import { guardCorpus } from "./_kit/Corpus.ts"
import { partsJson } from "./_kit/Wire.ts"
import { chunksToBody, DEFAULT_MODEL as BEDROCK_MODEL } from "./amazon-bedrock/harness.ts"

const apiKey = "test-key"
const prompt: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
const tools: LanguageModelV4CallOptions["tools"] = [
  { type: "function", name: "weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }
]
const options: LanguageModelV4CallOptions = { ...prompt, tools }

const sse = (events: ReadonlyArray<unknown>) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")
const named = (events: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>) =>
  events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("")

// OpenAI-family chat: text, then a tool call whose arguments are still open, then half an event.
const openAIFamilyBody = sse([
  { id: "c1", created: 1, model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }] },
  { id: "c1", created: 1, model: "m", choices: [{ index: 0, delta: { content: " there" }, finish_reason: null }] },
  {
    id: "c1",
    created: 1,
    model: "m",
    choices: [{
      index: 0,
      delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "weather", arguments: "{\"city\":" } }] },
      finish_reason: null
    }]
  }
]) + "data: {\"id\":\"c1\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_ca"

const anthropicBody = named([
  {
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 1 }
    }
  },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi there" } },
  { type: "content_block_stop", index: 0 },
  { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_1", name: "weather", input: {} } },
  { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "{\"city\":" } }
]) + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_js"

// Amazon Bedrock (AWS event-stream frames, not SSE): text, then a tool call whose input is still
// open, then half a frame.
const bedrockBody = (() => {
  const frames = chunksToBody([
    '{"messageStart":{"role":"assistant"}}',
    '{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Hi there"}}}',
    '{"contentBlockStop":{"contentBlockIndex":0}}',
    '{"contentBlockStart":{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_1","name":"weather"}}}}',
    '{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\\"city\\":"}}}}'
  ].join("\n"))
  const next = chunksToBody('{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"\\"Paris\\"}"}}}}')
  return Buffer.concat([frames, next.subarray(0, 20)])
})()

interface Case {
  readonly id: keyof typeof providers & string
  readonly body: string | Uint8Array
  /** The response's content type; `text/event-stream` unless given. */
  readonly contentType?: string
  readonly upstream: (baseURL: string, fetch: typeof globalThis.fetch) => LanguageModelV4
}

const cases: ReadonlyArray<Case> = [
  {
    id: "openai-chat",
    body: openAIFamilyBody,
    upstream: (baseURL, fetch) => createOpenAI({ apiKey, baseURL, fetch }).chat("gpt-4o-mini")
  },
  {
    id: "openai-compatible",
    body: openAIFamilyBody,
    upstream: (baseURL, fetch) =>
      createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey, includeUsage: true, fetch }).chatModel("test-model")
  },
  {
    id: "groq",
    body: openAIFamilyBody,
    upstream: (baseURL, fetch) => createGroq({ apiKey, baseURL, fetch })("llama-3.3-70b-versatile")
  },
  {
    id: "deepseek",
    body: openAIFamilyBody,
    upstream: (baseURL, fetch) => createDeepSeek({ apiKey, baseURL, fetch })("deepseek-chat")
  },
  {
    id: "anthropic",
    body: anthropicBody,
    upstream: (baseURL, fetch) => createAnthropic({ apiKey, baseURL, fetch })("claude-sonnet-4-5")
  },
  {
    id: "amazon-bedrock",
    body: bedrockBody,
    contentType: "application/vnd.amazon.eventstream",
    upstream: (baseURL, fetch) => createAmazonBedrock({ region: "us-east-1", apiKey, baseURL, fetch })(BEDROCK_MODEL)
  }
]

/** The body as text, to tell ids it carries from generated ones. */
const bodyText = (body: string | Uint8Array): string => typeof body === "string" ? body : Buffer.from(body).toString("latin1")

/** Generated ids (not in the body) renamed by first appearance, so both sides compare. */
const renameGenerated = (parts: ReadonlyArray<unknown>, raw: string | Uint8Array): Array<unknown> => {
  const body = bodyText(raw)
  const names = new Map<string, string>()
  const rename = (id: unknown) => {
    if (typeof id !== "string" || body.includes(id)) return id
    if (!names.has(id)) names.set(id, `<generated-${names.size}>`)
    return names.get(id)
  }
  return partsJson(parts).map((part) => {
    if (typeof part !== "object" || part === null || Array.isArray(part)) return part
    const copy: Record<string, unknown> = { ...part }
    if ("id" in copy) copy.id = rename(copy.id)
    if ("toolCallId" in copy) copy.toolCallId = rename(copy.toolCallId)
    return copy
  })
}

interface Observed {
  readonly parts: Array<unknown>
  readonly failed: boolean
  /** aimux only: how the stream ended (`typed` = a failure in the error channel). */
  readonly ending?: "ok" | "typed" | "defect" | "interrupt"
}

/**
 * A body that delivers `body` in one chunk, then (on the next read, after `delayMs`) errors as a
 * dropped connection does.
 */
const erroringBody = (body: string | Uint8Array, delayMs: number) => {
  let sent = false
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) {
        if (delayMs === 0) return controller.error(new TypeError("terminated"))
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            controller.error(new TypeError("terminated"))
            resolve()
          }, delayMs)
        )
      }
      sent = true
      controller.enqueue(typeof body === "string" ? new TextEncoder().encode(body) : body)
    }
  })
}

const contentTypeOf = (c: Case) => ({ "content-type": c.contentType ?? "text/event-stream" })

const upstreamRun = async (model: LanguageModelV4, call: LanguageModelV4CallOptions): Promise<Observed> => {
  const parts: Array<unknown> = []
  try {
    const result = await model.doStream(call)
    const reader = result.stream.getReader()
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
    }
    return { parts, failed: false }
  } catch {
    return { parts, failed: true }
  }
}

const endingOf = (exit: Exit.Exit<unknown, unknown>): NonNullable<Observed["ending"]> => {
  if (Exit.isSuccess(exit)) return "ok"
  if (Cause.hasDies(exit.cause)) return "defect"
  if (Cause.hasFails(exit.cause)) return "typed"
  return "interrupt"
}

const decode = Schema.decodeUnknownSync(CallOptions)

const oursRun = async (
  c: Case,
  baseURL: string,
  client: Layer.Layer<HttpClient.HttpClient>,
  call: LanguageModelV4CallOptions
): Promise<Observed> => {
  const parts: Array<unknown> = []
  const entry = providers[c.id]
  const exit = await Effect.runPromiseExit(
    Effect.gen(function*() {
      const model = yield* entry.make({ modelId: entry.defaultModel, apiKey, baseURL })
      const response = yield* model.stream(decode(call))
      yield* Stream.runForEach(response.stream, (part) => Effect.sync(() => parts.push(part)))
    }).pipe(Effect.provide(Layer.merge(client, IdGenerator.layerCounter("id"))))
  )
  return { parts, failed: Exit.isFailure(exit), ending: endingOf(exit) }
}

const expectCutStream = (c: Case, ours: Observed, upstream: Observed) => {
  expect(upstream.failed).toBe(true)
  expect(renameGenerated(ours.parts, c.body)).toStrictEqual(renameGenerated(upstream.parts, c.body))
  const types = ours.parts.map((p) => (typeof p === "object" && p !== null ? Reflect.get(p, "type") : undefined))
  expect(types).not.toContain("finish")
  expect(types).not.toContain("tool-call")
  expect(types).toContain("text-delta")
  expect(ours.failed).toBe(true)
}

const erroringRun = async (c: Case, delayMs: number) => {
  const fetch: typeof globalThis.fetch = async () =>
    new Response(erroringBody(c.body, delayMs), { headers: contentTypeOf(c) })
  const upstream = await upstreamRun(c.upstream("https://body-abort.invalid/v1", fetch), options)
  const client = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() =>
        HttpClientResponse.fromWeb(request, new Response(erroringBody(c.body, delayMs), { headers: contentTypeOf(c) }))
      )
    )
  )
  const ours = await oursRun(c, "https://body-abort.invalid/v1", client, options)
  return { upstream, ours }
}

describe("cancellation from below: the response body ends mid-event (differential)", () => {
  guardCorpus({ label: "body-abort providers", count: cases.length, minimum: 6 })

  for (const c of cases) {
    it(`${c.id}: the body stream errors mid-event`, async () => {
      const { ours, upstream } = await erroringRun(c, 30)
      expectCutStream(c, ours, upstream)
      expect(ours.ending).toBe("typed")
    })

    // Divergence (docs/divergences.md, "A body error keeps the parts already decoded"): when the body
    // errors at once, upstream's TransformStream chain drops the parts still queued in it (how many
    // depends on read timing); aimux delivers every part decoded from the bytes received, then fails.
    it(`${c.id}: a body error right after the bytes keeps every decoded part (upstream drops queued ones)`, async () => {
      const late = await erroringRun(c, 30)
      const { ours, upstream } = await erroringRun(c, 0)
      expect(upstream.failed).toBe(true)
      expect(renameGenerated(ours.parts, c.body)).toStrictEqual(renameGenerated(late.ours.parts, c.body))
      const prefix = renameGenerated(ours.parts, c.body).slice(0, upstream.parts.length)
      expect(prefix).toStrictEqual(renameGenerated(upstream.parts, c.body))
      expect(ours.ending).toBe("typed")
    })
  }
})

describe("cancellation from below: real sockets (loopback server)", () => {
  type Mode = "destroy" | "hold"
  let server: http.Server
  let baseURL = ""
  let mode: Mode = "destroy"
  let body: string | Uint8Array = ""
  let headers = contentTypeOf(cases[0])
  const sockets = new Set<Socket>()
  const closed: Array<boolean> = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume()
      req.on("end", () => {
        if (mode === "hold") res.on("close", () => closed.push(!res.writableFinished))
        // no `date` header: Bedrock's response-metadata carries it, the replayed reference has none
        res.sendDate = false
        res.writeHead(200, headers)
        // the socket goes away mid-event once the bytes are flushed; "hold" keeps it open (abort test)
        res.write(body, () => {
          if (mode === "destroy") setTimeout(() => res.socket?.destroy(), 30)
        })
      })
    })
    server.on("connection", (s) => {
      sockets.add(s)
      s.on("close", () => sockets.delete(s))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })

  afterAll(async () => {
    for (const s of sockets) s.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  for (const c of cases) {
    it(`${c.id}: the server destroys the socket mid-event`, async () => {
      mode = "destroy"
      body = c.body
      headers = contentTypeOf(c)
      const upstream = await upstreamRun(c.upstream(baseURL, globalThis.fetch), options)
      const ours = await oursRun(c, baseURL, FetchHttpClient.layer, options)
      // every part the received bytes hold (the replayed body that errors after the reads) ...
      const reference = await erroringRun(c, 30)
      expect(renameGenerated(ours.parts, c.body)).toStrictEqual(renameGenerated(reference.ours.parts, c.body))
      // ... of which upstream, reading slower than the socket closes, may drop its queued tail
      const prefix = renameGenerated(ours.parts, c.body).slice(0, upstream.parts.length)
      expect(prefix).toStrictEqual(renameGenerated(upstream.parts, c.body))
      expectCutStream(c, ours, { ...upstream, parts: reference.upstream.parts })
      expect(ours.ending).toBe("typed")
    })

    it(`${c.id}: a client-side abort signal mid-stream (interop bridge) stops the request`, async () => {
      mode = "hold"
      body = c.body
      headers = contentTypeOf(c)
      closed.length = 0
      const abortAfterText = async (model: LanguageModelV4): Promise<Observed> => {
        const controller = new AbortController()
        const parts: Array<unknown> = []
        try {
          const result = await model.doStream({ ...options, abortSignal: controller.signal })
          const reader = result.stream.getReader()
          while (true) {
            const { done, value } = await reader.read()
            if (done) break
            parts.push(value)
            // abort once the open tool call has started: the cut is inside the call
            if (Reflect.get(Object(value), "type") === "tool-input-delta") controller.abort(new Error("stop"))
          }
          return { parts, failed: false }
        } catch {
          return { parts, failed: true }
        }
      }
      const upstream = await abortAfterText(c.upstream(baseURL, globalThis.fetch))
      const entry = providers[c.id]
      const layer = Layer.effect(LanguageModel, entry.make({ modelId: entry.defaultModel, apiKey, baseURL })).pipe(
        Layer.provide(Layer.merge(FetchHttpClient.layer, IdGenerator.layerCounter("id")))
      )
      const bridged = await ToLanguageModelV4.fromLayer(layer)
      try {
        const ours = await abortAfterText(bridged)
        expectCutStream(c, ours, upstream)
      } finally {
        await bridged[Symbol.asyncDispose]()
      }
      // both requests were closed by the client before the server ended them
      for (let i = 0; i < 100 && closed.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(closed).toStrictEqual([true, true])
    })
  }
})
