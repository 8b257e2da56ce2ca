/**
 * `TooManyEmbeddingValuesForCallError`: an embedding call got more values
 * than the model accepts per call.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_TooManyEmbeddingValuesForCallError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface TooManyEmbeddingValuesForCallErrorOptions {
  readonly provider: string
  readonly modelId: string
  readonly maxEmbeddingsPerCall: number
  readonly values: ReadonlyArray<unknown>
}

/**
 * Too many values for one embedding call; message as upstream.
 *
 * @since 0.1.0
 * @category errors
 */
export class TooManyEmbeddingValuesForCallError extends UpstreamError<TooManyEmbeddingValuesForCallError>(name)(
  "TooManyEmbeddingValuesForCallError",
  {
    message: Schema.String,
    provider: Schema.String,
    modelId: Schema.String,
    maxEmbeddingsPerCall: Schema.Number,
    values: Schema.Array(Schema.Unknown)
  }
) {
  constructor(options: TooManyEmbeddingValuesForCallErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: `Too many values for a single embedding call. ` +
        `The ${options.provider} model "${options.modelId}" can only embed up to ` +
        `${options.maxEmbeddingsPerCall} values per call, but ${options.values.length} values were provided.`,
      provider: options.provider,
      modelId: options.modelId,
      maxEmbeddingsPerCall: options.maxEmbeddingsPerCall,
      values: options.values
    }), makeOptions)
  }
}

/**
 * What `TooManyEmbeddingValuesForCallError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type TooManyEmbeddingValuesForCallErrorLike = UpstreamLike<TooManyEmbeddingValuesForCallError>
