/**
 * Options shared by generateText and streamText: prompt, call settings, stop conditions, and how
 * they become V4 call options.
 *
 * @internal
 */
import type { CallOptions } from "../../contract/CallOptions.ts"
import type { Prompt } from "../../contract/Prompt.ts"
import type { CallSettings } from "./CallSettings.ts"
import type { StopCondition, StepView } from "../StopCondition.ts"
import type * as Toolkit from "../Toolkit.ts"
import type { PrepareStep } from "./PrepareStep.ts"
import type { ToolOptions, ToolRuntime } from "./ToolRuntime.ts"
import type { ModelMessage } from "../ModelMessage.ts"
import type { LifecycleCallbacks } from "./Callbacks.ts"
import type { Steering } from "../Steering.ts"
import type { TelemetrySettings } from "../Telemetry.ts"

export type { CallSettings } from "./CallSettings.ts"

/** @internal */
export interface BaseOptions<S extends StepView, T extends Toolkit.Any, R>
  extends CallSettings, ToolOptions<T, R>, LifecycleCallbacks
{
  readonly system?: string | undefined
  /** Upstream's new name of `system` (wins over it). */
  readonly instructions?: string | undefined
  /** Allow system messages in `prompt` / `messages` (upstream: refused unless set). */
  readonly allowSystemInMessages?: boolean | undefined
  readonly prompt?: string | ReadonlyArray<ModelMessage> | undefined
  readonly messages?: ReadonlyArray<ModelMessage> | undefined
  /** When to stop the multi-step loop (OR-ed; default `isStepCount(1)`). */
  readonly stopWhen?: StopCondition<S> | ReadonlyArray<StopCondition<S>> | undefined
  /** Adjusts tool choice, active tools, system message or messages before each step. */
  readonly prepareStep?: PrepareStep<S, NoInfer<T>, R> | undefined
  /**
   * User-defined context that flows through the generation (upstream `runtimeContext`, default
   * `{}`): in the `onStart` / `onStepStart` payloads, `prepareStep` (which may replace it for its
   * step and the later ones) and every step result.
   */
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
  /**
   * Tracing of this call (upstream `telemetry`): spans on Effect's tracer when the
   * `Telemetry.layer` is provided or `isEnabled` is `true`; see `Telemetry.ts`.
   */
  readonly telemetry?: TelemetrySettings | undefined
  /** Upstream's older name of `telemetry` (used when `telemetry` is absent). */
  readonly experimental_telemetry?: TelemetrySettings | undefined
  /** Record prompt and response content on spans (off by default). */
  readonly recordContent?: boolean | undefined
  /**
   * Retries of each model call (upstream `maxRetries`, default 2): retryable `APICallError`s are
   * retried after 2 s, 4 s, ... (Effect Clock) or what `retry-after-ms` / `retry-after` ask for,
   * then `RetryError`; 0 disables retrying (the error passes unwrapped).
   */
  readonly maxRetries?: number | undefined
  /**
   * A steering object (`Steering.make`, upstream `experimental_steering`): its messages are added
   * to the generation at the next step boundary. One generation per object.
   */
  readonly experimental_steering?: Steering | undefined
}

/** @internal */
export const callOptionsOf = (
  settings: CallSettings,
  prompt: () => Prompt,
  runtime: ToolRuntime,
  extra: { readonly includeRawChunks?: boolean } = {}
): CallOptions => ({
  // made when the model (or a middleware) reads it: a model that never reads it costs no copy
  get prompt() {
    return prompt()
  },
  ...(settings.maxOutputTokens !== undefined ? { maxOutputTokens: settings.maxOutputTokens } : {}),
  ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
  ...(settings.topP !== undefined ? { topP: settings.topP } : {}),
  ...(settings.topK !== undefined ? { topK: settings.topK } : {}),
  ...(settings.presencePenalty !== undefined ? { presencePenalty: settings.presencePenalty } : {}),
  ...(settings.frequencyPenalty !== undefined ? { frequencyPenalty: settings.frequencyPenalty } : {}),
  ...(settings.stopSequences !== undefined ? { stopSequences: settings.stopSequences } : {}),
  ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
  ...(settings.headers !== undefined ? { headers: settings.headers } : {}),
  ...(settings.reasoning !== undefined ? { reasoning: settings.reasoning } : {}),
  ...(settings.providerOptions !== undefined ? { providerOptions: settings.providerOptions } : {}),
  ...(runtime.callTools !== undefined ? { tools: runtime.callTools } : {}),
  // upstream always sends the prepared tool choice (`auto` by default), with or without tools
  toolChoice: runtime.toolChoice,
  ...(extra.includeRawChunks === true ? { includeRawChunks: true } : {})
})

/** @internal */
export const stopConditionsOf = <S extends StepView>(
  stopWhen: StopCondition<S> | ReadonlyArray<StopCondition<S>> | undefined,
  fallback: StopCondition<S>
): ReadonlyArray<StopCondition<S>> =>
  stopWhen === undefined ? [fallback] : typeof stopWhen === "function" ? [stopWhen] : stopWhen
