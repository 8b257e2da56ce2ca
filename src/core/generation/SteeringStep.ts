/**
 * Steering in the step loop of generateText / streamText (upstream `stream-text.ts` `streamStep`
 * and `generate-text.ts`): the waiting messages are taken before `prepareStep` and appended to the
 * step's messages, resolved once the step's messages are known (delivered when sent), streamed as
 * `steering-message` parts before the step's output, and recorded in the step's result.
 *
 * @internal
 */
import { Cause, Effect, Exit } from "effect"
import type { Prompt } from "../../contract/Prompt.ts"
import type { StepMessages } from "./StepMessages.ts"
import type { TextStreamPart } from "../TextStreamPart.ts"
import type { Delivered, NotDeliveredReason, SteeringRun, UserModelMessage } from "../SteeringState.ts"

/**
 * The waiting messages taken for a step and the step's conversation with them appended.
 *
 * @internal
 */
export const takeForStep = (
  run: SteeringRun | undefined,
  conversation: StepMessages
): { readonly messages: ReadonlyArray<UserModelMessage>; readonly conversation: StepMessages } => {
  if (run === undefined) return { messages: [], conversation }
  const taken = run.takeMessages()
  return taken.messages.length === 0
    ? { messages: [], conversation }
    : { messages: taken.messages, conversation: conversation.concat(taken.prompt) }
}

/**
 * Resolves the taken messages against the messages the step sends (after `prepareStep`); the
 * messages are read only when some were taken.
 *
 * @internal
 */
export const deliver = (
  run: SteeringRun | undefined,
  stepNumber: number,
  taken: ReadonlyArray<UserModelMessage>,
  sent: () => Prompt
): ReadonlyArray<Delivered> => run === undefined || taken.length === 0 ? [] : run.resolveTakenMessages(stepNumber, sent())

/**
 * The `steering-message` parts of the delivered messages (upstream `TextStreamSteeringMessagePart`).
 *
 * @internal
 */
export const partsOf = (delivered: ReadonlyArray<Delivered>, stepNumber: number): ReadonlyArray<TextStreamPart> =>
  delivered.map(({ id, message }) => ({ type: "steering-message", id, message, stepNumber }))

/**
 * The step's environment with the `steering-message` parts of its delivered messages (the step
 * emits them before its output).
 *
 * @internal
 */
export const withParts = <Env extends { readonly steeringParts?: ReadonlyArray<TextStreamPart> | undefined }>(
  env: Env,
  delivered: ReadonlyArray<Delivered>,
  stepNumber: number
): Env => delivered.length === 0 ? env : { ...env, steeringParts: partsOf(delivered, stepNumber) }

/**
 * The step with its delivered messages (upstream `experimental_steeringMessages`, absent when none).
 *
 * @internal
 */
export const withSteeringMessages = <S extends { readonly experimental_steeringMessages?: ReadonlyArray<UserModelMessage> | undefined }>(
  step: S,
  messages: ReadonlyArray<UserModelMessage>
): S => messages.length === 0 ? step : { ...step, experimental_steeringMessages: messages }

/**
 * Ends the steering run when the step loop exits without having ended it: a loop that returns
 * (its error part went out) or dies with `error`, an interrupted one (an abort, a consumer that
 * stopped) with `aborted`, a failed one with what `failure` says (default `aborted`: streamText's loop
 * fails only with a timeout, which aborts as upstream's timeout signal does). The first end wins.
 *
 * @internal
 */
export const endWith = <A, E, R>(
  run: SteeringRun | undefined,
  effect: Effect.Effect<A, E, R>,
  failure: (error: E) => NotDeliveredReason = () => "aborted"
): Effect.Effect<A, E, R> =>
  run === undefined ? effect : Effect.onExit(effect, (exit) =>
    Effect.sync(() => {
      if (Exit.isSuccess(exit)) return run.end("error")
      if (Cause.hasInterruptsOnly(exit.cause)) return run.end("aborted")
      const error = Cause.findErrorOption(exit.cause)
      run.end(error._tag === "Some" ? failure(error.value) : "error")
    }))
