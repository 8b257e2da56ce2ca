/**
 * `toLanguageModelV4`: upstream `generateText` / `streamText` over an aimux model give the same
 * results as over upstream's `MockLanguageModelV4` scripted with the same parts; aimux errors
 * drive `ai`'s retry logic as upstream errors do; `abortSignal` and `cancel` interrupt the aimux
 * fiber.
 *
 * Normalization: `test/testing/normalize.ts` (errors as `{name, message, statusCode?,
 * isRetryable?}`, JSON round trip, generated ids and unscripted timestamps replaced).
 */
import { APICallError as UpstreamAPICallError, InvalidPromptError as UpstreamInvalidPromptError, type LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Deferred, Effect, Exit, Fiber, Layer, Stream } from "effect"
import { type DisposableLanguageModelV4, toLanguageModelV4, ToLanguageModelV4 } from "../../src/interop/index.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { APICallError, InvalidPromptError } from "../../src/contract/errors/index.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import { normalize as normalizeParts } from "../testing/normalize.ts"
import { generateScenarios, streamScenarios, usage } from "./scenarios.ts"

const weather = tool({
  description: "Weather of a city",
  inputSchema: jsonSchema<{ city: string }>({
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false
  }),
  execute: async ({ city }) => `Sunny in ${city}`
})

// Settings that exercise every call-option conversion the bridge makes.
const settings = {
  system: "be brief",
  prompt: "hi",
  tools: { weather },
  temperature: 0.5,
  maxOutputTokens: 100,
  stopSequences: ["STOP"],
  seed: 7,
  headers: { "x-test": "1" },
  providerOptions: { mock: { flag: true, list: [1, 2] } },
  stopWhen: stepCountIs(3)
}

// Also replaces `ai`'s generated step call ids.
const normalize = (values: ReadonlyArray<unknown>): unknown => {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "callId" ? "call" : walk(x)]))
    }
    return v
  }
  return walk(normalizeParts(values))
}

const withoutSignal = (calls: ReadonlyArray<LanguageModelV4CallOptions>) =>
  calls.map(({ abortSignal: _abortSignal, ...rest }) => rest)

const aimuxMock = (options: MockLanguageModel.MockOptions) => Effect.runPromise(MockLanguageModel.make(options))

const collect = async <A>(stream: AsyncIterable<A>): Promise<Array<A>> => {
  const out: Array<A> = []
  for await (const part of stream) out.push(part)
  return out
}

describe("toLanguageModelV4: streamText differential", () => {
  for (const scenario of streamScenarios) {
    it(scenario.name, async () => {
      const upstream = new MockLanguageModelV4({
        doStream: scenario.calls.map((parts) => ({ stream: convertArrayToReadableStream([...parts]) }))
      })
      const ours = await aimuxMock({ stream: scenario.calls.map((parts) => ({ stream: parts })) })
      const model = toLanguageModelV4(ours.model)

      const expected = streamText({ model: upstream, ...settings, onError: () => {} })
      const actual = streamText({ model, ...settings, onError: () => {} })
      const [expectedParts, actualParts] = [await collect(expected.fullStream), await collect(actual.fullStream)]

      expect(normalize(actualParts)).toEqual(normalize(expectedParts))
      expect(normalize([await actual.response])).toEqual(normalize([await expected.response]))
      expect(await actual.text).toEqual(await expected.text)
      // The call options reach the aimux model as they reach the upstream one.
      const calls = await Effect.runPromise(ours.recorder.streamCalls)
      expect(calls.length).toBe(scenario.calls.length)
      expect(normalize(calls)).toEqual(normalize(withoutSignal(upstream.doStreamCalls)))
    })
  }
})

describe("toLanguageModelV4: generateText differential", () => {
  for (const scenario of generateScenarios) {
    it(scenario.name, async () => {
      const upstream = new MockLanguageModelV4({ doGenerate: [...scenario.calls] })
      const ours = await aimuxMock({ generate: scenario.calls })
      const model = toLanguageModelV4(ours.model)

      const expected = await generateText({ model: upstream, ...settings })
      const actual = await generateText({ model, ...settings })

      expect(normalize([actual.steps])).toEqual(normalize([expected.steps]))
      expect(normalize([actual.content, actual.response, actual.totalUsage])).toEqual(
        normalize([expected.content, expected.response, expected.totalUsage])
      )
      expect(actual.text).toBe(expected.text)
      const calls = await Effect.runPromise(ours.recorder.generateCalls)
      expect(normalize(calls)).toEqual(normalize(withoutSignal(upstream.doGenerateCalls)))
    })
  }
})

