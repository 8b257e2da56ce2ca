/**
 * A provider as the registry and custom providers see it (upstream `ProviderV4`): per model kind
 * (language, embedding, image, transcription, speech, reranking), a function from a model id to an
 * Effect of the model service. An aimux provider module fits directly:
 * `{ languageModel: (id) => OpenAI.model(id), embeddingModel: (id) => OpenAI.embedding(id) }`
 * (its `R` is then `HttpClient`).
 *
 * A model that a provider does not have fails with `NoSuchModelError`; a provider without the
 * kind's function has no models of that kind.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { Service as EmbeddingModelService } from "../../EmbeddingModel.ts"
import type { Service as ImageModelService } from "../../ImageModel.ts"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import type { Service as RerankingModelService } from "../../RerankingModel.ts"
import type { Service as SpeechModelService } from "../../SpeechModel.ts"
import type { Service as TranscriptionModelService } from "../../TranscriptionModel.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import * as ImageMiddleware from "../middleware/ImageMiddleware.ts"
import * as Middleware from "../middleware/Middleware.ts"

/**
 * The model service of each kind a provider can be asked for.
 *
 * @since 0.1.0
 * @category models
 */
export interface Models {
  readonly languageModel: LanguageModelService
  readonly embeddingModel: EmbeddingModelService
  readonly imageModel: ImageModelService
  readonly transcriptionModel: TranscriptionModelService
  readonly speechModel: SpeechModelService
  readonly rerankingModel: RerankingModelService
}

/**
 * A model kind (upstream's `modelType` of the registry).
 *
 * @since 0.1.0
 * @category models
 */
export type Kind = keyof Models

/**
 * Every model kind, in upstream's order.
 *
 * @since 0.1.0
 * @category models
 */
export const kinds: ReadonlyArray<Kind> = ["languageModel", "embeddingModel", "imageModel", "transcriptionModel", "speechModel", "rerankingModel"]

/**
 * A provider; `R` are the services its models need to be built (e.g. `HttpClient`).
 *
 * @since 0.1.0
 * @category models
 */
export type Provider<R = never> = {
  readonly [K in Kind]?: ((modelId: string) => Effect.Effect<Models[K], ModelError, R>) | undefined
}

/**
 * Defines a provider (identity; fixes the type for inference).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <R = never>(provider: Provider<R>): Provider<R> => provider

/**
 * Options of {@link wrap} (upstream `wrapProvider`).
 *
 * @since 0.1.0
 * @category models
 */
export interface WrapOptions {
  /** Applied to every language model of the provider (first = outermost). */
  readonly languageModelMiddleware: Middleware.Middlewares
  /** Applied to every image model of the provider (first = outermost). */
  readonly imageModelMiddleware?: ImageMiddleware.ImageMiddleware | ReadonlyArray<ImageMiddleware.ImageMiddleware> | undefined
}

/**
 * The provider whose language (and image) models are wrapped with middleware (upstream
 * `wrapProvider`); its other kinds are passed through.
 *
 * @since 0.1.0
 * @category combinators
 */
export const wrap = <R>(provider: Provider<R>, options: WrapOptions): Provider<R> => {
  const languageModel = provider.languageModel
  const imageModel = provider.imageModel
  const imageMiddleware = options.imageModelMiddleware
  return {
    ...provider,
    languageModel: languageModel === undefined
      ? undefined
      : (modelId) => Effect.map(languageModel(modelId), (model) => Middleware.wrap(model, options.languageModelMiddleware)),
    imageModel: imageModel === undefined || imageMiddleware === undefined
      ? imageModel
      : (modelId) => Effect.map(imageModel(modelId), (model) => ImageMiddleware.wrap(model, imageMiddleware))
  }
}
