/**
 * The timeouts of a model call or a generation (upstream `timeout.totalMs`, `stepMs`,
 * `firstChunkMs`, `chunkMs`). Upstream aborts with a `DOMException` named `TimeoutError`
 * whose message is `<Label> timeout of <ms>ms exceeded`; these classes keep that `name` and
 * message, and a distinct `_tag` per timeout so they are never confused with an abort
 * (`AbortedError`) or with fiber interruption.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * The whole generation (every step, retries and tools included) ran longer than `timeoutMs`.
 *
 * @since 0.1.0
 * @category errors
 */
export class TotalTimeoutError extends Schema.TaggedError<TotalTimeoutError>("TimeoutError")("TotalTimeoutError", {
  timeoutMs: Schema.Number
}) {
  override get message(): string {
    return `Total timeout of ${this.timeoutMs}ms exceeded`
  }
}

/**
 * One model call (its retries included; for a stream, until the stream ended) ran longer than
 * `timeoutMs`.
 *
 * @since 0.1.0
 * @category errors
 */
export class StepTimeoutError extends Schema.TaggedError<StepTimeoutError>("TimeoutError")("StepTimeoutError", {
  timeoutMs: Schema.Number
}) {
  override get message(): string {
    return `Step timeout of ${this.timeoutMs}ms exceeded`
  }
}

/**
 * A stream produced no output chunk (text, reasoning or tool-input delta, file, tool call)
 * within `timeoutMs` of its start.
 *
 * @since 0.1.0
 * @category errors
 */
export class FirstChunkTimeoutError
  extends Schema.TaggedError<FirstChunkTimeoutError>("TimeoutError")("FirstChunkTimeoutError", {
    timeoutMs: Schema.Number
  })
{
  override get message(): string {
    return `First chunk timeout of ${this.timeoutMs}ms exceeded`
  }
}

/**
 * A stream went `timeoutMs` without an output chunk after its first one (idle timeout).
 *
 * @since 0.1.0
 * @category errors
 */
export class ChunkTimeoutError extends Schema.TaggedError<ChunkTimeoutError>("TimeoutError")("ChunkTimeoutError", {
  timeoutMs: Schema.Number
}) {
  override get message(): string {
    return `Chunk timeout of ${this.timeoutMs}ms exceeded`
  }
}

/**
 * Any of the timeouts.
 *
 * @since 0.1.0
 * @category errors
 */
export type TimeoutError = TotalTimeoutError | StepTimeoutError | FirstChunkTimeoutError | ChunkTimeoutError

/**
 * True for the timeout errors above.
 *
 * @since 0.1.0
 * @category guards
 */
export const isTimeoutError = (u: unknown): u is TimeoutError =>
  u instanceof TotalTimeoutError || u instanceof StepTimeoutError || u instanceof FirstChunkTimeoutError ||
  u instanceof ChunkTimeoutError
