/**
 * `fromLanguageModelV4`: an upstream `LanguageModelV4` (here `MockLanguageModelV4` and hand-made
 * models) as aimux's `LanguageModel`: results and parts pass through unchanged, call options
 * reach upstream as upstream values, thrown errors become aimux's typed errors, interruption
 * aborts the upstream call and cancels its reader.
 */
import * as Up from "@ai-sdk/provider"
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { InvalidArgumentError as CoreInvalidArgumentError } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Cause, Effect, Exit, Fiber, Stream } from "effect"
import { fromLanguageModelV4, FromLanguageModelV4, toLanguageModelV4 } from "../../src/interop/index.ts"
import { UpstreamModelError } from "../../src/interop/UpstreamModelError.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import type { CallOptions } from "../../src/contract/CallOptions.ts"
import * as E from "../../src/contract/errors/index.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import { generateScenarios, streamScenarios, usage } from "./scenarios.ts"

const collectParts = (model: LanguageModel["Service"], options: CallOptions = { prompt: [] }) =>
  Effect.flatMap(model.stream(options), (response) => Stream.runCollect(response.stream)).pipe(
    Effect.map((chunk) => Array.from(chunk))
  )

// Every prompt part kind, every tool kind and every optional setting the conversion touches.
const fullOptions: CallOptions = {
  prompt: [
    { role: "system", content: "be brief", providerOptions: { p: { cache: true } } },
    {
      role: "user",
      content: [
        { type: "text", text: "look" },
        { type: "file", mediaType: "image/png", data: { type: "data", data: new Uint8Array([1, 2, 3]) } },
        {
          type: "file",
          mediaType: "application/pdf",
          filename: "a.pdf",
          data: { type: "url", url: new URL("https://example.com/a.pdf") }
        },
        { type: "file", mediaType: "text/plain", data: { type: "reference", reference: { openai: "file-1" } } }
      ]
    },
    {
      role: "assistant",
      content: [
        { type: "reasoning", text: "hmm", providerOptions: { p: { sig: "s" } } },
        { type: "text", text: "calling" },
        { type: "custom", kind: "p.thing" },
        { type: "reasoning-file", mediaType: "image/png", data: { type: "data", data: "AAA=" } },
        { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } },
        { type: "tool-call", toolCallId: "p1", toolName: "search", input: {}, providerExecuted: true },
        {
          type: "tool-result",
          toolCallId: "p1",
          toolName: "search",
          output: { type: "content", value: [{ type: "text", text: "hit" }, { type: "custom" }] }
        }
      ]
    },
    {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "json", value: { t: [1, 2] } } },
        { type: "tool-result", toolCallId: "c2", toolName: "weather", output: { type: "execution-denied" } },
        { type: "tool-approval-response", approvalId: "a1", approved: false, reason: "no" }
      ]
    }
  ],
  maxOutputTokens: 10,
  temperature: 0,
  stopSequences: ["END"],
  topP: 0.9,
  topK: 3,
  presencePenalty: 0.1,
  frequencyPenalty: 0.2,
  responseFormat: { type: "json", schema: { type: "object" }, name: "out" },
  seed: 1,
  tools: [
    {
      type: "function",
      name: "weather",
      description: "w",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
      inputExamples: [{ input: { city: "Paris" } }],
      strict: true
    },
    { type: "provider", id: "p.search", name: "search", args: { depth: 2 } }
  ],
  toolChoice: { type: "tool", toolName: "weather" },
  includeRawChunks: true,
  headers: { "x-a": "1" },
  reasoning: "low",
  providerOptions: { p: { a: [1, { b: null }] } }
}

