/**
 * A provider as the registry and custom providers see it (upstream `ProviderV4`, language models
 * for now): a function from a model id to an Effect of the model service. An aimux provider
 * module fits directly: `{ languageModel: (id) => OpenAI.model(id) }` (its `R` is then
 * `HttpClient`).
 *
 * A model that a provider does not have fails with `NoSuchModelError`; a provider without a
 * `languageModel` function has no language models at all.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import * as Middleware from "../middleware/Middleware.ts"

/**
 * A provider; `R` are the services its models need to be built (e.g. `HttpClient`).
 *
 * @since 0.1.0
 */
export interface Provider<R = never> {
  readonly languageModel?: ((modelId: string) => Effect.Effect<LanguageModelService, ModelError, R>) | undefined
}

/**
 * Defines a provider (identity; fixes the type for inference).
 *
 * @since 0.1.0
 */
export const make = <R = never>(provider: Provider<R>): Provider<R> => provider

/**
 * Options of {@link wrap} (upstream `wrapProvider`).
 *
 * @since 0.1.0
 */
export interface WrapOptions {
  /** Applied to every language model of the provider (first = outermost). */
  readonly languageModelMiddleware: Middleware.Middlewares
}

/**
 * The provider whose language models are wrapped with middleware (upstream `wrapProvider`).
 *
 * @since 0.1.0
 */
export const wrap = <R>(provider: Provider<R>, options: WrapOptions): Provider<R> => {
  const languageModel = provider.languageModel
  return {
    ...provider,
    languageModel: languageModel === undefined
      ? undefined
      : (modelId) => Effect.map(languageModel(modelId), (model) => Middleware.wrap(model, options.languageModelMiddleware))
  }
}
