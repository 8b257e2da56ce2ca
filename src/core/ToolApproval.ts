/**
 * Tool approvals (upstream `ai` 7.0.173: `tool-approval-configuration.ts`,
 * `resolve-tool-approval.ts`, `collect-tool-approvals.ts`, `validate-tool-approvals.ts` and the
 * approval parts of `generate-text.ts` / `to-response-messages.ts`).
 *
 * A call to a tool whose approval status is `user-approval` (the tool's `needsApproval`, or the
 * generation's `toolApproval` configuration, which takes precedence) is not executed: the step
 * gets a `tool-approval-request` content part, its assistant message a `tool-approval-request`
 * part, and the loop stops (the call has no output). Resuming is a new generation whose last
 * message is a tool message with `tool-approval-response` parts: approved calls are re-validated
 * (the input schema and refinement may not change the approved input) and executed, denied ones
 * get an `execution-denied` result, before the first model call.
 *
 * @since 0.2.0
 */
import { Effect } from "effect"
import type { Prompt, ToolResultPart } from "../spec/Prompt.ts"
import { getOwn } from "./internal/getOwn.ts"
import type { ResponseMessage } from "./ResponseMessages.ts"
import type { ToolApprovalRequestOutput, ToolApprovalResponseOutput, ToolCall, ToolOutput } from "./StepContent.ts"
import type { RequestPart, ResponsePart } from "./ToolApprovalParts.ts"
import type * as Tool from "./Tool.ts"
import type * as Toolkit from "./Toolkit.ts"

/**
 * The message parts of approvals.
 *
 * @since 0.2.0
 */
export type { RequestPart, ResponsePart } from "./ToolApprovalParts.ts"

/**
 * An approval status (upstream `ToolApprovalStatus`); `undefined` is `not-applicable`.
 *
 * @since 0.2.0
 */
export type Status =
  | undefined
  | "not-applicable"
  | "approved"
  | "denied"
  | "user-approval"
  | { readonly type: "not-applicable" }
  | { readonly type: "approved" | "denied" | "user-approval"; readonly reason?: string | undefined }

/**
 * A normalized approval status.
 *
 * @since 0.2.0
 */
export interface Resolved {
  readonly type: "not-applicable" | "approved" | "denied" | "user-approval"
  readonly reason?: string | undefined
}

/**
 * What an approval function receives: the call, the tools and the step's messages.
 *
 * @since 0.2.0
 */
export interface ApprovalContext<T extends Toolkit.Any> {
  readonly toolCall: ToolCall
  readonly tools: T | undefined
  readonly messages: Prompt
}

/**
 * The approval configuration of a generation (upstream `ToolApprovalConfiguration`): one function
 * for every call, or per tool a status or a function of the input. A failing function is a defect
 * (upstream's generation rejects with it).
 *
 * @since 0.2.0
 */
export type Configuration<T extends Toolkit.Any, R> =
  | ((context: ApprovalContext<T>) => Effect.Effect<Status, unknown, R>)
  | {
    readonly [K in keyof T]?:
      | Status
      | ((input: Tool.InputOf<T[K]>, context: Tool.ExecutionContext) => Effect.Effect<Status, unknown, R>)
  }

const normalize = (status: Status): Resolved =>
  status === undefined ? { type: "not-applicable" } : typeof status === "string" ? { type: status } : status

/**
 * Resolves a valid call's approval (upstream `resolveToolApproval`): the configuration first (a
 * function for all calls, else the tool's entry), then the tool's `needsApproval`.
 *
 * @since 0.2.0
 */
export function resolve<T extends Toolkit.Any, R>(options: {
  readonly tools: T | undefined
  readonly toolCall: ToolCall
  readonly configuration: Configuration<T, R> | undefined
  readonly messages: Prompt
}): Effect.Effect<Resolved, never, R | Toolkit.Services<T>>
export function resolve(options: {
  readonly tools: Toolkit.Any | undefined
  readonly toolCall: ToolCall
  readonly configuration: LooseConfiguration | undefined
  readonly messages: Prompt
}): Effect.Effect<Resolved, never, unknown> {
  const { configuration, messages, toolCall, tools } = options
  const context: Tool.ExecutionContext = { toolCallId: toolCall.toolCallId, messages }
  if (typeof configuration === "function") {
    return Effect.orDie(Effect.map(Effect.suspend(() => configuration({ toolCall, tools, messages })), normalize))
  }
  // tool names come from the model: own properties only
  const configured = getOwn(configuration, toolCall.toolName)
  if (configured != null) {
    return typeof configured === "function"
      ? Effect.orDie(Effect.map(Effect.suspend(() => configured(toolCall.input, context)), normalize))
      : Effect.succeed(normalize(configured))
  }
  const tool = getOwn(tools, toolCall.toolName)
  const needsApproval = tool?.needsApproval
  if (needsApproval == null) return Effect.succeed({ type: "not-applicable" })
  const decided = typeof needsApproval === "function"
    ? Effect.orDie(Effect.suspend(() => needsApproval.call(tool, toolCall.input, context)))
    : Effect.succeed(needsApproval)
  return Effect.map(decided, (needed): Resolved => (needed ? { type: "user-approval" } : { type: "not-applicable" }))
}

