import { it as eit } from "@effect/vitest"
import {
  combineHeaders as upstreamCombineHeaders,
  createEventSourceResponseHandler,
  createJsonErrorResponseHandler,
  createJsonResponseHandler,
  loadApiKey as upstreamLoadApiKey,
  postJsonToApi as upstreamPostJsonToApi,
  withUserAgentSuffix as upstreamWithUserAgentSuffix
} from "@ai-sdk/provider-utils"
import { Cause, ConfigProvider, Effect, Exit, Fiber, Layer, Logger, Redacted, Schema, Stream } from "effect"
import { describe, expect, it } from "vitest"
import * as ApiKey from "../../src/provider-utils/ApiKey.ts"
import * as Http from "../../src/provider-utils/Http.ts"
import * as RequestHeaders from "../../src/provider-utils/RequestHeaders.ts"
import * as RetryAfter from "../../src/runtime/RetryAfter.ts"
import { APICallError } from "../../src/contract/errors/APICallError.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"

const ErrorPayload = Schema.Struct({
  error: Schema.Struct({
    message: Schema.String,
    type: Schema.optional(Schema.NullOr(Schema.String)),
    code: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number])))
  })
})
type ErrorPayload = typeof ErrorPayload.Type
const errorToMessage = (e: ErrorPayload) => e.error.message
const Body = Schema.Struct({ id: Schema.String, n: Schema.Number })
const Chunk = Schema.Struct({ a: Schema.Number })

const url = "https://api.example.test/v1/chat"
const requestBody = { model: "m", messages: [{ role: "user", content: "hi" }] }

/** A fetch that answers like the replay client would for the same cassette. */
const fetchFor = (cassette: ReplayHttpClient.Cassette) => {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} })
    if (cassette.transportError !== undefined) throw cassette.transportError
    const encoder = new TextEncoder()
    const raw = cassette.chunks ?? (cassette.body != null ? [cassette.body] : [])
    const chunks = raw.map((c) => (typeof c === "string" ? encoder.encode(c) : c))
    let i = 0
    const stream = cassette.body === null ? null : new ReadableStream<Uint8Array>({
      pull(controller) {
        if (cassette.bodyError !== undefined && i === cassette.bodyError.afterChunks) {
          controller.error(cassette.bodyError.error)
        } else if (i < chunks.length) controller.enqueue(chunks[i++])
        else controller.close()
      }
    })
    return new Response(stream, {
      status: cassette.status ?? 200,
      ...(cassette.statusText !== undefined ? { statusText: cassette.statusText } : {}),
      ...(cassette.headers !== undefined ? { headers: { ...cassette.headers } } : {})
    })
  }
  return { fetch, calls }
}

const fields = (e: unknown) => {
  const x = e as Record<string, unknown> & Error
  return {
    name: x.name,
    message: x.message,
    url: x.url,
    requestBodyValues: x.requestBodyValues,
    statusCode: x.statusCode,
    responseHeaders: x.responseHeaders,
    responseBody: x.responseBody,
    isRetryable: x.isRetryable,
    data: x.data,
    causeName: x.cause instanceof Error ? x.cause.name : typeof x.cause
  }
}

const failedHandler = (isRetryable?: (status: number, e?: ErrorPayload) => boolean) =>
  Http.jsonErrorResponseHandler({
    errorSchema: ErrorPayload,
    errorToMessage,
    ...(isRetryable ? { isRetryable: (r, e?: ErrorPayload) => isRetryable(r.status, e) } : {})
  })
const upstreamFailedHandler = (isRetryable?: (status: number, e?: ErrorPayload) => boolean) =>
  createJsonErrorResponseHandler({
    errorSchema: Schema.toStandardSchemaV1(ErrorPayload),
    errorToMessage,
    ...(isRetryable ? { isRetryable: (r: Response, e?: ErrorPayload) => isRetryable(r.status, e) } : {})
  })

