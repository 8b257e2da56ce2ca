/**
 * Retry policies for model calls (upstream `ai` `retryWithExponentialBackoffRespectingRetryHeaders`
 * and provider-utils `retryWithExponentialBackoff`), expressed as an Effect `Schedule`.
 *
 * A {@link Policy} is a `Schedule` (how many retries, how long to wait before each one, given the
 * failure) plus a predicate (which failures may be retried). {@link retry} runs an Effect under a
 * policy with upstream's exact outcome rules:
 *
 * - retries disabled (the schedule stops at once): the error itself, never wrapped;
 * - the schedule is exhausted: `RetryError` `maxRetriesExceeded`,
 *   `Failed after <n> attempts. Last error: <message>`, even if the last error is not retryable
 *   (upstream checks the count first);
 * - a non-retryable error on the first attempt: the error itself; on a later attempt:
 *   `RetryError` `errorNotRetryable`, `Failed after <n> attempts with non-retryable error: '<message>'`;
 * - an abort or a timeout (upstream `isAbortError`: named `AbortError`, `ResponseAborted` or
 *   `TimeoutError`, so every aimux timeout error) is the error itself, at any attempt, neither
 *   recorded nor wrapped (upstream rethrows it before its retry rules); a step or total timeout
 *   always, any other timeout unless the policy's predicate retries it (aimux's per-attempt
 *   first-chunk timeout with `additionalRetryable`);
 * - `errors` holds every attempt's failure in order; interruption and defects are never retried.
 *
 * Delays run on Effect's `Clock`, so `TestClock` drives them.
 *
 * @since 0.1.0
 */
import { Cause, Clock, Duration, Effect, Exit, Pull, Schedule } from "effect"
import { dual } from "effect/Function"
import { APICallError } from "../contract/errors/APICallError.ts"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import { getErrorMessage } from "../contract/errors/getErrorMessage.ts"
import { RetryError } from "../contract/errors/RetryError.ts"
import { isAbortError } from "../runtime/AbortError.ts"
import * as RetryAfter from "../runtime/RetryAfter.ts"
import { StepTimeoutError, TotalTimeoutError } from "../contract/errors/TimeoutError.ts"

/**
 * A retry policy: the schedule stepped with each failure (its delay is the wait before the next
 * attempt; when it stops, retrying stops) and the predicate of retryable failures.
 *
 * @since 0.1.0
 * @category models
 */
export interface Policy {
  readonly schedule: Schedule.Schedule<unknown, unknown>
  readonly isRetryable: (error: unknown) => boolean
}

/**
 * Options of {@link make}; the defaults are upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Retries after the first attempt (upstream `maxRetries`); default 2; 0 disables retrying. */
  readonly maxRetries?: number | undefined
  /** The first backoff delay; default 2000 ms. */
  readonly initialDelay?: Duration.Input | undefined
  /** The backoff factor; default 2. */
  readonly backoffFactor?: number | undefined
  /** Follow `retry-after-ms` / `retry-after` response headers within upstream's bound; default true. */
  readonly respectRetryHeaders?: boolean | undefined
  /**
   * Replaces the backoff schedule (count and delays). It is stepped with the failure, so it can
   * inspect it; `maxRetries`, `initialDelay`, `backoffFactor` and `respectRetryHeaders` are ignored.
   */
  readonly schedule?: Schedule.Schedule<unknown, unknown> | undefined
  /** Further failures to retry besides retryable `APICallError`s (upstream `additionalRetryableError`). */
  readonly additionalRetryable?: ((error: unknown) => boolean) | undefined
}

/**
 * Upstream's default retryability: an `APICallError` (aimux or upstream instance) whose
 * `isRetryable` is `true` (status 408, 409, 429, >= 500 by default, so 529 "overloaded" too,
 * and network failures). Upstream also retries its `GatewayError`, which aimux does not have.
 *
 * @since 0.1.0
 * @category guards
 */
export const isRetryableError = (error: unknown): boolean =>
  error instanceof Error && APICallError.isInstance(error) && error.isRetryable === true

const headersOf = (error: unknown): Readonly<Record<string, string>> | undefined => {
  if (APICallError.isInstance(error)) return error.responseHeaders
  if (error instanceof Error && APICallError.isInstance(error.cause)) return error.cause.responseHeaders
  return undefined
}

/**
 * Upstream `getRetryDelayInMs`: the delay the failure's response headers ask for
 * (`retry-after-ms`, else `retry-after` as seconds or an HTTP date) when it is between 0 and
 * 60 s or below the backoff delay; otherwise the backoff delay.
 *
 * @since 0.1.0
 * @category combinators
 */
export const retryDelayMillis = (error: unknown, exponentialBackoffDelay: number, now: number): number => {
  const responseHeaders = headersOf(error)
  return responseHeaders === undefined
    ? exponentialBackoffDelay
    : RetryAfter.retryDelayMillis({ responseHeaders }, exponentialBackoffDelay, now)
}

/**
 * Upstream's backoff as a `Schedule`: at most `maxRetries` recurrences, the n-th waiting
 * `initialDelay * backoffFactor^(n-1)`, or what the failure's retry headers ask for
 * ({@link retryDelayMillis}, with the Clock's time for HTTP dates).
 *
 * @since 0.1.0
 * @category combinators
 */
