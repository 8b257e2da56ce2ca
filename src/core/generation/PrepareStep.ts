/**
 * Per-step setup of the multi-step loop: `prepareStep` (upstream `prepare-step.ts`, a subset) and
 * the V4 prompt of the step.
 *
 * @internal
 */
import { Effect, Predicate } from "effect"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import type { Prompt } from "../../contract/Prompt.ts"
import type { JsonObject, JsonValue } from "../../contract/Json.ts"
import type { ProviderOptions } from "../../contract/ProviderMetadata.ts"
import type { CallSettings } from "./CallSettings.ts"
import type * as Toolkit from "../Toolkit.ts"
import { makeToolRuntime, type ToolOptions, type ToolRuntime } from "./ToolRuntime.ts"
import type { UserModelMessage } from "../SteeringState.ts"
import { lazy, StepMessages } from "./StepMessages.ts"

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
  /** Upstream's name of `system`. */
  readonly instructions: string | undefined
  readonly initialInstructions: string | undefined
  readonly messages: Prompt
  readonly initialMessages: Prompt
  /** The model the generation was called with. */
  readonly model: LanguageModelService
  /** The generation's runtime context as the previous step left it (upstream `runtimeContext`). */
  readonly runtimeContext: Readonly<Record<string, unknown>>
  /** The tools' context as the previous step left it (upstream `toolsContext`). */
  readonly toolsContext: Readonly<Record<string, unknown>>
  /**
   * The steering messages added to `messages` for this step (upstream
   * `experimental_steeringMessages`, present only when there are some).
   */
  readonly experimental_steeringMessages?: ReadonlyArray<UserModelMessage> | undefined
}

/**
 * Overrides (upstream `PrepareStepResult`, subset): tool choice and active tools for this step;
 * system message and messages for this step and, as upstream, the steps after it.
 *
 * @internal
 */
export interface PrepareStepResult<T extends Toolkit.Any> extends Omit<CallSettings, "headers" | "providerOptions"> {
  /** The model of this step (upstream `model`). */
  readonly model?: LanguageModelService | undefined
  readonly toolChoice?: Toolkit.ToolChoice<T> | undefined
  readonly activeTools?: ReadonlyArray<Toolkit.Names<T>> | undefined
  /** The order of the tools sent in this step (upstream `toolOrder`). */
  readonly toolOrder?: ReadonlyArray<Toolkit.Names<T>> | undefined
  /** Upstream's name of `system` (wins over it). */
  readonly instructions?: string | undefined
  readonly system?: string | undefined
  readonly messages?: Prompt | undefined
  /** Merged (deeply) over the generation's provider options, for this step. */
  readonly providerOptions?: ProviderOptions | undefined
  /** Replaces the runtime context for this step and the later ones (upstream). */
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  /** Replaces the tools' context for this step and the later ones (upstream). */
  readonly toolsContext?: Toolkit.ToolsContext<T> | undefined
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
  /** The step's model (prepareStep's, else the generation's). */
  readonly model: LanguageModelService
  /** The step's call settings (prepareStep's over the generation's, as upstream `prepareStepCallSettings`). */
  readonly settings: CallSettings
  /**
   * The V4 prompt of the step (system message first, when there is one), made on first read and
   * shared by the step's tools and approval functions (without a system message: the messages).
   */
  readonly prompt: () => Prompt
  /** A fresh copy of the step's V4 prompt for its model call (see `StepMessages`). */
  readonly modelPrompt: () => Prompt
  readonly system: string | undefined
  /** The step's messages without the system message (the next step appends to them). */
  readonly conversation: StepMessages
  /**
   * prepareStep's messages when they are not the ones it was given (undefined: the step sends
   * the loop's conversation).
   */
  readonly replacedMessages: Prompt | undefined
  /** The step's tool choice and active tools as prepareStep set them (undefined: the generation's). */
  readonly toolChoice?: unknown
  readonly activeTools?: ReadonlyArray<string> | undefined
  /** The step's runtime context and tools' context (prepareStep's, else the previous step's). */
  readonly runtimeContext: Readonly<Record<string, unknown>>
  readonly toolsContext: Readonly<Record<string, unknown>>
}

/**
 * Runs `prepareStep` (if any) and derives the step's tool runtime and prompt. The runtime is
 * rebuilt only when the tool choice or the active tools change.
 *
 * @internal
 */