/** Runs the JSON call both ways; returns the normalized outcome of each. */
const jsonBoth = async (cassette: ReplayHttpClient.Cassette, isRetryable?: (s: number, e?: ErrorPayload) => boolean) => {
  const { fetch } = fetchFor(cassette)
  const upstream = await upstreamPostJsonToApi({
    url,
    body: requestBody,
    headers: { Authorization: "Bearer sk-upstream" },
    failedResponseHandler: upstreamFailedHandler(isRetryable),
    successfulResponseHandler: createJsonResponseHandler(Schema.toStandardSchemaV1(Body)),
    fetch
  }).then(
    (r) => ({ ok: { value: r.value, rawValue: r.rawValue, responseHeaders: r.responseHeaders } }),
    (e) => ({ error: fields(e) })
  )
  const ours = await Effect.runPromise(
    Http.postJsonToApi({
      url,
      body: requestBody,
      headers: { Authorization: Redacted.make("Bearer sk-ours") },
      failedResponseHandler: failedHandler(isRetryable),
      successfulResponseHandler: Http.jsonResponseHandler(Body)
    }).pipe(
      Effect.match({
        onSuccess: (r) => ({ ok: { value: r.value, rawValue: r.rawValue, responseHeaders: r.responseHeaders } }),
        onFailure: (e) => ({ error: fields(e) })
      }),
      Effect.provide(ReplayHttpClient.layer(cassette))
    )
  )
  return { upstream, ours }
}

describe("Http.postJsonToApi (differential vs upstream postJsonToApi, fetch mocked)", () => {
  const jsonCases: ReadonlyArray<readonly [string, ReplayHttpClient.Cassette]> = [
    ["200 JSON", { body: '{"id":"x","n":1,"extra":true}', headers: { "Content-Type": "application/json", "X-Req": "1" } }],
    ["200 JSON in 3-byte chunks", { body: '{"id":"x","n":2}', chunkSize: 3 }],
    ["200 invalid JSON", { body: "{nope", headers: { "x-a": "b" } }],
    ["200 schema mismatch", { body: '{"id":1}' }],
    ["200 prototype key", { body: '{"id":"x","n":1,"__proto__":{}}' }],
    ["200 empty body", { body: "" }],
    ["200 BOM + JSON", { body: '\uFEFF{"id":"x","n":3}' }],
    ["429 provider error", {
      status: 429,
      statusText: "Too Many Requests",
      body: '{"error":{"message":"quota","type":"insufficient_quota","code":"insufficient_quota"}}',
      headers: { "retry-after": "3" }
    }],
    ["400 provider error", { status: 400, statusText: "Bad Request", body: '{"error":{"message":"bad","code":400}}' }],
    ["500 empty body", { status: 500, statusText: "Internal Server Error", body: "" }],
    ["503 whitespace body", { status: 503, statusText: "Service Unavailable", body: "  \n" }],
    ["502 HTML body", { status: 502, statusText: "Bad Gateway", body: "<html>bad gateway</html>" }],
    ["404 schema mismatch", { status: 404, statusText: "Not Found", body: '{"message":"nope"}' }],
    ["409 conflict", { status: 409, statusText: "Conflict", body: '{"error":{"message":"c"}}' }],
    ["301 redirect-like status", { status: 301, statusText: "Moved", body: "" }]
  ]
  for (const [name, cassette] of jsonCases) {
    it(name, async () => {
      const { ours, upstream } = await jsonBoth(cassette)
      expect(ours).toEqual(upstream)
    })
  }

  it("provider isRetryable override receives status and payload", async () => {
    const cassette = { status: 400, statusText: "Bad Request", body: '{"error":{"message":"overloaded","type":"overloaded_error"}}' }
    const rule = (status: number, e?: ErrorPayload) => e?.error.type === "overloaded_error" || status === 529
    const { ours, upstream } = await jsonBoth(cassette, rule)
    expect(ours).toEqual(upstream)
    expect((ours as { error: { isRetryable: boolean } }).error.isRetryable).toBe(true)
    const empty = await jsonBoth({ status: 529, statusText: "", body: "" }, rule)
    expect(empty.ours).toEqual(empty.upstream)
  })

  const econn = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })
  const transportCases: ReadonlyArray<readonly [string, () => unknown]> = [
    ["fetch failed with cause", () => new TypeError("fetch failed", { cause: econn() })],
    ["Failed to fetch with cause", () => new TypeError("Failed to fetch", { cause: new Error("offline") })],
    ["network code on the error itself", () => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })],
    ["network code deep in the cause chain", () => new Error("outer", { cause: new Error("mid", { cause: econn() }) })]
  ]
  for (const [name, make] of transportCases) {
    it(`transport: ${name}`, async () => {
      const { ours, upstream } = await jsonBoth({ transportError: make() })
      expect(ours).toEqual(upstream)
      expect((ours as { error: { isRetryable: boolean } }).error.isRetryable).toBe(true)
    })
  }

  it("transport: other errors (upstream rethrows them raw) become non-retryable APICallErrors", async () => {
    const { ours, upstream } = await jsonBoth({ transportError: new RangeError("weird") })
    expect(upstream).toMatchObject({ error: { name: "RangeError", message: "weird" } })
    expect(ours).toMatchObject({ error: { name: "AI_APICallError", message: "weird", isRetryable: false, url } })
  })

  it("sends the same request as upstream (method, URL, headers incl. user-agent, body)", async () => {
    const cassette = { body: '{"id":"x","n":1}' }
    const { fetch, calls } = fetchFor(cassette)
    const headers = upstreamWithUserAgentSuffix(
      upstreamCombineHeaders({ Authorization: "Bearer k", "OpenAI-Organization": undefined }, { "X-Extra": " v " }),
      "ai-sdk/openai/4.0.118"
    )
    await upstreamPostJsonToApi({
      url,
      body: requestBody,
      headers,
      failedResponseHandler: upstreamFailedHandler(),
      successfulResponseHandler: createJsonResponseHandler(Schema.toStandardSchemaV1(Body)),
      fetch
    })
    const replay = ReplayHttpClient.make(cassette)
    const ourHeaders = RequestHeaders.withUserAgentSuffix(
      RequestHeaders.combineHeaders({ Authorization: Redacted.make("Bearer k"), "OpenAI-Organization": undefined }, {
        "X-Extra": " v "
      }),
      "ai-sdk/openai/4.0.118"
    )
    await Effect.runPromise(
      Http.postJsonToApi({
        url,
        body: requestBody,
        headers: ourHeaders,
        failedResponseHandler: failedHandler(),
        successfulResponseHandler: Http.jsonResponseHandler(Body)
      }).pipe(Effect.provide(replay.layer))
    )
    const [sent] = replay.recorder.requests
    const upstreamSent = calls[0]
    expect(sent.url).toBe(upstreamSent.url)
    expect(sent.method).toBe(upstreamSent.init.method)
    expect(sent.bodyText).toBe(upstreamSent.init.body)
    expect(sent.body).toEqual(requestBody)
    const { "content-length": _ignored, ...sentHeaders } = sent.headers
    expect(sentHeaders).toEqual(upstreamSent.init.headers)
    expect(sent.headers["user-agent"]).toMatch(/^ai-sdk\/openai\/4\.0\.118 ai-sdk-provider-utils\/5\.0\.81 /)
  })

  it("combineHeaders / withUserAgentSuffix agree with upstream", () => {
    const inputs = [
      [{ A: "1", b: undefined }, { a: "2" }],
      [{ "User-Agent": "me/1" }, undefined],
      [{ "user-agent": "  " }, { "Content-Type": "x" }]
    ] as const
    for (const [x, y] of inputs) {
      const combined = upstreamCombineHeaders(x, y)
      expect(RequestHeaders.combineHeaders(x, y)).toEqual(combined)
      expect(RequestHeaders.withUserAgentSuffix(combined, "p/1", "")).toEqual(upstreamWithUserAgentSuffix(combined, "p/1", ""))
    }
  })
})