const rateLimited = <E>(makeError: (headers: Record<string, string>) => E): E => makeError({ "retry-after-ms": "0" })

describe("toLanguageModelV4: errors reach ai with upstream markers", () => {
  const ok = generateScenarios[0]!.calls[0]!

  it("a retryable aimux APICallError is retried by ai, as an upstream one", async () => {
    const options = (headers: Record<string, string>) => ({
      message: "Too Many Requests",
      url: "https://api.example.com/v1",
      requestBodyValues: { model: "m1" },
      statusCode: 429,
      responseHeaders: headers
    })
    let upstreamCalls = 0
    const upstream = new MockLanguageModelV4({
      doGenerate: async () => {
        if (upstreamCalls++ === 0) throw rateLimited((h) => new UpstreamAPICallError(options(h)))
        return ok
      }
    })
    const ours = await aimuxMock({
      generate: (_options, index) => index === 0 ? Effect.fail(rateLimited((h) => new APICallError(options(h)))) : ok
    })
    const model = toLanguageModelV4(ours.model)

    const expected = await generateText({ model: upstream, prompt: "hi", maxRetries: 2 })
    const actual = await generateText({ model, prompt: "hi", maxRetries: 2 })
    expect(actual.text).toBe(expected.text)
    expect((await Effect.runPromise(ours.recorder.generateCalls)).length).toBe(upstream.doGenerateCalls.length)
    expect(upstream.doGenerateCalls.length).toBe(2)
  })

  it("exhausted retries give the same RetryError, holding upstream instances of the aimux errors", async () => {
    const options = (headers: Record<string, string>) => ({
      message: "Service Unavailable",
      url: "https://api.example.com/v1",
      requestBodyValues: {},
      statusCode: 503,
      responseHeaders: headers
    })
    const upstream = new MockLanguageModelV4({
      doGenerate: async () => {
        throw rateLimited((h) => new UpstreamAPICallError(options(h)))
      }
    })
    const ours = await aimuxMock({ generate: () => Effect.fail(rateLimited((h) => new APICallError(options(h)))) })
    const model = toLanguageModelV4(ours.model)

    const expected = await generateText({ model: upstream, prompt: "hi", maxRetries: 1 }).catch((e: unknown) => e)
    const actual = await generateText({ model, prompt: "hi", maxRetries: 1 }).catch((e: unknown) => e)
    expect(normalize([actual])).toEqual(normalize([expected]))
    expect(actual).toHaveProperty("name", "AI_RetryError")
    expect(actual).toHaveProperty("lastError")
    const lastError: unknown = Reflect.get(Object(actual), "lastError")
    expect(lastError).toBeInstanceOf(UpstreamAPICallError)
    expect(UpstreamAPICallError.isInstance(lastError)).toBe(true)
  })

  it("a non-retryable aimux error rejects generateText with its upstream instance (same fields)", async () => {
    const error = new APICallError({
      message: "Bad Request",
      url: "https://api.example.com/v1",
      requestBodyValues: {},
      statusCode: 400
    })
    const ours = await aimuxMock({ generate: () => Effect.fail(error) })
    const actual = await generateText({ model: toLanguageModelV4(ours.model), prompt: "hi" }).catch((e: unknown) => e)
    expect(actual).toBeInstanceOf(UpstreamAPICallError)
    expect(actual).not.toBe(error)
    const { _tag: _, ...fields } = { ...error }
    expect({ ...Object(actual) }).toStrictEqual({ ...fields, [Symbol.for("vercel.ai.error")]: true, [Symbol.for("vercel.ai.error.AI_APICallError")]: true })
    expect(Reflect.get(Object(actual), "message")).toBe(error.message)
    expect(UpstreamAPICallError.isInstance(actual)).toBe(true)
    expect((await Effect.runPromise(ours.recorder.generateCalls)).length).toBe(1)
  })

  it("streamText reports a failing aimux stream call as an error part, as for upstream", async () => {
    const error = new InvalidPromptError({ prompt: "hi", message: "nope" })
    const upstream = new MockLanguageModelV4({
      doStream: async () => {
        throw error
      }
    })
    const ours = await aimuxMock({ stream: () => Effect.fail(error) })
    const expected = await collect(streamText({ model: upstream, prompt: "hi", onError: () => {} }).fullStream)
    const actual = await collect(
      streamText({ model: toLanguageModelV4(ours.model), prompt: "hi", onError: () => {} }).fullStream
    )
    expect(normalize(actual)).toEqual(normalize(expected))
    expect(actual.some((part) => part.type === "error" && part.error instanceof UpstreamInvalidPromptError && part.error.message === error.message)).toBe(true)
  })

  it("a defect rejects with the defect value", async () => {
    const boom = new TypeError("boom")
    const ours = await aimuxMock({ generate: () => Effect.die(boom) })
    const actual = await generateText({ model: toLanguageModelV4(ours.model), prompt: "hi", maxRetries: 0 }).catch((
      e: unknown
    ) => e)
    expect(actual).toBe(boom)
  })
})