export const setupStep = <S, T extends Toolkit.Any, R>(
  options: ToolOptions<T, R> & CallSettings & {
    readonly system?: string | undefined
    readonly prepareStep?: PrepareStep<S, NoInfer<T>, R> | undefined
    readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
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
        instructions: state.system,
        initialInstructions: options.system,
        // copied when read: what prepareStep does to the array stays out of the run
        get messages() {
          return state.conversation.read()
        },
        initialMessages: state.initialMessages,
        model: state.model,
        runtimeContext: state.runtimeContext ?? options.runtimeContext ?? {},
        toolsContext: state.toolsContext ?? options.toolsContext ?? {},
        ...(state.steeringMessages !== undefined && state.steeringMessages.length > 0
          ? { experimental_steeringMessages: state.steeringMessages }
          : {})
      })
    const system = prepared?.instructions ?? prepared?.system ?? state.system
    const runtimeContext = prepared?.runtimeContext ?? state.runtimeContext ?? options.runtimeContext ?? {}
    const toolsContext: Readonly<Record<string, unknown>> = prepared?.toolsContext ?? state.toolsContext ??
      options.toolsContext ?? {}
    const runtime = prepared?.toolChoice === undefined && prepared?.activeTools === undefined &&
        prepared?.toolOrder === undefined && system === options.system &&
        (toolsContext === options.toolsContext || (options.toolsContext === undefined && Object.keys(toolsContext).length === 0))
      ? base
      : yield* makeToolRuntime({
        ...options,
        toolChoice: prepared?.toolChoice ?? options.toolChoice,
        activeTools: prepared?.activeTools ?? options.activeTools,
        toolOrder: prepared?.toolOrder ?? options.toolOrder
      }, system, toolsContext)
    const given = prepared?.messages
    // prepareStep's messages are the step's (as given) and the log's from here (as a copy)
    const conversation = given === undefined ? state.conversation : StepMessages.given(given)
    return {
      runtime,
      model: prepared?.model ?? state.model,
      settings: prepared === undefined ? options : stepSettingsOf(options, prepared),
      prompt: system === undefined ? conversation.read : lazy(() => conversation.withSystem(system)),
      modelPrompt: lazy(() => conversation.withSystem(system)),
      system,
      conversation,
      replacedMessages: given === undefined || given === state.conversation.peek() ? undefined : given,
      toolChoice: prepared?.toolChoice ?? options.toolChoice,
      activeTools: prepared?.activeTools ?? options.activeTools,
      runtimeContext,
      toolsContext
    }
  })

/** Upstream `prepareStepCallSettings` plus `mergeObjects` of the provider options. */
const stepSettingsOf = (options: CallSettings, prepared: Omit<CallSettings, "headers">): CallSettings => ({
  maxOutputTokens: prepared.maxOutputTokens ?? options.maxOutputTokens,
  temperature: prepared.temperature ?? options.temperature,
  topP: prepared.topP ?? options.topP,
  topK: prepared.topK ?? options.topK,
  presencePenalty: prepared.presencePenalty ?? options.presencePenalty,
  frequencyPenalty: prepared.frequencyPenalty ?? options.frequencyPenalty,
  stopSequences: prepared.stopSequences ?? options.stopSequences,
  seed: prepared.seed ?? options.seed,
  reasoning: prepared.reasoning ?? options.reasoning,
  headers: options.headers,
  providerOptions: mergeObjects(options.providerOptions, prepared.providerOptions)
})

const isJsonObject = (u: JsonValue | undefined): u is JsonObject => Predicate.isObject(u) && !Array.isArray(u)

/** Upstream `mergeObjects`: a deep merge of plain objects, `overrides` winning; arrays are replaced. */
const mergeJson = (base: JsonObject, overrides: JsonObject): JsonObject => {
  const out: Record<string, JsonValue | undefined> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    // upstream skips prototype-polluting keys
    if (value === undefined || key === "__proto__" || key === "constructor" || key === "prototype") continue
    const current = Object.hasOwn(out, key) ? out[key] : undefined
    out[key] = isJsonObject(value) && isJsonObject(current) ? mergeJson(current, value) : value
  }
  return out
}

const mergeObjects = (
  base: ProviderOptions | undefined,
  overrides: ProviderOptions | undefined
): ProviderOptions | undefined =>
  base === undefined ? overrides : overrides === undefined ? base : mergeProviders(base, overrides)

const mergeProviders = (base: ProviderOptions, overrides: ProviderOptions): ProviderOptions => {
  const out: Record<string, JsonObject> = { ...base }
  for (const [provider, value] of Object.entries(overrides)) {
    if (provider === "__proto__" || provider === "constructor" || provider === "prototype") continue
    const current = Object.hasOwn(out, provider) ? out[provider] : undefined
    out[provider] = current === undefined ? value : mergeJson(current, value)
  }
  return out
}

/**
 * Where the loop is before a step: the system message and messages carried from the last step.
 *
 * @internal
 */
export interface StepState<S> {
  readonly stepNumber: number
  readonly steps: ReadonlyArray<S>
  readonly system: string | undefined
  readonly conversation: StepMessages
  /** The generation's messages before the first step (prepareStep's `initialMessages`). */
  readonly initialMessages: Prompt
  /** The generation's model. */
  readonly model: LanguageModelService
  /** The runtime context and tools' context the previous step left (undefined: the generation's). */
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  readonly toolsContext?: Readonly<Record<string, unknown>> | undefined
  /** The steering messages taken for this step (already in `conversation`). */
  readonly steeringMessages?: ReadonlyArray<UserModelMessage> | undefined
}