const sse = ReplayHttpClient.sseBody

const streamOurs = (cassette: ReplayHttpClient.Cassette) =>
  Effect.runPromise(
    Http.postJsonToApi({
      url,
      body: requestBody,
      failedResponseHandler: failedHandler(),
      successfulResponseHandler: Http.eventSourceResponseHandler(Chunk)
    }).pipe(
      Effect.flatMap((r) =>
        Stream.runCollect(r.value).pipe(
          Effect.map((items) => ({ items: items.map((i) => (i.success ? i.value : i.error.name)) })),
          Effect.catch((e) => Effect.succeed({ error: fields(e) }))
        )
      ),
      Effect.catch((e) => Effect.succeed({ failed: fields(e) })),
      Effect.provide(ReplayHttpClient.layer(cassette))
    )
  )

const streamUpstream = async (cassette: ReplayHttpClient.Cassette) => {
  const { fetch } = fetchFor(cassette)
  let response
  try {
    response = await upstreamPostJsonToApi({
      url,
      body: requestBody,
      failedResponseHandler: upstreamFailedHandler(),
      successfulResponseHandler: createEventSourceResponseHandler(Schema.toStandardSchemaV1(Chunk)),
      fetch
    })
  } catch (e) {
    return { failed: fields(e) }
  }
  const items: Array<unknown> = []
  const reader = response.value.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { items }
      items.push(value.success ? value.value : value.error.name)
    }
  } catch (e) {
    return { error: fields(e) }
  }
}

