/**
 * What the chat server saw, counted server-side: every model call with the prompt the model
 * received, every tool execution, every model stream that was interrupted, and how each
 * `/api/chat` run ended. The server logs the interesting ones; tests read {@link Snapshot}s to
 * prove what happened behind the browser (the history a second turn sent, that a stopped run
 * ran no tool and called no model afterwards).
 *
 * @since 0.3.0
 */
import { Context, Effect, Exit, Layer } from "effect"
import type { CallOptions } from "aimux"

/**
 * How a run (one `/api/chat` response) or a model stream ended.
 *
 * @since 0.3.0
 * @category stats
 */
export type Outcome = "completed" | "failed" | "interrupted"

/**
 * How an exit ended, as an {@link Outcome}.
 *
 * @since 0.3.0
 * @category stats
 */
export const outcomeOf = <A, E>(exit: Exit.Exit<A, E>): Outcome =>
  Exit.isSuccess(exit) ? "completed" : Exit.hasInterrupts(exit) ? "interrupted" : "failed"

/**
 * A copy of the counts so far.
 *
 * @since 0.3.0
 * @category stats
 */
export interface Snapshot {
  /** The V4 prompt of every model call, in call order. */
  readonly modelCalls: ReadonlyArray<CallOptions.CallOptions["prompt"]>
  /** How each model stream ended, in call order (a call whose stream is still open is absent). */
  readonly modelStreams: ReadonlyArray<Outcome>
  /** The tool names executed, in execution order. */
  readonly toolExecutions: ReadonlyArray<string>
  /** How each run ended, in order of ending. */
  readonly runs: ReadonlyArray<Outcome>
}

/**
 * The service shape.
 *
 * @since 0.3.0
 * @category stats
 */
export interface Service {
  readonly modelCalled: (options: CallOptions.CallOptions) => Effect.Effect<void>
  readonly modelStreamEnded: (outcome: Outcome) => Effect.Effect<void>
  /** Records an execution and returns how many times this tool has run, this one included. */
  readonly toolExecuted: (name: string) => Effect.Effect<number>
  readonly runEnded: (outcome: Outcome) => Effect.Effect<void>
  readonly snapshot: () => Snapshot
}

/**
 * The counts of one server.
 *
 * @since 0.3.0
 * @category stats
 */
export class ChatStats extends Context.Service<ChatStats, Service>()("examples/chat/ChatStats") {
  /**
   * Fresh, empty counts.
   *
   * @since 0.3.0
   * @category stats
   */
  static readonly layer = Layer.sync(ChatStats, () => make())
}

/**
 * Builds empty counts.
 *
 * @since 0.3.0
 * @category stats
 */
export const make = (): Service => {
  const modelCalls: Array<CallOptions.CallOptions["prompt"]> = []
  const modelStreams: Array<Outcome> = []
  const toolExecutions: Array<string> = []
  const runs: Array<Outcome> = []
  return {
    modelCalled: (options) => Effect.sync(() => void modelCalls.push(options.prompt)),
    modelStreamEnded: (outcome) => Effect.sync(() => void modelStreams.push(outcome)),
    toolExecuted: (name) =>
      Effect.sync(() => {
        toolExecutions.push(name)
        return toolExecutions.filter((executed) => executed === name).length
      }),
    runEnded: (outcome) => Effect.sync(() => void runs.push(outcome)),
    snapshot: () => ({
      modelCalls: [...modelCalls],
      modelStreams: [...modelStreams],
      toolExecutions: [...toolExecutions],
      runs: [...runs]
    })
  }
}
