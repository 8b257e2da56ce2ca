/**
 * Resuming after tool approvals (upstream `collect-tool-approvals.ts`,
 * `validate-tool-approvals.ts` and the start of `generate-text.ts`): the approval responses of the
 * last tool message are collected, re-validated, executed or denied before the first step; and
 * upstream's missing-tool-results rule of the prompt.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { InvalidToolApprovalError } from "../../contract/errors/InvalidToolApprovalError.ts"
import { InvalidToolInputError } from "../../contract/errors/InvalidToolInputError.ts"
import { MissingToolResultsError } from "../../contract/errors/MissingToolResultsError.ts"
import { InvalidToolApprovalSignatureError } from "../../contract/errors/InvalidToolApprovalSignatureError.ts"
import { ToolCallNotFoundForApprovalError } from "../../contract/errors/ToolCallNotFoundForApprovalError.ts"
import type { TypeValidationError } from "../../contract/errors/TypeValidationError.ts"
import type { Prompt, ToolResultPart } from "../../contract/Prompt.ts"
import { getOwn } from "../internal/GetOwn.ts"
import { safeValidate } from "../internal/ValidateJson.ts"
import { type ResponseMessage, toolModelOutput } from "../ResponseMessages.ts"
import type { ToolCall, ToolInfoSet, ToolOutput } from "../StepContent.ts"
import { type Configuration, isDeepEqualData, type LooseConfiguration, resolve, type StepContexts } from "./ToolApproval.ts"
import type { RequestPart, ResponsePart } from "./ToolApprovalParts.ts"
import type { InputRefinement } from "../ToolCallParser.ts"
import type * as Toolkit from "../Toolkit.ts"
import * as ToolApprovalSignature from "./ToolApprovalSignature.ts"
import * as WireJson from "../../runtime/WireJson.ts"

/**
 * A message as the approval collection reads it (user messages of the generation).
 *
 * @since 0.1.0
 * @category models
 */
export interface MessageLike {
  readonly role: string
  readonly content: string | ReadonlyArray<{ readonly type: string }>
}

/**
 * An approval found in the history (upstream `CollectedToolApprovals`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Collected {
  readonly request: RequestPart
  readonly response: ResponsePart
  readonly toolCall: ToolCall
  readonly existingResult?: ToolResultPart | undefined
}

const partsOf = (message: MessageLike): ReadonlyArray<{ readonly type: string }> =>
  typeof message.content === "string" ? [] : message.content

const isRequestPart = (part: { readonly type: string }): part is RequestPart =>
  part.type === "tool-approval-request" && "approvalId" in part && "toolCallId" in part

const isResponsePart = (part: { readonly type: string }): part is ResponsePart =>
  part.type === "tool-approval-response" && "approvalId" in part && "approved" in part

const isResultPart = (part: { readonly type: string }): part is ToolResultPart =>
  part.type === "tool-result" && "toolCallId" in part && "output" in part

interface HistoryCall {
  readonly type: "tool-call"
  readonly toolCallId: string
  readonly toolName: string
  readonly input: unknown
  readonly providerExecuted?: boolean | undefined
}

const isCallPart = (part: { readonly type: string }): part is HistoryCall =>
  part.type === "tool-call" && "toolCallId" in part && "toolName" in part && "input" in part

/**
 * Collects the approval responses of the last message when it is a tool message (upstream
 * `collectToolApprovals`): an unknown approval id fails with `InvalidToolApprovalError`, a request
 * without its call with `ToolCallNotFoundForApprovalError`; only the first response per call
 * counts; a call that already has a result is skipped (unless it is an `execution-denied` result
 * and the response denies); approved calls come back in call order.
 *
 * @since 0.1.0
 * @category approval
 */
export const collect = (
  messages: ReadonlyArray<MessageLike>
): Effect.Effect<
  { readonly approved: ReadonlyArray<Collected>; readonly denied: ReadonlyArray<Collected> },
  InvalidToolApprovalError | ToolCallNotFoundForApprovalError