describe("Http streaming (differential vs upstream createEventSourceResponseHandler)", () => {
  const cases: ReadonlyArray<readonly [string, ReplayHttpClient.Cassette]> = [
    ["SSE body", { body: sse([{ a: 1 }, "{bad", { a: "x" }, { a: 2 }]), headers: { "content-type": "text/event-stream" } }],
    ["SSE body in 5-byte chunks", { body: sse([{ a: 1 }, { a: 2 }]), chunkSize: 5 }],
    ["read error after the first chunk", {
      chunks: ['data: {"a":1}\n\n', 'data: {"a":2}\n\n'],
      bodyError: { afterChunks: 1, error: new TypeError("terminated") }
    }],
    ["read error with a network code", {
      chunks: ['data: {"a":1}\n\n'],
      bodyError: {
        afterChunks: 1,
        error: new TypeError("terminated", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) })
      }
    }],
    ["no body", { body: null }],
    ["HTTP error before the stream", { status: 429, statusText: "Too Many Requests", body: '{"error":{"message":"slow down"}}' }]
  ]
  for (const [name, cassette] of cases) {
    it(name, async () => {
      expect(await streamOurs(cassette)).toEqual(await streamUpstream(cassette))
    })
  }

  eit.effect("an abort error while reading is interruption, not an APICallError", () =>
    Effect.gen(function*() {
      const abort = new DOMException("This operation was aborted", "AbortError")
      const exit = yield* Http.postJsonToApi({
        url,
        body: requestBody,
        failedResponseHandler: failedHandler(),
        successfulResponseHandler: Http.eventSourceResponseHandler(Chunk)
      }).pipe(
        Effect.flatMap((r) => Stream.runDrain(r.value)),
        Effect.provide(ReplayHttpClient.layer({ chunks: ['data: {"a":1}\n\n'], bodyError: { afterChunks: 1, error: abort } })),
        Effect.exit
      )
      expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
    }))

  eit.effect("maxEventBytes: an oversized event ends the stream as APICallError with the typed cause", () =>
    Effect.gen(function*() {
      const result = yield* Http.postJsonToApi({
        url,
        body: requestBody,
        failedResponseHandler: failedHandler(),
        successfulResponseHandler: Http.eventSourceResponseHandler(Chunk, { maxEventBytes: 16 })
      }).pipe(
        Effect.flatMap((r) => Stream.runCollect(r.value)),
        Effect.flip,
        Effect.provide(ReplayHttpClient.layer({ body: sse([{ a: 1 }, { a: 1, pad: "x".repeat(40) }]) }))
      )
      expect(result.message).toBe("Failed to process successful response")
      expect(result.statusCode).toBe(200)
      expect((result.cause as { _tag: string })._tag).toBe("SseEventTooLargeError")
    }))

  eit.effect("interrupting the consumer cancels the response body", () =>
    Effect.gen(function*() {
      const replay = ReplayHttpClient.make({ chunks: ['data: {"a":1}\n\n'], hang: true })
      const seen: Array<unknown> = []
      const fiber = yield* Http.postJsonToApi({
        url,
        body: requestBody,
        failedResponseHandler: failedHandler(),
        successfulResponseHandler: Http.eventSourceResponseHandler(Chunk)
      }).pipe(
        Effect.flatMap((r) => Stream.runForEach(r.value, (v) => Effect.sync(() => seen.push(v)))),
        Effect.provide(replay.layer),
        Effect.forkChild
      )
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
      expect(seen).toHaveLength(1)
      const exit = yield* Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber)))
      expect(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)).toBe(true)
      expect(replay.recorder.cancelledBodies).toBe(1)
      expect(replay.recorder.completedBodies).toBe(0)
    }))
})

const capturedLogs: Array<string> = []

