/**
 * Every model kind of the registry and of custom providers against upstream's
 * `createProviderRegistry` / `customProvider`: embedding, image, transcription, speech and
 * reranking ids resolve to the same provider and model, fail with the same error (class marker,
 * message, fields), and the registry's `imageModelMiddleware` wraps image models as upstream's.
 */
import { NoSuchModelError as UpNoSuchModelError } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { createProviderRegistry, customProvider, NoSuchProviderError as UpNoSuchProviderError } from "ai"
import { MockEmbeddingModelV4 } from "ai/test"
import { ConfigProvider, Config, Effect } from "effect"
import { CustomProvider, Provider, ProviderRegistry } from "../../../src/core/registry/index.ts"
import * as Embed from "../../../src/core/Embed.ts"
import * as EmbeddingModel from "../../../src/EmbeddingModel.ts"
import * as ImageModel from "../../../src/ImageModel.ts"
import * as RerankingModel from "../../../src/RerankingModel.ts"
import * as SpeechModel from "../../../src/SpeechModel.ts"
import * as TranscriptionModel from "../../../src/TranscriptionModel.ts"

const kinds = ["embeddingModel", "imageModel", "transcriptionModel", "speechModel", "rerankingModel"] as const
type K = typeof kinds[number]

// upstream: plain objects with provider/modelId are enough for resolution
const upModel = (provider: string, modelId: string) => ({ specificationVersion: "v4", provider, modelId })
const upProvider = (name: string, only?: K) => ({
  specificationVersion: "v4" as const,
  languageModel: (id: string) => upModel(name, id),
  ...Object.fromEntries(kinds.filter((k) => only === undefined || k === only).map((k) => [k, (id: string) => upModel(`${name}.${k}`, id)]))
})

const die = () => Effect.die("unused")
const ours = {
  embeddingModel: (provider: string, modelId: string): EmbeddingModel.Service => ({
    specificationVersion: "v4", provider, modelId, maxEmbeddingsPerCall: 1, supportsParallelCalls: true, embed: die
  }),
  imageModel: (provider: string, modelId: string): ImageModel.Service => ImageModel.make({ provider, modelId, maxImagesPerCall: 1, generate: die }),
  transcriptionModel: (provider: string, modelId: string): TranscriptionModel.Service => ({ specificationVersion: "v4", provider, modelId, generate: die }),
  speechModel: (provider: string, modelId: string): SpeechModel.Service => ({ specificationVersion: "v4", provider, modelId, generate: die }),
  rerankingModel: (provider: string, modelId: string): RerankingModel.Service => ({ specificationVersion: "v4", provider, modelId, rerank: die })
}
const ourProvider = (name: string, only?: K): Provider.Provider => ({
  embeddingModel: only === undefined || only === "embeddingModel" ? (id) => Effect.succeed(ours.embeddingModel(`${name}.embeddingModel`, id)) : undefined,
  imageModel: only === undefined || only === "imageModel" ? (id) => Effect.succeed(ours.imageModel(`${name}.imageModel`, id)) : undefined,
  transcriptionModel: only === undefined || only === "transcriptionModel"
    ? (id) => Effect.succeed(ours.transcriptionModel(`${name}.transcriptionModel`, id))
    : undefined,
  speechModel: only === undefined || only === "speechModel" ? (id) => Effect.succeed(ours.speechModel(`${name}.speechModel`, id)) : undefined,
  rerankingModel: only === undefined || only === "rerankingModel" ? (id) => Effect.succeed(ours.rerankingModel(`${name}.rerankingModel`, id)) : undefined
})

const upRegistry = () =>
  createProviderRegistry({
    full: upProvider("full"),
    embedOnly: upProvider("embedOnly", "embeddingModel"),
    custom: customProvider({
      embeddingModels: { e: upModel("c.e", "e-model") as never },
      imageModels: { i: upModel("c.i", "i-model") as never },
      transcriptionModels: { t: upModel("c.t", "t-model") as never },
      speechModels: { s: upModel("c.s", "s-model") as never },
      rerankingModels: { r: upModel("c.r", "r-model") as never },
      fallbackProvider: upProvider("fb") as never
    }),
    strict: customProvider({ embeddingModels: { e: upModel("strict", "e") as never } })
  } as never)

