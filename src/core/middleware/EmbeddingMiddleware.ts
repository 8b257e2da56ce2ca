/**
 * Embedding-model middleware (upstream `EmbeddingModelV4Middleware`, `wrapEmbeddingModel` and
 * `defaultEmbeddingSettingsMiddleware`): `transformParams`, `wrapEmbed`, and the override hooks
 * `overrideProvider`, `overrideModelId`, `overrideMaxEmbeddingsPerCall`,
 * `overrideSupportsParallelCalls`; several apply in upstream's order (the first transforms
 * first, the last wraps the model directly). The input-bytes limit and the provider-options
 * transformer of the wrapped model are kept, as upstream.
 *
 * @since 0.1.0
 */
import { Effect, Layer } from "effect"
import type { EmbeddingCallOptions, EmbeddingResult } from "../../contract/Embedding.ts"
import * as EmbeddingModel from "../../EmbeddingModel.ts"
import { mergeObjects } from "./internal/mergeObjects.ts"

/**
 * An embedding middleware.
 *
 * @since 0.1.0
 * @category models
 */
export interface EmbeddingMiddleware {
  readonly transformParams?:
    | ((options: { readonly params: EmbeddingCallOptions; readonly model: EmbeddingModel.Service }) => Effect.Effect<
      EmbeddingCallOptions,
      EmbeddingModel.EmbeddingError
    >)
    | undefined
  readonly wrapEmbed?:
    | ((options: {
      readonly doEmbed: Effect.Effect<EmbeddingResult, EmbeddingModel.EmbeddingError>
      readonly params: EmbeddingCallOptions
      readonly model: EmbeddingModel.Service
    }) => Effect.Effect<EmbeddingResult, EmbeddingModel.EmbeddingError>)
    | undefined
  readonly overrideProvider?: ((options: { readonly model: EmbeddingModel.Service }) => string) | undefined
  readonly overrideModelId?: ((options: { readonly model: EmbeddingModel.Service }) => string) | undefined
  readonly overrideMaxEmbeddingsPerCall?:
    | ((options: { readonly model: EmbeddingModel.Service }) => number | undefined)
    | undefined
  readonly overrideSupportsParallelCalls?:
    | ((options: { readonly model: EmbeddingModel.Service }) => boolean | undefined)
    | undefined
}

const isMany = (m: EmbeddingMiddleware | ReadonlyArray<EmbeddingMiddleware>): m is ReadonlyArray<EmbeddingMiddleware> =>
  Array.isArray(m)

const doWrap = (
  model: EmbeddingModel.Service,
  middleware: EmbeddingMiddleware,
  options: { readonly modelId?: string | undefined; readonly providerId?: string | undefined }
): EmbeddingModel.Service => {
  const { transformParams, wrapEmbed } = middleware
  return {
    ...model,
    provider: options.providerId ?? middleware.overrideProvider?.({ model }) ?? model.provider,
    modelId: options.modelId ?? middleware.overrideModelId?.({ model }) ?? model.modelId,
    maxEmbeddingsPerCall: middleware.overrideMaxEmbeddingsPerCall?.({ model }) ?? model.maxEmbeddingsPerCall,
    supportsParallelCalls: middleware.overrideSupportsParallelCalls?.({ model }) ?? model.supportsParallelCalls,
    embed: (params) =>
      Effect.flatMap(
        transformParams === undefined ? Effect.succeed(params) : Effect.suspend(() => transformParams({ params, model })),
        (transformed) => {
          const doEmbed = Effect.suspend(() => model.embed(transformed))
          return wrapEmbed === undefined ? doEmbed : Effect.suspend(() => wrapEmbed({ doEmbed, params: transformed, model }))
        }
      )
  }
}

/**
 * Wraps an embedding model with middleware (upstream `wrapEmbeddingModel`).
 *
 * @since 0.1.0
 * @category middleware
 */
export const wrap = (
  model: EmbeddingModel.Service,
  middleware: EmbeddingMiddleware | ReadonlyArray<EmbeddingMiddleware>,
  options: { readonly modelId?: string | undefined; readonly providerId?: string | undefined } = {}
): EmbeddingModel.Service =>
  [...(isMany(middleware) ? middleware : [middleware])].reverse().reduce(
    (wrapped: EmbeddingModel.Service, one) => doWrap(wrapped, one, options),
    model
  )

/**
 * A layer providing `EmbeddingModel` as the one below it wrapped with middleware.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (
  middleware: EmbeddingMiddleware | ReadonlyArray<EmbeddingMiddleware>
): Layer.Layer<EmbeddingModel.EmbeddingModel, never, EmbeddingModel.EmbeddingModel> =>
  Layer.effect(
    EmbeddingModel.EmbeddingModel,
    Effect.gen(function*() {
      return wrap(yield* EmbeddingModel.EmbeddingModel, middleware)
    })
  )

/**
 * `defaultEmbeddingSettingsMiddleware`: default `headers` / `providerOptions` deep-merged under
 * each call's own.
 *
 * @since 0.1.0
 * @category middleware
 */
export const defaultSettings = (settings: Pick<EmbeddingCallOptions, "headers" | "providerOptions">): EmbeddingMiddleware => ({
  transformParams: ({ params }) => Effect.suspend(() => EmbeddingModel.validateCallOptions(mergeObjects(settings, params)))
})