> =>
  Effect.suspend((): Effect.Effect<
    { readonly approved: ReadonlyArray<Collected>; readonly denied: ReadonlyArray<Collected> },
    InvalidToolApprovalError | ToolCallNotFoundForApprovalError
  > => {
    const last = messages[messages.length - 1]
    if (last?.role !== "tool") return Effect.succeed({ approved: [], denied: [] })
    // maps keyed by client-supplied ids: no prototype, so `toString` & co. are absent
    const calls = new Map<string, HistoryCall>()
    const callOrder = new Map<string, number>()
    const requests = new Map<string, RequestPart>()
    for (const message of messages) {
      if (message.role !== "assistant") continue
      for (const part of partsOf(message)) {
        if (isCallPart(part)) {
          calls.set(part.toolCallId, part)
          callOrder.set(part.toolCallId, callOrder.size)
        } else if (isRequestPart(part)) {
          requests.set(part.approvalId, part)
        }
      }
    }
    const results = new Map<string, ToolResultPart>()
    for (const part of partsOf(last)) if (isResultPart(part)) results.set(part.toolCallId, part)
    const approved: Array<Collected> = []
    const denied: Array<Collected> = []
    const seen = new Set<string>()
    for (const response of partsOf(last)) {
      if (!isResponsePart(response)) continue
      const request = requests.get(response.approvalId)
      if (request === undefined) return Effect.fail(new InvalidToolApprovalError({ approvalId: response.approvalId }))
      const existing = results.get(request.toolCallId)
      if (existing !== undefined && (response.approved || existing.output.type !== "execution-denied")) continue
      const call = calls.get(request.toolCallId)
      if (call === undefined) {
        return Effect.fail(new ToolCallNotFoundForApprovalError({ toolCallId: request.toolCallId, approvalId: request.approvalId }))
      }
      if (seen.has(call.toolCallId)) continue
      seen.add(call.toolCallId)
      const toolCall: ToolCall = {
        type: "tool-call",
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input,
        ...(call.providerExecuted !== undefined ? { providerExecuted: call.providerExecuted } : {})
      }
      const collected: Collected = { request, response, toolCall, ...(existing !== undefined ? { existingResult: existing } : {}) }
      if (response.approved) approved.push(collected)
      else denied.push(collected)
    }
    approved.sort((a, b) => (callOrder.get(a.toolCall.toolCallId) ?? 0) - (callOrder.get(b.toolCall.toolCallId) ?? 0))
    return Effect.succeed({ approved, denied })
  })

const MISMATCH = "Approved tool input does not match the validated schema output."

/**
 * Re-validates approved calls from the history (upstream `validateApprovedToolApprovals`, without
 * signatures): the call is rebuilt from the current tool definition; the input schema validates
 * `inputSchemaInput` (or the input), the refinement runs, and the result must equal the approved
 * input, else the call is invalid (`InvalidToolInputError`); the approval policy runs again and
 * may deny.
 *
 * @since 0.1.0
 * @category approval
 */