const ourRegistry = ProviderRegistry.layer({
  full: ourProvider("full"),
  embedOnly: ourProvider("embedOnly", "embeddingModel"),
  custom: CustomProvider.make({
    embeddingModels: { e: ours.embeddingModel("c.e", "e-model") },
    imageModels: { i: Effect.succeed(ours.imageModel("c.i", "i-model")) },
    transcriptionModels: { t: ours.transcriptionModel("c.t", "t-model") },
    speechModels: { s: ours.speechModel("c.s", "s-model") },
    rerankingModels: { r: ours.rerankingModel("c.r", "r-model") },
    fallbackProvider: ourProvider("fb")
  }),
  strict: CustomProvider.make({ embeddingModels: { e: ours.embeddingModel("strict", "e") } })
})

const view = (error: unknown) => {
  const e = error as Record<string, unknown>
  return {
    message: e.message,
    modelId: e.modelId,
    modelType: e.modelType,
    providerId: e.providerId,
    availableProviders: e.availableProviders,
    isNoSuchModel: UpNoSuchModelError.isInstance(error),
    isNoSuchProvider: UpNoSuchProviderError.isInstance(error)
  }
}

const upResolve = (kind: K, id: string) => {
  try {
    const registry: unknown = upRegistry()
    const resolveUp = (registry as Record<K, (id: string) => { provider: string; modelId: string }>)[kind]
    const model = resolveUp.call(registry, id)
    return { ok: { provider: model.provider, modelId: model.modelId } }
  } catch (error) {
    return { error: view(error) }
  }
}

const ourResolve = (kind: K, id: string) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const registry = yield* ProviderRegistry.ProviderRegistry
      const model: { readonly provider: string; readonly modelId: string } = yield* registry[kind](id)
      return { ok: { provider: model.provider, modelId: model.modelId } }
    }).pipe(
      Effect.catch((e) => Effect.succeed({ error: view(e) })),
      Effect.provide(ourRegistry)
    )
  )

const ids = ["full:m", "embedOnly:m", "custom:e", "custom:i", "custom:t", "custom:s", "custom:r", "custom:other", "strict:e", "strict:x", "nope:m", "no-separator"]

describe("registry model kinds vs createProviderRegistry", () => {
  for (const kind of kinds) {
    for (const id of ids) {
      it(`${kind}(${JSON.stringify(id)})`, async () => {
        expect(await ourResolve(kind, id)).toEqual(upResolve(kind, id))
      })
    }
  }
})

describe("registry image middleware and model layers", () => {
  it("imageModelMiddleware wraps every image model, as upstream", async () => {
    const upInner = { specificationVersion: "v4" as const, provider: "p", modelId: "m", maxImagesPerCall: 1, doGenerate: () => Promise.reject(new Error("unused")) }
    const up = createProviderRegistry(
      { p: { specificationVersion: "v4", languageModel: () => { throw new Error() }, embeddingModel: () => { throw new Error() }, imageModel: () => upInner } },
      { imageModelMiddleware: { specificationVersion: "v4", overrideModelId: ({ model }) => `${model.modelId}!`, overrideMaxImagesPerCall: () => 7 } }
    ).imageModel("p:m")
    const model = await Effect.runPromise(Effect.gen(function*() {
      const registry = yield* ProviderRegistry.make(
        { p: { imageModel: () => Effect.succeed(ours.imageModel("p", "m")) } },
        { imageModelMiddleware: { overrideModelId: ({ model }) => `${model.modelId}!`, overrideMaxImagesPerCall: () => 7 } }
      )
      return yield* registry.imageModel("p:m")
    }))
    expect({ modelId: model.modelId, max: model.maxImagesPerCall }).toEqual({ modelId: up.modelId, max: up.maxImagesPerCall })
  })

  it.effect("layerEmbeddingModel from Config feeds embed", () =>
    Effect.gen(function*() {
      const upInner = new MockEmbeddingModelV4({ provider: "p", modelId: "e", doEmbed: async () => ({ embeddings: [[1, 2]], warnings: [] }) })
      expect(upInner.provider).toBe("p")
      const result = yield* Embed.embed({ value: "x" }).pipe(
        Effect.provide(ProviderRegistry.layerEmbeddingModel(Config.String("EMBEDDING_MODEL"))),
        Effect.provide(ProviderRegistry.layer({
          p: { embeddingModel: (id) => Effect.succeed({ ...ours.embeddingModel("p", id), embed: () => Effect.succeed({ embeddings: [[1, 2]], warnings: [] }) }) }
        })),
        Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ EMBEDDING_MODEL: "p:e" })))
      )
      expect(result.embedding).toEqual([1, 2])
      const missing = yield* Effect.flip(Embed.embed({ value: "x" }).pipe(
        Effect.provide(ProviderRegistry.layerEmbeddingModel("q:e")),
        Effect.provide(ProviderRegistry.layer({ p: {} }))
      ))
      expect(missing._tag).toBe("NoSuchProviderError")
    }))
})
