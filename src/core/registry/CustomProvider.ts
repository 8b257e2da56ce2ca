/**
 * `customProvider` (upstream `ai/src/registry/custom-provider.ts`): a provider made of named
 * models per kind (aliases such as `fast` → a configured model, models with middleware or
 * settings) and an optional fallback provider asked for every id that is not named.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { NoSuchModelError } from "../../contract/errors/NoSuchModelError.ts"
import type { Kind, Models, Provider } from "./Provider.ts"

/**
 * A named model: the service itself, or an Effect building it (built on each request for it).
 *
 * @since 0.1.0
 * @category models
 */
export type ModelEntry<S, R> = S | Effect.Effect<S, ModelError, R>

/**
 * Options, as upstream's: named models per kind and a fallback provider.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<Ids extends string, R> {
  readonly languageModels?: { readonly [K in Ids]: ModelEntry<Models["languageModel"], R> } | undefined
  readonly embeddingModels?: Readonly<Record<string, ModelEntry<Models["embeddingModel"], R>>> | undefined
  readonly imageModels?: Readonly<Record<string, ModelEntry<Models["imageModel"], R>>> | undefined
  readonly transcriptionModels?: Readonly<Record<string, ModelEntry<Models["transcriptionModel"], R>>> | undefined
  readonly speechModels?: Readonly<Record<string, ModelEntry<Models["speechModel"], R>>> | undefined
  readonly rerankingModels?: Readonly<Record<string, ModelEntry<Models["rerankingModel"], R>>> | undefined
  /** Asked for every model id that is not named. */
  readonly fallbackProvider?: Provider<R> | undefined
}

const resolver = <S, R>(
  kind: Kind,
  models: Readonly<Record<string, ModelEntry<S, R>>> | undefined,
  fallback: ((modelId: string) => Effect.Effect<S, ModelError, R>) | undefined
) =>
(modelId: string): Effect.Effect<S, ModelError, R> => {
  // Own keys only: upstream's `in` would also find `toString` and the other prototype keys.
  if (models !== undefined && Object.hasOwn(models, modelId)) {
    const entry = models[modelId]
    if (entry !== undefined) return Effect.isEffect(entry) ? entry : Effect.succeed(entry)
  }
  if (fallback !== undefined) return fallback(modelId)
  return Effect.fail(new NoSuchModelError({ modelId, modelType: kind }))
}

/**
 * The custom provider. An unknown id without a fallback provider fails with `NoSuchModelError`
 * (`No such <kind>: <id>`), for every kind.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <Ids extends string = string, R = never>(options: Options<Ids, R>): Provider<R> => {
  const fallback = options.fallbackProvider
  const languageModels: Readonly<Record<string, ModelEntry<Models["languageModel"], R>>> | undefined = options.languageModels
  return {
    languageModel: resolver("languageModel", languageModels, fallback?.languageModel),
    embeddingModel: resolver("embeddingModel", options.embeddingModels, fallback?.embeddingModel),
    imageModel: resolver("imageModel", options.imageModels, fallback?.imageModel),
    transcriptionModel: resolver("transcriptionModel", options.transcriptionModels, fallback?.transcriptionModel),
    speechModel: resolver("speechModel", options.speechModels, fallback?.speechModel),
    rerankingModel: resolver("rerankingModel", options.rerankingModels, fallback?.rerankingModel)
  }
}