// A stream that emits the given parts, then waits forever, recording its interruption.
const hangingAfter = (parts: ReadonlyArray<StreamPart>, interrupted: Deferred.Deferred<void>) =>
  Stream.concat(Stream.fromIterable(parts), Stream.never).pipe(
    Stream.onExit((exit) => Exit.hasInterrupts(exit) ? Deferred.succeed(interrupted, undefined) : Effect.void)
  )

const firstParts: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "partial" }
]

describe("toLanguageModelV4: abort and cancel interrupt the aimux fiber", () => {
  it("abortSignal during streamText interrupts the stream fiber; no finish part", async () => {
    const interrupted = Deferred.makeUnsafe<void>()
    const ours = await aimuxMock({ stream: { stream: hangingAfter(firstParts, interrupted) } })
    const controller = new AbortController()
    const result = streamText({ model: toLanguageModelV4(ours.model), prompt: "hi", abortSignal: controller.signal })
    const parts: Array<{ type: string }> = []
    for await (const part of result.fullStream) {
      parts.push(part)
      if (part.type === "text-delta") controller.abort()
    }
    await Effect.runPromise(Deferred.await(interrupted))
    const types = parts.map((part) => part.type)
    expect(types).toContain("abort")
    expect(types).not.toContain("finish")
    expect(types).not.toContain("finish-step")
  })

  it("abortSignal during generateText interrupts the generate fiber and rejects with the reason", async () => {
    const interrupted = Deferred.makeUnsafe<void>()
    const started = Deferred.makeUnsafe<void>()
    const ours = await aimuxMock({
      generate: () =>
        Deferred.succeed(started, undefined).pipe(
          Effect.andThen(Effect.never),
          Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined))
        )
    })
    const controller = new AbortController()
    const pending = generateText({ model: toLanguageModelV4(ours.model), prompt: "hi", abortSignal: controller.signal })
      .catch((e: unknown) => e)
    await Effect.runPromise(Deferred.await(started))
    const reason = new Error("stop now")
    controller.abort(reason)
    expect(await pending).toBe(reason)
    await Effect.runPromise(Deferred.await(interrupted))
  })

  it("cancelling the ReadableStream interrupts the producer fiber", async () => {
    const interrupted = Deferred.makeUnsafe<void>()
    const ours = await aimuxMock({ stream: { stream: hangingAfter(firstParts, interrupted) } })
    const { stream } = await toLanguageModelV4(ours.model).doStream({ prompt: [] })
    const reader = stream.getReader()
    expect(await reader.read()).toEqual({ done: false, value: firstParts[0] })
    await reader.cancel()
    await Effect.runPromise(Deferred.await(interrupted))
  })

  it("an abort during doStream errors the ReadableStream with the reason, as fetch does", async () => {
    const interrupted = Deferred.makeUnsafe<void>()
    const ours = await aimuxMock({ stream: { stream: hangingAfter(firstParts, interrupted) } })
    const controller = new AbortController()
    const { stream } = await toLanguageModelV4(ours.model).doStream({ prompt: [], abortSignal: controller.signal })
    const reader = stream.getReader()
    await reader.read()
    const reason = new Error("user abort")
    controller.abort(reason)
    await expect(reader.read()).rejects.toBe(reason)
    await Effect.runPromise(Deferred.await(interrupted))
  })

  it("a signal aborted before the call never starts the model", async () => {
    const ours = await aimuxMock({ generate: generateScenarios[0]!.calls })
    const controller = new AbortController()
    controller.abort()
    const rejected = await Promise.resolve(
      toLanguageModelV4(ours.model).doGenerate({ prompt: [], abortSignal: controller.signal })
    ).catch((e: unknown) => e)
    expect(rejected).toBe(controller.signal.reason)
    expect(await Effect.runPromise(ours.recorder.generateCalls)).toEqual([])
  })
})

