/**
 * The tool-loop agent (upstream `ToolLoopAgent` of `ai/src/agent/tool-loop-agent.ts`, 7.0.173):
 * a value holding the settings of a generation (instructions, tools, stop condition, prepareStep,
 * output, call settings) with `generate` (generateText) and `stream` (streamText).
 *
 * As upstream: `instructions` become the system message, `stopWhen` defaults to 20 steps, the
 * settings' callbacks run before the call's own, and the request carries the user-agent suffix
 * `ai-sdk-agent/tool-loop`. The model is the `LanguageModel` service of the context (or
 * `settings.model`), so an agent is tested like any generation, with `MockLanguageModel`.
 *
 * For Effect applications {@link Agent} is a service: {@link layer} builds it from settings in the
 * context of the model and the tools' services, so callers need only `Agent`.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Stream } from "effect"
import { LanguageModel, type Service as LanguageModelService } from "../LanguageModel.ts"
import * as GenerateText from "./GenerateText.ts"
import type { ModelMessage } from "./ModelMessage.ts"
import type { WithOutput } from "./generation/OutputWiring.ts"
import type * as Output from "./Output.ts"
import type { Steering } from "./Steering.ts"
import type { StopCondition } from "./StopCondition.ts"
import * as StreamText from "./StreamText.ts"
import type * as Toolkit from "./Toolkit.ts"
import type { JSONParseError } from "../contract/errors/JSONParseError.ts"
import type { TypeValidationError } from "../contract/errors/TypeValidationError.ts"
import { safeValidate } from "./internal/ValidateJson.ts"
import type { InputSchema } from "./Tool.ts"

type Callback<A> = ((value: A) => Effect.Effect<void, unknown>) | undefined

/**
 * The settings of an agent (upstream `ToolLoopAgentSettings`): generation options without the
 * prompt, with `instructions` for the system message, an optional `output`, an optional model, and
 * typed per-call options (`callOptionsSchema`, `prepareCall`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Settings<T extends Toolkit.Any, R, O extends Output.Any, Opts = never, PE = never>
  extends Omit<GenerateText.GenerateTextOptions<T, R>, "prompt" | "messages" | "system" | "onError" | "stopWhen" | "experimental_steering">
{
  /** An id of the agent (upstream `id`). */
  readonly id?: string | undefined
  /** The system message of every call (upstream `instructions`). */
  readonly instructions?: string | undefined
  /** When to stop the loop (default: after 20 steps, upstream's default stop condition). */
  readonly stopWhen?:
    | StopCondition<StreamText.StepResult>
    | ReadonlyArray<StopCondition<StreamText.StepResult>>
    | undefined
  /** Structured output of every call. */
  readonly output?: O | undefined
  /** The model; absent: the `LanguageModel` service of the context. */
  readonly model?: LanguageModelService | undefined
  /** Called with `{ error }` when a generation fails. */
  readonly onError?: ((event: { readonly error: unknown }) => Effect.Effect<void, unknown>) | undefined
  /**
   * The schema of the call's `options` (upstream `callOptionsSchema`): an Effect Schema or a JSON
   * Schema (`Tool.jsonSchema`, validated by its `validate`). Options that fail it fail the call with
   * upstream's `TypeValidationError` (field `options`) before any model call.
   *
   * @since 0.1.0
   */
  readonly callOptionsSchema?: InputSchema<Opts> | undefined
  /**
   * Prepares the settings of one call from its (validated) options (upstream `prepareCall`). It
   * receives the agent's settings (without callbacks; `stopWhen` defaulted), the prompt or messages
   * and `options`; what it returns replaces them (as upstream: spread the rest to keep it), so it may
   * change the model, tools, instructions, stopWhen, prepareStep, activeTools, call settings, and the
   * prompt. Its failure fails the call before any model call.
   *
   * @since 0.1.0
   */
  readonly prepareCall?:
    | ((options: PrepareCallOptions<NoInfer<T>, NoInfer<R>, NoInfer<O>, NoInfer<Opts>>) => Effect.Effect<PrepareCallResult<NoInfer<T>, NoInfer<R>, NoInfer<O>>, PE, NoInfer<R>>)
    | undefined
}

/**
 * Upstream's list of the settings `prepareCall` receives and may return (the `Pick` of
 * `ToolLoopAgentSettings['prepareCall']`); only those aimux has are kept by {@link Preparable}.
 *
 * @since 0.1.0
 * @category models
 */
