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
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { Prompt } from "../../contract/Prompt.ts"
import { validateToolContext } from "../ExecuteTool.ts"
import { getOwn } from "../internal/GetOwn.ts"
import { isDeepEqualData as isDeepEqualDataImpl } from "../internal/IsDeepEqualData.ts"
import type { ToolApprovalRequestOutput, ToolApprovalResponseOutput, ToolCall, ToolOutput } from "../StepContent.ts"
import type * as Tool from "../Tool.ts"
import type * as Toolkit from "../Toolkit.ts"
import * as ToolApprovalSignature from "./ToolApprovalSignature.ts"

/**
 * The message parts of approvals.
 *
 * @since 0.1.0
 */
export type { RequestPart, ResponsePart } from "./ToolApprovalParts.ts"

/**
 * An approval status (upstream `ToolApprovalStatus`); `undefined` is `not-applicable`.
 *
 * @since 0.1.0
 * @category models
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
 * @since 0.1.0
 * @category models
 */
export interface Resolved {
  readonly type: "not-applicable" | "approved" | "denied" | "user-approval"
  readonly reason?: string | undefined
}

/**
 * What an approval function receives: the call, the tools and the step's messages.
 *
 * @since 0.1.0
 * @category models
 */
export interface ApprovalContext<T extends Toolkit.Any> {
  readonly toolCall: ToolCall
  readonly tools: T | undefined
  /** The step's tools' context (upstream `toolsContext`). */
  readonly toolsContext: Readonly<Record<string, unknown>>
  readonly messages: Prompt
  /** The step's runtime context (upstream `runtimeContext`). */
  readonly runtimeContext: Readonly<Record<string, unknown>>
}

/**
 * What a per-tool approval function receives besides the input (upstream
 * `ToolApprovalFunctionOptions`): the call id, the step's messages, the tool's context validated
 * by its `contextSchema` and the runtime context.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolApprovalContext<Context = unknown> {
  readonly toolCallId: string
  readonly messages: Tool.Messages
  readonly toolContext: Context
  readonly runtimeContext: Readonly<Record<string, unknown>>
}

/**
 * The contexts of the step whose calls are being approved (upstream passes `toolsContext` and
 * `runtimeContext` to `resolveToolApproval`); absent ones are `{}`, as upstream's defaults.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepContexts {
  readonly toolsContext?: Readonly<Record<string, unknown>> | undefined
  readonly runtimeContext?: Readonly<Record<string, unknown>> | undefined
}

/**
 * The approval configuration of a generation (upstream `ToolApprovalConfiguration`): one function
 * for every call, or per tool a status or a function of the input. A failing function is a defect
 * (upstream's generation rejects with it).
 *
 * @since 0.1.0
 * @category models
 */
export type Configuration<T extends Toolkit.Any, R> =
  | ((context: ApprovalContext<T>) => Effect.Effect<Status, unknown, R>)
  | {
    readonly [K in keyof T]?:
      | Status
      | ((input: Tool.InputOf<T[K]>, context: ToolApprovalContext<Tool.ContextOf<T[K]>>) => Effect.Effect<Status, unknown, R>)
  }

const normalize = (status: Status): Resolved =>
  status === undefined ? { type: "not-applicable" } : typeof status === "string" ? { type: status } : status

/**
 * Resolves a valid call's approval (upstream `resolveToolApproval`): the configuration first (a
 * function for all calls, else the tool's entry), then the tool's `needsApproval`.
 *
 * @since 0.1.0
 * @category approval
 */
