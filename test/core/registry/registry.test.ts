/**
 * `ProviderRegistry` and `CustomProvider` against upstream's `createProviderRegistry` and
 * `customProvider`: the same ids resolve to the same provider/model (recorded by the providers),
 * and the same invalid ids fail with the same error class (marker), message and fields.
 */
import type { LanguageModelV4 } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { createProviderRegistry, customProvider, defaultSettingsMiddleware, NoSuchProviderError as UpNoSuchProviderError } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { NoSuchModelError as UpNoSuchModelError } from "@ai-sdk/provider"
import { Config, ConfigProvider, Effect } from "effect"
import { DefaultSettings } from "../../../src/core/middleware/index.ts"
import { CustomProvider, Provider, ProviderRegistry } from "../../../src/core/registry/index.ts"
import * as GenerateText from "../../../src/core/GenerateText.ts"
import type { Service } from "../../../src/LanguageModel.ts"
import { NoSuchModelError, NoSuchProviderError } from "../../../src/contract/errors/index.ts"
import { FromLanguageModelV4 } from "../../../src/interop/index.ts"

const upModel = (provider: string, modelId: string): LanguageModelV4 => new MockLanguageModelV4({ provider, modelId })
const ourModel = (provider: string, modelId: string): Service => ({
  specificationVersion: "v4",
  provider,
  modelId,
  supportedUrls: Effect.succeed({}),
  generate: () => Effect.die("unused"),
  stream: () => Effect.die("unused")
})

// upstream: a provider that makes any model; a custom provider with aliases and a fallback
const upRegistry = (separator?: string) =>
  createProviderRegistry(
    {
      openai: { specificationVersion: "v4", languageModel: (id: string) => upModel("openai.chat", id), embeddingModel: () => { throw new Error() }, imageModel: () => { throw new Error() } },
      custom: customProvider({
        languageModels: { fast: upModel("fast.provider", "fast-model") },
        fallbackProvider: { specificationVersion: "v4", languageModel: (id: string) => upModel("fallback", id), embeddingModel: () => { throw new Error() }, imageModel: () => { throw new Error() } }
      }),
      strict: customProvider({ languageModels: { only: upModel("strict", "only-model") } })
    },
    separator === undefined ? {} : { separator }
  )

const ourProviders = {
  openai: Provider.make({ languageModel: (id) => Effect.succeed(ourModel("openai.chat", id)) }),
  custom: CustomProvider.make({
    languageModels: { fast: ourModel("fast.provider", "fast-model") },
    fallbackProvider: { languageModel: (id) => Effect.succeed(ourModel("fallback", id)) }
  }),
  strict: CustomProvider.make({ languageModels: { only: Effect.succeed(ourModel("strict", "only-model")) } })
}

const upResolve = (id: string, separator?: string) => {
  try {
    const model = upRegistry(separator).languageModel(id as `openai:${string}`)
    return { ok: { provider: model.provider, modelId: model.modelId } }
  } catch (error) {
    const e = error as Record<string, unknown>
    return {
      error: {
        name: e.name,
        message: e.message,
        modelId: e.modelId,
        modelType: e.modelType,
        providerId: e.providerId,
        availableProviders: e.availableProviders,
        isNoSuchModel: UpNoSuchModelError.isInstance(error),
        isNoSuchProvider: UpNoSuchProviderError.isInstance(error)
      }
    }
  }
}

const ourResolve = (id: string, separator?: string) =>
  Effect.runPromise(
    ProviderRegistry.languageModel(id).pipe(
      Effect.map((model) => ({ ok: { provider: model.provider, modelId: model.modelId } })),
      Effect.catch((e) =>
        Effect.succeed({
          error: {
            name: e.name,
            message: e.message,
            modelId: "modelId" in e ? e.modelId : undefined,
            modelType: "modelType" in e ? e.modelType : undefined,
            providerId: "providerId" in e ? e.providerId : undefined,
            availableProviders: "availableProviders" in e ? e.availableProviders : undefined,
            // upstream's own isInstance accepts aimux's errors (markers)
            isNoSuchModel: UpNoSuchModelError.isInstance(e),
            isNoSuchProvider: UpNoSuchProviderError.isInstance(e)
          }
        })
      ),
      Effect.provide(ProviderRegistry.layer(ourProviders, separator === undefined ? {} : { separator }))
    )
  )

