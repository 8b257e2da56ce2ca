/**
 * Upstream `handleUIMessageStreamFinish` as a Stream combinator: injects the response message id
 * into `start`, and, when a callback wants it, folds the chunks into the response message to call
 * `onStepEnd` before each `finish-step` and `onEnd` once when the stream ends, fails or is
 * interrupted (the consumer went away).
 *
 * @internal
 */
import { Cause, Effect, Exit, Stream } from "effect"
import type * as Arr from "effect/Array"
import type { UIMessageStreamError } from "../../contract/errors/UIMessageStreamError.ts"
import type * as UIMessage from "../UIMessage.ts"
import type { UIMessageChunk } from "../UIMessageChunk.ts"
import { MessageState, snapshot } from "./messageState.ts"

/** @internal */
export type Callback<A> = ((event: A) => Effect.Effect<void, unknown>) | undefined

/** @internal */
export interface FinishOptions {
  readonly messageId: string | undefined
  readonly originalMessages: ReadonlyArray<UIMessage.UIMessage> | undefined
  readonly onStepEnd: Callback<UIMessage.StepEndEvent>
  readonly onEnd: Callback<UIMessage.FinishEvent>
  readonly onError: (error: unknown) => string
  readonly getOutcome: () => UIMessage.Outcome
}

/** Calls `f` on every batch; an empty result pulls the next batch. @internal */
export const mapBatches = <A, B, E, R, E2>(
  self: Stream.Stream<A, E, R>,
  f: (batch: Arr.NonEmptyReadonlyArray<A>) => Effect.Effect<ReadonlyArray<B>, E2>
): Stream.Stream<B, E | E2, R> =>
  Stream.transformPull(self, (pull) => {
    const loop: Effect.Effect<Arr.NonEmptyReadonlyArray<B>, E | E2 | Cause.Done, never> = Effect.flatMap(
      pull,
      (batch) => Effect.flatMap(f(batch), (out) => isNonEmpty(out) ? Effect.succeed(out) : loop)
    )
    return Effect.succeed(loop)
  })

const isNonEmpty = <B>(out: ReadonlyArray<B>): out is Arr.NonEmptyReadonlyArray<B> => out.length > 0

/** @internal */
export const withFinish = <E, R>(
  stream: Stream.Stream<UIMessageChunk, E, R>,
  options: FinishOptions
): Stream.Stream<UIMessageChunk, E | UIMessageStreamError, R> =>
  Stream.suspend(() => {
    const originals = options.originalMessages ?? []
    const last = originals.at(-1)
    const lastMessage = last?.role === "assistant" ? last : undefined
    // appending to the last message: the response keeps its id
    const messageId = lastMessage?.id ?? options.messageId
    let isAborted = false
    const inject = (chunk: UIMessageChunk): UIMessageChunk => {
      if (chunk.type === "start" && chunk.messageId == null && messageId != null) return { ...chunk, messageId }
      if (chunk.type === "abort") isAborted = true
      return chunk
    }
    const { onEnd, onStepEnd } = options
    if (onEnd === undefined && onStepEnd === undefined) {
      return mapBatches(stream, (batch) => Effect.succeed(batch.map(inject)))
    }
    const state = new MessageState(lastMessage !== undefined ? structuredClone(lastMessage) : undefined, messageId ?? "")
    let processingError: { readonly error: unknown } | undefined
    const isContinuation = () => state.message.id === lastMessage?.id
    const messagesWith = (message: UIMessage.UIMessage) => [...(isContinuation() ? originals.slice(0, -1) : originals), message]
    const stepEnd = (callback: NonNullable<Callback<UIMessage.StepEndEvent>>) =>
      Effect.suspend(() => {
        const message = snapshot(state.message)
        return callback({ isContinuation: isContinuation(), responseMessage: message, messages: messagesWith(snapshot(state.message)) })
      }).pipe(Effect.catchCause((cause) => Effect.sync(() => void options.onError(Cause.squash(cause)))))
    let ended = false
    const end = (exit: Exit.Exit<unknown, unknown>) =>
      Effect.suspend(() => {
        if (ended || onEnd === undefined) return Effect.void
        ended = true
        const isCancelled = Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)
        const failure = Exit.isFailure(exit) && !isCancelled ? Cause.squash(exit.cause) : undefined
        const declared = options.getOutcome()
        const outcome: UIMessage.Outcome = processingError !== undefined
          ? { status: "failed", error: processingError.error }
          : failure !== undefined && declared.status !== "failed"
          ? { status: "failed", error: failure }
          : declared.status === "unknown" && isAborted
          ? { status: "aborted" }
          : declared
        return onEnd({
          // an interruption is aimux's abort (there is no separate abort signal): docs/divergences.md
          isAborted: isAborted || outcome.status === "aborted" || isCancelled,
          ...(isCancelled && outcome.status === "unknown" ? { isCancelled: true } : {}),
          isContinuation: isContinuation(),
          outcome,
          responseMessage: state.message,
          messages: messagesWith(state.message),
          finishReason: state.finishReason
        })
      }).pipe(Effect.ignore)
    // a step's callback sees the message up to its finish-step: the rest of the batch waits for it
    const processFrom = (
      batch: Arr.NonEmptyReadonlyArray<UIMessageChunk>,
      from: number,
      out: Array<UIMessageChunk>
    ): Effect.Effect<ReadonlyArray<UIMessageChunk>, UIMessageStreamError> => {
      for (let i = from; i < batch.length; i++) {
        const chunk = inject(batch[i]!)
        const applied = state.apply(chunk)
        if (typeof applied !== "boolean") {
          processingError = { error: applied }
          return Effect.fail(applied)
        }
        out.push(chunk)
        if (chunk.type === "finish-step" && onStepEnd !== undefined) {
          return Effect.flatMap(stepEnd(onStepEnd), () => processFrom(batch, i + 1, out))
        }
      }
      return Effect.succeed(out)
    }
    const processed = mapBatches(stream, (batch) => processFrom(batch, 0, []))
    return Stream.onExit(processed, end)
  })
