/**
 * Latency of the first part: the first network read of a ConverseStream
 * body (often 16 KiB, a hundred frames) is handed on in growing slices that
 * end after the 1st, 3rd, 7th, ... complete frame (found from the frames'
 * length prefixes), so the first events are decoded and delivered before the
 * rest of the read; later reads pass whole. Framing does not depend on
 * where bytes are split (`stream.test.ts` cuts bodies at every byte), so
 * slicing changes only when parts are emitted. Upstream's decoder awaits
 * each event, which delivers its first part after the first frame too.
 *
 * @internal
 */
import type { Array as Arr } from "effect"
import { Effect, Stream } from "effect"

/** Slices end after frames 1, 3, 7, 15, 31, 63; the rest of the read follows as one chunk. */
const MAX_SLICES = 6

const cutPoints = (bytes: Uint8Array): Array<number> => {
  const cuts: Array<number> = []
  let frames = 0
  let next = 1
  let at = 0
  while (at + 4 <= bytes.length && cuts.length < MAX_SLICES) {
    const length = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, false)
    // a length the codec will reject ends the slicing: the decoder reports it
    if (length < 16 || at + length >= bytes.length) break
    at += length
    frames++
    if (frames === next) {
      cuts.push(at)
      next = next * 2 + 1
    }
  }
  return cuts
}

const slicesOf = (chunk: Arr.NonEmptyReadonlyArray<Uint8Array>): Array<Arr.NonEmptyReadonlyArray<Uint8Array>> => {
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

/** Re-chunks the first pull of the body into frame-aligned slices; later pulls pass unchanged. */
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
