/**
 * Tool approvals in streamText (upstream `execute-tools-from-stream.ts` and the initial tool
 * execution stream of `stream-text.ts`, ai 7.0.173): the approval decision for each tool call as
 * it arrives (request / response / `tool-output-denied` parts after the call), and the resumed
 * approvals of the last tool message before the first step.
 *
 * @internal
 */
import { type Context, Effect } from "effect"
import { getErrorMessage } from "../../contract/errors/getErrorMessage.ts"
import type { TypeValidationError } from "../../contract/errors/TypeValidationError.ts"
import type { Prompt } from "../../contract/Prompt.ts"
import type { ResponseMessage } from "../ResponseMessages.ts"
import type { ToolCall, ToolInfoSet, ToolOutput } from "../StepContent.ts"
import type { TextStreamPart } from "../TextStreamPart.ts"
import * as ToolApproval from "../approval/ToolApproval.ts"
import * as ToolApprovalResume from "../approval/ToolApprovalResume.ts"
import type * as ToolApprovalSignature from "../approval/ToolApprovalSignature.ts"
import type * as Toolkit from "../Toolkit.ts"
import type { PreliminaryToolResult } from "../ToolResult.ts"
import type { ResolvedCallbacks } from "./Callbacks.ts"
import { executeWithCallbacks } from "./EventPayloads.ts"
import type { BaseOptions } from "./Settings.ts"
import type { ToolRuntime } from "./ToolRuntime.ts"
import { getOwn } from "../internal/GetOwn.ts"
import { withoutTracing } from "../internal/QuietTracer.ts"

/**
 * The decision for one streamed call: the parts to emit after it, whether it may run, and
 * whether it counts as a denial (an answered call when the loop decides to go on).
 *
 * @internal
 */
export interface CallGate {
  readonly parts: ReadonlyArray<TextStreamPart>
  readonly run: boolean
  readonly denied: boolean
}

const open: CallGate = { parts: [], run: true, denied: false }

/**
 * The gate of a run's streamed calls (upstream `executeToolsFromStream` per `tool-call`):
 * invalid calls and calls to unknown tools pass untouched; `not-applicable` takes no approval id.
 *
 * @internal
 */
export const makeCallGate = <T extends Toolkit.Any, R>(options: {
  readonly tools: T | undefined
  readonly configuration: ToolApproval.Configuration<T, R> | undefined
  readonly secret: ToolApprovalSignature.Secret | undefined
  readonly generateId: () => string
}) =>
(call: ToolCall, messages: () => Prompt, contexts?: ToolApproval.StepContexts): Effect.Effect<CallGate, never, R | Toolkit.Services<T>> =>
  Effect.gen(function*() {
    if (call.invalid === true || getOwn(options.tools, call.toolName) === undefined) return open
    const status = yield* ToolApproval.resolve({
      tools: options.tools,
      toolCall: call,
      configuration: options.configuration,
      // the step's messages, copied only when an approval function reads them (StepMessages)
      get messages() {
        return messages()
      },
      contexts
    })
    if (status.type === "not-applicable") return open
    const approvalId = options.generateId()
    const signature = yield* ToolApproval.signatureOf(options.secret, approvalId, call)
    const signed = signature != null ? { signature } : {}
    if (status.type === "user-approval") {
      return {
        parts: [{ type: "tool-approval-request", approvalId, toolCall: call, ...(status.reason != null ? { reason: status.reason } : {}), ...signed }],
        run: false,
        denied: false
      }
    }
    const approved = status.type === "approved"
    const parts: Array<TextStreamPart> = [
      { type: "tool-approval-request", approvalId, toolCall: call, isAutomatic: true, ...signed },
      { type: "tool-approval-response", approvalId, approved, toolCall: call, reason: status.reason, providerExecuted: call.providerExecuted }
    ]
    if (!approved) parts.push({ type: "tool-output-denied", toolCallId: call.toolCallId, toolName: call.toolName })
    return { parts, run: approved, denied: !approved }
  })

/**
 * Resumes a stream after approvals (upstream `streamText` before its first step): denied calls
 * get `tool-output-denied` parts (provider-executed ones too), approved calls that are invalid
 * now get `tool-error` parts, approved client calls run (their outputs emitted as they finish).
 * Returns the tool message the next model call receives: the outputs, the invalid calls' errors
 * and `execution-denied` for the denied client calls without a result; none when empty.
 *
 * @internal
 */
