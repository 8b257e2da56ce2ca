/**
 * Steering (upstream `experimental_createSteering` / `experimental_steering`, `ai` 7.0.173): user
 * messages sent to a running generation. Pass a {@link Steering} to `generateText`, `streamText`
 * or an agent call as `experimental_steering`:
 *
 * - {@link Steering.steer} adds a message at the next step boundary, after the current step and
 *   its tool calls; a run that would end because the model gave its answer goes on for another
 *   step (unless a stop condition holds);
 * - {@link Steering.queue} adds a message once the model has finished its current task (a final
 *   answer without tool calls), one per task, after any waiting `steer` messages.
 *
 * Both are Effects that add the message when they run and complete with its {@link Outcome}
 * (they never fail): fork them (`Effect.forkChild(steering.steer(m), { startImmediately: true })`)
 * to send without waiting. A delivered message is a `steering-message` part of the stream, before
 * the output of the step that received it, and in that step's `experimental_steeringMessages`.
 *
 * @since 0.1.0
 */
import { Deferred, Effect } from "effect"
import {
  type NotDeliveredReason as NotDeliveredReasonInternal,
  type Outcome as OutcomeInternal,
  StateKey,
  SteeringState,
  type UserModelMessage as UserModelMessageInternal
} from "./SteeringState.ts"

/**
 * A user message as `steer` / `queue` take it (upstream `UserModelMessage`): text or parts.
 *
 * @since 0.1.0
 * @category models
 */
export type UserModelMessage = UserModelMessageInternal

/**
 * Why a steering message was not delivered (upstream `SteeringNotDeliveredReason`):
 * `finished` (the run ended first), `removed-by-prepare-step`, `stop-condition`,
 * `waiting-for-tool-results` (an approval or a tool without `execute`), `aborted`, `error`.
 *
 * @since 0.1.0
 * @category models
 */
export type NotDeliveredReason = NotDeliveredReasonInternal

/**
 * The outcome of a steering message (upstream `SteeringOutcome`): `delivered` with the number of
 * the step whose model call received it, or `not-delivered` with the reason.
 *
 * @since 0.1.0
 * @category models
 */
export type Outcome = OutcomeInternal

/**
 * Options of {@link Steering.steer} / {@link Steering.queue}.
 *
 * @since 0.1.0
 * @category models
 */
export interface SendOptions {
  /** The message's id (default `steer-` and 24 random characters); the same id again gives the first message's outcome. */
  readonly id?: string | undefined
}

/**
 * A steering object (upstream `Steering`), for one generation.
 *
 * @since 0.1.0
 * @category models
 */
export interface Steering {
  readonly [StateKey]: SteeringState
  /** Adds a message for the next step boundary and waits for its outcome. */
  readonly steer: (message: string | UserModelMessage, options?: SendOptions) => Effect.Effect<Outcome>
  /** Adds a message for when the model has finished its current task and waits for its outcome. */
  readonly queue: (message: string | UserModelMessage, options?: SendOptions) => Effect.Effect<Outcome>
}

/**
 * Makes a steering object (upstream `experimental_createSteering()`). Messages sent before the
 * generation starts are delivered in its first step; a second generation with the same object
 * fails with `CoreInvalidArgumentError` (streamText: its only part is that `error`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Steering> = Effect.sync(() => makeUnsafe())

/**
 * {@link make} outside an Effect.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeUnsafe = (): Steering => {
  const state = new SteeringState()
  return {
    [StateKey]: state,
    steer: (message, options) => Effect.suspend(() => Deferred.await(state.add(message, options?.id, "pending"))),
    queue: (message, options) => Effect.suspend(() => Deferred.await(state.add(message, options?.id, "queued")))
  }
}
