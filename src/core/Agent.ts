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
 * @since 0.2.0
 */
import { Context, Effect, Layer, Stream } from "effect"
import { LanguageModel, type Service as LanguageModelService } from "../LanguageModel.ts"
import * as GenerateText from "./GenerateText.ts"
import type { ModelMessage } from "./internal/generationPrompt.ts"
import type { WithOutput } from "./internal/outputWiring.ts"
import type * as Output from "./Output.ts"
import type { Steering } from "./Steering.ts"
import type { StopCondition } from "./StopCondition.ts"
import * as StreamText from "./StreamText.ts"
import type * as Toolkit from "./Toolkit.ts"

type Callback<A> = ((value: A) => Effect.Effect<void, unknown>) | undefined

/**
 * The settings of an agent (upstream `ToolLoopAgentSettings`): generation options without the
 * prompt, with `instructions` for the system message, an optional `output` and an optional model.
 *
 * @since 0.2.0
 */
export interface Settings<T extends Toolkit.Any, R, O extends Output.Any>
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
}

/**
 * What one call of an agent takes (upstream `AgentCallParameters`): a prompt or messages, and
 * callbacks that run after the settings' own.
 *
 * @since 0.2.0
 */
export interface CallOptions {
  readonly prompt?: string | ReadonlyArray<ModelMessage> | undefined
  readonly messages?: ReadonlyArray<ModelMessage> | undefined
  readonly onStepEnd?: Callback<StreamText.StepResult>
  readonly onEnd?: Callback<StreamText.StreamTextResult>
  /**
   * A steering object for this call (upstream `ToolLoopAgentCallExtensions.experimental_steering`):
   * its messages join the run at the next step boundary.
   */
  readonly experimental_steering?: Steering | undefined
}

/**
 * An agent value (upstream `ToolLoopAgent`).
 *
 * @since 0.2.0
 */
export interface ToolLoopAgent<T extends Toolkit.Any, R, O extends Output.Any> {
  readonly version: "agent-v1"
  readonly id: string | undefined
  readonly tools: T | undefined
  readonly settings: Settings<T, R, O>
  /** One generation (generateText) with the agent's settings. */
  readonly generate: (
    call: CallOptions
  ) => Effect.Effect<
    WithOutput<GenerateText.GenerateTextResult<T>, Output.CompleteOf<O>>,
    GenerateText.GenerateTextError,
    LanguageModel | Toolkit.Services<T> | R
  >
  /** One streamed generation (streamText) with the agent's settings. */
  readonly stream: (call: CallOptions) => Stream.Stream<StreamText.TextStreamPart<NoInfer<T>>, never, LanguageModel | Toolkit.Services<T> | R>
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
 * Makes an agent (upstream `new ToolLoopAgent(settings)`).
 *
 * @since 0.2.0
 */
export const make = <T extends Toolkit.Any = {}, R = never, O extends Output.Any = Output.Output<string, string, never>>(
  settings: Settings<T, R, O>
): ToolLoopAgent<T, R, O> => {
  const { id, instructions, model, onEnd, onError, onFinish, onStepEnd, onStepFinish, output, stopWhen, ...rest } = settings
  const base = (call: CallOptions) => ({
    ...rest,
    system: instructions,
    stopWhen: stopWhen ?? defaultStopCondition,
    output,
    ...(call.prompt !== undefined ? { prompt: call.prompt } : {}),
    ...(call.messages !== undefined ? { messages: call.messages } : {}),
    ...(call.experimental_steering !== undefined ? { experimental_steering: call.experimental_steering } : {}),
    headers: agentHeaders(settings.headers),
    onStepEnd: merge<StreamText.StepResult<T>>(onStepEnd ?? onStepFinish, call.onStepEnd),
    onEnd: merge<GenerateText.GenerateTextResult<T>>(onEnd ?? onFinish, call.onEnd)
  })
  const withModel = <A, E, Req>(effect: Effect.Effect<A, E, Req>) =>
    model === undefined ? effect : Effect.provideService(effect, LanguageModel, model)
  return {
    version: "agent-v1",
    id,
    tools: settings.tools,
    settings,
    generate: (call) =>
      GenerateText.generateText<T, R, O>(base(call)).pipe(
        // generateText has no onError upstream: the agent reports the error, then fails with it
        Effect.tapError((error) => onError === undefined ? Effect.void : Effect.ignore(onError({ error }))),
        withModel
      ),
    stream: (call) => {
      const stream = StreamText.streamText<T, R>({ ...base(call), ...(onError !== undefined ? { onError } : {}) })
      return model === undefined ? stream : Stream.provideService(stream, LanguageModel, model)
    }
  }
}

/**
 * The agent service: `generate` and `stream` with the services captured when the layer was built.
 *
 * @since 0.2.0
 */
export interface Service {
  readonly id: string | undefined
  readonly generate: (
    call: CallOptions
  ) => Effect.Effect<WithOutput<GenerateText.GenerateTextResult, unknown>, GenerateText.GenerateTextError>
  readonly stream: (call: CallOptions) => Stream.Stream<StreamText.TextStreamPart>
}

/**
 * The agent service key.
 *
 * @since 0.2.0
 */
export class Agent extends Context.Service<Agent, Service>()("aimux/core/Agent") {}

/**
 * The {@link Agent} service of an agent value, built in the context of the model and the tools'
 * services (so `Agent` is all its callers need).
 *
 * @since 0.2.0
 */
export const layerAgent = <T extends Toolkit.Any, R, O extends Output.Any>(
  agent: ToolLoopAgent<T, R, O>
): Layer.Layer<Agent, never, LanguageModel | Toolkit.Services<T> | R> =>
  Layer.effect(
    Agent,
    Effect.map(Effect.context<LanguageModel | Toolkit.Services<T> | R>(), (context): Service => ({
      id: agent.id,
      generate: (call) => Effect.provideContext(agent.generate(call), context),
      stream: (call) => Stream.provideContext(agent.stream(call), context)
    }))
  )

/**
 * {@link layerAgent} of {@link make}: the agent service from settings.
 *
 * @since 0.2.0
 */
export const layer = <T extends Toolkit.Any = {}, R = never, O extends Output.Any = Output.Output<string, string, never>>(
  settings: Settings<T, R, O>
): Layer.Layer<Agent, never, LanguageModel | Toolkit.Services<T> | R> => layerAgent(make(settings))
