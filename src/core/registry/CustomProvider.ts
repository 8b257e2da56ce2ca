/**
 * `customProvider` (upstream `ai/src/registry/custom-provider.ts`): a provider made of named
 * models (aliases such as `fast` → a configured model, models with middleware or settings) and an
 * optional fallback provider asked for every id that is not named.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import { NoSuchModelError } from "../../contract/errors/NoSuchModelError.ts"
import type { Provider } from "./Provider.ts"

/**
 * A named model: the service itself, or an Effect building it (built on each request for it).
 *
 * @since 0.1.0
 */
export type ModelEntry<R> = LanguageModelService | Effect.Effect<LanguageModelService, ModelError, R>

/**
 * Options, as upstream's (language models for now).
 *
 * @since 0.1.0
 */
export interface Options<Ids extends string, R> {
  readonly languageModels?: { readonly [K in Ids]: ModelEntry<R> } | undefined
  /** Asked for every language model id that is not in `languageModels`. */
  readonly fallbackProvider?: Provider<R> | undefined
}

/**
 * The custom provider. An unknown id without a fallback provider fails with `NoSuchModelError`
 * (`No such languageModel: <id>`).
 *
 * @since 0.1.0
 */
export const make = <Ids extends string = string, R = never>(options: Options<Ids, R>): Provider<R> => {
  const models: Readonly<Record<string, ModelEntry<R>>> | undefined = options.languageModels
  const fallback = options.fallbackProvider
  return {
    languageModel: (modelId) => {
      // Own keys only: upstream's `in` would also find `toString` and the other prototype keys.
      if (models !== undefined && Object.hasOwn(models, modelId)) {
        const entry = models[modelId]
        return Effect.isEffect(entry) ? entry : Effect.succeed(entry)
      }
      if (fallback?.languageModel !== undefined) return fallback.languageModel(modelId)
      return Effect.fail(new NoSuchModelError({ modelId, modelType: "languageModel" }))
    }
  }
}
