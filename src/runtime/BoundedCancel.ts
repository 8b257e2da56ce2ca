/**
 * `BoundedCancel`: closing a response body never waits on the peer. Cancelling a fetch body
 * (`reader.cancel()`) returns a promise the peer settles; a mock server, a proxy or a test fetch
 * may never settle it, and effect's body stream awaits it in its finalizer. Every place that
 * closes a body (an early error, a retry, interruption, the idle bound, a discarded download)
 * closes it through here: the close is started at once and awaited for at most a short real-time
 * bound, after which the failure or the end goes out and the close finishes in the background.
 *
 * @since 0.1.0
 */
import { Effect, Exit, Fiber, Scope, Stream } from "effect"
import * as Channel from "effect/Channel"

/**
 * How long a close waits for the peer's cancel, in real milliseconds (not the Effect `Clock`: a
 * test on `TestClock` with a never-settling mock body must not hang either).
 *
 * @since 0.1.0
 * @category constants
 */
export const CANCEL_BOUND_MS = 100

/** Resumes after `ms` real milliseconds, or as soon as `fiber` ends, whichever comes first. */
const awaitAtMost = (fiber: Fiber.Fiber<void>, ms: number): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resume(Effect.void)
    }
    const timer = setTimeout(finish, ms)
    fiber.addObserver(finish)
  })

/**
 * Closes `scope` with `exit`, waiting for its finalizers (a body's cancel) at most
 * {@link CANCEL_BOUND_MS}; a close still running after that goes on in a detached fiber.
 *
 * @since 0.1.0
 * @category combinators
 */
export const closeBounded = (scope: Scope.Closeable, exit: Exit.Exit<unknown, unknown> = Exit.void): Effect.Effect<void> =>
  Effect.flatMap(Effect.forkDetach(Scope.close(scope, exit), { startImmediately: true }), (fiber) =>
    fiber.pollUnsafe() !== undefined ? Effect.void : awaitAtMost(fiber, CANCEL_BOUND_MS))

/**
 * `stream` (a response body) run in its own scope, closed through {@link closeBounded} when the
 * returned stream ends, fails or is interrupted: its consumer never waits on the peer's cancel.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stream = <A, E>(body: Stream.Stream<A, E>): Stream.Stream<A, E> =>
  Stream.fromChannel(
    Channel.fromTransform((_, outer) =>
      Effect.flatMap(Scope.make(), (inner) =>
        Effect.flatMap(
          Scope.addFinalizerExit(outer, (exit) => closeBounded(inner, exit)),
          () => Channel.toPullScoped(body.channel, inner)
        ))
    )
  )
