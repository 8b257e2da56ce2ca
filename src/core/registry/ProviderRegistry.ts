/**
 * `createProviderRegistry` (upstream `ai/src/registry/provider-registry.ts`) as an Effect
 * service: providers under ids, models addressed as `"<providerId><separator><modelId>"`
 * (`"openai:gpt-4.1"`; the separator defaults to `:` and the model id is everything after its
 * first occurrence), optional middleware applied to every language model it returns.
 *
 * A program picks its model from configuration with {@link layerLanguageModel}:
 * `ProviderRegistry.layerLanguageModel(Config.String("MODEL"))` provides `LanguageModel` for
 * `generateText`, `streamText` and `Agent`.
 *
 * @since 0.1.0
 */
import { Config, Context, Effect, Layer } from "effect"
import { dual } from "effect/Function"
import { EmbeddingModel } from "../../EmbeddingModel.ts"
import { ImageModel } from "../../ImageModel.ts"
import { LanguageModel, type Service as LanguageModelService } from "../../LanguageModel.ts"
import { RerankingModel } from "../../RerankingModel.ts"
import { SpeechModel } from "../../SpeechModel.ts"
import { TranscriptionModel } from "../../TranscriptionModel.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { NoSuchModelError } from "../../contract/errors/NoSuchModelError.ts"
import { NoSuchProviderError } from "../../contract/errors/NoSuchProviderError.ts"
import * as ImageMiddleware from "../middleware/ImageMiddleware.ts"
import * as Middleware from "../middleware/Middleware.ts"
import type { Kind, Models, Provider } from "./Provider.ts"

/**
 * What resolving a model id can fail with: an invalid id or unknown model (`NoSuchModelError`),
 * an unknown provider (`NoSuchProviderError`), or the provider's own failure to build the model
 * (a missing API key, ...).
 *
 * @since 0.1.0
 * @category errors
 */
export type ResolveError = ModelError | NoSuchProviderError

/**
 * The registry service.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly separator: string
  readonly providerIds: ReadonlyArray<string>
  readonly languageModel: (id: string) => Effect.Effect<LanguageModelService, ResolveError>
  readonly embeddingModel: (id: string) => Effect.Effect<Models["embeddingModel"], ResolveError>
  readonly imageModel: (id: string) => Effect.Effect<Models["imageModel"], ResolveError>
  readonly transcriptionModel: (id: string) => Effect.Effect<Models["transcriptionModel"], ResolveError>
  readonly speechModel: (id: string) => Effect.Effect<Models["speechModel"], ResolveError>
  readonly rerankingModel: (id: string) => Effect.Effect<Models["rerankingModel"], ResolveError>
}

/**
 * The provider registry service.
 *
 * @since 0.1.0
 * @category services
 */
export class ProviderRegistry extends Context.Service<ProviderRegistry, Service>()("aimux/core/ProviderRegistry") {}

/**
 * Options, as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Between provider id and model id; default `":"`. */
  readonly separator?: string | undefined
  /** Applied to every language model the registry returns (first = outermost). */
  readonly languageModelMiddleware?: Middleware.Middlewares | undefined
  /** Applied to every image model the registry returns (first = outermost). */
  readonly imageModelMiddleware?: ImageMiddleware.ImageMiddleware | ReadonlyArray<ImageMiddleware.ImageMiddleware> | undefined
}

