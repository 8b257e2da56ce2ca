/**
 * A scripted image model for tests: the Effect counterpart of upstream `MockImageModelV4`
 * (`ai/test`). `generate` takes a script (a function of the options and the call index, one
 * result, or one result per call); every call's options are recorded in `calls`.
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as ImageModelNs from "../ImageModel.ts"
import type { ImageCallOptions, ImageResult } from "../contract/Image.ts"
import { type MediaScript, runScript } from "./internal/mediaScript.ts"

/**
 * Options of {@link make} / {@link layer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly provider?: string | undefined
  readonly modelId?: string | undefined
  readonly generate?: MediaScript<ImageCallOptions, ImageResult>
  readonly maxImagesPerCall?: ImageModelNs.MaxImagesPerCall
  readonly supportsFileInputs?: boolean | undefined
  readonly supportsMaskInputs?: boolean | undefined
}

/**
 * A mock model: the service and the recorded call options.
 *
 * @since 0.1.0
 * @category models
 */
export interface Mock {
  readonly model: ImageModelNs.Service
  readonly calls: ReadonlyArray<ImageCallOptions>
}

/**
 * Builds a mock image model.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Mock => {
  const calls: Array<ImageCallOptions> = []
  const model = ImageModelNs.make({
    provider: options.provider ?? "mock-provider",
    modelId: options.modelId ?? "mock-model-id",
    maxImagesPerCall: options.maxImagesPerCall ?? 1,
    supportsFileInputs: options.supportsFileInputs,
    supportsMaskInputs: options.supportsMaskInputs,
    generate: (call) => runScript(options.generate, calls, call)
  })
  return { model, calls }
}

/**
 * A Layer providing the mock as the `ImageModel` service.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<ImageModelNs.ImageModel> =>
  Layer.succeed(ImageModelNs.ImageModel, make(options).model)
