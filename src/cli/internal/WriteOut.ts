/**
 * Writing to a Node `Writable` (stdout) with its backpressure honoured: when
 * `write` returns `false` the stream's buffer is over its high-water mark,
 * and the next write waits for `drain`, so a slow reader of the pipe slows
 * the producer down instead of the output piling up in memory.
 *
 * @internal
 */
import { Effect } from "effect"

/** The part of a Node `Writable` used here (structural, so any writable fits). */
export interface Output {
  write(text: string): boolean
  once(event: "drain" | "close" | "error", listener: () => void): unknown
  off(event: "drain" | "close" | "error", listener: () => void): unknown
}

// Resumes on `drain`; also on `close` or `error` (a reader gone: nothing will
// drain, and the write's own error handling reports it), never hanging.
const drained = (out: Output): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    const done = () => {
      cleanup()
      resume(Effect.void)
    }
    const cleanup = () => {
      out.off("drain", done)
      out.off("close", done)
      out.off("error", done)
    }
    out.once("drain", done)
    out.once("close", done)
    out.once("error", done)
    return Effect.sync(cleanup)
  })

/**
 * Writes `text`; completes once the stream can take more (at once when its
 * buffer is under the high-water mark, else on `drain`).
 *
 * @internal
 */
export const write = (out: Output, text: string): Effect.Effect<void> =>
  Effect.suspend(() => (out.write(text) ? Effect.void : drained(out)))
