import { describe, expect, it, layer } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import * as LanguageModel from "../src/LanguageModel.ts"
import { APICallError, InvalidPromptError } from "../src/contract/errors/index.ts"
import type { CallOptions } from "../src/contract/CallOptions.ts"
import type { GenerateResult } from "../src/contract/Results.ts"
import type { StreamPart } from "../src/contract/StreamPart.ts"

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined }
}
const result: GenerateResult = {
  content: [{ type: "text", text: "hello" }],
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  warnings: []
}
const parts: ReadonlyArray<StreamPart> = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "0" },
  { type: "text-delta", id: "0", delta: "hello" },
  { type: "text-end", id: "0" },
  { type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } }
]
const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

/** A provider as a Layer that provides LanguageModel; it records the options its implementation saw. */
const seen: Array<CallOptions> = []
const EchoProvider = Layer.succeed(LanguageModel.LanguageModel)(
  LanguageModel.make({
    provider: "echo",
    modelId: "echo-1",
    supportedUrls: { "image/*": [/^https:\/\/.*$/] },
    generate: (options) => Effect.sync(() => (seen.push(options), result)),
    stream: (options) =>
      Effect.sync(() => {
        seen.push(options)
        return { request: { body: { model: "echo-1" } }, response: { headers: { "x-id": "1" } }, stream: Stream.fromIterable(parts) }
      })
  })
)

// options from outside the type system (parsed JSON), as a caller over the wire would send them
const badOptions: Array<CallOptions> = [
  JSON.parse(`{"prompt":"not a list"}`),
  JSON.parse(`{"prompt":[{"role":"user","content":"a string, not parts"}]}`),
  JSON.parse(`{"prompt":[{"role":"wizard","content":[]}]}`),
  JSON.parse(`{"prompt":[],"temperature":"hot"}`),
  JSON.parse(`{"prompt":[],"toolChoice":{"type":"tool"}}`),
  JSON.parse(`null`)
]

describe("LanguageModel.validateCallOptions", () => {
  it.effect("accepts valid options (explicit undefined optional values included)", () =>
    Effect.gen(function*() {
      const options = yield* LanguageModel.validateCallOptions({ prompt, temperature: undefined, headers: { a: undefined } })
      expect(options.prompt).toStrictEqual(prompt)
    }))

  it.effect("options that do not decode fail with InvalidPromptError in the error channel, never a defect", () =>
    Effect.gen(function*() {
      for (const bad of badOptions) {
        const exit = yield* Effect.exit(LanguageModel.validateCallOptions(bad))
        expect(Exit.isFailure(exit)).toBe(true)
        if (Exit.isFailure(exit)) {
          expect(Cause.hasDies(exit.cause)).toBe(false)
          const error = Cause.squash(exit.cause)
          expect(error).toBeInstanceOf(InvalidPromptError)
          expect(InvalidPromptError.isInstance(error)).toBe(true)
          expect(error instanceof InvalidPromptError && error.message.startsWith("Invalid prompt: ")).toBe(true)
          expect(error instanceof InvalidPromptError && error.prompt).toBe(bad)
        }
      }
    }))
})

describe("LanguageModel.make", () => {
  it.effect("generate and stream validate before the implementation runs", () =>
    Effect.gen(function*() {
      let calls = 0
      const model = LanguageModel.make({
        provider: "p",
        modelId: "m",
        generate: () => Effect.sync(() => (calls++, result)),
        stream: () => Effect.sync(() => (calls++, { stream: Stream.empty }))
      })
      for (const bad of badOptions) {
        const generateError = yield* Effect.flip(model.generate(bad))
        const streamError = yield* Effect.flip(model.stream(bad))
        expect(generateError).toBeInstanceOf(InvalidPromptError)
        expect(streamError).toBeInstanceOf(InvalidPromptError)
      }
      expect(calls).toBe(0)
      expect(model.specificationVersion).toBe("v4")
      expect(yield* model.supportedUrls).toStrictEqual({})
    }))

  it.effect("supportedUrls may be given as an Effect", () =>
    Effect.gen(function*() {
      const model = LanguageModel.make({
        provider: "p",
        modelId: "m",
        supportedUrls: Effect.succeed({ "*/*": [/.*/] }),
        generate: () => Effect.succeed(result),
        stream: () => Effect.succeed({ stream: Stream.empty })
      })
      expect(Object.keys(yield* model.supportedUrls)).toStrictEqual(["*/*"])
    }))

  it.effect("a failure before the stream exists fails the stream Effect; later ones are in the Stream", () =>
    Effect.gen(function*() {
      const early = new APICallError({ message: "Too Many Requests", url: "https://x", requestBodyValues: {}, statusCode: 429 })
      const model = LanguageModel.make({
        provider: "p",
        modelId: "m",
        generate: () => Effect.fail(early),
        stream: (options) =>
          options.temperature === 1
            ? Effect.fail(early)
            : Effect.succeed({ stream: Stream.concat(Stream.fromIterable(parts.slice(0, 2)), Stream.fail(early)) })
      })
      expect(yield* Effect.flip(model.stream({ prompt, temperature: 1 }))).toBe(early)
      const response = yield* model.stream({ prompt })
      const exit = yield* Effect.exit(Stream.runCollect(response.stream))
      expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBe(early)
      const generateError = yield* Effect.flip(model.generate({ prompt }))
      expect(generateError._tag === "APICallError" && generateError.isRetryable).toBe(true)
    }))
})

layer(EchoProvider)("a provider Layer providing LanguageModel", (it) => {
  it.effect("is used from Effect.gen: generate, stream, metadata", () =>
    Effect.gen(function*() {
      const model = yield* LanguageModel.LanguageModel
      expect([model.provider, model.modelId]).toStrictEqual(["echo", "echo-1"])
      expect((yield* model.supportedUrls)["image/*"]?.[0]?.test("https://a/b.png")).toBe(true)
      const generated = yield* model.generate({ prompt })
      expect(generated).toStrictEqual(result)
      const streamed = yield* model.stream({ prompt, includeRawChunks: false })
      expect(streamed.response?.headers).toStrictEqual({ "x-id": "1" })
      expect(Array.from(yield* Stream.runCollect(streamed.stream))).toStrictEqual(parts)
      expect(seen.at(-1)?.includeRawChunks).toBe(false)
    }))
})