describe("fromLanguageModelV4: values pass through", () => {
  for (const scenario of streamScenarios) {
    it.effect(`stream parts: ${scenario.name}`, () =>
      Effect.gen(function*() {
        const parts = scenario.calls[0]!
        const upstream = new MockLanguageModelV4({ doStream: { stream: convertArrayToReadableStream([...parts]) } })
        const model = FromLanguageModelV4.make(upstream)
        const ours = yield* collectParts(model)
        expect(ours).toStrictEqual(parts)
        // The very objects upstream emitted: no per-part copy.
        ours.forEach((part, i) => expect(part).toBe(parts[i]))
      }))
  }

  for (const scenario of generateScenarios) {
    it.effect(`generate result: ${scenario.name}`, () =>
      Effect.gen(function*() {
        const result = scenario.calls[0]!
        const model = FromLanguageModelV4.make(new MockLanguageModelV4({ doGenerate: result }))
        expect(yield* model.generate({ prompt: [] })).toBe(result)
      }))
  }

  it.effect("request and response metadata of doStream", () =>
    Effect.gen(function*() {
      const upstream = new MockLanguageModelV4({
        doStream: {
          stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([]),
          request: { body: { a: 1 } },
          response: { headers: { "x-r": "2" } }
        }
      })
      const response = yield* FromLanguageModelV4.make(upstream).stream({ prompt: [] })
      expect(response.request).toStrictEqual({ body: { a: 1 } })
      expect(response.response).toStrictEqual({ headers: { "x-r": "2" } })
    }))

  it.effect("call options reach upstream as the same values, with an abortSignal", () =>
    Effect.gen(function*() {
      const upstream = new MockLanguageModelV4({ doGenerate: generateScenarios[0]!.calls[0]! })
      yield* FromLanguageModelV4.make(upstream).generate(fullOptions)
      const [call] = upstream.doGenerateCalls
      const { abortSignal, ...rest } = call!
      expect(abortSignal).toBeInstanceOf(AbortSignal)
      expect(rest).toStrictEqual(fullOptions)
    }))

  it.effect("undefined optional settings are absent keys upstream", () =>
    Effect.gen(function*() {
      const upstream = new MockLanguageModelV4({ doGenerate: generateScenarios[0]!.calls[0]! })
      yield* FromLanguageModelV4.make(upstream).generate({
        prompt: [{ role: "user", content: [{ type: "text", text: "hi", providerOptions: undefined }] }],
        temperature: undefined,
        tools: undefined
      })
      const { abortSignal: _signal, ...rest } = upstream.doGenerateCalls[0]!
      expect(Object.keys(rest)).toEqual(["prompt"])
      expect(rest.prompt).toStrictEqual([{ role: "user", content: [{ type: "text", text: "hi" }] }])
    }))

  it.effect("the Layer provides the LanguageModel service", () =>
    Effect.gen(function*() {
      const model = yield* LanguageModel
      expect([model.specificationVersion, model.provider, model.modelId]).toEqual(["v4", "up", "m"])
      expect(yield* model.supportedUrls).toStrictEqual({ "image/*": [/^https:/] })
    }).pipe(Effect.provide(fromLanguageModelV4(
      new MockLanguageModelV4({ provider: "up", modelId: "m", supportedUrls: { "image/*": [/^https:/] } })
    ))))

  it.effect("supportedUrls given as a promise, read on every run", () =>
    Effect.gen(function*() {
      let reads = 0
      const upstream = new MockLanguageModelV4({
        supportedUrls: () => {
          reads++
          return Promise.resolve({ "*/*": [/x/] })
        }
      })
      const model = FromLanguageModelV4.make(upstream)
      expect(yield* model.supportedUrls).toStrictEqual({ "*/*": [/x/] })
      yield* model.supportedUrls
      expect(reads).toBe(2)
    }))

  it.effect("a rejected supportedUrls promise dies with UpstreamModelError", () =>
    Effect.gen(function*() {
      const boom = new Error("no urls")
      const upstream = new MockLanguageModelV4({ supportedUrls: () => Promise.reject(boom) })
      const exit = yield* Effect.exit(FromLanguageModelV4.make(upstream).supportedUrls)
      const defect = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      expect(defect).toBeInstanceOf(UpstreamModelError)
      expect(defect).toMatchObject({ operation: "supportedUrls", cause: boom })
    }))
})

const call = { url: "https://api.example.com/v1", requestBodyValues: { model: "m" } }

