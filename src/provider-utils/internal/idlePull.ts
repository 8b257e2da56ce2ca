/**
 * A pull that must complete within a bound of the Effect `Clock` (the body idle bound of
 * `HttpTimeouts`, undici's `bodyTimeout`), at the cost of one fiber per pull and one watchdog
 * fiber per stream.
 *
 * `Effect.timeoutOrElse` on every pull costs a race per network chunk: two forked fibers, a
 * `Clock.sleep` (a timer set and cleared) and the loser's interruption. On a stream of small
 * chunks that was a third of a provider stream's CPU time (bench/sockets: 50 chunks of 2 KB, 636
 * vs 429 ms for 100 streams with the bound on vs off). Here the pull runs in one child fiber, and
 * the deadline is checked by a single watchdog per stream that sleeps until the deadline of the
 * pull in progress (or a whole bound when none is) and fails that pull when it is past it. The
 * bound is the same: each pull, from its start, gets `idleMs`; time the consumer spends between
 * pulls does not count.
 *
 * @internal
 */
import { Clock, Duration, Effect, Fiber, Scope } from "effect"

/**
 * `pull`, each run of it bounded by `idleMs` (Clock millis): past it, the run fails with
 * `onTimeout()` and the pull's fiber is interrupted. The watchdog lives in `scope`.
 *
 * @internal
 */
export const idleBoundedPull = <A, E>(
  pull: Effect.Effect<A, E>,
  idleMs: number,
  onTimeout: () => E,
  scope: Scope.Scope
): Effect.Effect<Effect.Effect<A, E>> =>
  Effect.clockWith((clock) => {
    /** The deadline of the pull in progress (Infinity when none is). */
    let deadline = Number.POSITIVE_INFINITY
    /** Resumes the consumer waiting on the pull in progress. */
    let waiting: ((effect: Effect.Effect<A, E>) => void) | undefined = undefined
    let running: Fiber.Fiber<A, E> | undefined = undefined
    const settle = () => {
      deadline = Number.POSITIVE_INFINITY
      waiting = undefined
      running = undefined
    }
    const watchdog: Effect.Effect<void> = Effect.suspend(() => {
      const remaining = deadline - clock.currentTimeMillisUnsafe()
      if (remaining <= 0) {
        const resume = waiting
        const fiber = running
        settle()
        if (resume !== undefined) resume(Effect.fail(onTimeout()))
        if (fiber !== undefined) fiber.interruptUnsafe()
      }
      return Effect.flatMap(clock.sleep(Duration.millis(remaining > 0 ? Math.min(remaining, idleMs) : idleMs)), () => watchdog)
    })
    const bounded: Effect.Effect<A, E> = Effect.flatMap(
      Effect.suspend(() => {
        deadline = clock.currentTimeMillisUnsafe() + idleMs
        return Effect.forkChild(pull, { startImmediately: true })
      }),
      (fiber) => {
        const done = fiber.pollUnsafe()
        if (done !== undefined) {
          settle()
          return done
        }
        return Effect.callback<A, E>((resume) => {
          waiting = resume
          running = fiber
          fiber.addObserver((exit) => {
            if (waiting !== resume) return
            settle()
            resume(exit)
          })
          // the consumer was interrupted while it waited
          return Effect.suspend(() => {
            if (waiting === resume) settle()
            return Fiber.interrupt(fiber)
          })
        })
      }
    )
    return Effect.as(Effect.forkIn(watchdog, scope), bounded)
  })