export type PreparableKey =
  | "model" | "tools" | "toolChoice" | "maxRetries" | "maxOutputTokens" | "temperature" | "topP" | "topK"
  | "presencePenalty" | "frequencyPenalty" | "stopSequences" | "seed" | "reasoning" | "headers" | "instructions"
  | "allowSystemInMessages" | "stopWhen" | "telemetry" | "experimental_telemetry" | "activeTools" | "toolOrder"
  | "toolCallConcurrency" | "toolApproval" | "experimental_toolCallers" | "experimental_toolApprovalSecret"
  | "prepareStep" | "repairToolCall" | "experimental_repairToolCall" | "providerOptions" | "experimental_download"
  | "experimental_refineToolInput" | "include" | "runtimeContext" | "_internal"
  // upstream adds it to both sides of prepareCall (`& { toolsContext }`)
  | "toolsContext"

/**
 * The settings `prepareCall` sees and returns: upstream's list, as far as aimux's settings have them.
 *
 * @since 0.1.0
 * @category models
 */
export type Preparable<T extends Toolkit.Any, R, O extends Output.Any> = Pick<
  Settings<T, R, O>,
  Extract<keyof Settings<T, R, O>, PreparableKey>
>

/**
 * The `options` field of a call: required and typed by `callOptionsSchema` when the agent has one
 * (upstream `AgentCallParameters`), absent otherwise.
 *
 * @since 0.1.0
 * @category models
 */
export type OptionsField<Opts> = [Opts] extends [never] ? { readonly options?: undefined } : { readonly options: Opts }

/** The prompt of a call: `prompt` or `messages`. */
interface PromptFields {
  readonly prompt?: string | ReadonlyArray<ModelMessage> | undefined
  readonly messages?: ReadonlyArray<ModelMessage> | undefined
}

/**
 * What `prepareCall` receives (upstream's payload): the preparable settings, the prompt and the
 * validated `options`.
 *
 * @since 0.1.0
 * @category models
 */
export type PrepareCallOptions<T extends Toolkit.Any, R, O extends Output.Any, Opts> =
  & Preparable<T, R, O>
  & PromptFields
  & OptionsField<Opts>

/**
 * What `prepareCall` returns: the settings of the call and its prompt (upstream: without `system`).
 *
 * @since 0.1.0
 * @category models
 */
export type PrepareCallResult<T extends Toolkit.Any, R, O extends Output.Any> = Preparable<T, R, O> & PromptFields

/**
 * What one call of an agent takes (upstream `AgentCallParameters`): a prompt or messages, the
 * typed `options` when the agent has a `callOptionsSchema`, and callbacks that run after the
 * settings' own.
 *
 * @since 0.1.0
 * @category models
 */
export type CallOptions<Opts = never> = BaseCallOptions & OptionsField<Opts>

/**
 * The untyped part of {@link CallOptions}.
 *
 * @since 0.1.0
 * @category models
 */
export interface BaseCallOptions extends PromptFields {
  readonly onStepEnd?: Callback<StreamText.StepResult>
  readonly onEnd?: Callback<StreamText.StreamTextResult>
  /**
   * A steering object for this call (upstream `ToolLoopAgentCallExtensions.experimental_steering`):
   * its messages join the run at the next step boundary.
   */
  readonly experimental_steering?: Steering | undefined
}

/**
 * What a call may fail with before its generation: the options' validation error (only when the
 * agent has a `callOptionsSchema`) and `prepareCall`'s error.
 *
 * @since 0.1.0
 * @category errors
 */
export type PrepareError<PE> = OptionsError | PE

/**
 * The options' validation error: upstream's `TypeValidationError`, or the `JSONParseError` of a
 * value nested too deep to print in it (as {@link safeValidate} reports one).
 *
 * @since 0.1.0
 * @category errors
 */
export type OptionsError = TypeValidationError | JSONParseError

/**
 * A call whose options are not typed (what the {@link Agent} service takes).
 *
 * @since 0.1.0
 * @category models
 */
export interface LooseCall extends BaseCallOptions {
  readonly options?: unknown
}

/**
 * The key of an agent's untyped runners (used by {@link layerAgent}).
 *
 * @since 0.1.0
 * @category symbols
 */
export const LooseRunnersId: unique symbol = Symbol.for("aimux/core/Agent/LooseRunners")