/**
 * The configuration with the tools' types erased (implementation signatures).
 *
 * @internal
 */
export type LooseConfiguration =
  | ((context: ApprovalContext<Toolkit.Any>) => Effect.Effect<Status, unknown, unknown>)
  | { readonly [name: string]: Status | ((input: unknown, context: Tool.ExecutionContext) => Effect.Effect<Status, unknown, unknown>) }

/**
 * The approvals of one step: the request and response parts (in call order) and the calls that
 * must not run.
 *
 * @since 0.2.0
 */
export interface StepApprovals {
  readonly requests: ReadonlyArray<ToolApprovalRequestOutput>
  readonly responses: ReadonlyArray<ToolApprovalResponseOutput>
  /** Calls waiting for approval or denied: not executed. */
  readonly blocked: ReadonlySet<string>
  /** Calls denied automatically (they count as answered when the loop decides to go on). */
  readonly denied: number
}

/**
 * Resolves the approvals of a step's valid calls to known tools (upstream `generate-text.ts`):
 * `not-applicable` consumes no approval id; `user-approval` blocks the call; `approved` /
 * `denied` are automatic (a request with `isAutomatic: true` and a response).
 *
 * @since 0.2.0
 */
export const gateStep = <T extends Toolkit.Any, R>(options: {
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly tools: T | undefined
  readonly configuration: Configuration<T, R> | undefined
  readonly messages: Prompt
  readonly generateId: () => string
}): Effect.Effect<StepApprovals, never, R | Toolkit.Services<T>> =>
  Effect.gen(function*() {
    const requests: Array<ToolApprovalRequestOutput> = []
    const responses: Array<ToolApprovalResponseOutput> = []
    const blocked = new Set<string>()
    let denied = 0
    for (const toolCall of options.toolCalls) {
      if (toolCall.invalid === true || getOwn(options.tools, toolCall.toolName) === undefined) continue
      const status = yield* resolve({ ...options, toolCall })
      if (status.type === "not-applicable") continue
      const approvalId = options.generateId()
      if (status.type === "user-approval") {
        requests.push({ type: "tool-approval-request", approvalId, toolCall, ...(status.reason != null ? { reason: status.reason } : {}) })
        blocked.add(toolCall.toolCallId)
        continue
      }
      requests.push({ type: "tool-approval-request", approvalId, toolCall, isAutomatic: true })
      const approved = status.type === "approved"
      responses.push({
        type: "tool-approval-response",
        approvalId,
        toolCall,
        approved,
        reason: status.reason,
        providerExecuted: toolCall.providerExecuted
      })
      if (!approved) {
        blocked.add(toolCall.toolCallId)
        denied++
      }
    }
    return { requests, responses, blocked, denied }
  })

/**
 * Step content with the approval parts placed as upstream (`convertLanguageModelContent`): the
 * model's parts, the outputs without a response, the requests, the responses, then the outputs
 * of calls with a response.
 *
 * @since 0.2.0
 */
export const placeContent = <P>(
  parts: ReadonlyArray<P>,
  outputs: ReadonlyArray<ToolOutput>,
  approvals: StepApprovals
): Array<P | ToolOutput | ToolApprovalRequestOutput | ToolApprovalResponseOutput> => {
  const answered = new Set(approvals.responses.map((r) => r.toolCall.toolCallId))
  return [
    ...parts,
    ...outputs.filter((o) => !answered.has(o.toolCallId)),
    ...approvals.requests,
    ...approvals.responses,
    ...outputs.filter((o) => answered.has(o.toolCallId))
  ]
}

const requestPartOf = (request: ToolApprovalRequestOutput, inputSchemaInput: { readonly value: unknown } | undefined): RequestPart => ({
  type: "tool-approval-request",
  approvalId: request.approvalId,
  toolCallId: request.toolCall.toolCallId,
  ...(request.reason != null ? { reason: request.reason } : {}),
  isAutomatic: request.isAutomatic,
  ...(request.signature != null ? { signature: request.signature } : {}),
  ...(inputSchemaInput !== undefined && !isDeepEqualData(inputSchemaInput.value, request.toolCall.input)
    ? { inputSchemaInput: inputSchemaInput.value }
    : {})
})