export const exponentialBackoff = (options: {
  readonly maxRetries: number
  readonly initialDelay: Duration.Input
  readonly backoffFactor: number
  readonly respectRetryHeaders: boolean
}): Schedule.Schedule<Duration.Duration, unknown> => {
  const base = Schedule.exponential(options.initialDelay, options.backoffFactor)
  const withHeaders = options.respectRetryHeaders
    ? Schedule.modifyDelay(base, (meta) =>
      Effect.succeed(Duration.millis(retryDelayMillis(meta.input, Duration.toMillis(meta.duration), meta.now))))
    : base
  return Schedule.upTo(withHeaders, { times: options.maxRetries })
}

/**
 * Builds a policy, validating `maxRetries` as upstream's `prepareRetries` does.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Effect.Effect<Policy, CoreInvalidArgumentError> =>
  Effect.suspend(() => {
    const maxRetries = options.maxRetries
    if (maxRetries != null) {
      if (!Number.isInteger(maxRetries)) {
        return Effect.fail(
          new CoreInvalidArgumentError({ parameter: "maxRetries", value: maxRetries, message: "maxRetries must be an integer" })
        )
      }
      if (maxRetries < 0) {
        return Effect.fail(
          new CoreInvalidArgumentError({ parameter: "maxRetries", value: maxRetries, message: "maxRetries must be >= 0" })
        )
      }
    }
    const additional = options.additionalRetryable
    return Effect.succeed({
      schedule: options.schedule ?? exponentialBackoff({
        maxRetries: maxRetries ?? 2,
        initialDelay: options.initialDelay ?? Duration.millis(2000),
        backoffFactor: options.backoffFactor ?? 2,
        respectRetryHeaders: options.respectRetryHeaders ?? true
      }),
      isRetryable: additional === undefined
        ? isRetryableError
        : (error: unknown) => isRetryableError(error) || additional(error)
    })
  })

/**
 * Upstream's default policy: 2 retries, 2 s then 4 s, retry headers honoured.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultPolicy: Policy = {
  schedule: exponentialBackoff({
    maxRetries: 2,
    initialDelay: Duration.millis(2000),
    backoffFactor: 2,
    respectRetryHeaders: true
  }),
  isRetryable: isRetryableError
}

/**
 * No retries: every failure passes through unwrapped.
 *
 * @since 0.1.0
 * @category combinators
 */
export const none: Policy = { schedule: Schedule.recurs(0), isRetryable: () => false }

/**
 * One retry session: `decide` records a failure and either waits for the next attempt or fails
 * with the final error. One session can span several phases of one logical call (the `stream`
 * Effect, then the stream before its first output), so they share one budget and one `errors` list.
 *
 * @since 0.1.0
 * @category models
 */
export interface Session {
  readonly decide: <E>(error: E) => Effect.Effect<void, E | RetryError>
  readonly errors: ReadonlyArray<unknown>
}

/**
 * A failure that ends the call as it is (see the module documentation): the call's own deadline
 * (step, total) is past, or an abort / timeout the policy does not retry.
 */
const isFinal = (policy: Policy, error: unknown): boolean =>
  error instanceof StepTimeoutError || error instanceof TotalTimeoutError ||
  (isAbortError(error) && !policy.isRetryable(error))

/**
 * Starts a {@link Session} of a policy.
 *
 * @since 0.1.0
 * @category combinators
 */
export const session = (policy: Policy): Effect.Effect<Session> =>
  Effect.map(Schedule.toStep(policy.schedule), (step) => {
    const errors: Array<unknown> = []
    const decide = <E>(error: E): Effect.Effect<void, E | RetryError> =>
      Effect.gen(function*() {
        if (isFinal(policy, error)) return yield* Effect.fail(error)
        errors.push(error)
        const tryNumber = errors.length
        const now = yield* Clock.currentTimeMillis
        const stepped = yield* Effect.exit(step(now, error))
        if (Exit.isFailure(stepped)) {
          // a policy schedule has no error channel: a failed step is it stopping, else a defect
          if (!Pull.isDoneCause(stepped.cause)) return yield* Effect.die(Cause.squash(stepped.cause))
          if (tryNumber === 1) return yield* Effect.fail(error)
          return yield* Effect.fail(
            new RetryError({
              message: `Failed after ${tryNumber} attempts. Last error: ${getErrorMessage(error)}`,
              reason: "maxRetriesExceeded",
              errors: [...errors]
            })
          )
        }
        if (!policy.isRetryable(error)) {
          if (tryNumber === 1) return yield* Effect.fail(error)
          return yield* Effect.fail(
            new RetryError({
              message: `Failed after ${tryNumber} attempts with non-retryable error: '${getErrorMessage(error)}'`,
              reason: "errorNotRetryable",
              errors: [...errors]
            })
          )
        }
        yield* Effect.sleep(stepped.value[1])
      })
    return { decide, errors }
  })

/**
 * Runs `effect` under `policy` in a fresh session (see the module documentation for outcomes).
 *
 * @since 0.1.0
 * @category combinators
 */
export const retry: {
  (policy: Policy): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | RetryError, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, policy: Policy): Effect.Effect<A, E | RetryError, R>
} = dual(
  2,
  <A, E, R>(effect: Effect.Effect<A, E, R>, policy: Policy): Effect.Effect<A, E | RetryError, R> =>
    Effect.flatMap(session(policy), (s) => retryWith(effect, s))
)

/**
 * Runs `effect` in an existing session.
 *
 * @since 0.1.0
 * @category combinators
 */
export const retryWith = <A, E, R>(effect: Effect.Effect<A, E, R>, s: Session): Effect.Effect<A, E | RetryError, R> => {
  const loop: Effect.Effect<A, E | RetryError, R> = Effect.catch(effect, (error) => Effect.andThen(s.decide(error), loop))
  return loop
}
