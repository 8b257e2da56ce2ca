/**
 * Bridged aimux models reject with real `@ai-sdk/provider` error instances: upstream code that
 * asserts `toBeInstanceOf(APICallError)` passes on every registered provider exactly as on an
 * upstream model, and the OpenAI chat model's rejection equals upstream `@ai-sdk/openai`'s, field
 * for field, on the same 401 body.
 */
import { createOpenAI } from "@ai-sdk/openai"
import { APICallError, type LanguageModelV4CallOptions, LoadAPIKeyError } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { providers } from "../../src/cli/ProviderRegistry.ts"
import { ToLanguageModelV4 } from "../../src/interop/index.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"

const call: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }
const errorBody = JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } })
const unauthorized = { status: 401, headers: { "content-type": "application/json" }, body: errorBody, reusable: true }

const bridged = (id: string) =>
  Effect.gen(function*() {
    const entry = providers[id]!
    const service = yield* entry.make({ modelId: entry.defaultModel, apiKey: "sk-test" })
    return ToLanguageModelV4.make(service)
  }).pipe(Effect.provide(Layer.mergeAll(ReplayHttpClient.layer(unauthorized), IdGenerator.layerCounter("id"))))

describe("ToLanguageModelV4: real upstream error instances", () => {
  for (const id of Object.keys(providers)) {
    it.effect(`${id}: doGenerate and doStream reject with an APICallError instance`, () =>
      Effect.gen(function*() {
        const model = yield* bridged(id)
        const generated = yield* Effect.promise(() => model.doGenerate(call).then(() => undefined, (e: unknown) => e))
        expect(generated).toBeInstanceOf(APICallError)
        expect(generated).toBeInstanceOf(Error)
        expect(APICallError.isInstance(generated)).toBe(true)
        expect(generated).toMatchObject({ name: "AI_APICallError", statusCode: 401, isRetryable: false })
        const streamed = yield* Effect.promise(() => model.doStream(call).then(() => undefined, (e: unknown) => e))
        expect(streamed).toBeInstanceOf(APICallError)
      }))
  }

  it.effect("OpenAI chat: the rejection equals upstream's field for field", () =>
    Effect.gen(function*() {
      const upstreamModel = createOpenAI({
        apiKey: "sk-test",
        fetch: async () => new Response(errorBody, { status: 401, headers: { "content-type": "application/json" } })
      }).chat("gpt-4o-mini")
      const expected = yield* Effect.promise(() => upstreamModel.doGenerate(call).then(() => undefined, (e: unknown) => e))
      const model = yield* bridged("openai-chat")
      const actual = yield* Effect.promise(() => model.doGenerate(call).then(() => undefined, (e: unknown) => e))
      expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected))
      const view = (e: unknown) => {
        const { cause: _cause, requestBodyValues: _body, responseHeaders: _headers, ...rest } = { ...(e as APICallError) }
        return { ...rest, message: (e as Error).message, name: (e as Error).name }
      }
      expect(view(actual)).toStrictEqual(view(expected))
    }))

  it("a missing key from a bridged Layer is upstream's LoadAPIKeyError instance", async () => {
    const previous = process.env.OPENAI_API_KEY
    delete process.env.OPENAI_API_KEY
    try {
      const rejected = await ToLanguageModelV4.fromLayer(
        OpenAI.chatLayer("gpt-4o-mini").pipe(Layer.provide(ReplayHttpClient.layer(unauthorized)))
      ).then(() => undefined, (e: unknown) => e)
      expect(rejected).toBeInstanceOf(LoadAPIKeyError)
    } finally {
      if (previous !== undefined) process.env.OPENAI_API_KEY = previous
    }
  })
})