// Each upstream model error, and the aimux class it must become.
const upstreamErrors: ReadonlyArray<readonly [string, () => Error, Function]> = [
  [
    "APICallError",
    () =>
      new Up.APICallError({
        ...call,
        message: "Too Many Requests",
        statusCode: 429,
        responseHeaders: { "retry-after": "1" },
        responseBody: "{\"error\":{}}",
        cause: new Error("inner"),
        data: { error: { code: "rate" } }
      }),
    E.APICallError
  ],
  ["EmptyResponseBodyError", () => new Up.EmptyResponseBodyError(), E.EmptyResponseBodyError],
  [
    "InvalidArgumentError",
    () => new Up.InvalidArgumentError({ argument: "temperature", message: "too hot", cause: 1 }),
    E.InvalidArgumentError
  ],
  ["InvalidPromptError", () => new Up.InvalidPromptError({ prompt: [], message: "empty" }), E.InvalidPromptError],
  [
    "InvalidResponseDataError",
    () => new Up.InvalidResponseDataError({ data: { x: 1 } }),
    E.InvalidResponseDataError
  ],
  ["JSONParseError", () => new Up.JSONParseError({ text: "{", cause: new SyntaxError("eof") }), E.JSONParseError],
  ["LoadAPIKeyError", () => new Up.LoadAPIKeyError({ message: "no key" }), E.LoadAPIKeyError],
  ["LoadSettingError", () => new Up.LoadSettingError({ message: "no setting" }), E.LoadSettingError],
  ["NoContentGeneratedError", () => new Up.NoContentGeneratedError(), E.NoContentGeneratedError],
  [
    "NoSuchModelError",
    () => new Up.NoSuchModelError({ modelId: "x", modelType: "languageModel" }),
    E.NoSuchModelError
  ],
  [
    "NoSuchProviderReferenceError",
    () => new Up.NoSuchProviderReferenceError({ provider: "p", reference: { q: "r" } }),
    E.NoSuchProviderReferenceError
  ],
  [
    "TypeValidationError",
    () => new Up.TypeValidationError({ value: { a: 1 }, cause: new Error("bad"), context: { field: "f" } }),
    E.TypeValidationError
  ],
  [
    "UnsupportedFunctionalityError",
    () => new Up.UnsupportedFunctionalityError({ functionality: "images" }),
    E.UnsupportedFunctionalityError
  ]
]

// The fields upstream exposes: own enumerable ones plus name/message (cause compared by identity).
const view = (error: unknown): Record<string, unknown> => {
  const out: Record<string, unknown> = { name: Reflect.get(Object(error), "name"), message: Reflect.get(Object(error), "message") }
  for (const [key, value] of Object.entries(Object(error))) {
    // `cause` is an own field upstream and Error's own `cause` in aimux: compared by identity.
    if (key === "_tag" || key === "stack" || key === "cause" || value === undefined) continue
    out[key] = value
  }
  return out
}

const failureOf = <A>(exit: Exit.Exit<A, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  const failure = Cause.findErrorOption(exit.cause)
  return failure._tag === "Some" ? failure.value : Cause.squash(exit.cause)
}

const throwing = (error: unknown): LanguageModelV4 =>
  new MockLanguageModelV4({
    doGenerate: () => Promise.reject(error),
    doStream: () => Promise.reject(error)
  })

