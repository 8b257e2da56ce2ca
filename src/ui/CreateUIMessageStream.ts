/**
 * `createUIMessageStream` (upstream `ai/src/ui-message-stream/create-ui-message-stream.ts`): a UI
 * message stream written by an Effect, with a writer that writes chunks and merges other chunk
 * streams (each read by its own fiber). The stream ends when `execute` and every merged stream
 * have ended; interrupting it interrupts them all.
 *
 * @since 0.3.0
 */
import { Cause, Effect, FiberSet, Queue, Stream } from "effect"
import type { UIMessageStreamError } from "../contract/errors/UIMessageStreamError.ts"
import * as IdGenerator from "../runtime/IdGenerator.ts"
import { type Callback, withFinish } from "./internal/finish.ts"
import type * as UIMessage from "./UIMessage.ts"
import type { UIMessageChunk } from "./UIMessageChunk.ts"

/**
 * The writer `execute` receives (upstream `UIMessageStreamWriterWithOutcome`).
 *
 * @since 0.3.0
 * @category models
 */
export interface Writer<R> {
  /** Appends a chunk. */
  readonly write: (chunk: UIMessageChunk) => Effect.Effect<void>
  /** Forwards another chunk stream (read by a fiber of its own); its failure becomes an `error` chunk. */
  readonly merge: (stream: Stream.Stream<UIMessageChunk, unknown, R>) => Effect.Effect<void>
  /** The stream's error handler, to forward to merged `toUIMessageStream`s (so errors are masked once). */
  readonly onError: (error: unknown) => string
  /** Declares the outcome `onEnd` reports (the first one is kept; a failure overrides it). */
  readonly setOutcome: (outcome: UIMessage.Outcome) => Effect.Effect<void>
}

/**
 * Options of {@link createUIMessageStream}.
 *
 * @since 0.3.0
 * @category models
 */
export interface Options<E, R> {
  readonly execute: (writer: Writer<R>) => Effect.Effect<void, E, R>
  /** The error text of a failure of `execute` or of a merged stream (default `An error occurred.`). */
  readonly onError?: ((error: unknown) => string) | undefined
  /** The chat so far: a last assistant message is continued. */
  readonly originalMessages?: ReadonlyArray<UIMessage.UIMessage> | undefined
  readonly onStepEnd?: Callback<UIMessage.StepEndEvent>
  /** Deprecated upstream alias of `onStepEnd`. */
  readonly onStepFinish?: Callback<UIMessage.StepEndEvent>
  readonly onEnd?: Callback<UIMessage.FinishEvent>
  /** Deprecated upstream alias of `onEnd`. */
  readonly onFinish?: Callback<UIMessage.FinishEvent>
  /** The response message id (default: the `IdGenerator` in context, else a random id). */
  readonly generateId?: (() => string) | undefined
}

/**
 * A UI message stream written by `execute` (upstream `createUIMessageStream`). A failure of
 * `execute` or of a merged stream is an `error` chunk (its text by `onError`) and the stream
 * goes on with the other writers; `start` chunks get the response message id.
 *
 * @since 0.3.0
 * @category constructors
 */
export const createUIMessageStream = <E, R>(options: Options<E, R>): Stream.Stream<UIMessageChunk, UIMessageStreamError, R> =>
  Stream.unwrap(Effect.map(IdGenerator.generatorFromContext, (defaultId) => {
    const onError = options.onError ?? (() => "An error occurred.")
    let outcome: UIMessage.Outcome = { status: "unknown" }
    const chunks = Stream.callback<UIMessageChunk, never, R>((queue) =>
      Effect.gen(function*() {
        const fibers = yield* FiberSet.make()
        const context = yield* Effect.context<R>()
        const handleError = (cause: Cause.Cause<unknown>) =>
          Effect.suspend(() => {
            if (Cause.hasInterruptsOnly(cause)) return Effect.void
            const error = Cause.squash(cause)
            outcome = { status: "failed", error }
            return Effect.asVoid(Queue.offer(queue, { type: "error", errorText: onError(error) }))
          })
        const writer: Writer<R> = {
          write: (chunk) => Effect.asVoid(Queue.offer(queue, chunk)),
          merge: (stream) =>
            Effect.asVoid(FiberSet.run(
              fibers,
              Stream.runForEachArray(stream, (batch) => Queue.offerAll(queue, batch)).pipe(
                Effect.catchCause(handleError),
                Effect.provideContext(context)
              )
            )),
          onError,
          setOutcome: (next) =>
            Effect.sync(() => {
              if (outcome.status === "unknown" && next.status !== "unknown") outcome = next
            })
        }
        yield* Effect.catchCause(Effect.suspend(() => options.execute(writer)), handleError)
        // merged streams may be added by other merged work: wait until none is left
        yield* FiberSet.awaitEmpty(fibers)
        yield* Queue.end(queue)
      })
    )
    return withFinish(chunks, {
      messageId: (options.generateId ?? defaultId)(),
      originalMessages: options.originalMessages,
      onStepEnd: options.onStepEnd ?? options.onStepFinish,
      onEnd: options.onEnd ?? options.onFinish,
      onError,
      getOutcome: () => outcome
    })
  }))
