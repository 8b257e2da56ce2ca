/**
 * Running user callbacks of a generation, and the lifecycle callbacks both generateText and
 * streamText take (with upstream's deprecated aliases).
 *
 * @internal
 */
import { Effect } from "effect"
import type {
  LanguageModelCallEndEvent,
  LanguageModelCallStartEvent,
  StartEvent,
  StepErrorEvent,
  StepStartEvent,
  ToolExecutionEndEvent,
  ToolExecutionStartEvent
} from "../GenerationEvents.ts"

/**
 * Runs an optional callback and drops its failure or defect (upstream `notify` swallows callback
 * errors): a failing callback never corrupts the stream nor replaces the generation's own result
 * or error. Interruption still propagates.
 *
 * @internal
 */
export const notify = <A>(callback: ((a: A) => Effect.Effect<unknown, unknown>) | undefined, a: A): Effect.Effect<void> =>
  callback === undefined ? Effect.void : Effect.ignoreCause(Effect.suspend(() => callback(a)))

/** A callback as an Effect. @internal */
export type Callback<A> = ((event: A) => Effect.Effect<void, unknown>) | undefined

/**
 * A callback with a handler first (telemetry's handlers run before the user's callbacks); either
 * may be absent.
 *
 * @internal
 */
export const before = <A>(
  handler: ((a: A) => Effect.Effect<void>) | undefined,
  callback: ((a: A) => Effect.Effect<void, unknown>) | undefined
): ((a: A) => Effect.Effect<void, unknown>) | undefined =>
  handler === undefined ? callback : callback === undefined ? handler : (a: A) => Effect.andThen(handler(a), callback(a))

/**
 * The lifecycle callbacks of both generateText and streamText (upstream names; the
 * `experimental_*` names are upstream's deprecated aliases, used when the new name is absent).
 *
 * @internal
 */
export interface LifecycleCallbacks {
  /** Once, before the first step. */
  readonly onStart?: Callback<StartEvent>
  /** Deprecated upstream alias of `onStart`. */
  readonly experimental_onStart?: Callback<StartEvent>
  /** Before each step's model call (once per step, whatever the retries). */
  readonly onStepStart?: Callback<StepStartEvent>
  /** Deprecated upstream alias of `onStepStart`. */
  readonly experimental_onStepStart?: Callback<StepStartEvent>
  /** Before each model call attempt. */
  readonly onLanguageModelCallStart?: Callback<LanguageModelCallStartEvent>
  /** Deprecated upstream alias of `onLanguageModelCallStart`. */
  readonly experimental_onLanguageModelCallStart?: Callback<LanguageModelCallStartEvent>
  /** When a model call finished. */
  readonly onLanguageModelCallEnd?: Callback<LanguageModelCallEndEvent>
  /** Deprecated upstream alias of `onLanguageModelCallEnd`. */
  readonly experimental_onLanguageModelCallEnd?: Callback<LanguageModelCallEndEvent>
  /** Before a client tool runs. */
  readonly onToolExecutionStart?: Callback<ToolExecutionStartEvent>
  /** Deprecated upstream alias of `onToolExecutionStart`. */
  readonly experimental_onToolCallStart?: Callback<ToolExecutionStartEvent>
  /** After a client tool ran. */
  readonly onToolExecutionEnd?: Callback<ToolExecutionEndEvent>
  /** Deprecated upstream alias of `onToolExecutionEnd`. */
  readonly experimental_onToolCallFinish?: Callback<ToolExecutionEndEvent>
  /** A step that started failed before it produced a result (no `onStepEnd` for it). */
  readonly onStepError?: Callback<StepErrorEvent>
}

/** The callbacks with the aliases resolved. @internal */
export interface ResolvedCallbacks {
  readonly onStart: Callback<StartEvent>
  readonly onStepStart: Callback<StepStartEvent>
  readonly onLanguageModelCallStart: Callback<LanguageModelCallStartEvent>
  readonly onLanguageModelCallEnd: Callback<LanguageModelCallEndEvent>
  readonly onToolExecutionStart: Callback<ToolExecutionStartEvent>
  readonly onToolExecutionEnd: Callback<ToolExecutionEndEvent>
  readonly onStepError: Callback<StepErrorEvent>
  /** Runs a client tool's execution inside its telemetry span (upstream telemetry `executeTool`). */
  readonly executeTool?: (<A, E, R>(toolCallId: string, execute: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>) | undefined
}

/** Resolves upstream's aliases. @internal */
export const resolveCallbacks = (options: LifecycleCallbacks): ResolvedCallbacks => ({
  onStart: options.onStart ?? options.experimental_onStart,
  onStepStart: options.onStepStart ?? options.experimental_onStepStart,
  onLanguageModelCallStart: options.onLanguageModelCallStart ?? options.experimental_onLanguageModelCallStart,
  onLanguageModelCallEnd: options.onLanguageModelCallEnd ?? options.experimental_onLanguageModelCallEnd,
  onToolExecutionStart: options.onToolExecutionStart ?? options.experimental_onToolCallStart,
  onToolExecutionEnd: options.onToolExecutionEnd ?? options.experimental_onToolCallFinish,
  onStepError: options.onStepError
})