describe("fromLanguageModelV4: thrown errors become typed aimux errors", () => {
  for (const [name, make, aimuxClass] of upstreamErrors) {
    it.effect(`${name} (doGenerate, doStream, errored stream)`, () =>
      Effect.gen(function*() {
        const error = make()
        const model = FromLanguageModelV4.make(throwing(error))
        const erroringStream = FromLanguageModelV4.make(
          new MockLanguageModelV4({
            doStream: {
              stream: new ReadableStream<LanguageModelV4StreamPart>({
                start(controller) {
                  controller.enqueue({ type: "stream-start", warnings: [] })
                  controller.error(error)
                }
              })
            }
          })
        )
        const failures = [
          failureOf(yield* Effect.exit(model.generate({ prompt: [] }))),
          failureOf(yield* Effect.exit(model.stream({ prompt: [] }))),
          failureOf(yield* Effect.exit(collectParts(erroringStream)))
        ]
        for (const failure of failures) {
          expect(failure).toBeInstanceOf(aimuxClass)
          expect(failure).toHaveProperty("_tag", name)
          expect(view(failure)).toStrictEqual(view(error))
          expect(Reflect.get(Object(failure), "cause")).toBe(Reflect.get(error, "cause"))
        }
      }))
  }

  it.effect("an aimux error thrown by an upstream-shaped model is kept as the same instance", () =>
    Effect.gen(function*() {
      const error = new E.APICallError({ ...call, message: "x", statusCode: 500 })
      const failure = failureOf(yield* Effect.exit(FromLanguageModelV4.make(throwing(error)).generate({ prompt: [] })))
      expect(failure).toBe(error)
    }))

  const unknowns: ReadonlyArray<readonly [string, unknown]> = [
    ["a plain Error", new TypeError("provider bug")],
    ["a string", "oops"],
    ["ai's InvalidArgumentError (not a model error)", new CoreInvalidArgumentError({ parameter: "p", value: 1, message: "m" })],
    ["a custom-named AISDKError", new Up.AISDKError({ name: "AI_CustomError", message: "custom" })]
  ]
  for (const [name, thrown] of unknowns) {
    it.effect(`${name} dies with UpstreamModelError holding it`, () =>
      Effect.gen(function*() {
        const model = FromLanguageModelV4.make(throwing(thrown))
        const exits: ReadonlyArray<readonly [string, Exit.Exit<unknown, unknown>]> = [
          ["doGenerate", yield* Effect.exit(model.generate({ prompt: [] }))],
          ["doStream", yield* Effect.exit(model.stream({ prompt: [] }))]
        ]
        for (const [operation, exit] of exits) {
          expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
          const defect = failureOf(exit)
          expect(defect).toBeInstanceOf(UpstreamModelError)
          expect(defect).toMatchObject({ provider: "mock-provider", modelId: "mock-model-id", operation })
          expect(Reflect.get(Object(defect), "cause")).toBe(thrown)
        }
      }))
  }

  it.effect("a round trip through toLanguageModelV4 rethrows the original unknown value", () =>
    Effect.gen(function*() {
      const thrown = new TypeError("provider bug")
      const back = toLanguageModelV4(FromLanguageModelV4.make(throwing(thrown)))
      const rejected = yield* Effect.promise(() => Promise.resolve(back.doGenerate({ prompt: [] })).catch((e: unknown) => e))
      expect(rejected).toBe(thrown)
    }))
})

// An upstream model whose stream emits `parts` then waits; it records the abort signal and the
// reader's cancel.
const hangingUpstream = (parts: ReadonlyArray<LanguageModelV4StreamPart>) => {
  const state: { signal?: AbortSignal | undefined; cancelled: boolean } = { cancelled: false }
  const model = new MockLanguageModelV4({
    doStream: async (options: LanguageModelV4CallOptions) => {
      state.signal = options.abortSignal
      let i = 0
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          pull(controller) {
            if (i < parts.length) controller.enqueue(parts[i++]!)
            // else: never enqueue again (a stalled connection)
          },
          cancel() {
            state.cancelled = true
          }
        })
      }
    },
    doGenerate: (options: LanguageModelV4CallOptions) => {
      state.signal = options.abortSignal
      return new Promise(() => {})
    }
  })
  return { model, state }
}

const start: ReadonlyArray<LanguageModelV4StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "a" }
]

