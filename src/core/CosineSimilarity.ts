/**
 * `cosineSimilarity` (upstream `ai/src/util/cosine-similarity.ts`, 7.0.173).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"

/**
 * The cosine similarity of two vectors of the same length: 0 for empty vectors or a zero
 * magnitude; vectors of different lengths fail with upstream's `InvalidArgumentError`
 * (`parameter: "vector1,vector2"`).
 *
 * @since 0.1.0
 * @category utils
 */
export const cosineSimilarity = (
  vector1: ReadonlyArray<number>,
  vector2: ReadonlyArray<number>
): Effect.Effect<number, CoreInvalidArgumentError> =>
  vector1.length !== vector2.length
    ? Effect.fail(
      new CoreInvalidArgumentError({
        parameter: "vector1,vector2",
        value: { vector1Length: vector1.length, vector2Length: vector2.length },
        message: "Vectors must have the same length"
      })
    )
    : Effect.succeed(unsafeCosineSimilarity(vector1, vector2))

/**
 * {@link cosineSimilarity} for vectors known to have the same length (a hot loop over many
 * pairs); a shorter second vector reads as `NaN`.
 *
 * @since 0.1.0
 * @category utils
 */
export const unsafeCosineSimilarity = (vector1: ReadonlyArray<number>, vector2: ReadonlyArray<number>): number => {
  const n = vector1.length
  if (n === 0) return 0
  let magnitudeSquared1 = 0
  let magnitudeSquared2 = 0
  let dotProduct = 0
  for (let i = 0; i < n; i++) {
    const value1 = vector1[i]
    const value2 = vector2[i]
    magnitudeSquared1 += value1 * value1
    magnitudeSquared2 += value2 * value2
    dotProduct += value1 * value2
  }
  return magnitudeSquared1 === 0 || magnitudeSquared2 === 0
    ? 0
    : dotProduct / (Math.sqrt(magnitudeSquared1) * Math.sqrt(magnitudeSquared2))
}
