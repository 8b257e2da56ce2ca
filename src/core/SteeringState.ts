/**
 * The state of a steering object and its run side (upstream `ai/src/generate-text/steering.ts`,
 * 7.0.173): the messages waiting for the next step (`steer`), the queued ones (`queue`, one per
 * finished task), the ones taken for the step being prepared, and each message's outcome as a
 * `Deferred` (resolved synchronously, as upstream resolves its promises).
 *
 * @internal
 */
import { Deferred, Effect } from "effect"
import { makeRandom } from "../runtime/IdGenerator.ts"
import { CoreInvalidArgumentError } from "../contract/errors/CoreInvalidArgumentError.ts"
import type * as Prompt from "../contract/Prompt.ts"
import { type ModelMessage, toPrompt } from "./ModelMessage.ts"
import * as WireJson from "../runtime/WireJson.ts"

/** A user message of the prompt form that `steer` / `queue` take (upstream `UserModelMessage`). @internal */
export type UserModelMessage = Extract<ModelMessage, { readonly role: "user" }>

/** Why a message was not delivered (upstream `SteeringNotDeliveredReason`). @internal */
export type NotDeliveredReason =
  | "finished"
  | "removed-by-prepare-step"
  | "stop-condition"
  | "waiting-for-tool-results"
  | "aborted"
  | "error"

/** The outcome of a steering message (upstream `SteeringOutcome`). @internal */
export type Outcome =
  | {
    readonly type: "delivered"
    readonly id: string
    readonly message: UserModelMessage
    /** The number of the step whose model call received the message. */
    readonly stepNumber: number
  }
  | {
    readonly type: "not-delivered"
    readonly id: string
    readonly message: UserModelMessage
    readonly reason: NotDeliveredReason
  }

interface Pending {
  readonly id: string
  readonly message: UserModelMessage
  /** The message in the V4 prompt form the run's conversation holds. */
  readonly prompt: Prompt.Message
  readonly outcome: Deferred.Deferred<Outcome>
}

/** A delivered message as the run streams it. @internal */
export interface Delivered {
  readonly id: string
  readonly message: UserModelMessage
}

/**
 * The run side of a steering object (upstream `SteeringRun`), used by one generation.
 *
 * @internal
 */
export interface SteeringRun {
  readonly hasPendingMessages: () => boolean
  /** Moves the oldest queued message to the waiting ones; false when none is queued. */
  readonly promoteQueuedMessage: () => boolean
  /**
   * Takes the waiting messages for the next step (with the ones taken before and not yet
   * resolved): the user's messages and their prompt form.
   */
  readonly takeMessages: () => {
    readonly messages: ReadonlyArray<UserModelMessage>
    readonly prompt: ReadonlyArray<Prompt.Message>
  }
  /** Resolves the taken messages: delivered when they are among the messages sent to the model. */
  readonly resolveTakenMessages: (stepNumber: number, sent: ReadonlyArray<Prompt.Message>) => ReadonlyArray<Delivered>
  /** Ends the run: every message still waiting or queued is not delivered, for `reason`. */
  readonly end: (reason: NotDeliveredReason) => void
}

const steeringId = makeRandom({ size: 24 })

const resolve = (deferred: Deferred.Deferred<Outcome>, outcome: Outcome): void => {
  Deferred.doneUnsafe(deferred, Effect.succeed(outcome))
}

// prepareStep may map messages to new objects (e.g. to add provider options), so a message also
// counts as sent when a user message has the same content (upstream `isSent`)
const isSent = (message: Prompt.Message, sent: ReadonlyArray<Prompt.Message>): boolean => {
  const content = WireJson.render(message.content)
  // two contents too deep to print are not the same message
  const comparable = content !== WireJson.unprintable
  return sent.some((m) => m === message || (comparable && m.role === "user" && WireJson.render(m.content) === content))
}

/**
 * The mutable state behind a steering object (upstream `DefaultSteering`).
 *
 * @internal
 */