export function validateApproved<T extends Toolkit.Any, R>(options: {
  readonly approved: ReadonlyArray<Collected>
  readonly tools: T | undefined
  readonly configuration: Configuration<T, R> | undefined
  readonly refineToolInput: InputRefinement<T, R> | undefined
  readonly messages: Prompt
  readonly secret?: ToolApprovalSignature.Secret | undefined
  readonly contexts?: StepContexts | undefined
}): Effect.Effect<Validated, InvalidToolApprovalSignatureError, R | Toolkit.Services<T>>
export function validateApproved(options: {
  readonly approved: ReadonlyArray<Collected>
  readonly tools: Toolkit.Any | undefined
  readonly configuration: LooseConfiguration | undefined
  readonly refineToolInput: LooseRefinement | undefined
  readonly messages: Prompt
  readonly secret?: ToolApprovalSignature.Secret | undefined
  readonly contexts?: StepContexts | undefined
}): Effect.Effect<Validated, InvalidToolApprovalSignatureError, unknown> {
  return Effect.gen(function*() {
    const approved: Array<Collected> = []
    const denied: Array<Collected> = []
    const invalid: Array<Collected & { readonly error: InvalidToolInputError }> = []
    for (const collected of options.approved) {
      const tool = getOwn(options.tools, collected.toolCall.toolName)
      const { toolCallId, toolName, input, providerExecuted } = collected.toolCall
      // history may omit or alter these fields: rebuilt from the current tool definition (upstream)
      const fields = {
        type: "tool-call" as const,
        toolCallId,
        toolName,
        input,
        ...(providerExecuted !== undefined ? { providerExecuted } : {}),
        ...(tool?.metadata != null ? { toolMetadata: tool.metadata } : {}),
        title: tool?.title
      }
      const toolCall: ToolCall = tool?.type === "dynamic" ? { ...fields, dynamic: true } : fields
      const approval: Collected = { ...collected, toolCall }
      if (options.secret != null) yield* checkSignature(options.secret, approval)
      if (tool !== undefined && typeof tool.execute === "function" && tool.inputSchema !== undefined) {
        const approvedInput = structuredClone(toolCall.input)
        const schemaInput = Object.hasOwn(approval.request, "inputSchemaInput") ? approval.request.inputSchemaInput : toolCall.input
        const validation = yield* safeValidate(structuredClone(schemaInput), tool.inputSchema)
        let problem: unknown = undefined
        if (!validation.success) {
          problem = validation.error
        } else {
          const refine = getOwn(options.refineToolInput, toolCall.toolName)
          const refined = refine !== undefined
            ? yield* Effect.result(Effect.suspend(() => refine(validation.value)))
            : { _tag: "Success" as const, success: validation.value }
          if (refined._tag === "Failure") problem = refined.failure
          else if (!isDeepEqualData(structuredClone(refined.success), approvedInput)) problem = new Error(MISMATCH)
        }
        if (problem !== undefined) {
          invalid.push({
            ...approval,
            error: new InvalidToolInputError({ toolName: toolCall.toolName, toolInput: WireJson.render(toolCall.input), cause: problem })
          })
          continue
        }
      }
      const status = yield* resolve({
        tools: options.tools,
        toolCall,
        configuration: options.configuration,
        messages: options.messages,
        contexts: options.contexts
      })
      if (status.type === "denied") {
        denied.push({
          ...approval,
          response: { ...approval.response, approved: false, reason: status.reason ?? approval.response.reason }
        })
      } else {
        approved.push(approval)
      }
    }
    return { approved, denied, invalid }
  })
}

/** Upstream: with a secret, an approved call's request must carry a signature that verifies. */
const checkSignature = Effect.fnUntraced(function*(secret: ToolApprovalSignature.Secret, approval: Collected) {
  const { request, toolCall } = approval
  const fail = (reason: string) =>
    Effect.fail(new InvalidToolApprovalSignatureError({ approvalId: request.approvalId, toolCallId: toolCall.toolCallId, reason }))
  if (request.signature == null) return yield* fail("missing signature")
  const valid = yield* ToolApprovalSignature.verify(secret, request.signature, {
    approvalId: request.approvalId,
    toolCallId: toolCall.toolCallId,
    toolName: toolCall.toolName,
    input: toolCall.input
  })
  if (!valid) return yield* fail("invalid signature")
})

/**
 * The outcome of {@link validateApproved}.
 *
 * @since 0.1.0
 * @category models
 */
export interface Validated {
  readonly approved: ReadonlyArray<Collected>
  readonly denied: ReadonlyArray<Collected>
  readonly invalid: ReadonlyArray<Collected & { readonly error: InvalidToolInputError }>
}

/** The input refinement with the tools' types erased (implementation signatures). */
type LooseRefinement = { readonly [name: string]: ((input: unknown) => Effect.Effect<unknown, unknown, unknown>) | undefined }

/**
 * What resuming does (upstream `collectToolApprovals` + `validateApprovedToolApprovals`): the
 * client calls to execute, the approved calls that are invalid now, and the denied calls (the
 * user's denials and the policy's re-decisions; provider-executed ones apart).
 *
 * @since 0.1.0
 * @category models
 */
