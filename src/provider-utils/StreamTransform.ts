/**
 * `StreamTransform`: a stateful, synchronous, chunk-at-a-time Stream operator
 * with the semantics of a WHATWG `TransformStream` (transform + flush), the
 * shape every upstream provider stream transform has.
 *
 * @since 0.1.0
 */
import { Array as Arr, Cause, Effect, Stream } from "effect"
import { dual } from "effect/Function"
import * as Pull from "effect/Pull"

/**
 * A transformer: `onChunk` gets every input chunk of the stream (one network
 * chunk, one SSE batch, ...) and pushes its outputs into `out`; `onEnd` runs
 * once when the input ends successfully. Returning an error emits what was
 * pushed so far and then fails the stream with it. `onEnd` never runs when
 * the input fails or the stream is interrupted (a TransformStream's flush
 * does not run on error either).
 *
 * @since 0.1.0
 * @category models
 */
export interface Transformer<A, B, E> {
  readonly onChunk: (chunk: Arr.NonEmptyReadonlyArray<A>, out: Array<B>) => E | undefined
  readonly onEnd?: ((out: Array<B>) => E | undefined) | undefined
}

/**
 * Applies a transformer. `make` runs once per stream run, so state created
 * in it is never shared between runs.
 *
 * @since 0.1.0
 * @category utils
 */
export const transform: {
  <A, B, E2>(make: () => Transformer<A, B, E2>): <E, R>(self: Stream.Stream<A, E, R>) => Stream.Stream<B, E | E2, R>
  <A, E, R, B, E2>(self: Stream.Stream<A, E, R>, make: () => Transformer<A, B, E2>): Stream.Stream<B, E | E2, R>
} = dual(2, <A, E, R, B, E2>(
  self: Stream.Stream<A, E, R>,
  make: () => Transformer<A, B, E2>
): Stream.Stream<B, E | E2, R> =>
  Stream.transformPull(self, (pull) =>
    Effect.sync(() => {
      const transformer = make()
      // Set once the output must end: a failure raised by the transformer
      // (after its last outputs were emitted), or the end of the input.
      let terminal: Pull.Pull<never, E | E2, void> | undefined
      const loop: Pull.Pull<Arr.NonEmptyReadonlyArray<B>, E | E2, void> = Effect.suspend(() =>
        terminal !== undefined ? terminal : step
      )
      const emit = (out: Array<B>, error: E2 | undefined, end: boolean) => {
        if (error !== undefined) terminal = Effect.fail(error)
        else if (end) terminal = Cause.done()
        return Arr.isArrayNonEmpty(out) ? Effect.succeed(out) : loop
      }
      const step: Pull.Pull<Arr.NonEmptyReadonlyArray<B>, E | E2, void> = Pull.matchEffect(pull, {
        onSuccess: (chunk) => {
          const out: Array<B> = []
          return emit(out, transformer.onChunk(chunk, out), false)
        },
        onFailure: Effect.failCause,
        onDone: () => {
          const out: Array<B> = []
          return emit(out, transformer.onEnd?.(out), true)
        }
      })
      return loop
    })))
