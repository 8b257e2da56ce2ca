/**
 * `EarlyError`: the "error before any output" peek providers run inside
 * `stream` (upstream `throwIfOpenAIStreamErrorBeforeOutput`, Anthropic's
 * first-chunk check): read the body until its first output item; an error
 * item first fails the Effect, anything else hands the whole stream on.
 *
 * @since 0.1.0
 */
import { Array as Arr, Cause, Effect, Exit, Scope, Stream } from "effect"
import * as Pull from "effect/Pull"
import { closeBounded } from "../runtime/BoundedCancel.ts"

/**
 * How the peek classifies the items it reads before the first output.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<A, E2> {
  /** The failure to end `stream` with when `item` is an error before any output, else `undefined`. */
  readonly failure: (item: A) => E2 | undefined
  /** Whether `item` ends the peek (the first output, or anything else that settles it). */
  readonly isOutput: (item: A) => boolean
}

/**
 * A peeked body: the whole stream (peeked items replayed first) and the
 * finalizer of the scope the source runs in.
 *
 * The caller must put `Stream.ensuring(close)` on the OUTERMOST stream it
 * returns: a consumer that stops before it ever pulls `stream` (for instance
 * `Stream.take(1)` after a prepended `stream-start`) never reaches a
 * finalizer on `stream` itself, and the HTTP request would stay open.
 * Closing twice is harmless.
 *
 * @since 0.1.0
 * @category models
 */
export interface Peeked<A, E> {
  readonly stream: Stream.Stream<A, E>
  readonly close: Effect.Effect<void>
}

/**
 * Reads `source` until its first output item (`isOutput`) or its end. An
 * item for which `failure` returns an error before that fails the Effect
 * with it and closes the source; so do a source failure and interruption of
 * the peek. Otherwise the source keeps running in its own scope, closed by
 * the returned `close` (and when `stream` ends). Items after the deciding
 * one in the same chunk are not inspected.
 *
 * @since 0.1.0
 * @category utils
 */
export const peek = <A, E, E2>(
  source: Stream.Stream<A, E>,
  options: Options<A, E2>
): Effect.Effect<Peeked<A, E>, E | E2> =>
  Effect.gen(function*() {
    const scope = yield* Scope.make()
    // a failure (or the end) goes out without waiting on the body's cancel (issue 31)
    const close = closeBounded(scope)
    const read = Effect.gen(function*() {
      const pull = yield* Scope.provide(Stream.toPull(source), scope)
      const buffered: Array<A> = []
      let ended = false
      let decided = false
      while (!decided) {
        const next = yield* Pull.matchEffect(pull, {
          onSuccess: (chunk) => Effect.succeed<ReadonlyArray<A> | undefined>(chunk),
          onFailure: (cause) => Effect.failCause(cause),
          onDone: () => Effect.succeed(undefined)
        })
        if (next === undefined) {
          ended = true
          break
        }
        for (const item of next) {
          buffered.push(item)
          if (decided) continue
          const error = options.failure(item)
          if (error !== undefined) return yield* Effect.fail(error)
          if (options.isOutput(item)) decided = true
        }
      }
      let pending = Arr.isArrayNonEmpty(buffered) ? buffered : undefined
      const rest: Pull.Pull<Arr.NonEmptyReadonlyArray<A>, E, void> = ended ? Cause.done() : pull
      const resumed: Pull.Pull<Arr.NonEmptyReadonlyArray<A>, E, void> = Effect.suspend(() => {
        if (pending !== undefined) {
          const out = pending
          pending = undefined
          return Effect.succeed(out)
        }
        return rest
      })
      const peeked: Peeked<A, E> = { stream: Stream.fromPull(Effect.succeed(resumed)).pipe(Stream.ensuring(close)), close }
      return peeked
    })
    return yield* read.pipe(Effect.onExit((exit) => Exit.isFailure(exit) ? close : Effect.void))
  })
