/**
 * streamText's `streamRetries` (upstream 7.0.91, the pull loop of `streamStep` in
 * `stream-text.ts`): a provider `error` part received after the response stream started reruns
 * the current model step instead of ending it.
 *
 * Upstream's rules, reproduced: automatic retries are counted by a `Schedule.recurs(streamRetries)`
 * (upstream waits nothing between stream attempts; the new model call itself goes through
 * `maxRetries`, which honours `retry-after` and ends with `RetryError`); once they are used up,
 * an `onError` that returns `{ retry: true }` may ask for one more, when `streamRetries` was given.
 * `onChunk` and `onError` see the error before it is decided (and never again for it). While
 * retries are possible, tool parts (and every part after the first one) are held back until the
 * model's `finish`, so a failed attempt never emits a tool call; text and reasoning it already
 * emitted stay in the stream (they cannot be retracted), its open parts are closed with their
 * end parts, and the step's result, messages and next steps hold only the successful attempt.
 * A `ToolChoiceViolationError` is never retried.
 *
 * @internal
 */
import { Cause, Effect, Exit, Predicate, Schedule, Stream } from "effect"
import { normalizeStreamProviderError } from "../../contract/errors/StreamProviderError.ts"
import { ToolChoiceViolationError } from "../../contract/errors/ToolChoiceViolationError.ts"
import type { StepRequest } from "../GenerationInclude.ts"
import type { StreamPart } from "../../contract/StreamPart.ts"
import type { Warning } from "../../contract/Warning.ts"
import type { ContentPart } from "../StepContent.ts"
import type { TextStreamPart } from "../TextStreamPart.ts"
import { notify } from "./Callbacks.ts"

/**
 * A run's stream-retry settings and the errors whose callbacks already ran.
 *
 * @internal
 */
export interface StreamRetryPolicy {
  /** Automatic retries per step (upstream `streamRetries`). */
  readonly retries: number
  /** `onError` may request one retry more (upstream: `streamRetries` given and an own `onError`). */
  readonly viaOnError: boolean
  readonly onChunk: ((event: { readonly chunk: TextStreamPart }) => Effect.Effect<unknown, unknown>) | undefined
  readonly onError: (event: { readonly error: unknown }) => Effect.Effect<unknown, unknown>
  /** Errors that reached `onChunk` / `onError` here; the run's emitter skips their callbacks once. */
  readonly handled: Set<unknown>
}

/**
 * The policy of a run, or undefined when `streamRetries` is absent (upstream: no stream retry
 * behaviour at all, tool parts stream as they come).
 *
 * @internal
 */
export const streamRetryPolicyOf = (
  retries: number | undefined,
  options: {
    readonly ownOnError: boolean
    readonly onChunk: StreamRetryPolicy["onChunk"]
    readonly onError: StreamRetryPolicy["onError"]
  }
): StreamRetryPolicy | undefined =>
  retries === undefined ? undefined : {
    retries,
    viaOnError: options.ownOnError,
    onChunk: options.onChunk,
    onError: options.onError,
    handled: new Set()
  }

/** True once for an error whose callbacks ran in {@link consumeWithRetries}: the emitter skips them. @internal */
export const skipsCallbacks = (policy: StreamRetryPolicy | undefined, part: TextStreamPart): boolean =>
  policy !== undefined && part.type === "error" && policy.handled.delete(part.error)

/** Upstream's tool parts of a model call (held back while a retry may still discard them). */
const isToolPart = (part: StreamPart): boolean =>
  part.type === "tool-input-start" || part.type === "tool-input-delta" || part.type === "tool-input-end" ||
  part.type === "tool-call" || part.type === "tool-result" || part.type === "tool-approval-request"

const asksRetry = (result: unknown): boolean => Predicate.hasProperty(result, "retry") && result.retry === true

/** `onError`'s answer; a failing callback answers nothing (upstream swallows it), interruption propagates. */
const answerOf = (policy: StreamRetryPolicy, error: unknown): Effect.Effect<unknown> =>
  Effect.catchCause(
    Effect.suspend(() => policy.onError({ error })),
    (cause) => (Cause.hasInterruptsOnly(cause) ? Effect.interrupt : Effect.void)
  )

/**
 * The attempts of one model step, as the step sees them.
 *
 * @internal
 */
