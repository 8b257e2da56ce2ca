/**
 * `NoSuchModelError`: a provider has no model with the requested id.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_NoSuchModelError"

/**
 * The kinds of model a provider can be asked for (upstream's `modelType`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ModelType = Schema.Literals([
  "languageModel",
  "embeddingModel",
  "imageModel",
  "transcriptionModel",
  "speechModel",
  "rerankingModel",
  "videoModel",
  "decisionModel",
  "evaluationModel"
])

/**
 * The kinds of model a provider can be asked for.
 *
 * @since 0.1.0
 * @category models
 */
export type ModelType = typeof ModelType.Type

/**
 * Constructor options, named as upstream's. `errorName` replaces the
 * instance's `name` (the marker stays `AI_NoSuchModelError`), as upstream.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoSuchModelErrorOptions {
  readonly errorName?: string | undefined
  readonly modelId: string
  readonly modelType: ModelType
  readonly message?: string | undefined
}

/**
 * No such model; default message `No such <modelType>: <modelId>`.
 *
 * @since 0.1.0
 * @category errors
 */
export class NoSuchModelError extends UpstreamError<NoSuchModelError>(name)("NoSuchModelError", {
  message: Schema.String,
  modelId: Schema.String,
  modelType: ModelType
}) {
  constructor(options: NoSuchModelErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message ?? `No such ${options.modelType}: ${options.modelId}`,
      modelId: options.modelId,
      modelType: options.modelType
    }), makeOptions)
    if (options.errorName !== undefined) {
      // Upstream stores the override as the instance's `name`; the schema
      // fields do not carry it, so it does not survive encode/decode.
      Object.defineProperty(this, "name", {
        value: options.errorName,
        writable: true,
        enumerable: true,
        configurable: true
      })
    }
  }
}

/**
 * What `NoSuchModelError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type NoSuchModelErrorLike = UpstreamLike<NoSuchModelError>