describe("toLanguageModelV4: runtimes", () => {
  it("a Layer is built once in a ManagedRuntime; dispose releases it", async () => {
    let built = 0
    let released = 0
    const layer = Layer.effect(
      LanguageModel,
      Effect.acquireRelease(
        Effect.sync(() => built++),
        () => Effect.sync(() => released++)
      ).pipe(Effect.andThen(MockLanguageModel.make({ generate: generateScenarios[0]!.calls[0]! })), Effect.map((m) => m.model))
    )
    const model: DisposableLanguageModelV4 = await toLanguageModelV4(layer)
    expect([model.specificationVersion, model.provider, model.modelId]).toEqual(["v4", "mock-provider", "mock-model-id"])
    const first = await generateText({ model, prompt: "hi" })
    const second = await generateText({ model, prompt: "hi" })
    expect([first.text, second.text]).toEqual(["Hello", "Hello"])
    expect([built, released]).toEqual([1, 0])
    await model.dispose()
    expect([built, released]).toEqual([1, 1])
  })

  it("a Layer that fails to build rejects with its error", async () => {
    const error = new APICallError({ message: "no", url: "u", requestBodyValues: {} })
    const rejected = await toLanguageModelV4(Layer.effect(LanguageModel, Effect.fail(error))).then(() => undefined, (e: unknown) => e)
    expect(rejected).toBeInstanceOf(UpstreamAPICallError)
    expect(rejected).toMatchObject({ name: "AI_APICallError", message: "no", url: "u" })
  })

  it("supportedUrls: a plain object for a synchronous Effect, with mutable arrays", async () => {
    const ours = await aimuxMock({ supportedUrls: { "image/*": [/^https:\/\//] } })
    const urls = toLanguageModelV4(ours.model).supportedUrls
    expect(urls).toEqual({ "image/*": [/^https:\/\//] })
  })

  it("supportedUrls: a promise for an asynchronous Effect; ai downloads only what is not supported", async () => {
    const ours = await aimuxMock({ generate: generateScenarios[0]!.calls[0]! })
    const model = toLanguageModelV4({
      ...ours.model,
      supportedUrls: Effect.promise(() => Promise.resolve({ "image/*": [/^https:\/\/ok\./] }))
    })
    const urls = model.supportedUrls
    expect(urls).toBeInstanceOf(Promise)
    expect(await urls).toEqual({ "image/*": [/^https:\/\/ok\./] })
    // `ai` reads it to decide what to download: a supported URL reaches the model as a URL.
    await generateText({
      model,
      messages: [{ role: "user", content: [{ type: "image", image: new URL("https://ok.example/a.png") }] }]
    })
    const [call] = await Effect.runPromise(ours.recorder.generateCalls)
    expect(call?.prompt[0]).toMatchObject({
      role: "user",
      content: [{ type: "file", data: { type: "url", url: new URL("https://ok.example/a.png") } }]
    })
  })

  it.effect("ToLanguageModelV4.effect runs calls with the captured context", () =>
    Effect.gen(function*() {
      const model = yield* ToLanguageModelV4.effect
      const result = yield* Effect.promise(() => generateText({ model, prompt: "hi" }))
      expect(result.text).toBe("Hello")
      expect(result.usage.inputTokens).toBe(usage(3, 10).inputTokens.total)
    }).pipe(Effect.provide(MockLanguageModel.layer({ generate: generateScenarios[0]!.calls[0]! }))))

  it.effect("the fiber of an interrupted doStream does not outlive the call", () =>
    Effect.gen(function*() {
      const interrupted = yield* Deferred.make<void>()
      const ours = yield* MockLanguageModel.make({ stream: { stream: hangingAfter(firstParts, interrupted) } })
      const model = toLanguageModelV4(ours.model)
      const fiber = yield* Effect.forkChild(Effect.promise(async (signal) => {
        const { stream } = await model.doStream({ prompt: [], abortSignal: signal })
        return collect(stream)
      }))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      yield* Deferred.await(interrupted)
    }))
})