export function resolve<T extends Toolkit.Any, R>(options: {
  readonly tools: T | undefined
  readonly toolCall: ToolCall
  readonly configuration: Configuration<T, R> | undefined
  readonly messages: Prompt
  readonly contexts?: StepContexts | undefined
}): Effect.Effect<Resolved, never, R | Toolkit.Services<T>>
export function resolve(options: {
  readonly tools: Toolkit.Any | undefined
  readonly toolCall: ToolCall
  readonly configuration: LooseConfiguration | undefined
  readonly messages: Prompt
  readonly contexts?: StepContexts | undefined
}): Effect.Effect<Resolved, never, unknown> {
  // `options.messages` is read only where a function receives it (the step loop copies them on read)
  const { configuration, toolCall, tools } = options
  const toolsContext = options.contexts?.toolsContext ?? {}
  const runtimeContext = options.contexts?.runtimeContext ?? {}
  if (typeof configuration === "function") {
    return Effect.orDie(Effect.map(
      Effect.suspend(() => configuration({ toolCall, tools, toolsContext, messages: options.messages, runtimeContext })),
      normalize
    ))
  }
  const tool = getOwn(tools, toolCall.toolName)
  // the tool's context, validated by its contextSchema, only where a function receives it
  // (upstream validates in those branches; a failure rejects the generation)
  const toolContext = validateToolContext(tool, toolCall.toolName, toolsContext)
  // tool names come from the model: own properties only
  const configured = getOwn(configuration, toolCall.toolName)
  if (configured != null) {
    return typeof configured === "function"
      ? Effect.orDie(Effect.flatMap(toolContext, (validated) =>
        Effect.map(
          Effect.suspend(() =>
            configured(toolCall.input, { toolCallId: toolCall.toolCallId, messages: options.messages, toolContext: validated, runtimeContext })
          ),
          normalize
        )))
      : Effect.succeed(normalize(configured))
  }
  const needsApproval = tool?.needsApproval
  if (needsApproval == null) return Effect.succeed({ type: "not-applicable" })
  const decided = typeof needsApproval === "function"
    ? Effect.orDie(Effect.flatMap(toolContext, (validated) =>
      Effect.suspend(() =>
        needsApproval.call(tool, toolCall.input, { toolCallId: toolCall.toolCallId, messages: options.messages, context: validated })
      )))
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
  | { readonly [name: string]: Status | ((input: unknown, context: ToolApprovalContext) => Effect.Effect<Status, unknown, unknown>) }

/**
 * The approvals of one step: the request and response parts (in call order) and the calls that
 * must not run.
 *
 * @since 0.1.0
 * @category models
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
 * @since 0.1.0
 * @category approval
 */
export const gateStep = <T extends Toolkit.Any, R>(options: {
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly tools: T | undefined
  readonly configuration: Configuration<T, R> | undefined
  readonly messages: Prompt
  /** The step's tools' and runtime context, for the approval functions. */
  readonly contexts?: StepContexts | undefined
  readonly generateId: () => string
  /** Signs each request (upstream `experimental_toolApprovalSecret`). */
  readonly secret?: ToolApprovalSignature.Secret | undefined
}): Effect.Effect<StepApprovals, never, R | Toolkit.Services<T>> =>
  Effect.gen(function*() {
    const requests: Array<ToolApprovalRequestOutput> = []
    const responses: Array<ToolApprovalResponseOutput> = []
    const blocked = new Set<string>()
    let denied = 0
    for (const toolCall of options.toolCalls) {
      if (toolCall.invalid === true || getOwn(options.tools, toolCall.toolName) === undefined) continue
      const status = yield* resolve({
        tools: options.tools,
        toolCall,
        configuration: options.configuration,
        // read through (a spread would read the step's messages for every call)
        get messages() {
          return options.messages
        },
        contexts: options.contexts
      })
      if (status.type === "not-applicable") continue
      const approvalId = options.generateId()
      const signature = yield* signatureOf(options.secret, approvalId, toolCall)
      if (status.type === "user-approval") {
        requests.push({
          type: "tool-approval-request",
          approvalId,
          toolCall,
          ...(status.reason != null ? { reason: status.reason } : {}),
          ...(signature != null ? { signature } : {})
        })
        blocked.add(toolCall.toolCallId)
        continue
      }
      requests.push({ type: "tool-approval-request", approvalId, toolCall, isAutomatic: true, ...(signature != null ? { signature } : {}) })
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
 * The signature of a new approval request when a secret is configured (upstream
 * `maybeSignApproval` over the call's id, name and input).
 *
 * @since 0.1.0
 * @category approval
 */
export const signatureOf = (
  secret: ToolApprovalSignature.Secret | undefined,
  approvalId: string,
  toolCall: ToolCall
): Effect.Effect<string | undefined> =>
  ToolApprovalSignature.maybeSign(secret, { approvalId, toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: toolCall.input })

/**
 * The approval options of `generateText` and `streamText`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<T extends Toolkit.Any, R> {
  /** Tool approvals (upstream `toolApproval`; precedes each tool's `needsApproval`). */
  readonly toolApproval?: Configuration<NoInfer<T>, R> | undefined
  /**
   * Secret for HMAC-signing approval requests (upstream `experimental_toolApprovalSecret`): each
   * request is signed when issued and verified when its approval is replayed, so a client cannot
   * forge an approval or change the approved call (see `ToolApprovalSignature`).
   */
  readonly experimental_toolApprovalSecret?: ToolApprovalSignature.Secret | undefined
}

/**
 * Step content with the approval parts placed as upstream (`convertLanguageModelContent`): the
 * model's parts, the outputs without a response, the requests, the responses, then the outputs
 * of calls with a response.
 *
 * @since 0.1.0
 * @category approval
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

/**
 * Upstream `isDeepEqualData`: structural equality of JSON-like data.
 *
 * @since 0.1.0
 * @category guards
 */
export const isDeepEqualData: (a: unknown, b: unknown) => boolean = isDeepEqualDataImpl
