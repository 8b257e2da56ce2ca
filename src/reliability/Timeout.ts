/**
 * Timeouts on Effect's `Clock` (so `TestClock` drives them), as upstream `ai`'s `timeout`
 * option: `total` (a whole generation), `step` (one model call), `firstChunk` (a stream's first
 * output chunk) and `chunk` (idle time between output chunks). Each fails with its own typed
 * error from `spec/errors/TimeoutError.ts`, never with interruption or an abort.
 *
 * What counts as output is upstream's `isOutputChunk`: a non-empty text, reasoning or tool-input
 * delta, a file, a reasoning file, a tool call. Metadata, `stream-start`, `raw`, `error` and the
 * start/end frames do not restart the clock.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Stream } from "effect"
import type * as Arr from "effect/Array"
import { dual } from "effect/Function"
import type { StreamPart } from "../contract/StreamPart.ts"
import {
  ChunkTimeoutError,
  FirstChunkTimeoutError,
  StepTimeoutError,
  TotalTimeoutError
} from "../contract/errors/TimeoutError.ts"
import * as OutputPart from "../runtime/OutputPart.ts"

/**
 * True for the parts that carry model output (upstream `isOutputChunk`; one definition, in the
 * runtime floor core shares).
 *
 * @since 0.1.0
 * @category guards
 */
export const isOutputPart: (part: StreamPart) => boolean = OutputPart.isOutputPart

const millisOf = (input: Duration.Input): number => Duration.toMillis(Duration.fromInputUnsafe(input))

/**
 * Fails `effect` with `TotalTimeoutError` when it runs longer than `duration` (wrap a
 * `generateText` call in it).
 *
 * @since 0.1.0
 * @category combinators
 */
export const total: {
  (duration: Duration.Input): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | TotalTimeoutError, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, duration: Duration.Input): Effect.Effect<A, E | TotalTimeoutError, R>
} = dual(
  2,
  <A, E, R>(effect: Effect.Effect<A, E, R>, duration: Duration.Input): Effect.Effect<A, E | TotalTimeoutError, R> =>
    Effect.timeoutOrElse(effect, {
      duration,
      orElse: () => Effect.fail(new TotalTimeoutError({ timeoutMs: millisOf(duration) }))
    })
)

/**
 * Fails `stream` with `TotalTimeoutError` when it has not ended `duration` after it started
 * (wrap a `streamText` stream in it; the parts emitted so far stay emitted).
 *
 * @since 0.1.0
 * @category combinators
 */
export const totalStream: {
  (duration: Duration.Input): <A, E, R>(stream: Stream.Stream<A, E, R>) => Stream.Stream<A, E | TotalTimeoutError, R>
  <A, E, R>(stream: Stream.Stream<A, E, R>, duration: Duration.Input): Stream.Stream<A, E | TotalTimeoutError, R>
} = dual(
  2,
  <A, E, R>(stream: Stream.Stream<A, E, R>, duration: Duration.Input): Stream.Stream<A, E | TotalTimeoutError, R> =>
    bounded(stream, () => new TotalTimeoutError({ timeoutMs: millisOf(duration) }), millisOf(duration))
)

const bounded = <A, E, R, E2>(stream: Stream.Stream<A, E, R>, error: () => E2, ms: number): Stream.Stream<A, E | E2, R> =>
  Stream.transformPull(stream, (pull) =>
    Effect.clockWith((clock) => {
      const deadline = clock.currentTimeMillisUnsafe() + ms
      return Effect.succeed(Effect.suspend(() => {
        const remaining = deadline - clock.currentTimeMillisUnsafe()
        return remaining <= 0
          ? Effect.fail(error())
          : Effect.timeoutOrElse(pull, { duration: Duration.millis(remaining), orElse: () => Effect.fail(error()) })
      }))
    }))

/**
 * The timeouts of one model call.
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamTimeouts {
  /** Time from the stream's start to its first output part. */
  readonly firstChunk?: Duration.Input | undefined
  /** Longest time between two output parts after the first. */
  readonly chunk?: Duration.Input | undefined
  /** The step's deadline (Clock epoch millis) and its configured length, for the error. */
  readonly step?: { readonly deadline: number; readonly timeoutMs: number } | undefined
  /** When the stream started (Clock epoch millis); default: its first pull. */
  readonly start?: number | undefined
}

/**
 * Applies the first-chunk, idle and step timeouts to a stream of V4 parts. The check runs per
 * pull (per network chunk), not per part; a timed-out pull is interrupted, which cancels the
 * HTTP body.
 *
 * The first-chunk and idle limits count the time spent waiting on the model: the time before the
 * first pull (the request) and inside pulls, not the time the consumer takes between pulls. The
 * stream is pulled only as fast as it is consumed (backpressure), so a consumer that pauses does
 * not make the model look idle. The step deadline is wall-clock time.
 *
 * @since 0.1.0
 * @category combinators
 */
export const streamTimeouts = <E, R>(
  stream: Stream.Stream<StreamPart, E, R>,
  options: StreamTimeouts
): Stream.Stream<StreamPart, E | FirstChunkTimeoutError | ChunkTimeoutError | StepTimeoutError, R> => {
  const firstMs = options.firstChunk === undefined ? undefined : millisOf(options.firstChunk)
  const chunkMs = options.chunk === undefined ? undefined : millisOf(options.chunk)
  const step = options.step
  if (firstMs === undefined && chunkMs === undefined && step === undefined) return stream
  return Stream.transformPull(stream, (pull) =>
    Effect.clockWith((clock) => {
      const start = options.start ?? clock.currentTimeMillisUnsafe()
      let seenOutput = false
      let started = false
      // model time since the stream's start (before the first output) or since the last output
      let waited = 0
      const guarded = Effect.suspend(() => {
        const pullStart = clock.currentTimeMillisUnsafe()
        if (!started) {
          started = true
          waited = pullStart - start
        }
        const observe = (parts: Arr.NonEmptyReadonlyArray<StreamPart>): Arr.NonEmptyReadonlyArray<StreamPart> => {
          if (parts.some(isOutputPart)) {
            seenOutput = true
            waited = 0
          } else {
            waited += clock.currentTimeMillisUnsafe() - pullStart
          }
          return parts
        }
        let remaining = Infinity
        let error: () => FirstChunkTimeoutError | ChunkTimeoutError | StepTimeoutError = () =>
          new StepTimeoutError({ timeoutMs: 0 })
        if (!seenOutput && firstMs !== undefined) {
          remaining = firstMs - waited
          error = () => new FirstChunkTimeoutError({ timeoutMs: firstMs })
        }
        if (seenOutput && chunkMs !== undefined) {
          remaining = chunkMs - waited
          error = () => new ChunkTimeoutError({ timeoutMs: chunkMs })
        }
        if (step !== undefined && step.deadline - pullStart < remaining) {
          remaining = step.deadline - pullStart
          error = () => new StepTimeoutError({ timeoutMs: step.timeoutMs })
        }
        if (remaining === Infinity) return Effect.map(pull, observe)
        if (remaining <= 0) return Effect.fail(error())
        return pull.pipe(
          Effect.timeoutOrElse({ duration: Duration.millis(remaining), orElse: () => Effect.fail(error()) }),
          Effect.map(observe)
        )
      })
      return Effect.succeed(guarded)
    }))
}
