/**
 * The body-idle bound of `Http` (runtime `HttpTimeouts.bodyIdle`): each pull of a response body
 * must complete within `idle` on Effect's `Clock`, or the stream fails with the given error.
 *
 * Why not `Effect.timeoutOrElse` per pull: that races the pull against a fresh sleep, which forks
 * two fibers, arms and clears a timer and interrupts the loser on every network chunk; on a
 * 3 MB stream of 200 chunks that was about a tenth of a provider stream's CPU time
 * (`bench/stagesResponses.ts`, "body timeout off"). Here one watchdog fiber per stream (in the
 * stream's scope) sleeps until the deadline of the pull in flight, and each pull only forks the
 * pull itself and notes when it started. When the watchdog finds a pull older than `idle` it
 * interrupts that pull's fiber, and the waiting pull fails with the bound's error. The deadline
 * is the same as before: `idle` after the pull started (the watchdog re-sleeps the remainder
 * when it wakes early); time the consumer spends between pulls is never counted.
 *
 * @internal
 */
import { Duration, Effect, Exit, Fiber } from "effect"
import type * as Scope from "effect/Scope"

interface InFlight<A, E> {
  readonly fiber: Fiber.Fiber<A, E>
  readonly start: number
  timedOut: boolean
}

/**
 * `pull` bounded by `idle` per call; the watchdog is forked in `scope` (the stream's).
 *
 * @internal
 */
export const boundPull = <A, E, E2>(
  pull: Effect.Effect<A, E>,
  scope: Scope.Scope,
  idle: Duration.Duration,
  onTimeout: () => E2
): Effect.Effect<Effect.Effect<A, E | E2>> =>
  Effect.clockWith((clock) => {
    const idleMs = Duration.toMillis(idle)
    let inFlight: InFlight<A, E> | undefined
    const watchdog: Effect.Effect<void> = Effect.suspend(() => {
      const current = inFlight
      const now = clock.currentTimeMillisUnsafe()
      if (current !== undefined && now - current.start >= idleMs) {
        current.timedOut = true
        return Fiber.interrupt(current.fiber)
      }
      const wait = current === undefined ? idle : Duration.millis(current.start + idleMs - now)
      return Effect.flatMap(Effect.sleep(wait), () => watchdog)
    })
    const settle = (current: InFlight<A, E>) => (exit: Exit.Exit<A, E>): Effect.Effect<A, E | E2> => {
      if (inFlight === current) inFlight = undefined
      return current.timedOut && Exit.hasInterrupts(exit) ? Effect.fail(onTimeout()) : exit
    }
    const bounded: Effect.Effect<A, E | E2> = Effect.flatMap(
      Effect.forkChild(pull, { startImmediately: true }),
      (fiber) => {
        const done = fiber.pollUnsafe()
        if (done !== undefined) return done
        const current: InFlight<A, E> = { fiber, start: clock.currentTimeMillisUnsafe(), timedOut: false }
        inFlight = current
        return Effect.onInterrupt(Effect.flatMap(Fiber.await(fiber), settle(current)), () => Fiber.interrupt(fiber))
      }
    )
    return Effect.as(Effect.forkIn(watchdog, scope, { startImmediately: true }), bounded)
  })