/**
 * An agent value (upstream `ToolLoopAgent`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolLoopAgent<T extends Toolkit.Any, R, O extends Output.Any, Opts = never, PE = never> {
  readonly version: "agent-v1"
  readonly id: string | undefined
  readonly tools: T | undefined
  readonly settings: Settings<T, R, O, Opts, PE>
  /** One generation (generateText) with the agent's settings. */
  readonly generate: (
    call: CallOptions<Opts>
  ) => Effect.Effect<
    WithOutput<GenerateText.GenerateTextResult<T>, Output.CompleteOf<O>>,
    GenerateText.GenerateTextError | PrepareError<PE>,
    LanguageModel | Toolkit.Services<T> | R
  >
  /** One streamed generation (streamText) with the agent's settings. */
  readonly stream: (
    call: CallOptions<Opts>
  ) => Stream.Stream<StreamText.TextStreamPart<NoInfer<T>>, PrepareError<PE>, LanguageModel | Toolkit.Services<T> | R>
  /** `generate` and `stream` for calls whose options are checked at run time only (the service's). */
  readonly [LooseRunnersId]: {
    readonly generate: (
      call: LooseCall
    ) => Effect.Effect<WithOutput<GenerateText.GenerateTextResult, unknown>, GenerateText.GenerateTextError | OptionsError | PE, LanguageModel | Toolkit.Services<T> | R>
    readonly stream: (call: LooseCall) => Stream.Stream<StreamText.TextStreamPart, OptionsError | PE, LanguageModel | Toolkit.Services<T> | R>
  }
}

const AGENT_USER_AGENT = "ai-sdk-agent/tool-loop"

/** Upstream `withUserAgentSuffix`: header names lower-cased, the suffix appended to `user-agent`. */
const agentHeaders = (headers: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers ?? {})) if (value !== undefined) out[key.toLowerCase()] = value
  out["user-agent"] = [out["user-agent"] ?? "", AGENT_USER_AGENT].filter((part) => part.length > 0).join(" ")
  return out
}

/**
 * Upstream `createDefaultStopCondition(20)`: stops after 20 steps and logs upstream's warning
 * (as an Effect log at warning level).
 */
const defaultStopCondition: StopCondition<StreamText.StepResult> = ({ steps }) => {
  if (steps.length !== 20) return false
  return Effect.as(
    Effect.logWarning(
      "The tool loop stopped because it reached the default stopWhen condition, isStepCount(20). " +
        "To allow more steps, set stopWhen to isStepCount(...) with a higher limit or provide a custom stop condition. " +
        "Learn more: https://ai-sdk.dev/docs/agents/loop-control"
    ),
    true
  )
}

/** Upstream `mergeCallbacks`: the settings' callback, then the call's. */
const merge = <A>(first: Callback<A>, second: Callback<A>): Callback<A> =>
  first === undefined ? second : second === undefined ? first : (value) =>
    Effect.andThen(Effect.ignore(first(value)), second(value))

/**
 * The one trust boundary of this module: the call's `options`, typed `Opts` by the
 * `callOptionsSchema` that validated them, or by the typed call that passed them (through the
 * {@link Agent} service without a schema they are what the caller passed, as upstream's untyped
 * JavaScript callers' are).
 */
const trustedOptions = <Opts>(options: unknown): OptionsField<Opts> =>
  (options === undefined ? {} : { options }) as OptionsField<Opts>

