/**
 * Builds the lifecycle callback payloads of a generation (upstream's `startEvent`,
 * `stepStartEvent`, `languageModelCallStartEvent`).
 *
 * @internal
 */
import { Effect } from "effect"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import type { Prompt } from "../../contract/Prompt.ts"
import type { LanguageModelCallStartEvent, StartEvent, StepStartEvent } from "../GenerationEvents.ts"
import type { StepResult } from "../StepResult.ts"
import type * as Toolkit from "../Toolkit.ts"
import type { BaseOptions } from "./Settings.ts"
import type { StepSetup } from "./PrepareStep.ts"
import type { ToolCall } from "../StepContent.ts"
import type { PreliminaryToolResult } from "../ToolResult.ts"
import { notify, type ResolvedCallbacks } from "./Callbacks.ts"
import type { Executed, ToolRuntime } from "./ToolRuntime.ts"
import type { TypeValidationError } from "../../contract/errors/TypeValidationError.ts"

/** The `onStart` payload. @internal */
export const startEventOf = <T extends Toolkit.Any, R>(
  operationId: StartEvent["operationId"],
  callId: string,
  model: LanguageModelService,
  options: BaseOptions<StepResult, T, R>,
  maxRetries: number,
  messages: Prompt
): StartEvent => ({
  callId,
  operationId,
  provider: model.provider,
  modelId: model.modelId,
  system: options.system,
  messages,
  toolChoice: options.toolChoice,
  activeTools: options.activeTools,
  maxRetries,
  timeout: options.timeout,
  headers: options.headers,
  providerOptions: options.providerOptions,
  maxOutputTokens: options.maxOutputTokens,
  temperature: options.temperature,
  topP: options.topP,
  topK: options.topK,
  presencePenalty: options.presencePenalty,
  frequencyPenalty: options.frequencyPenalty,
  stopSequences: options.stopSequences,
  seed: options.seed,
  runtimeContext: options.runtimeContext ?? {},
  toolsContext: options.toolsContext ?? {}
})

/** The `onStepStart` payload of a step. @internal */
export const stepStartEventOf = <T extends Toolkit.Any, R>(
  callId: string,
  model: LanguageModelService,
  options: BaseOptions<StepResult, T, R>,
  stepNumber: number,
  steps: ReadonlyArray<StepResult>,
  setup: StepSetup,
  promptMessages: () => Prompt
): StepStartEvent => {
  // the finished steps as of now, copied when read: the loop only appends to `steps`, so a
  // prefix of it is the snapshot (a copy per step would make a long run quadratic)
  const count = steps.length
  let snapshot: ReadonlyArray<StepResult> | undefined
  let promptCopy: Prompt | undefined
  return {
    callId,
    provider: model.provider,
    modelId: model.modelId,
    stepNumber,
    system: setup.system,
    // the step's messages and prompt, copied when read (StepMessages)
    get messages() {
      return setup.conversation.read()
    },
    toolChoice: setup.toolChoice ?? options.toolChoice,
    activeTools: setup.activeTools ?? options.activeTools,
    get steps() {
      return snapshot ??= steps.slice(0, count)
    },
    providerOptions: options.providerOptions,
    // its own copy: a callback that changes it changes neither the model's prompt nor the run
    get promptMessages() {
      return promptCopy ??= promptMessages().slice()
    },
    stepToolChoice: setup.runtime.toolChoice,
    runtimeContext: setup.runtimeContext,
    toolsContext: setup.toolsContext
  }
}

/** The `onLanguageModelCallStart` payload of a step's call. @internal */
export const callStartEventOf = (
  callId: string,
  model: LanguageModelService,
  setup: StepSetup
): LanguageModelCallStartEvent => ({
  callId,
  provider: model.provider,
  modelId: model.modelId,
  system: setup.system,
  get messages() {
    return setup.conversation.read()
  },
  tools: setup.runtime.callTools
})

/**
 * Runs a client call with `onToolExecutionStart` / `onToolExecutionEnd` around it (upstream
 * `executeToolCall` notifies both around the tool's own execution).
 *
 * @internal
 */
export const executeWithCallbacks = (
  runtime: ToolRuntime,
  callbacks: ResolvedCallbacks,
  callId: string,
  call: ToolCall,
  messages: () => Prompt,
  onPreliminary: (part: PreliminaryToolResult) => Effect.Effect<void>
): Effect.Effect<Executed | undefined, TypeValidationError> => {
  if (!runtime.isExecutable(call)) return Effect.succeed(undefined)
  // the tool's context is validated before onToolExecutionStart (upstream executeToolCall)
  return Effect.flatMap(runtime.toolContext(call), (toolContext) => {
    const context = { value: toolContext }
    if (callbacks.onToolExecutionStart === undefined && callbacks.onToolExecutionEnd === undefined) {
      return runtime.execute(call, messages, onPreliminary, context)
    }
    // the messages are copied only when a callback reads them (StepMessages)
    const event = {
      callId,
      get messages() {
        return messages()
      },
      toolCall: call,
      toolContext
    }
    const execute = runtime.execute(call, messages, onPreliminary, context)
    return notify(callbacks.onToolExecutionStart, event).pipe(
      Effect.andThen(callbacks.executeTool === undefined ? execute : callbacks.executeTool(call.toolCallId, execute)),
      Effect.tap((executed) =>
        executed === undefined ? Effect.void : notify(callbacks.onToolExecutionEnd, {
          callId,
          get messages() {
            return messages()
          },
          toolCall: call,
          toolContext,
          toolExecutionMs: executed.toolExecutionMs,
          toolOutput: executed.output
        })
      )
    )
  })
}
