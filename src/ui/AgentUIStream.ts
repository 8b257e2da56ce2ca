/**
 * The agent as a chat backend (upstream `ai/src/agent/create-agent-ui-stream.ts`,
 * `create-agent-ui-stream-response.ts`): validates the UI messages a client sent against the
 * agent's tools, converts them to model messages, runs the agent's stream and returns it as a UI
 * message stream (or its SSE response).
 *
 * @since 0.3.0
 */
import { Effect, Stream } from "effect"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { InvalidArgumentError } from "../contract/errors/InvalidArgumentError.ts"
import type { InvalidPromptError } from "../contract/errors/InvalidPromptError.ts"
import type { UIMessageStreamError } from "../contract/errors/UIMessageStreamError.ts"
import type { LanguageModel } from "../LanguageModel.ts"
import * as Agent from "../core/Agent.ts"
import type * as Output from "../core/Output.ts"
import type * as StreamText from "../core/StreamText.ts"
import type * as Toolkit from "../core/Toolkit.ts"
import { convertToModelMessages, type Options as ConvertOptions } from "./ConvertToModelMessages.ts"
import type { Callback } from "./internal/finish.ts"
import { type Options as UIOptions, toUIMessageStream } from "./ToUIMessageStream.ts"
import type * as UIMessage from "./UIMessage.ts"
import type { UIMessageChunk } from "./UIMessageChunk.ts"
import { type ResponseOptions, toResponse } from "./UIMessageStreamResponse.ts"
import { type ValidationError, validateUIMessagesForAgent } from "./ValidateUIMessages.ts"

/**
 * Options of {@link createAgentUIStream} (upstream's: the agent, the client's messages, the UI
 * stream options; `onStepEnd` is the generation's step callback, `onUIMessageStepEnd` the UI one).
 *
 * @since 0.3.0
 * @category models
 */
export interface Options<T extends Toolkit.Any, R, O extends Output.Any, Opts, PE>
  extends Omit<UIOptions<never, never>, "stream" | "tools" | "onStepEnd" | "onStepFinish">
{
  readonly agent: Agent.ToolLoopAgent<T, R, O, Opts, PE>
  /** The messages the client sent (untrusted: validated first). */
  readonly uiMessages: unknown
  readonly convertDataPart?: ConvertOptions["convertDataPart"]
  /** The call's options (validated by the agent's `callOptionsSchema`). */
  readonly options?: unknown
  readonly onStepEnd?: Callback<StreamText.StepResult>
  /** Deprecated upstream alias of `onStepEnd`. */
  readonly onStepFinish?: Callback<StreamText.StepResult>
  /** After each step, with the UI message so far. */
  readonly onUIMessageStepEnd?: Callback<UIMessage.StepEndEvent>
}

/**
 * What the agent's UI stream may fail with: the messages' validation, their conversion, the
 * call's preparation, an out-of-sequence chunk.
 *
 * @since 0.3.0
 * @category models
 */
export type AgentUIStreamError<PE> = ValidationError | InvalidPromptError | Agent.PrepareError<PE> | UIMessageStreamError

/**
 * The agent's run on the client's messages as a UI message stream (upstream
 * `createAgentUIStream`). The original messages are the validated ones unless given.
 *
 * @since 0.3.0
 * @category constructors
 */
export const createAgentUIStream = <T extends Toolkit.Any, R, O extends Output.Any, Opts, PE>(
  options: Options<T, R, O, Opts, PE>
): Stream.Stream<UIMessageChunk, AgentUIStreamError<PE>, LanguageModel | Toolkit.Services<T> | R> =>
  Stream.unwrap(Effect.gen(function*() {
    const { agent, convertDataPart, onStepEnd, onStepFinish, onUIMessageStepEnd, uiMessages, ...ui } = options
    const tools = agent.tools
    const validated = yield* validateUIMessagesForAgent({ messages: uiMessages, tools })
    const prompt = yield* convertToModelMessages(validated, { tools, convertDataPart })
    const stepEnd = onStepEnd ?? onStepFinish
    const parts = agent[Agent.LooseRunnersId].stream({
      prompt,
      ...(options.options !== undefined ? { options: options.options } : {}),
      ...(stepEnd !== undefined ? { onStepEnd: stepEnd } : {})
    })
    return toUIMessageStream({
      ...ui,
      originalMessages: ui.originalMessages ?? validated,
      onStepEnd: onUIMessageStepEnd,
      stream: parts,
      tools
    })
  }))

/**
 * The SSE response of {@link createAgentUIStream} (upstream `createAgentUIStreamResponse`): a
 * failure before the stream starts (invalid messages, conversion, the call's preparation) fails
 * the Effect, so a route can answer 400.
 *
 * @since 0.3.0
 * @category constructors
 */
export const createAgentUIStreamResponse = <T extends Toolkit.Any, R, O extends Output.Any, Opts, PE>(
  options: Options<T, R, O, Opts, PE> & ResponseOptions
): Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  ValidationError | InvalidPromptError | InvalidArgumentError,
  LanguageModel | Toolkit.Services<T> | R
> =>
  Effect.gen(function*() {
    const { headers, keepAliveMs, status, statusText, ...rest } = options
    const tools = rest.agent.tools
    // validate and convert up front so that bad input is a failure of the Effect, not of the body
    const validated = yield* validateUIMessagesForAgent({ messages: rest.uiMessages, tools })
    yield* convertToModelMessages(validated, { tools, convertDataPart: rest.convertDataPart })
    const stream = createAgentUIStream({ ...rest, uiMessages: validated, originalMessages: rest.originalMessages ?? validated })
    return yield* toResponse(stream, { headers, keepAliveMs, status, statusText })
  })