/**
 * Makes an agent (upstream `new ToolLoopAgent(settings)`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <
  T extends Toolkit.Any = {},
  R = never,
  O extends Output.Any = Output.Output<string, string, never>,
  Opts = never,
  PE = never
>(
  settings: Settings<T, R, O, Opts, PE>
): ToolLoopAgent<T, R, O, Opts, PE> => {
  // upstream's prepareCall: the settings without the callbacks (re-added below from the settings,
  // so prepareCall cannot change them), the default stop condition, and the call's prompt/options
  const {
    onEnd,
    onError,
    onFinish,
    onStart,
    experimental_onStart,
    onStepStart,
    experimental_onStepStart,
    onToolExecutionStart,
    onToolExecutionEnd,
    onStepEnd,
    onStepFinish,
    ...settingsWithoutCallbacks
  } = settings
  const callbacks = { onStart, experimental_onStart, onStepStart, experimental_onStepStart, onToolExecutionStart, onToolExecutionEnd }
  const prepare = Effect.fnUntraced(function*(call: LooseCall) {
    let options = call.options
    const schema = settings.callOptionsSchema
    if (schema !== undefined && options !== undefined) {
      const validated = yield* safeValidate(options, schema, undefined, { field: "options" })
      if (!validated.success) return yield* Effect.fail(validated.error)
      options = validated.value
    }
    const base = {
      ...settingsWithoutCallbacks,
      stopWhen: settings.stopWhen ?? defaultStopCondition,
      ...(call.prompt !== undefined ? { prompt: call.prompt } : {}),
      ...(call.messages !== undefined ? { messages: call.messages } : {}),
      ...trustedOptions<Opts>(options)
    }
    const prepared: Settings<T, R, O, Opts, PE> & PromptFields & { readonly options?: unknown } =
      settings.prepareCall === undefined ? base : yield* settings.prepareCall(base)
    // what is no generation option stays here (upstream passes it on, where it is ignored)
    const {
      callOptionsSchema: _schema,
      id: _id,
      instructions,
      messages,
      model,
      options: _options,
      prepareCall: _prepareCall,
      prompt,
      ...callArgs
    } = prepared
    return {
      model,
      args: {
        ...callArgs,
        ...callbacks,
        system: instructions,
        ...(prompt !== undefined ? { prompt } : {}),
        ...(messages !== undefined ? { messages } : {}),
        ...(call.experimental_steering !== undefined ? { experimental_steering: call.experimental_steering } : {}),
        headers: agentHeaders(prepared.headers),
        onStepEnd: merge<StreamText.StepResult<T>>(onStepEnd ?? onStepFinish, call.onStepEnd),
        onEnd: merge<GenerateText.GenerateTextResult<T>>(onEnd ?? onFinish, call.onEnd)
      }
    }
  })
  const withModel = <A, E, Req>(model: LanguageModelService | undefined, effect: Effect.Effect<A, E, Req>) =>
    model === undefined ? effect : Effect.provideService(effect, LanguageModel, model)
  const generate = (call: LooseCall) =>
    Effect.flatMap(prepare(call), ({ args, model }) =>
      GenerateText.generateText<T, R, O>(args).pipe(
        // generateText has no onError upstream: the agent reports the error, then fails with it
        // (not for the options' validation nor prepareCall, which upstream runs before its try)
        Effect.tapError((error) => onError === undefined ? Effect.void : Effect.ignore(onError({ error }))),
        (effect) => withModel(model, effect)
      ))
  const stream = (call: LooseCall) =>
    Stream.unwrap(Effect.map(prepare(call), ({ args, model }) => {
      const parts = StreamText.streamText<T, R>({
        ...args,
        ...(onError !== undefined ? { onError } : {})
      })
      return model === undefined ? parts : Stream.provideService(parts, LanguageModel, model)
    }))
  return {
    version: "agent-v1",
    id: settings.id,
    tools: settings.tools,
    settings,
    generate,
    stream,
    [LooseRunnersId]: { generate, stream }
  }
}

/**
 * The agent service: `generate` and `stream` with the services captured when the layer was built.
 * Its calls' `options` are typed `unknown` (the agent's `callOptionsSchema` still validates them).
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  readonly id: string | undefined
  readonly generate: (
    call: LooseCall
  ) => Effect.Effect<WithOutput<GenerateText.GenerateTextResult, unknown>, GenerateText.GenerateTextError | OptionsError>
  readonly stream: (call: LooseCall) => Stream.Stream<StreamText.TextStreamPart, GenerateText.GenerateTextError | OptionsError>
}

/**
 * The agent service key.
 *
 * @since 0.1.0
 * @category services
 */
export class Agent extends Context.Service<Agent, Service>()("aimux/core/Agent") {}

/**
 * The {@link Agent} service of an agent value, built in the context of the model and the tools'
 * services (so `Agent` is all its callers need). `prepareCall`'s errors must be generation or
 * validation errors, the service's error channel.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerAgent = <
  T extends Toolkit.Any,
  R,
  O extends Output.Any,
  Opts = never,
  PE extends GenerateText.GenerateTextError | OptionsError = never
>(
  agent: ToolLoopAgent<T, R, O, Opts, PE>
): Layer.Layer<Agent, never, LanguageModel | Toolkit.Services<T> | R> =>
  Layer.effect(
    Agent,
    Effect.map(Effect.context<LanguageModel | Toolkit.Services<T> | R>(), (context): Service => ({
      id: agent.id,
      generate: (call) => Effect.provideContext(agent[LooseRunnersId].generate(call), context),
      stream: (call) => Stream.provideContext(agent[LooseRunnersId].stream(call), context)
    }))
  )

/**
 * {@link layerAgent} of {@link make}: the agent service from settings.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <
  T extends Toolkit.Any = {},
  R = never,
  O extends Output.Any = Output.Output<string, string, never>,
  Opts = never,
  PE extends GenerateText.GenerateTextError | OptionsError = never
>(
  settings: Settings<T, R, O, Opts, PE>
): Layer.Layer<Agent, never, LanguageModel | Toolkit.Services<T> | R> => layerAgent(make(settings))
