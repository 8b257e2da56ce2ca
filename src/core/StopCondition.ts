/**
 * Stop conditions of the multi-step loop (upstream `stop-condition.ts`). A condition is an Effect
 * of the steps so far; conditions are OR-ed.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"

/**
 * What a stop condition sees of a step.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepView {
  readonly toolCalls: ReadonlyArray<{ readonly toolName: string }>
}

/**
 * Decides after a step whether the loop stops. May be a plain predicate or an Effect.
 *
 * @since 0.1.0
 * @category models
 */
export type StopCondition<S extends StepView = StepView> = (options: {
  readonly steps: ReadonlyArray<S>
}) => boolean | Effect.Effect<boolean>

/**
 * True when exactly `stepCount` steps are done (the default is `isStepCount(1)`).
 *
 * @since 0.1.0
 * @category guards
 */
export const isStepCount = (stepCount: number): StopCondition => ({ steps }) => steps.length === stepCount

/**
 * Deprecated upstream alias of {@link isStepCount}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const stepCountIs = isStepCount

/**
 * Never stops: the loop runs until its natural end.
 *
 * @since 0.1.0
 * @category guards
 */
export const isLoopFinished = (): StopCondition => () => false

/**
 * True when the last step has a call to one of the named tools.
 *
 * @since 0.1.0
 * @category guards
 */
export const hasToolCall = (...toolNames: ReadonlyArray<string>): StopCondition => ({ steps }) =>
  steps[steps.length - 1]?.toolCalls.some((call) => toolNames.includes(call.toolName)) ?? false

/**
 * True when any condition holds (all are evaluated, as upstream).
 *
 * @since 0.1.0
 * @category guards
 */
export const isStopConditionMet = <S extends StepView>(
  conditions: ReadonlyArray<StopCondition<S>>,
  steps: ReadonlyArray<S>
): Effect.Effect<boolean> =>
  Effect.map(
    Effect.forEach(conditions, (condition) => {
      const out = condition({ steps })
      return Effect.isEffect(out) ? out : Effect.succeed(out)
    }),
    (results) => results.some((r) => r)
  )
