/**
 * The user's `experimental_transform`s restarted per stream-retry attempt, as upstream's
 * `applyStreamTextTransforms`: the parts are cut into segments at each retried attempt's first
 * part (where upstream's retry boundary is), each segment runs through a fresh application of the
 * transforms (so a stateful transform ends, flushing what it holds, at the boundary and starts
 * anew on the successful attempt), and the segments are read one after the other.
 *
 * @internal
 */
import { Array as Arr, Cause, Effect, Stream } from "effect"
import type { TextStreamPart } from "../TextStreamPart.ts"
import { markAttemptStart, startsAttempt } from "../internal/AttemptStart.ts"

/**
 * Applies `transform` to each attempt's segment of `stream` in turn. The first part a restarted
 * transform emits is marked as the attempt's start, so the stages after the transforms (the text
 * stage, the output coalescer) still reset there when the transform rebuilt the part.
 *
 * @internal
 */
export const perAttempt = <R>(
  stream: Stream.Stream<TextStreamPart, never, R>,
  transform: (segment: Stream.Stream<TextStreamPart, never, R>) => Stream.Stream<TextStreamPart, never, R>
): Stream.Stream<TextStreamPart, never, R> =>
  Stream.unwrap(Effect.map(Stream.toPull(stream), (pull) => {
    // parts read from the source that belong to the next segment (from a retried attempt's start)
    let carried: ReadonlyArray<TextStreamPart> = []
    const segment = (): Stream.Stream<TextStreamPart, never, R> => {
      let first = true
      let closed = false
      const next = Effect.suspend((): Effect.Effect<Arr.NonEmptyReadonlyArray<TextStreamPart>, Cause.Done> => {
        if (closed) return Cause.done()
        const read: Effect.Effect<ReadonlyArray<TextStreamPart>, Cause.Done> = carried.length > 0
          ? Effect.succeed(carried)
          : pull
        return Effect.flatMap(read, (parts) => {
          // the segment's own first part may start an attempt; any later one closes the segment
          let cut = -1
          for (let i = first ? 1 : 0; i < parts.length; i++) {
            if (startsAttempt(parts[i]!)) {
              cut = i
              break
            }
          }
          first = false
          const head = cut === -1 ? parts : parts.slice(0, cut)
          carried = cut === -1 ? [] : parts.slice(cut)
          closed = cut !== -1
          return Arr.isReadonlyArrayNonEmpty(head) ? Effect.succeed(head) : Cause.done()
        })
      })
      return transform(Stream.fromPull(Effect.succeed(next)))
    }
    const markFirst = (transformed: Stream.Stream<TextStreamPart, never, R>) => {
      let marked = false
      return Stream.mapArray(transformed, (parts) => {
        if (!marked) {
          marked = true
          markAttemptStart(parts[0])
        }
        return parts
      })
    }
    // a segment closed at a boundary is followed by a fresh application of the transforms (a
    // transform that stops reading ends the run: upstream would restart it on the rest, forever
    // for one that reads nothing)
    const from = (restarted: boolean): Stream.Stream<TextStreamPart, never, R> =>
      Stream.concat(
        restarted ? markFirst(segment()) : segment(),
        Stream.suspend(() => carried.length > 0 ? from(true) : Stream.empty)
      )
    return from(false)
  }))