describe("API keys stay redacted", () => {
  eit.effect("the key never appears in errors, their toString/JSON, or logs", () =>
    Effect.gen(function*() {
      const secret = "sk-TOPSECRET-123"
      const logs = capturedLogs
      const apiKey = yield* ApiKey.loadApiKey({ apiKey: secret, environmentVariableName: "X_API_KEY", description: "X" })
      const replay = ReplayHttpClient.make([
        { status: 401, statusText: "Unauthorized", body: '{"error":{"message":"bad key"}}' },
        { transportError: new TypeError("fetch failed", { cause: new Error("boom") }) },
        { transportError: new Error("raw") }
      ])
      const call = (headerName: string) =>
        Http.postJsonToApi({
          url,
          body: requestBody,
          headers: { [headerName]: Redacted.make(`Bearer ${Redacted.value(apiKey)}`) },
          failedResponseHandler: failedHandler(),
          successfulResponseHandler: Http.jsonResponseHandler(Body)
        }).pipe(
          Effect.tapError((e) => Effect.logError("call failed", e)),
          Effect.flip,
          Effect.provide(replay.layer)
        )
      const errors = [yield* call("Authorization"), yield* call("api-key"), yield* call("x-custom-key")]
      yield* Effect.log("key", apiKey)
      for (const error of errors) {
        expect(error).toBeInstanceOf(APICallError)
        for (const text of [String(error), JSON.stringify(error), error.message, JSON.stringify(fields(error))]) {
          expect(text).not.toContain(secret)
        }
      }
      expect(String(apiKey)).not.toContain(secret)
      expect(JSON.stringify({ apiKey })).not.toContain(secret)
      expect(logs.join("\n")).not.toContain(secret)
      expect(logs.length).toBeGreaterThan(0)
      // ...but the request itself carried it.
      expect(replay.recorder.requests[0].headers.authorization).toBe(`Bearer ${secret}`)
      expect(replay.recorder.requests[1].headers["api-key"]).toBe(`Bearer ${secret}`)
    }).pipe(Effect.provide(Logger.layer([Logger.make((options) => {
      capturedLogs.push(String(options.message), JSON.stringify(options.message))
    })]))))

  it("loadApiKey: same results and messages as upstream", async () => {
    const name = "AIMUX_TEST_KEY_VAR"
    const run = (apiKey: string | undefined, env: string | undefined) => {
      const envMap = new Map<string, string>()
      if (env !== undefined) envMap.set(name, env)
      return Effect.runPromise(
        ApiKey.loadApiKey({ apiKey, environmentVariableName: name, description: "Test" }).pipe(
          Effect.map(Redacted.value),
          Effect.match({ onSuccess: (ok) => ({ ok }), onFailure: (e) => ({ error: e.name, message: e.message }) }),
          Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: Object.fromEntries(envMap) })))
        )
      )
    }
    const upstream = (apiKey: string | undefined, env: string | undefined) => {
      const previous = process.env[name]
      if (env === undefined) delete process.env[name]
      else process.env[name] = env
      try {
        return { ok: upstreamLoadApiKey({ apiKey, environmentVariableName: name, description: "Test" }) }
      } catch (e) {
        return { error: (e as Error).name, message: (e as Error).message }
      } finally {
        if (previous === undefined) delete process.env[name]
        else process.env[name] = previous
      }
    }
    for (const [apiKey, env] of [["explicit", "env"], [undefined, "from-env"], [undefined, undefined]] as const) {
      expect(await run(apiKey, env)).toEqual(upstream(apiKey, env))
    }
    // divergence (docs/divergences.md): an empty key, given or from the environment, is upstream's
    // missing-key failure; upstream returns it and the first call gets a 401
    expect(upstream("", undefined)).toEqual({ ok: "" })
    expect(await run("", undefined)).toEqual(upstream(undefined, undefined))
    expect(await run(undefined, "")).toEqual(upstream(undefined, undefined))
  })
})

describe("RetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z")
  it("parses retry-after-ms, retry-after seconds and HTTP dates as upstream getRetryDelayInMs", () => {
    expect(RetryAfter.fromHeaders({ "retry-after-ms": "1500.5" }, now)).toBe(1500.5)
    expect(RetryAfter.fromHeaders({ "retry-after-ms": "x", "retry-after": "2" }, now)).toBe(2000)
    expect(RetryAfter.fromHeaders({ "retry-after-ms": "10", "retry-after": "2" }, now)).toBe(10)
    expect(RetryAfter.fromHeaders({ "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" }, now)).toBe(30_000)
    expect(RetryAfter.fromHeaders({ "retry-after": "garbage" }, now)).toBeUndefined()
    expect(RetryAfter.fromHeaders({}, now)).toBeUndefined()
    expect(RetryAfter.fromHeaders(undefined, now)).toBeUndefined()
  })
  it("retryDelayMillis keeps plausible hints, else the backoff", () => {
    const error = new APICallError({ message: "m", url, requestBodyValues: {}, statusCode: 429, responseHeaders: { "retry-after": "3" } })
    expect(RetryAfter.retryAfterMillis(error, now)).toBe(3000)
    expect(RetryAfter.retryDelayMillis(error, 2000, now)).toBe(3000)
    const far = new APICallError({ message: "m", url, requestBodyValues: {}, responseHeaders: { "retry-after": "120" } })
    expect(RetryAfter.retryDelayMillis(far, 2000, now)).toBe(2000)
    expect(RetryAfter.retryDelayMillis(far, 200_000, now)).toBe(120_000)
    const past = new APICallError({ message: "m", url, requestBodyValues: {}, responseHeaders: { "retry-after": "Tue, 31 Dec 2024 00:00:00 GMT" } })
    expect(RetryAfter.retryDelayMillis(past, 2000, now)).toBe(2000)
  })
})

void Layer
