/**
 * `RetryError`: a retried call gave up.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_RetryError"

/**
 * Why retrying stopped.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RetryErrorReason = Schema.Literals(["maxRetriesExceeded", "errorNotRetryable", "abort"])

/**
 * Why retrying stopped.
 *
 * @since 0.1.0
 * @category models
 */
export type RetryErrorReason = typeof RetryErrorReason.Type

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface RetryErrorOptions {
  readonly message: string
  readonly reason: RetryErrorReason
  readonly errors: ReadonlyArray<unknown>
}

/**
 * Retrying stopped; `errors` holds every attempt's failure, `lastError` the
 * last of them.
 *
 * @since 0.1.0
 * @category errors
 */
export class RetryError extends UpstreamError<RetryError>(name)("RetryError", {
  message: Schema.String,
  reason: RetryErrorReason,
  lastError: Schema.optional(Schema.Defect()),
  errors: Schema.Array(Schema.Defect())
}) {
  constructor(options: RetryErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message,
      reason: options.reason,
      lastError: options.errors[options.errors.length - 1],
      errors: options.errors
    }), makeOptions)
  }
}

/**
 * What `RetryError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type RetryErrorLike = UpstreamLike<RetryError>
