/**
 * The V4 image model contract (`ImageModelV4`) as an Effect service: `generate` is upstream's
 * `doGenerate`; failures are typed `ModelError`s; cancelling is interrupting the fiber.
 *
 * @since 0.1.0
 */
import { Context, Effect } from "effect"
import type { ModelError } from "./contract/errors/index.ts"
import type { ImageCallOptions, ImageResult } from "./contract/Image.ts"

/**
 * Upstream's `maxImagesPerCall`: a fixed limit, `undefined` (the caller's default, 1), or a
 * function of the model id.
 *
 * @since 0.1.0
 * @category models
 */
export type MaxImagesPerCall =
  | number
  | undefined
  | ((options: { readonly modelId: string }) => Effect.Effect<number | undefined> | number | undefined)

/**
 * The service shape of an image model.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly specificationVersion: "v4"
  readonly provider: string
  readonly modelId: string
  readonly maxImagesPerCall: MaxImagesPerCall
  /** Whether image file inputs (editing) are supported; `undefined`: unknown. */
  readonly supportsFileInputs?: boolean | undefined
  /** Whether mask inputs are supported; `undefined`: unknown. */
  readonly supportsMaskInputs?: boolean | undefined
  readonly generate: (options: ImageCallOptions) => Effect.Effect<ImageResult, ModelError>
}

/**
 * The image model service.
 *
 * @since 0.1.0
 * @category services
 */
export class ImageModel extends Context.Service<ImageModel, Service>()("aimux/ImageModel") {}

/**
 * Builds an image model service (sets `specificationVersion`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (impl: Omit<Service, "specificationVersion">): Service => ({ specificationVersion: "v4", ...impl })

/**
 * Resolves `maxImagesPerCall` as upstream's `invokeModelMaxImagesPerCall`.
 *
 * @since 0.1.0
 * @category getters
 */
export const resolveMaxImagesPerCall = (model: Service): Effect.Effect<number | undefined> => {
  const limit = model.maxImagesPerCall
  if (typeof limit !== "function") return Effect.succeed(limit)
  const value = limit({ modelId: model.modelId })
  return Effect.isEffect(value) ? value : Effect.succeed(value)
}