/**
 * Builds the registry over `providers`; their services (`R`) are taken from the context once.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <R = never>(
  providers: Readonly<Record<string, Provider<R>>>,
  options: Options = {}
): Effect.Effect<Service, never, R> =>
  Effect.map(Effect.context<R>(), (context) => makeWithContext(providers, context, options))

/**
 * Builds the registry over `providers` whose services come from `context`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWithContext = <R>(
  providers: Readonly<Record<string, Provider<R>>>,
  context: Context.Context<R>,
  options: Options = {}
): Service => {
  const separator = options.separator ?? ":"
  const byId = new Map(Object.entries(providers))
  const providerIds = Array.from(byId.keys())
  const resolve = <S>(
    kind: Kind,
    pick: (provider: Provider<R>) => ((modelId: string) => Effect.Effect<S, ModelError, R>) | undefined,
    wrap: ((model: S) => S) | undefined
  ) =>
  (id: string): Effect.Effect<S, ResolveError> =>
    Effect.suspend((): Effect.Effect<S, ResolveError> => {
      const index = id.indexOf(separator)
      if (index === -1) {
        return Effect.fail(
          new NoSuchModelError({
            modelId: id,
            modelType: kind,
            message: `Invalid ${kind} id for registry: ${id} (must be in the format "providerId${separator}modelId")`
          })
        )
      }
      const providerId = id.slice(0, index)
      const modelId = id.slice(index + separator.length)
      const provider = byId.get(providerId)
      if (provider === undefined) {
        return Effect.fail(new NoSuchProviderError({ modelId: providerId, modelType: kind, providerId, availableProviders: providerIds }))
      }
      const make = pick(provider)
      if (make === undefined) return Effect.fail(new NoSuchModelError({ modelId: id, modelType: kind }))
      const model = Effect.provideContext(make(modelId), context)
      return wrap === undefined ? model : Effect.map(model, wrap)
    })
  const languageMiddleware = options.languageModelMiddleware
  const imageMiddleware = options.imageModelMiddleware
  return {
    separator,
    providerIds,
    languageModel: resolve(
      "languageModel",
      (p) => p.languageModel,
      languageMiddleware === undefined ? undefined : (m) => Middleware.wrap(m, languageMiddleware)
    ),
    embeddingModel: resolve("embeddingModel", (p) => p.embeddingModel, undefined),
    imageModel: resolve("imageModel", (p) => p.imageModel, imageMiddleware === undefined ? undefined : (m) => ImageMiddleware.wrap(m, imageMiddleware)),
    transcriptionModel: resolve("transcriptionModel", (p) => p.transcriptionModel, undefined),
    speechModel: resolve("speechModel", (p) => p.speechModel, undefined),
    rerankingModel: resolve("rerankingModel", (p) => p.rerankingModel, undefined)
  }
}

/**
 * A layer providing the registry.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <R = never>(
  providers: Readonly<Record<string, Provider<R>>>,
  options: Options = {}
): Layer.Layer<ProviderRegistry, never, R> => Layer.effect(ProviderRegistry, make(providers, options))

/**
 * The language model with id `id` (`"openai:gpt-4.1"`) from the registry of the context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const languageModel = (id: string): Effect.Effect<LanguageModelService, ResolveError, ProviderRegistry> =>
  Effect.gen(function*() {
    const registry = yield* ProviderRegistry
    return yield* registry.languageModel(id)
  })

/**
 * A layer providing `LanguageModel` as the registry's model `id`, given directly or read from
 * configuration (`Config.String("MODEL")`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerLanguageModel = (
  id: string | Config.Config<string>
): Layer.Layer<LanguageModel, ResolveError | Config.ConfigError, ProviderRegistry> =>
  Layer.effect(
    LanguageModel,
    typeof id === "string" ? languageModel(id) : Effect.gen(function*() {
      return yield* languageModel(yield* id)
    })
  )

/**
 * Runs `effect` with `LanguageModel` provided as the registry's model `id`.
 *
 * @since 0.1.0
 * @category utils
 */
export const withLanguageModel: {
  (id: string): <A, E, R>(
    effect: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | ResolveError, Exclude<R, LanguageModel> | ProviderRegistry>
  <A, E, R>(
    effect: Effect.Effect<A, E, R>,
    id: string
  ): Effect.Effect<A, E | ResolveError, Exclude<R, LanguageModel> | ProviderRegistry>
} = dual(
  2,
  <A, E, R>(effect: Effect.Effect<A, E, R>, id: string) => provide(effect, id)
)

const provide = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  id: string
): Effect.Effect<A, E | ResolveError, Exclude<R, LanguageModel> | ProviderRegistry> =>
  Effect.flatMap(languageModel(id), (model) => Effect.provideService(effect, LanguageModel, model))

const layerOf = <I, S>(
  tag: Context.Key<I, S>,
  resolveOne: (registry: Service, id: string) => Effect.Effect<S, ResolveError>
) =>
(id: string | Config.Config<string>): Layer.Layer<I, ResolveError | Config.ConfigError, ProviderRegistry> =>
  Layer.effect(
    tag,
    Effect.gen(function*() {
      const registry = yield* ProviderRegistry
      return yield* resolveOne(registry, typeof id === "string" ? id : yield* id)
    })
  )

/**
 * A layer providing `EmbeddingModel` as the registry's model `id` (given or from `Config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerEmbeddingModel = layerOf(EmbeddingModel, (r, id) => r.embeddingModel(id))

/**
 * A layer providing `ImageModel` as the registry's model `id` (given or from `Config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerImageModel = layerOf(ImageModel, (r, id) => r.imageModel(id))

/**
 * A layer providing `TranscriptionModel` as the registry's model `id` (given or from `Config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerTranscriptionModel = layerOf(TranscriptionModel, (r, id) => r.transcriptionModel(id))

/**
 * A layer providing `SpeechModel` as the registry's model `id` (given or from `Config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerSpeechModel = layerOf(SpeechModel, (r, id) => r.speechModel(id))

/**
 * A layer providing `RerankingModel` as the registry's model `id` (given or from `Config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRerankingModel = layerOf(RerankingModel, (r, id) => r.rerankingModel(id))