export interface StepAttempts {
  /** Hands a part to the current attempt's bookkeeping (switched by `reconnect`). */
  readonly handle: (part: StreamPart) => Effect.Effect<void>
  /** Wraps an attempt's stream (fresh first-chunk and idle timeouts per attempt, as upstream). */
  readonly wrap: (stream: Stream.Stream<StreamPart, unknown>) => Stream.Stream<StreamPart, unknown>
  /**
   * Calls the model again (with `maxRetries`); on success the step's bookkeeping restarts and the
   * new stream is returned, on failure the error.
   */
  readonly reconnect: Effect.Effect<Stream.Stream<StreamPart, unknown>, unknown>
}

/**
 * Consumes a step's model stream with stream retries. Fails as the stream fails (the step reports
 * it); a failed reconnect becomes the step's `error` part, as upstream enqueues it.
 *
 * @internal
 */
export const consumeWithRetries = (
  policy: StreamRetryPolicy,
  first: Stream.Stream<StreamPart, unknown>,
  attempts: StepAttempts
): Effect.Effect<void, unknown> =>
  Effect.gen(function*() {
    const automatic = yield* Schedule.toStepWithSleep(Schedule.recurs(policy.retries))
    let requested = 0
    let stream = first
    for (;;) {
      let held: Array<StreamPart> = []
      const openText = new Set<string>()
      const openReasoning = new Set<string>()
      let retry = false
      const pass = (part: StreamPart): Effect.Effect<void> => {
        if (part.type === "text-start") openText.add(part.id)
        else if (part.type === "text-end") openText.delete(part.id)
        else if (part.type === "reasoning-start") openReasoning.add(part.id)
        else if (part.type === "reasoning-end") openReasoning.delete(part.id)
        return attempts.handle(part)
      }
      const release = Effect.suspend(() => {
        const parts = held
        held = []
        return Effect.forEach(parts, pass, { discard: true })
      })
      const onError = (raw: unknown): Effect.Effect<boolean> =>
        Effect.gen(function*() {
          const error = normalizeStreamProviderError(raw)
          const part: StreamPart = { type: "error", error }
          yield* notify(policy.onChunk, { chunk: part })
          const answer = yield* answerOf(policy, error)
          const violation = ToolChoiceViolationError.isInstance(error)
          const auto = !violation && Exit.isSuccess(yield* Effect.exit(automatic(error)))
          const byCallback = !violation && !auto && policy.viaOnError && asksRetry(answer) && requested < 1
          if (!auto && !byCallback) {
            yield* release
            policy.handled.add(error)
            yield* pass(part)
            return true
          }
          if (byCallback) requested++
          retry = true
          return false
        })
      yield* Stream.runForEachWhile(attempts.wrap(stream), (part) => {
        // the held parts go first (handle is eager about start-step)
        if (part.type === "finish") return Effect.as(Effect.andThen(release, Effect.suspend(() => pass(part))), true)
        if (part.type === "error") return onError(part.error)
        if (part.type !== "ping" && (held.length > 0 || isToolPart(part))) {
          held.push(part)
          return Effect.succeed(true)
        }
        return Effect.as(pass(part), true)
      })
      if (!retry) return yield* release
      // the failed attempt's held parts are dropped; what it emitted is closed
      for (const id of openText) yield* attempts.handle({ type: "text-end", id })
      for (const id of openReasoning) yield* attempts.handle({ type: "reasoning-end", id })
      const next = yield* Effect.exit(attempts.reconnect)
      if (Exit.isFailure(next)) {
        if (Cause.hasInterruptsOnly(next.cause)) return yield* Effect.interrupt
        return yield* attempts.handle({ type: "error", error: Cause.squash(next.cause) })
      }
      stream = next.value
    }
  })

/**
 * What the successful attempt of a retried step recorded, for folds over the parts (`aggregate`):
 * the failed attempt's parts are in the stream, the step's result holds only this.
 *
 * @internal
 */
export interface RetriedAttempt {
  readonly content: ReadonlyArray<ContentPart>
  readonly request: StepRequest
  readonly warnings: ReadonlyArray<Warning>
}

// keyed by the `finish-step` part object of a retried step (parts pass the output and text stages as they are)
const retried = new WeakMap<TextStreamPart, RetriedAttempt>()

/** Records the successful attempt of a retried step on its `finish-step` part. @internal */
export const markRetried = (finishStep: TextStreamPart, attempt: RetriedAttempt): void => {
  retried.set(finishStep, attempt)
}

/** The successful attempt of a retried step, from its `finish-step` part. @internal */
export const retriedAttemptOf = (finishStep: TextStreamPart): RetriedAttempt | undefined => retried.get(finishStep)
