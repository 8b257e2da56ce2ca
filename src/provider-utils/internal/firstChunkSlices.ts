/**
 * Latency of the first part: a stream's first network read (often 16 KiB,
 * a hundred or more events) is handed on in growing slices that end after
 * the 1st, 3rd, 7th, ... event, so the first events are decoded, transformed
 * and delivered before the rest of that read is processed. Later reads pass
 * whole. SSE decoding does not depend on where bytes are split, so slicing
 * changes nothing but when outputs are emitted; a body without LF LF event
 * ends (CR-only line ends) is simply not sliced.
 *
 * @internal
 */
import type { Array as Arr } from "effect"
import { Effect, Stream } from "effect"

const LF = 0x0a
/** Slices end after events 1, 3, 7, 15, 31, 63; the rest of the read follows as one chunk. */
const MAX_SLICES = 6

const cutPoints = (bytes: Uint8Array): Array<number> => {
  const cuts: Array<number> = []
  let events = 0
  let next = 1
  let i = bytes.indexOf(LF)
  while (i !== -1 && i + 2 < bytes.length && cuts.length < MAX_SLICES) {
    if (bytes[i + 1] === LF) {
      events++
      if (events === next) {
        cuts.push(i + 2)
        next = next * 2 + 1
      }
      i = bytes.indexOf(LF, i + 2)
    } else {
      i = bytes.indexOf(LF, i + 1)
    }
  }
  return cuts
}

const slicesOf = (
  chunk: Arr.NonEmptyReadonlyArray<Uint8Array>
): Array<Arr.NonEmptyReadonlyArray<Uint8Array>> => {
  const first = chunk[0]
  const cuts = cutPoints(first)
  if (cuts.length === 0) return [chunk]
  const out: Array<Arr.NonEmptyReadonlyArray<Uint8Array>> = []
  let start = 0
  for (const cut of cuts) {
    out.push([first.subarray(start, cut)])
    start = cut
  }
  out.push([first.subarray(start), ...chunk.slice(1)])
  return out
}

/**
 * Re-chunks the first pull of a byte stream into event-aligned slices (see
 * the module comment); every later pull is passed through unchanged.
 *
 * @internal
 */
export const sliceFirstChunk = <E, R>(self: Stream.Stream<Uint8Array, E, R>): Stream.Stream<Uint8Array, E, R> =>
  Stream.transformPull(self, (pull) =>
    Effect.sync(() => {
      let pending: Array<Arr.NonEmptyReadonlyArray<Uint8Array>> = []
      let started = false
      const first = Effect.map(pull, (chunk) => {
        const slices = slicesOf(chunk)
        pending = slices.slice(1).reverse()
        return slices[0]
      })
      return Effect.suspend(() => {
        const slice = pending.pop()
        if (slice !== undefined) return Effect.succeed(slice)
        if (started) return pull
        started = true
        return first
      })
    }))