/**
 * Adds the approval parts to a step's response messages (upstream `toResponseMessages`): the
 * requests at the end of the assistant message; in the tool message, each response where its
 * content part stands (a denied one followed by its `execution-denied` result), the results
 * sorted into tool-call order around them.
 *
 * @since 0.2.0
 */
export const addToResponseMessages = (
  messages: ReadonlyArray<ResponseMessage>,
  content: ReadonlyArray<{ readonly type: string }>,
  approvals: StepApprovals,
  inputSchemaInputOf: (call: ToolCall) => { readonly value: unknown } | undefined
): Array<ResponseMessage> => {
  if (approvals.requests.length === 0 && approvals.responses.length === 0) return [...messages]
  const out: Array<ResponseMessage> = []
  let assistantIndex = -1
  let toolMessage: Extract<ResponseMessage, { readonly role: "tool" }> | undefined
  for (const message of messages) {
    if (message.role === "assistant") assistantIndex = out.length
    if (message.role === "tool") toolMessage = message
    else out.push(message)
  }
  const requestParts = approvals.requests.map((r) => requestPartOf(r, inputSchemaInputOf(r.toolCall)))
  const assistant = out[assistantIndex]
  if (assistant !== undefined && assistant.role === "assistant") {
    out[assistantIndex] = { ...assistant, content: [...assistant.content, ...requestParts] }
  } else {
    out.unshift({ role: "assistant", content: requestParts })
  }
  // the tool message in content order: results where their outputs stand, responses where theirs do
  const results = new Map<string, ToolResultPart>()
  for (const part of toolMessage?.content ?? []) if (part.type === "tool-result") results.set(part.toolCallId, part)
  const toolContent: Array<ToolResultPart | ResponsePart> = []
  for (const part of content) {
    if (part.type === "tool-approval-response" && isResponseOutput(part)) {
      toolContent.push({
        type: "tool-approval-response",
        approvalId: part.approvalId,
        approved: part.approved,
        reason: part.reason,
        providerExecuted: part.providerExecuted
      })
      if (!part.approved) {
        toolContent.push({
          type: "tool-result",
          toolCallId: part.toolCall.toolCallId,
          toolName: part.toolCall.toolName,
          output: { type: "execution-denied", reason: part.reason }
        })
      }
    } else if ((part.type === "tool-result" || part.type === "tool-error") && "toolCallId" in part && typeof part.toolCallId === "string") {
      const result = results.get(part.toolCallId)
      if (result !== undefined) toolContent.push(result)
    }
  }
  const order = new Map<string, number>()
  for (const message of out) {
    if (message.role !== "assistant") continue
    for (const part of message.content) if (part.type === "tool-call" && !order.has(part.toolCallId)) order.set(part.toolCallId, order.size)
  }
  if (toolContent.length > 0) out.push({ role: "tool", content: sortResults(toolContent, order) })
  return out
}

const isResponseOutput = (part: { readonly type: string }): part is ToolApprovalResponseOutput =>
  part.type === "tool-approval-response" && "toolCall" in part

/** Results sorted into tool-call order in the result slots; other parts keep their places. */
const sortResults = <P extends { readonly type: string }>(
  parts: ReadonlyArray<P>,
  order: ReadonlyMap<string, number>
): Array<P> => {
  const results = parts
    .map((part, index) => ({ part, index }))
    .filter(({ part }) => part.type === "tool-result")
  const idOf = (part: P) => ("toolCallId" in part && typeof part.toolCallId === "string" ? part.toolCallId : "")
  results.sort((a, b) => {
    const ao = order.get(idOf(a.part))
    const bo = order.get(idOf(b.part))
    if (ao == null && bo == null) return a.index - b.index
    if (ao == null) return 1
    if (bo == null) return -1
    return ao - bo || a.index - b.index
  })
  let next = 0
  return parts.map((part) => (part.type === "tool-result" ? results[next++]!.part : part))
}

/** Upstream `isDeepEqualData`: structural equality of JSON-like data. */
export const isDeepEqualData = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (a == null || b == null) return false
  if (typeof a !== "object" || typeof b !== "object") return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!isDeepEqualData(a[i], b[i])) return false
    return true
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  for (const key of ka) {
    if (!Object.hasOwn(b, key)) return false
    if (!isDeepEqualData(Reflect.get(a, key), Reflect.get(b, key))) return false
  }
  return true
}