export class SteeringState {
  private state: "idle" | "running" | "ended" = "idle"
  private pending: Array<Pending> = []
  private queued: Array<Pending> = []
  private taken: Array<Pending> = []
  private readonly outcomes = new Map<string, Deferred.Deferred<Outcome>>()

  /** Adds a message (to the waiting ones, or the queue) and gives the Deferred of its outcome. */
  add(input: string | UserModelMessage, id: string | undefined, target: "pending" | "queued"): Deferred.Deferred<Outcome> {
    const messageId = id ?? `steer-${steeringId()}`
    // the same id again: the outcome of the first message
    const existing = this.outcomes.get(messageId)
    if (existing !== undefined) return existing
    const message: UserModelMessage = typeof input === "string" ? { role: "user", content: input } : input
    const outcome = Deferred.makeUnsafe<Outcome>()
    this.outcomes.set(messageId, outcome)
    if (this.state === "ended") {
      resolve(outcome, { type: "not-delivered", id: messageId, message, reason: "finished" })
      return outcome
    }
    const prompt = toPrompt({ messages: [message] })[0]!
    ;(target === "pending" ? this.pending : this.queued).push({ id: messageId, message, prompt, outcome })
    return outcome
  }

  /** Starts the one run of this object; undefined when it was used already. */
  start(): SteeringRun | undefined {
    if (this.state !== "idle") return undefined
    this.state = "running"
    return {
      hasPendingMessages: () => this.state === "running" && this.pending.length > 0,
      promoteQueuedMessage: () => {
        const next = this.state === "running" ? this.queued.shift() : undefined
        if (next === undefined) return false
        this.pending.push(next)
        return true
      },
      takeMessages: () => {
        if (this.state !== "running") return { messages: [], prompt: [] }
        this.taken = [...this.taken, ...this.pending]
        this.pending = []
        return { messages: this.taken.map((p) => p.message), prompt: this.taken.map((p) => p.prompt) }
      },
      resolveTakenMessages: (stepNumber, sent) => {
        const taken = this.taken
        this.taken = []
        const delivered: Array<Delivered> = []
        for (const { id, message, outcome, prompt } of taken) {
          if (isSent(prompt, sent)) {
            delivered.push({ id, message })
            resolve(outcome, { type: "delivered", id, message, stepNumber })
          } else {
            resolve(outcome, { type: "not-delivered", id, message, reason: "removed-by-prepare-step" })
          }
        }
        return delivered
      },
      end: (reason) => {
        if (this.state !== "running") return
        const notDelivered = [...this.taken, ...this.pending, ...this.queued]
        this.taken = []
        this.pending = []
        this.queued = []
        this.state = "ended"
        for (const { id, message, outcome } of notDelivered) {
          resolve(outcome, { type: "not-delivered", id, message, reason })
        }
      }
    }
  }
}

/** Where a steering object keeps its state (a symbol, so that only `Steering.make` builds one). @internal */
export const StateKey: unique symbol = Symbol.for("aimux/core/Steering/state")

/** What a generation accepts as `experimental_steering`. @internal */
export interface SteeringLike {
  readonly [StateKey]: SteeringState
}

/**
 * Starts the run of a generation's steering object (upstream `startSteeringRun`): undefined
 * without one; `CoreInvalidArgumentError` (upstream's messages) for an object not made by
 * `Steering.make` or one already used.
 *
 * @internal
 */
export const startRun = (steering: SteeringLike | undefined): Effect.Effect<SteeringRun | undefined, CoreInvalidArgumentError> =>
  Effect.suspend(() => {
    if (steering === undefined) return Effect.succeed(undefined)
    const state: unknown = steering[StateKey]
    if (!(state instanceof SteeringState)) {
      return Effect.fail(
        new CoreInvalidArgumentError({
          parameter: "experimental_steering",
          value: steering,
          message: "The steering object must be created with experimental_createSteering()."
        })
      )
    }
    const run = state.start()
    if (run !== undefined) return Effect.succeed(run)
    return Effect.fail(
      new CoreInvalidArgumentError({
        parameter: "experimental_steering",
        value: steering,
        message:
          "The steering object was already used by a generation. Create a new one with experimental_createSteering() for each call."
      })
    )
  })
