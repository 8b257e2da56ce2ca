/**
 * Upstream's `maxEmbeddingsPerCall` check of an embedding model's `doEmbed`:
 * more values than the model takes in one call fail it before any request.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { TooManyEmbeddingValuesForCallError } from "../contract/errors/TooManyEmbeddingValuesForCallError.ts"

/**
 * Fails with upstream's `TooManyEmbeddingValuesForCallError` when `values` are more than
 * `maxEmbeddingsPerCall`.
 *
 * @since 0.1.0
 * @category utils
 */
export const check = (
  model: { readonly provider: string; readonly modelId: string },
  maxEmbeddingsPerCall: number,
  values: ReadonlyArray<string>
): Effect.Effect<void, TooManyEmbeddingValuesForCallError> =>
  values.length > maxEmbeddingsPerCall
    ? Effect.fail(
      new TooManyEmbeddingValuesForCallError({
        provider: model.provider,
        modelId: model.modelId,
        maxEmbeddingsPerCall,
        values
      })
    )
    : Effect.void