export interface Plan {
  readonly approved: ReadonlyArray<Collected>
  readonly invalid: ReadonlyArray<Collected & { readonly error: InvalidToolInputError }>
  /** Denied client calls (the user's, then the policy's), with or without an existing result. */
  readonly deniedLocal: ReadonlyArray<Collected>
  /** Denied provider-executed calls (the provider learns it from the approval response). */
  readonly deniedProvider: ReadonlyArray<Collected>
}

/**
 * The options of {@link plan} and {@link resume}.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResumeOptions<T extends Toolkit.Any, R> {
  readonly messages: ReadonlyArray<MessageLike>
  readonly prompt: Prompt
  readonly tools: T | undefined
  readonly configuration: Configuration<T, R> | undefined
  readonly refineToolInput: InputRefinement<T, R> | undefined
  readonly secret?: ToolApprovalSignature.Secret | undefined
  /** The generation's tools' and runtime context, for the approval functions run again. */
  readonly contexts?: StepContexts | undefined
}

/**
 * The failures of resuming.
 *
 * @since 0.1.0
 * @category errors
 */
export type ResumeError = InvalidToolApprovalError | ToolCallNotFoundForApprovalError | InvalidToolApprovalSignatureError

/**
 * Collects and re-validates the approval responses of the last tool message (signatures
 * first when a secret is set); provider-executed approved calls are left to the provider.
 *
 * @since 0.1.0
 * @category approval
 */
export const plan = <T extends Toolkit.Any, R>(
  options: ResumeOptions<T, R>
): Effect.Effect<Plan, ResumeError, R | Toolkit.Services<T>> =>
  Effect.gen(function*() {
    const collected = yield* collect(options.messages)
    if (collected.approved.length === 0 && collected.denied.length === 0) {
      return { approved: [], invalid: [], deniedLocal: [], deniedProvider: [] }
    }
    const validated = yield* validateApproved({
      approved: collected.approved.filter((a) => a.toolCall.providerExecuted !== true),
      tools: options.tools,
      configuration: options.configuration,
      refineToolInput: options.refineToolInput,
      messages: options.prompt,
      secret: options.secret,
      contexts: options.contexts
    })
    return {
      approved: validated.approved,
      invalid: validated.invalid,
      deniedLocal: [...collected.denied.filter((a) => a.toolCall.providerExecuted !== true), ...validated.denied],
      deniedProvider: collected.denied.filter((a) => a.toolCall.providerExecuted === true)
    }
  })

/**
 * The results a resumed tool message holds (upstream, before the first step): the executed
 * calls' outputs, the invalid calls' errors (as error text), then `execution-denied` for the
 * given denied calls; a provider-executed denial names its approval id for the provider
 * (upstream generateText's `providerOptions.openai.approvalId`).
 *
 * @since 0.1.0
 * @category approval
 */
export const resultsOf = Effect.fnUntraced(function*(
  outputs: ReadonlyArray<ToolOutput>,
  invalid: Plan["invalid"],
  denied: ReadonlyArray<Collected>,
  toolInfo: ToolInfoSet | undefined
) {
  const content: Array<ToolResultPart> = []
  for (const output of outputs) {
    content.push({
      type: "tool-result",
      toolCallId: output.toolCallId,
      toolName: output.toolName,
      output: yield* toolModelOutput({
        toolCallId: output.toolCallId,
        toolName: output.toolName,
        input: output.input,
        output: output.type === "tool-result" ? output.output : output.error,
        tools: toolInfo,
        errorMode: output.type === "tool-error" ? "text" : "none"
      })
    })
  }
  for (const a of invalid) {
    content.push({
      type: "tool-result",
      toolCallId: a.toolCall.toolCallId,
      toolName: a.toolCall.toolName,
      output: yield* toolModelOutput({
        toolCallId: a.toolCall.toolCallId,
        toolName: a.toolCall.toolName,
        input: a.toolCall.input,
        output: a.error,
        tools: toolInfo,
        errorMode: "text"
      })
    })
  }
  for (const a of denied) {
    content.push({
      type: "tool-result",
      toolCallId: a.toolCall.toolCallId,
      toolName: a.toolCall.toolName,
      output: {
        type: "execution-denied",
        reason: a.response.reason,
        ...(a.toolCall.providerExecuted === true
          ? { providerOptions: { openai: { approvalId: a.response.approvalId } } }
          : {})
      }
    })
  }
  return content
})

