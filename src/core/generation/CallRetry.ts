/**
 * Retries of a model call inside generateText / streamText (upstream `prepareRetries` +
 * `retryWithExponentialBackoffRespectingRetryHeaders`): `maxRetries` (default 2) attempts after
 * the first, waiting 2 s, 4 s, ... on Effect's `Clock` as an exponential `Schedule`, or what a
 * retryable `APICallError`'s `retry-after-ms` / `retry-after` headers ask for (the one
 * retry-after rule of `runtime/RetryAfter.ts`).
 *
 * @internal
 */
import { Clock, Duration, Effect, Schedule } from "effect"
import { isAbortError } from "../../runtime/AbortError.ts"
import { retryDelayMillis } from "../../runtime/RetryAfter.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import { CoreInvalidArgumentError } from "../../contract/errors/CoreInvalidArgumentError.ts"
import { getErrorMessage } from "../../contract/errors/getErrorMessage.ts"
import { RetryError } from "../../contract/errors/RetryError.ts"

/**
 * Validates a retry count as upstream `prepareRetries` does (an integer, >= 0).
 *
 * @internal
 */
export const prepareRetries = (
  maxRetries: number | undefined,
  options: { readonly parameter?: string; readonly defaultMaxRetries?: number } = {}
): Effect.Effect<number, CoreInvalidArgumentError> => {
  const parameter = options.parameter ?? "maxRetries"
  if (maxRetries != null) {
    if (!Number.isInteger(maxRetries)) {
      return Effect.fail(new CoreInvalidArgumentError({ parameter, value: maxRetries, message: `${parameter} must be an integer` }))
    }
    if (maxRetries < 0) {
      return Effect.fail(new CoreInvalidArgumentError({ parameter, value: maxRetries, message: `${parameter} must be >= 0` }))
    }
  }
  return Effect.succeed(maxRetries ?? options.defaultMaxRetries ?? 2)
}

/** Upstream's retryable failures: an `APICallError` with `isRetryable: true`. */
const isRetryable = (error: unknown): boolean => APICallError.isInstance(error) && error.isRetryable === true

const headersOf = (error: unknown): Pick<APICallError, "responseHeaders"> =>
  APICallError.isInstance(error) ? error : { responseHeaders: undefined }

/**
 * Runs `effect` with upstream's retry rules: with 0 retries the error passes unwrapped; a
 * retryable failure waits and retries while attempts remain, else `RetryError`
 * `maxRetriesExceeded`; a non-retryable failure is itself on the first attempt, else `RetryError`
 * `errorNotRetryable`. An abort or timeout failure (upstream `isAbortError`, so every aimux timeout
 * error) is rethrown as it is at any attempt, as upstream's loop does before its rules.
 * Interruption and defects are never retried.
 *
 * @internal
 */
export const withRetries = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  maxRetries: number,
  // upstream `additionalRetryableError` (generateImage retries its unclassified empty results)
  additionalRetryable?: (error: E) => boolean
): Effect.Effect<A, E | RetryError, R> => {
  if (maxRetries === 0) return effect
  return Effect.flatMap(Schedule.toStep(Schedule.exponential(Duration.millis(2000), 2)), (step) => {
    const errors: Array<unknown> = []
    const loop: Effect.Effect<A, E | RetryError, R> = Effect.catch(effect, (error) =>
      Effect.gen(function*() {
        if (isAbortError(error)) return yield* Effect.fail(error)
        errors.push(error)
        const tryNumber = errors.length
        if (tryNumber > maxRetries) {
          return yield* Effect.fail(
            new RetryError({
              message: `Failed after ${tryNumber} attempts. Last error: ${getErrorMessage(error)}`,
              reason: "maxRetriesExceeded",
              errors: [...errors]
            })
          )
        }
        if (!isRetryable(error) && additionalRetryable?.(error) !== true) {
          if (tryNumber === 1) return yield* Effect.fail(error)
          return yield* Effect.fail(
            new RetryError({
              message: `Failed after ${tryNumber} attempts with non-retryable error: '${getErrorMessage(error)}'`,
              reason: "errorNotRetryable",
              errors: [...errors]
            })
          )
        }
        const now = yield* Clock.currentTimeMillis
        // the exponential schedule never ends; its step gives the backoff delay of this attempt
        const [, backoff] = yield* Effect.orDie(step(now, error))
        yield* Effect.sleep(Duration.millis(retryDelayMillis(headersOf(error), Duration.toMillis(backoff), now)))
        return yield* loop
      }))
    return loop
  })
}
