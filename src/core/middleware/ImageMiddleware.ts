/**
 * Image-model middleware (upstream `ImageModelV4Middleware` and `wrapImageModel`):
 * `transformParams`, `wrapGenerate`, and the override hooks `overrideProvider`,
 * `overrideModelId`, `overrideMaxImagesPerCall`, `overrideSupportsFileInputs`,
 * `overrideSupportsMaskInputs`; several apply in upstream's order (the first transforms first, the
 * last wraps the model directly).
 *
 * @since 0.1.0
 */
import { Effect, Layer } from "effect"
import type { ModelError } from "../../contract/errors/ModelError.ts"
import type { ImageCallOptions, ImageResult } from "../../contract/Image.ts"
import * as ImageModel from "../../ImageModel.ts"

/**
 * An image middleware.
 *
 * @since 0.1.0
 * @category models
 */
export interface ImageMiddleware {
  readonly transformParams?:
    | ((options: { readonly params: ImageCallOptions; readonly model: ImageModel.Service }) => Effect.Effect<ImageCallOptions, ModelError>)
    | undefined
  readonly wrapGenerate?:
    | ((options: {
      readonly doGenerate: Effect.Effect<ImageResult, ModelError>
      readonly params: ImageCallOptions
      readonly model: ImageModel.Service
    }) => Effect.Effect<ImageResult, ModelError>)
    | undefined
  readonly overrideProvider?: ((options: { readonly model: ImageModel.Service }) => string) | undefined
  readonly overrideModelId?: ((options: { readonly model: ImageModel.Service }) => string) | undefined
  readonly overrideMaxImagesPerCall?:
    | ((options: { readonly model: ImageModel.Service }) => ImageModel.MaxImagesPerCall)
    | undefined
  readonly overrideSupportsFileInputs?: ((options: { readonly model: ImageModel.Service }) => boolean | undefined) | undefined
  readonly overrideSupportsMaskInputs?: ((options: { readonly model: ImageModel.Service }) => boolean | undefined) | undefined
}

const isMany = (m: ImageMiddleware | ReadonlyArray<ImageMiddleware>): m is ReadonlyArray<ImageMiddleware> => Array.isArray(m)

const doWrap = (
  model: ImageModel.Service,
  middleware: ImageMiddleware,
  options: { readonly modelId?: string | undefined; readonly providerId?: string | undefined }
): ImageModel.Service => {
  const { transformParams, wrapGenerate } = middleware
  // upstream: `override?.() ?? model.maxImagesPerCall` for the limit, `!== undefined` for the flags
  const supportsFileInputs = middleware.overrideSupportsFileInputs !== undefined
    ? middleware.overrideSupportsFileInputs({ model })
    : model.supportsFileInputs
  const supportsMaskInputs = middleware.overrideSupportsMaskInputs !== undefined
    ? middleware.overrideSupportsMaskInputs({ model })
    : model.supportsMaskInputs
  return {
    specificationVersion: "v4",
    provider: options.providerId ?? middleware.overrideProvider?.({ model }) ?? model.provider,
    modelId: options.modelId ?? middleware.overrideModelId?.({ model }) ?? model.modelId,
    maxImagesPerCall: middleware.overrideMaxImagesPerCall?.({ model }) ?? model.maxImagesPerCall,
    supportsFileInputs,
    supportsMaskInputs,
    generate: (params) =>
      Effect.flatMap(
        transformParams === undefined ? Effect.succeed(params) : Effect.suspend(() => transformParams({ params, model })),
        (transformed) => {
          const doGenerate = Effect.suspend(() => model.generate(transformed))
          return wrapGenerate === undefined ? doGenerate : Effect.suspend(() => wrapGenerate({ doGenerate, params: transformed, model }))
        }
      )
  }
}

/**
 * Wraps an image model with middleware (upstream `wrapImageModel`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const wrap = (
  model: ImageModel.Service,
  middleware: ImageMiddleware | ReadonlyArray<ImageMiddleware>,
  options: { readonly modelId?: string | undefined; readonly providerId?: string | undefined } = {}
): ImageModel.Service =>
  [...(isMany(middleware) ? middleware : [middleware])].reverse().reduce(
    (wrapped: ImageModel.Service, one) => doWrap(wrapped, one, options),
    model
  )

/**
 * A layer providing `ImageModel` as the one below it wrapped with middleware.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (
  middleware: ImageMiddleware | ReadonlyArray<ImageMiddleware>
): Layer.Layer<ImageModel.ImageModel, never, ImageModel.ImageModel> =>
  Layer.effect(
    ImageModel.ImageModel,
    Effect.gen(function*() {
      return wrap(yield* ImageModel.ImageModel, middleware)
    })
  )
