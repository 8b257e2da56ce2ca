/**
 * The body idle bound's pull (`src/provider-utils/internal/idleBound.ts`) on the `TestClock`: each
 * pull gets the whole bound from its own start (pulls just under it never fail, whatever their
 * number), the consumer's time between pulls does not count, a pull past the bound fails with the
 * given error and its fiber is interrupted, and an interrupted consumer interrupts the pull.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Exit, Fiber, Scope } from "effect"
import { TestClock } from "effect/testing"
import { boundPull } from "../../src/provider-utils/internal/idleBound.ts"

const idleMs = 1_000

/** A pull that completes when the test says so, counting its interruptions. */
const controlled = Effect.gen(function*() {
  let next = yield* Deferred.make<number>()
  let interrupted = 0
  const pull = Effect.suspend(() => Deferred.await(next)).pipe(Effect.onInterrupt(() => Effect.sync(() => void interrupted++)))
  return {
    pull,
    answer: (value: number) =>
      Effect.flatMap(Deferred.succeed(next, value), () => Effect.sync(() => void (next = Deferred.makeUnsafe<number>()))),
    interrupted: () => interrupted
  }
})

const bounded = (pull: Effect.Effect<number>) =>
  Effect.flatMap(Scope.Scope, (scope) => boundPull(pull, scope, Duration.millis(idleMs), () => "timeout" as const))

describe("boundPull", () => {
  it.effect("each pull has the whole bound from its own start; time between pulls does not count", () =>
    Effect.scoped(Effect.gen(function*() {
      const c = yield* controlled
      const pull = yield* bounded(c.pull)
      for (let i = 0; i < 5; i++) {
        const fiber = yield* Effect.forkChild(pull)
        yield* TestClock.adjust(idleMs - 1)
        yield* c.answer(i)
        expect(yield* Fiber.join(fiber)).toBe(i)
        // the consumer takes longer than the bound before it pulls again
        yield* TestClock.adjust(idleMs * 3)
      }
      expect(c.interrupted()).toBe(0)
    })))

  it.effect("a pull past the bound fails with the given error and its fiber is interrupted", () =>
    Effect.scoped(Effect.gen(function*() {
      const c = yield* controlled
      const pull = yield* bounded(c.pull)
      const first = yield* Effect.forkChild(pull)
      yield* TestClock.adjust(10)
      yield* c.answer(1)
      expect(yield* Fiber.join(first)).toBe(1)
      const second = yield* Effect.forkChild(pull)
      yield* TestClock.adjust(idleMs - 1)
      expect(second.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust(1)
      expect(yield* Fiber.await(second)).toStrictEqual(Exit.fail("timeout"))
      expect(c.interrupted()).toBe(1)
    })))

  it.effect("an interrupted consumer interrupts the pull in progress", () =>
    Effect.scoped(Effect.gen(function*() {
      const c = yield* controlled
      const pull = yield* bounded(c.pull)
      const fiber = yield* Effect.forkChild(pull)
      yield* TestClock.adjust(10)
      yield* Fiber.interrupt(fiber)
      expect(c.interrupted()).toBe(1)
      // the next pull starts with a fresh bound
      const next = yield* Effect.forkChild(pull)
      yield* TestClock.adjust(idleMs - 1)
      yield* c.answer(7)
      expect(yield* Fiber.join(next)).toBe(7)
    })))

  it.effect("a pull that completes at once needs no timer", () =>
    Effect.scoped(Effect.gen(function*() {
      const pull = yield* bounded(Effect.succeed(3))
      expect(yield* pull).toBe(3)
      expect(yield* pull).toBe(3)
    })))
})
