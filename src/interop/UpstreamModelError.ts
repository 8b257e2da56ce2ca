/**
 * `UpstreamModelError`: a failure of an upstream `LanguageModelV4` that is not one of aimux's
 * typed model errors.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { getErrorMessage } from "../contract/errors/index.ts"

/**
 * The upstream call that failed: `doGenerate`, `doStream`, reading the `doStream` stream, or
 * resolving `supportedUrls`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Operation = Schema.Literals(["doGenerate", "doStream", "stream", "supportedUrls"])

/**
 * The upstream call that failed.
 *
 * @since 0.1.0
 * @category models
 */
export type Operation = typeof Operation.Type

/**
 * What an upstream model threw (or rejected, or errored its stream with) when it is not an AI
 * SDK error that maps onto aimux's `ModelError` union: a plain `Error`, a `TypeError` from a
 * provider bug, a non-error value, or an AI SDK error class outside the model contract (a
 * custom-named `AISDKError`, `RetryError`, ...). The original value is `cause`, untouched.
 *
 * `fromLanguageModelV4` raises it as a defect (`Effect.die`): `ModelError` is a closed union and
 * such a failure is outside the model contract. `toLanguageModelV4` unwraps it again, so a round
 * trip rethrows the original value.
 *
 * @since 0.1.0
 * @category errors
 */
export class UpstreamModelError extends Schema.TaggedError<UpstreamModelError>("UpstreamModelError")(
  "UpstreamModelError",
  {
    message: Schema.String,
    provider: Schema.String,
    modelId: Schema.String,
    operation: Operation,
    cause: Schema.Defect()
  }
) {
  /**
   * Wraps a thrown value, with a message naming the model and the call.
   *
   * @since 0.1.0
   */
  static wrap(options: {
    readonly provider: string
    readonly modelId: string
    readonly operation: Operation
    readonly cause: unknown
  }): UpstreamModelError {
    return new UpstreamModelError({
      message: `${options.provider} ${options.modelId}: ${options.operation} failed: ${
        getErrorMessage(options.cause)
      }`,
      provider: options.provider,
      modelId: options.modelId,
      operation: options.operation,
      cause: options.cause
    })
  }
}

/**
 * True for an {@link UpstreamModelError}.
 *
 * @since 0.1.0
 * @category guards
 */
export const isUpstreamModelError = (u: unknown): u is UpstreamModelError => u instanceof UpstreamModelError