describe("fromLanguageModelV4: interruption aborts upstream and cancels the reader", () => {
  it.effect("interrupting the Stream consumer", () =>
    Effect.gen(function*() {
      const { model, state } = hangingUpstream(start)
      const seen: Array<StreamPart> = []
      const response = yield* FromLanguageModelV4.make(model).stream({ prompt: [] })
      const fiber = yield* Effect.forkChild(Stream.runForEach(response.stream, (part) => Effect.sync(() => seen.push(part))))
      while (seen.length < start.length) yield* Effect.yieldNow
      expect(state.signal?.aborted).toBe(false)
      yield* Fiber.interrupt(fiber)
      expect(state.signal?.aborted).toBe(true)
      expect(state.cancelled).toBe(true)
      expect(seen.map((p) => p.type)).toEqual(["stream-start", "text-start", "text-delta"])
    }))

  it.effect("stopping early (Stream.take) aborts and cancels too", () =>
    Effect.gen(function*() {
      const { model, state } = hangingUpstream(start)
      const parts = yield* Effect.flatMap(
        FromLanguageModelV4.make(model).stream({ prompt: [] }),
        (response) => Stream.runCollect(Stream.take(response.stream, 2))
      )
      expect(Array.from(parts).length).toBe(2)
      expect(state.signal?.aborted).toBe(true)
      expect(state.cancelled).toBe(true)
    }))

  it.effect("a stream read to its end neither aborts nor cancels", () =>
    Effect.gen(function*() {
      let signal: AbortSignal | undefined
      let cancelled = false
      const upstream = new MockLanguageModelV4({
        doStream: async (options: LanguageModelV4CallOptions) => {
          signal = options.abortSignal
          const source = convertArrayToReadableStream([...streamScenarios[0]!.calls[0]!])
          const reader = source.getReader()
          return {
            stream: new ReadableStream<LanguageModelV4StreamPart>({
              async pull(controller) {
                const { done, value } = await reader.read()
                if (done) controller.close()
                else controller.enqueue(value)
              },
              cancel() {
                cancelled = true
              }
            })
          }
        }
      })
      const parts = yield* collectParts(FromLanguageModelV4.make(upstream))
      expect(parts.at(-1)?.type).toBe("finish")
      expect(signal?.aborted).toBe(false)
      expect(cancelled).toBe(false)
    }))

  it.effect("interrupting generate aborts the doGenerate call", () =>
    Effect.gen(function*() {
      const { model, state } = hangingUpstream(start)
      const fiber = yield* Effect.forkChild(FromLanguageModelV4.make(model).generate({ prompt: [] }))
      while (state.signal === undefined) yield* Effect.yieldNow
      expect(state.signal.aborted).toBe(false)
      yield* Fiber.interrupt(fiber)
      expect(state.signal.aborted).toBe(true)
    }))

  it.effect("interrupting stream before doStream resolves aborts the call", () =>
    Effect.gen(function*() {
      let signal: AbortSignal | undefined
      const upstream = new MockLanguageModelV4({
        doStream: (options: LanguageModelV4CallOptions) => {
          signal = options.abortSignal
          return new Promise(() => {})
        }
      })
      const fiber = yield* Effect.forkChild(FromLanguageModelV4.make(upstream).stream({ prompt: [] }))
      while (signal === undefined) yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      expect(signal.aborted).toBe(true)
    }))

  it.effect("no late finish: parts the upstream enqueues after the interrupt are not seen", () =>
    Effect.gen(function*() {
      let enqueue: ((part: LanguageModelV4StreamPart) => void) | undefined
      const upstream = new MockLanguageModelV4({
        doStream: async () => ({
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            start(controller) {
              controller.enqueue(start[0]!)
              enqueue = (part) => controller.enqueue(part)
            }
          })
        })
      })
      const seen: Array<StreamPart> = []
      const response = yield* FromLanguageModelV4.make(upstream).stream({ prompt: [] })
      const fiber = yield* Effect.forkChild(Stream.runForEach(response.stream, (part) => Effect.sync(() => seen.push(part))))
      while (seen.length < 1) yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      // A cancelled source may still try to enqueue; it throws, and nothing reaches the consumer.
      expect(() =>
        enqueue?.({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: usage(1, 1) })
      ).toThrow()
      expect(seen.map((p) => p.type)).toEqual(["stream-start"])
    }))
})
