/**
 * `readUIMessageStream` (upstream `ai/src/ui-message-stream/read-ui-message-stream.ts`): the UI
 * message a chunk stream builds, as a stream of snapshots (one per chunk that changed it).
 *
 * @since 0.3.0
 */
import { Cause, Effect, Stream } from "effect"
import * as Arr from "effect/Array"
import { UIMessageStreamError } from "../contract/errors/UIMessageStreamError.ts"
import { MessageState, snapshot } from "./internal/messageState.ts"
import type * as UIMessage from "./UIMessage.ts"
import type { UIMessageChunk } from "./UIMessageChunk.ts"

/**
 * Options of {@link readUIMessageStream}.
 *
 * @since 0.3.0
 * @category models
 */
export interface Options<E, R> {
  readonly stream: Stream.Stream<UIMessageChunk, E, R>
  /** The last assistant message, to continue it (a resumed conversation). */
  readonly message?: UIMessage.UIMessage | undefined
  /** Called with each error: an `error` chunk's text as an Error, or an out-of-sequence chunk's `UIMessageStreamError`. */
  readonly onError?: ((error: unknown) => void) | undefined
  /** Fail the snapshot stream on the first error (default: an error chunk is reported, a broken sequence ends the stream). */
  readonly terminateOnError?: boolean | undefined
}

/**
 * The snapshots of the message the chunks build (upstream `readUIMessageStream`). A `start` with
 * another message id starts a new message. A chunk the message cannot take (e.g. a delta without
 * its start) is reported to `onError` and ends the stream, or fails it with `terminateOnError`.
 *
 * @since 0.3.0
 * @category constructors
 */
export const readUIMessageStream = <E, R>(options: Options<E, R>): Stream.Stream<UIMessage.UIMessage, E | UIMessageStreamError, R> =>
  Stream.suspend(() => {
    const state = new MessageState(options.message, options.message?.id ?? "", { resetOnMessageIdChange: true })
    const terminate = options.terminateOnError === true
    let broken = false
    // a broken sequence ends the stream after the snapshots before it (upstream stops reading)
    const step = (batch: ReadonlyArray<UIMessageChunk>): Effect.Effect<Array<UIMessage.UIMessage>, UIMessageStreamError> => {
      const out: Array<UIMessage.UIMessage> = []
      for (const chunk of batch) {
        if (chunk.type === "error") {
          options.onError?.(new Error(chunk.errorText))
          if (terminate) return Effect.fail(new UIMessageStreamError({ chunkType: "error", chunkId: "", message: chunk.errorText }))
          continue
        }
        const applied = state.apply(chunk)
        if (typeof applied !== "boolean") {
          options.onError?.(applied)
          if (terminate) return Effect.fail(applied)
          broken = true
          break
        }
        if (applied) out.push(snapshot(state.message))
      }
      return Effect.succeed(out)
    }
    return Stream.transformPull(options.stream, (pull) => {
      const loop: Effect.Effect<Arr.NonEmptyReadonlyArray<UIMessage.UIMessage>, E | UIMessageStreamError | Cause.Done> = Effect.suspend(() =>
        broken
          ? Cause.done()
          : Effect.flatMap(pull, (batch) =>
            Effect.flatMap(step(batch), (out) => Arr.isArrayNonEmpty(out) ? Effect.succeed(out) : loop))
      )
      return Effect.succeed(loop)
    })
  })