export const resumeInStream = <T extends Toolkit.Any, R>(
  options: ToolApprovalResume.ResumeOptions<T, R> & {
    readonly toolInfo: ToolInfoSet | undefined
    readonly execute: (
      call: ToolCall,
      onPreliminary: (part: PreliminaryToolResult) => Effect.Effect<void>
    ) => Effect.Effect<{ readonly output: ToolOutput } | undefined, TypeValidationError>
    readonly emit: (part: TextStreamPart) => Effect.Effect<void>
    readonly concurrency: number | "unbounded"
  }
): Effect.Effect<ReadonlyArray<ResponseMessage>, ToolApprovalResume.ResumeError | TypeValidationError, R | Toolkit.Services<T>> =>
  Effect.gen(function*() {
    const planned = yield* ToolApprovalResume.plan(options)
    for (const a of [...planned.deniedLocal, ...planned.deniedProvider]) {
      yield* options.emit({ type: "tool-output-denied", toolCallId: a.toolCall.toolCallId, toolName: a.toolCall.toolName })
    }
    for (const a of planned.invalid) {
      yield* options.emit({
        type: "tool-error",
        toolCallId: a.toolCall.toolCallId,
        toolName: a.toolCall.toolName,
        input: a.toolCall.input,
        error: getErrorMessage(a.error),
        title: a.toolCall.title,
        dynamic: a.toolCall.dynamic === true,
        ...(a.toolCall.toolMetadata != null ? { toolMetadata: a.toolCall.toolMetadata } : {})
      })
    }
    // outputs in the order they finish, as upstream collects them
    const outputs: Array<ToolOutput> = []
    yield* Effect.forEach(
      planned.approved,
      (a) =>
        Effect.flatMap(options.execute(a.toolCall, options.emit), (run) => {
          if (run === undefined) return Effect.void
          outputs.push(run.output)
          return options.emit(run.output)
        }),
      { concurrency: options.concurrency, discard: true }
    )
    const denied = planned.deniedLocal.filter((a) => a.existingResult === undefined)
    if (outputs.length === 0 && denied.length === 0 && planned.invalid.length === 0) return []
    return [{ role: "tool", content: yield* ToolApprovalResume.resultsOf(outputs, planned.invalid, denied, options.toolInfo) }]
  })

/**
 * The approval hooks of a streamText run: the per-call gate and the resume before the first step,
 * with the run's services provided.
 *
 * @internal
 */
export interface StreamApprovals {
  readonly gate: (generateId: () => string) => (
    call: ToolCall,
    messages: () => Prompt,
    contexts?: ToolApproval.StepContexts
  ) => Effect.Effect<CallGate>
  readonly resume: (
    emit: (part: TextStreamPart) => Effect.Effect<void>,
    prompt: Prompt,
    callbacks: ResolvedCallbacks,
    callId: string
  ) => Effect.Effect<ReadonlyArray<ResponseMessage>, ToolApprovalResume.ResumeError | TypeValidationError>
}

/**
 * The approval hooks of a run from its options.
 *
 * @internal
 */
export const streamApprovals = <T extends Toolkit.Any, R, C>(
  options:
    & Pick<BaseOptions<never, T, R>, "tools" | "refineToolInput" | "prompt" | "messages" | "toolCallConcurrency" | "toolsContext" | "runtimeContext">
    & ToolApproval.Options<T, R>,
  runtime: ToolRuntime,
  context: Context.Context<C | Toolkit.Services<T> | R>
): StreamApprovals => {
  // the run's services; the gate keeps the tracer and span it runs under (a quiet loop stays quiet)
  const services = withoutTracing(context)
  return {
  gate: (generateId) => {
    const gate = makeCallGate({
      tools: options.tools,
      configuration: options.toolApproval,
      secret: options.experimental_toolApprovalSecret,
      generateId
    })
    return (call, messages, contexts) => Effect.provideContext(gate(call, messages, contexts), services)
  },
  resume: (emit, prompt, callbacks, callId) =>
    Effect.provideContext(
      resumeInStream({
        messages: typeof options.prompt === "string" ? [] : options.prompt ?? options.messages ?? [],
        prompt,
        tools: options.tools,
        toolInfo: runtime.info,
        configuration: options.toolApproval,
        refineToolInput: options.refineToolInput,
        secret: options.experimental_toolApprovalSecret,
        contexts: { toolsContext: options.toolsContext, runtimeContext: options.runtimeContext },
        execute: (call, onPreliminary) => executeWithCallbacks(runtime, callbacks, callId, call, () => prompt, onPreliminary),
        emit,
        concurrency: options.toolCallConcurrency ?? "unbounded"
      }),
      services
    )
  }
}