/**
 * Resumes after approvals (upstream `generateText` before its first step): collects and
 * re-validates the responses of the last tool message, executes the approved calls, and returns
 * the tool message with their results, the invalid calls' errors and the `execution-denied`
 * results (none when there is nothing to answer).
 *
 * @since 0.1.0
 * @category approval
 */
export const resume = <T extends Toolkit.Any, R>(options: ResumeOptions<T, R> & {
  readonly toolInfo: ToolInfoSet | undefined
  /** Runs an approved call; an invalid tool context (`TypeValidationError`) fails the resume. */
  readonly execute: (
    call: ToolCall,
    messages: Prompt
  ) => Effect.Effect<{ readonly output: ToolOutput } | undefined, TypeValidationError>
  readonly concurrency?: number | "unbounded" | undefined
}): Effect.Effect<
  ReadonlyArray<ResponseMessage>,
  ResumeError | MissingToolResultsError | TypeValidationError,
  R | Toolkit.Services<T>
> =>
  Effect.gen(function*() {
    const planned = yield* plan(options)
    // generateText answers provider-executed denials in the tool message too (upstream)
    const denied = [...planned.deniedLocal, ...planned.deniedProvider].filter((a) => a.existingResult === undefined)
    if (denied.length === 0 && planned.approved.length === 0 && planned.invalid.length === 0) {
      yield* checkToolResults(options.prompt)
      return []
    }
    const executed = yield* Effect.forEach(
      planned.approved,
      (a) => options.execute(a.toolCall, options.prompt),
      { concurrency: options.concurrency ?? "unbounded" }
    )
    const outputs: Array<ToolOutput> = []
    for (const run of executed) if (run !== undefined) outputs.push(run.output)
    const content = yield* resultsOf(outputs, planned.invalid, denied, options.toolInfo)
    const messages: Array<ResponseMessage> = [{ role: "tool", content }]
    yield* checkToolResults(appendToConversation(options.prompt, messages))
    return messages
  })

/**
 * Upstream's prompt rule (`convertToLanguageModelPrompt`): a client tool call must have its result
 * before the next user or system message, else `MissingToolResultsError`. It is what happens to an
 * approval answered in a tool message that a new user message follows (vercel/ai#17033): the
 * response is not collected (the last message is not a tool message) and the call has no result.
 *
 * @since 0.1.0
 * @category approval
 */
export const checkToolResults = (prompt: Prompt): Effect.Effect<void, MissingToolResultsError> => {
  const pending = new Set<string>()
  for (const message of prompt) {
    if (message.role === "assistant") {
      for (const part of message.content) if (part.type === "tool-call" && part.providerExecuted !== true) pending.add(part.toolCallId)
    } else if (message.role === "tool") {
      for (const part of message.content) if (part.type === "tool-result") pending.delete(part.toolCallId)
    } else if (pending.size > 0) {
      return Effect.fail(new MissingToolResultsError({ toolCallIds: Array.from(pending) }))
    }
  }
  return Effect.void
}

/**
 * The conversation with resumed tool messages appended (consecutive tool messages merged, as
 * upstream's prompt conversion does).
 *
 * @since 0.1.0
 * @category approval
 */
export const appendToConversation = (prompt: Prompt, messages: ReadonlyArray<ResponseMessage>): Prompt => {
  const out = [...prompt]
  for (const message of messages) {
    if (message.role !== "tool") continue
    const last = out[out.length - 1]
    if (last !== undefined && last.role === "tool") out[out.length - 1] = { ...last, content: [...last.content, ...message.content] }
    else out.push(message)
  }
  return out
}