describe("ProviderRegistry vs createProviderRegistry", () => {
  const ids = [
    "openai:gpt-4.1",
    "openai:ft:gpt-4o:org:abc",
    "openai:",
    "custom:fast",
    "custom:unknown-goes-to-fallback",
    "strict:only",
    "strict:missing",
    "nope:model",
    "no-separator",
    ":model"
  ]
  for (const id of ids) {
    it(`resolves ${JSON.stringify(id)} as upstream`, async () => {
      const expected = upResolve(id)
      expect(await ourResolve(id)).toEqual(expected)
    })
  }
  it("a custom separator", async () => {
    for (const id of ["openai > gpt-4.1", "openai:gpt-4.1", "custom > fast"]) {
      expect(await ourResolve(id, " > ")).toEqual(upResolve(id, " > "))
    }
  })
  it("errors carry both markers where upstream's do", async () => {
    const error = await Effect.runPromise(
      Effect.flip(ProviderRegistry.languageModel("nope:x")).pipe(Effect.provide(ProviderRegistry.layer(ourProviders)))
    )
    expect(NoSuchProviderError.isInstance(error)).toBe(true)
    expect(NoSuchModelError.isInstance(error)).toBe(true)
    expect(error.message).toBe("No such provider: nope (available providers: openai,custom,strict)")
  })
})

const upGenerating = (text: string) =>
  new MockLanguageModelV4({
    provider: "p",
    modelId: text,
    doGenerate: async () => ({
      content: [{ type: "text", text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined }
      },
      warnings: []
    })
  })

const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }]

describe("languageModelMiddleware and Provider.wrap", () => {
  it("every language model of the registry is wrapped, as upstream", async () => {
    const upInner = upGenerating("m")
    const up = createProviderRegistry(
      { p: { specificationVersion: "v4", languageModel: () => upInner, embeddingModel: () => { throw new Error() }, imageModel: () => { throw new Error() } } },
      { languageModelMiddleware: [defaultSettingsMiddleware({ settings: { temperature: 0.25, topK: 3 } })] }
    )
    const upResult = await up.languageModel("p:m").doGenerate({ prompt, topK: 5 })

    const ourInner = upGenerating("m")
    const ours = await Effect.runPromise(Effect.gen(function*() {
      const registry = yield* ProviderRegistry.make(
        { p: { languageModel: () => Effect.succeed(FromLanguageModelV4.make(ourInner)) } },
        { languageModelMiddleware: [DefaultSettings.make({ temperature: 0.25, topK: 3 })] }
      )
      const model = yield* registry.languageModel("p:m")
      return yield* model.generate({ prompt, topK: 5 })
    }))
    expect(ours).toEqual(upResult)
    expect(ourInner.doGenerateCalls.map(({ abortSignal: _, ...o }) => o)).toEqual(upInner.doGenerateCalls)
    expect(upInner.doGenerateCalls[0]).toMatchObject({ temperature: 0.25, topK: 5 })
  })

  it.effect("Provider.wrap wraps every language model of a provider", () =>
    Effect.gen(function*() {
      const inner = upGenerating("m")
      const provider = Provider.wrap(
        { languageModel: () => Effect.succeed(FromLanguageModelV4.make(inner)) },
        { languageModelMiddleware: { overrideModelId: ({ model }) => `${model.modelId}!`, ...DefaultSettings.make({ seed: 7 }) } }
      )
      const model = yield* provider.languageModel!("x")
      expect(model.modelId).toBe("m!")
      yield* model.generate({ prompt })
      expect(inner.doGenerateCalls[0]?.seed).toBe(7)
    }))
})

describe("a program picks its model from Config", () => {
  const providers = {
    a: { languageModel: () => Effect.succeed(FromLanguageModelV4.make(upGenerating("from a"))) },
    b: { languageModel: () => Effect.succeed(FromLanguageModelV4.make(upGenerating("from b"))) }
  }
  const run = (model: string) =>
    GenerateText.generateText({ prompt: "hi" }).pipe(
      Effect.map((result) => result.text),
      Effect.provide(ProviderRegistry.layerLanguageModel(Config.String("MODEL"))),
      Effect.provide(ProviderRegistry.layer(providers)),
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ MODEL: model })))
    )
  it.effect("generateText with the registry's model", () =>
    Effect.gen(function*() {
      expect(yield* run("a:x")).toBe("from a")
      expect(yield* run("b:x")).toBe("from b")
      const error = yield* Effect.flip(run("c:x"))
      expect(error._tag).toBe("NoSuchProviderError")
    }))
  it.effect("withLanguageModel provides one effect", () =>
    Effect.gen(function*() {
      const text = yield* GenerateText.generateText({ prompt: "hi" }).pipe(
        Effect.map((r) => r.text),
        ProviderRegistry.withLanguageModel("b:x"),
        Effect.provide(ProviderRegistry.layer(providers))
      )
      expect(text).toBe("from b")
    }))
})
