/**
 * Per-step setup of the multi-step loop: `prepareStep` (upstream `prepare-step.ts`, a subset) and
 * the V4 prompt of the step.
 *
 * @internal
 */
import { Effect } from "effect"
import type { Prompt } from "../../spec/Prompt.ts"
import type * as Toolkit from "../Toolkit.ts"
import { makeToolRuntime, type ToolOptions, type ToolRuntime } from "./generationTools.ts"

/**
 * What `prepareStep` receives: the step number, the finished steps, the system message and the
 * conversation the step would send (V4 prompt messages without the system message).
 *
 * @internal
 */
export interface PrepareStepOptions<S> {
  readonly stepNumber: number
  readonly steps: ReadonlyArray<S>
  readonly system: string | undefined
  readonly messages: Prompt
}

/**
 * Overrides (upstream `PrepareStepResult`, subset): tool choice and active tools for this step;
 * system message and messages for this step and, as upstream, the steps after it.
 *
 * @internal
 */
export interface PrepareStepResult<T extends Toolkit.Any> {
  readonly toolChoice?: Toolkit.ToolChoice<T> | undefined
  readonly activeTools?: ReadonlyArray<Toolkit.Names<T>> | undefined
  readonly system?: string | undefined
  readonly messages?: Prompt | undefined
}

/**
 * Called before each step; `undefined` keeps the generation's settings.
 *
 * @internal
 */
export type PrepareStep<S, T extends Toolkit.Any, R> = (
  options: PrepareStepOptions<S>
) => Effect.Effect<PrepareStepResult<T> | undefined, never, R>

/**
 * The settings of one step.
 *
 * @internal
 */
export interface StepSetup {
  readonly runtime: ToolRuntime
  /** The V4 prompt of the step (system message first, when there is one). */
  readonly prompt: Prompt
  readonly system: string | undefined
  /** The step's messages without the system message (the next step appends to them). */
  readonly conversation: Prompt
  /** The step's tool choice and active tools as prepareStep set them (undefined: the generation's). */
  readonly toolChoice?: unknown
  readonly activeTools?: ReadonlyArray<string> | undefined
}

/**
 * Runs `prepareStep` (if any) and derives the step's tool runtime and prompt. The runtime is
 * rebuilt only when the tool choice or the active tools change.
 *
 * @internal
 */
export const setupStep = <S, T extends Toolkit.Any, R>(
  options: ToolOptions<T, R> & {
    readonly system?: string | undefined
    readonly prepareStep?: PrepareStep<S, NoInfer<T>, R> | undefined
  },
  state: StepState<S>,
  base: ToolRuntime
): Effect.Effect<StepSetup, never, Toolkit.Services<T> | R> =>
  Effect.gen(function*() {
    const prepared = options.prepareStep === undefined
      ? undefined
      : yield* options.prepareStep({
        stepNumber: state.stepNumber,
        steps: state.steps,
        system: state.system,
        messages: state.conversation
      })
    const system = prepared?.system ?? state.system
    const runtime = prepared?.toolChoice === undefined && prepared?.activeTools === undefined && system === options.system
      ? base
      : yield* makeToolRuntime({
        ...options,
        toolChoice: prepared?.toolChoice ?? options.toolChoice,
        activeTools: prepared?.activeTools ?? options.activeTools
      }, system)
    const messages = prepared?.messages ?? state.conversation
    const prompt: Prompt = system === undefined ? messages : [{ role: "system", content: system }, ...messages]
    return {
      runtime,
      prompt,
      system,
      conversation: messages,
      toolChoice: prepared?.toolChoice ?? options.toolChoice,
      activeTools: prepared?.activeTools ?? options.activeTools
    }
  })

/**
 * Where the loop is before a step: the system message and messages carried from the last step.
 *
 * @internal
 */
export interface StepState<S> {
  readonly stepNumber: number
  readonly steps: ReadonlyArray<S>
  readonly system: string | undefined
  readonly conversation: Prompt
}
