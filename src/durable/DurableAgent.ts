/**
 * A durable agent: the settings of an {@link Agent} (model, tools, stopWhen, prepareStep, output,
 * approvals) run as a `Workflow` of `effect/workflow`, on whatever `WorkflowEngine` the context has
 * (`WorkflowEngine.layerMemory`, or the cluster engine on PostgreSQL, see `DurableEngine`).
 *
 * The body is the plain agent's own loop (`Agent.make(...).generate`): the same step execution,
 * tool execution, approvals and response messages, so a durable run ends with the messages a plain
 * agent gives on the same model script. What changes is underneath it:
 * - each model call is the Activity `model/step-<n>` (retries `model/step-<n>/attempt-<k>`); its
 *   result is journaled Schema-encoded, so a resumed run never calls (or bills) it again;
 * - each client tool execution is the Activity `tool/<toolCallId>`, with `DurableToolCall` (and its
 *   idempotency key) provided; a transactional tool runs in the activity's SQL transaction;
 * - a call that needs approval ends the generation as it does for the plain agent; the run then
 *   waits on the `DurableDeferred` `approval/<toolCallId>` (nothing stays in memory), resolvable
 *   from any process by run id and tool call id, optionally bounded by a `DurableClock` timeout,
 *   and continues with the approval responses as the next generation's messages.
 *
 * **The determinism rule.** After a crash or a suspension the body runs again from the top, with
 * the journaled results in place of the calls. Everything outside the activities must therefore
 * compute the same thing again: `prepareStep`, `stopWhen`, `prepareCall`, `repairToolCall`,
 * `needsApproval` and `toolApproval` may read their arguments only (no clock, no random numbers,
 * no I/O, no mutable state outside the run); side effects belong in tools. Ids the generation
 * makes come from a counter per run, so they repeat on a replay.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Option, Schema } from "effect"
import * as DurableClock from "effect/workflow/DurableClock"
import * as DurableDeferred from "effect/workflow/DurableDeferred"
import * as Workflow from "effect/workflow/Workflow"
import type { WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import * as Agent from "../core/Agent.ts"
import type * as Output from "../core/Output.ts"
import type * as StreamText from "../core/StreamText.ts"
import type * as Toolkit from "../core/Toolkit.ts"
import { LanguageModel, type Service as LanguageModelService } from "../LanguageModel.ts"
import { IdGenerator, makeCounter } from "../runtime/IdGenerator.ts"
import { getErrorMessage } from "../contract/errors/getErrorMessage.ts"
import { toJsonValue, UnknownValue } from "../contract/Json.ts"
import { DurableToolCall } from "./DurableTool.ts"
import * as Journal from "./internal/activityJournal.ts"
import type { InFlight } from "./internal/activityJournal.ts"
import { durableModel, durableTools, type ToolRun, type WorkflowContext } from "./internal/durableSteps.ts"
import { messageKey, stepEvents } from "./internal/runEvents.ts"
import { RunStore } from "./RunStore.ts"

/**
 * The workflow payload of a run: its id and its input (a prompt or messages, and the agent's
 * call `options`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const RunPayload = Schema.Struct({
  runId: Schema.String,
  prompt: Schema.optional(Schema.String),
  messages: Schema.optional(Schema.Array(UnknownValue)),
  options: Schema.optional(UnknownValue)
})

/**
 * The workflow payload of a run.
 *
 * @since 0.1.0
 * @category schemas
 */
export type RunPayload = typeof RunPayload.Type

/**
 * What a finished run returns: every message it added to its input (response messages and
 * approval responses, in order), the last step's text and finish reason, and the number of steps.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RunOutput = Schema.Struct({
  messages: Schema.Array(UnknownValue),
  text: Schema.String,
  finishReason: Schema.String,
  steps: Schema.Number
})

/**
 * What a finished run returns.
 *
 * @since 0.1.0
 * @category schemas
 */
export type RunOutput = typeof RunOutput.Type

/**
 * A run that failed: the generation's error (its message, and its JSON form).
 *
 * @since 0.1.0
 * @category errors
 */
export class DurableRunError extends Schema.TaggedError<DurableRunError>("DurableRunError")("DurableRunError", {
  message: Schema.String,
  error: UnknownValue
}) {}

/**
 * An approval decision (approve, or deny with a reason).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Decision = Schema.Struct({ approved: Schema.Boolean, reason: Schema.optional(Schema.String) })

/**
 * An approval decision.
 *
 * @since 0.1.0
 * @category schemas
 */
export type Decision = typeof Decision.Type

/**
 * The durable deferred a run waits on for the approval of a tool call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const approvalOf = (toolCallId: string) => DurableDeferred.make(`approval/${toolCallId}`, { success: Decision })

/**
 * The workflow of a durable agent.
 *
 * @since 0.1.0
 * @category models
 */
export type RunWorkflow = Workflow.Workflow<string, typeof RunPayload, typeof RunOutput, typeof DurableRunError>

/**
 * Options of a durable agent besides the agent's settings.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** How long a run waits for an approval before the call is denied (a `DurableClock`; default: forever). */
  readonly approvalTimeout?: Duration.Input | undefined
  /** The denial reason of a timed-out approval. */
  readonly approvalTimeoutReason?: string | undefined
  /**
   * How often a running tool looks whether its run was interrupted (`Runs.interrupt`), the first
   * time after one interval (default: 1 second). An interrupted run's running tool is stopped.
   */
  readonly interruptPollInterval?: Duration.Input | undefined
}

/**
 * A durable agent: its name (the workflow's tag), its workflow and settings.
 *
 * @since 0.1.0
 * @category models
 */
export interface DurableAgent<T extends Toolkit.Any, R, O extends Output.Any, Opts, PE> {
  readonly name: string
  readonly workflow: RunWorkflow
  readonly settings: Agent.Settings<T, R, O, Opts, PE>
  readonly options: Options
}

/**
 * Any durable agent (what the run API needs of one: its name and workflow).
 *
 * @since 0.1.0
 * @category models
 */
export interface Any {
  readonly name: string
  readonly workflow: RunWorkflow
}

/**
 * Makes a durable agent named `name` (unique among the workflows of an engine; runs of the same
 * name on any process share it) from an agent's settings.
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
  name: string,
  settings: Agent.Settings<T, R, O, Opts, PE>,
  options: Options = {}
): DurableAgent<T, R, O, Opts, PE> => ({
  name,
  settings,
  options,
  workflow: Workflow.make(`aimux/durable/${name}`, {
    payload: RunPayload,
    success: RunOutput,
    error: DurableRunError,
    idempotencyKey: (payload) => payload.runId
  })
})

type Messages = ReadonlyArray<NonNullable<Agent.BaseCallOptions["messages"]>[number]>

/**
 * The one trust boundary of the body: the run's messages are what `Runs.start` encoded from
 * `ModelMessage`s (or the previous generation's response messages); the generation validates them
 * again (`standardizePrompt`, upstream's `InvalidPromptError`) before any model call.
 */
const asMessages = (messages: ReadonlyArray<unknown>): Messages => messages as Messages

type ApprovalRequest = { readonly approvalId: string; readonly toolCallId: string }

/** The approval requests the last step left open (automatic decisions excluded). */
const openRequests = (steps: ReadonlyArray<StreamText.StepResult>): ReadonlyArray<ApprovalRequest> => {
  const last = steps[steps.length - 1]
  if (last === undefined) return []
  const out: Array<ApprovalRequest> = []
  for (const part of last.content) {
    if (part.type === "tool-approval-request" && part.isAutomatic !== true) {
      out.push({ approvalId: part.approvalId, toolCallId: part.toolCall.toolCallId })
    }
  }
  return out
}

/**
 * Registers the durable agent's workflow with the engine of the context (on runner processes
 * only; clients need only the {@link DurableAgent} value). The model is `settings.model` or the
 * `LanguageModel` of the context; the tools' services (but `DurableToolCall`, provided inside each
 * tool's activity) and the run store come from the context.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <T extends Toolkit.Any, R, O extends Output.Any, Opts, PE>(
  agent: DurableAgent<T, R, O, Opts, PE>
) => {
  // the activities running in this process, so a replay here waits for them instead of calling again
  const inFlight: InFlight = new Map()
  return agent.workflow.toLayer((payload, executionId) =>
    body(agent, payload, executionId, inFlight).pipe(
      // a tool reads DurableToolCall inside its activity, where the real one is provided over this
      Effect.provideService(DurableToolCall, outsideActivity)
    ))
}

/** What DurableToolCall holds outside a tool's activity (never seen by `execute`). */
const outsideActivity = { runId: "", toolCallId: "", activity: "", idempotencyKey: "" }

const body = <T extends Toolkit.Any, R, O extends Output.Any, Opts, PE>(
  agent: DurableAgent<T, R, O, Opts, PE>,
  payload: RunPayload,
  executionId: string,
  inFlight: InFlight
) =>
  Effect.gen(function*() {
    const workflow: WorkflowContext = yield* Effect.context<WorkflowEngine | WorkflowInstance>()
    const store = yield* RunStore
    const runId = payload.runId
    const settings = agent.settings
    const journal = Journal.make(store, runId, inFlight)
    const toolRun: ToolRun = {
      runId,
      workflow,
      journal,
      isInterrupted: store.get(runId).pipe(
        Effect.map((run) => Option.isSome(run) && run.value.status === "interrupted"),
        Effect.orElseSucceed(() => false)
      ),
      interruptPollInterval: Duration.fromInputUnsafe(agent.options.interruptPollInterval ?? "1 second")
    }
    // the step counter of the run (across its generations); deterministic, as the body is
    let step = -1
    let attempt = 0
    const nextName = () => {
      attempt++
      return attempt === 1 ? `model/step-${step}` : `model/step-${step}/attempt-${attempt}`
    }
    const wrap = (model: LanguageModelService) => durableModel(model, nextName, workflow, journal)
    const model = wrap(settings.model ?? (yield* LanguageModel))
    const tools = durableTools(settings.tools, toolRun)
    const prepareStep = settings.prepareStep
    const prepareCall = settings.prepareCall
    let call = 0
    const userStepStart = settings.onStepStart ?? settings.experimental_onStepStart
    const userStepEnd = settings.onStepEnd ?? settings.onStepFinish
    const durable = Agent.make<T, R, O, Opts, PE>({
      ...settings,
      model,
      tools,
      ...(prepareStep === undefined ? {} : {
        prepareStep: (options) =>
          Effect.map(prepareStep(options), (result) =>
            result?.model === undefined ? result : { ...result, model: wrap(result.model) })
      }),
      ...(prepareCall === undefined ? {} : {
        prepareCall: (options) =>
          Effect.map(prepareCall(options), (result) => ({
            ...result,
            ...(result.model !== undefined ? { model: wrap(result.model) } : {}),
            ...(result.tools !== undefined ? { tools: durableTools(result.tools, toolRun) } : {})
          }))
      }),
      onStepStart: (event) =>
        Effect.andThen(
          Effect.sync(() => {
            step++
            attempt = 0
          }),
          userStepStart === undefined ? Effect.void : userStepStart(event)
        ),
      // the step's parts and messages, for readers in any process (idempotent: keyed by call and step)
      onStepEnd: (result) =>
        Effect.andThen(
          store.append(runId, stepEvents(call, step, result)),
          userStepEnd === undefined ? Effect.void : userStepEnd(result)
        )
    })
    yield* Effect.orDie(store.create({ runId, agent: agent.name, executionId, input: toJsonValue(payload) }))
    yield* Effect.orDie(store.append(runId, [{ key: "part/start", kind: "part", data: { type: "start" } }]))
    let messages: Messages = payload.messages !== undefined
      ? asMessages(payload.messages)
      : [{ role: "user", content: payload.prompt ?? "" }]
    const added: Array<unknown> = []
    let steps = 0
    const ids = makeCounter("aitxt")
    for (;; call++) {
      const result = yield* durable[Agent.LooseRunnersId].generate({ messages, options: payload.options }).pipe(
        Effect.provideService(IdGenerator, { generate: ids }),
        Effect.catch((error) => {
          const json = toJsonValue(error)
          return Effect.andThen(
            Effect.orDie(store.setStatus(runId, "failed", json)),
            Effect.fail(new DurableRunError({ message: getErrorMessage(error), error: json }))
          )
        })
      )
      steps += result.steps.length
      // the messages of the approved calls that ran before the first step (upstream's initial response messages)
      const stepMessages = result.steps.reduce((n, s) => n + s.response.messages.length, 0)
      const resumed = result.responseMessages.slice(0, result.responseMessages.length - stepMessages)
      yield* Effect.orDie(store.append(
        runId,
        resumed.map((message, i) => ({ key: messageKey(call, "b", 0, i), kind: "message", data: toJsonValue(message) }))
      ))
      added.push(...result.responseMessages)
      const requests = openRequests(result.steps)
      if (requests.length === 0) {
        yield* Effect.orDie(store.append(runId, [{
          key: "part/finish",
          kind: "part",
          data: toJsonValue({ type: "finish", finishReason: result.finishReason, rawFinishReason: result.rawFinishReason, totalUsage: result.totalUsage })
        }]))
        yield* Effect.orDie(store.setStatus(runId, "completed"))
        return { messages: added.map(toJsonValue), text: result.text, finishReason: result.finishReason, steps }
      }
      yield* Effect.orDie(store.setStatus(runId, "waiting"))
      const decisions = yield* Effect.forEach(requests, (request) => decide(agent.options, request))
      yield* Effect.orDie(store.setStatus(runId, "running"))
      const approvalMessage = {
        role: "tool" as const,
        content: requests.map((request, i) => ({
          type: "tool-approval-response" as const,
          approvalId: request.approvalId,
          approved: decisions[i]!.approved,
          ...(decisions[i]!.reason !== undefined ? { reason: decisions[i]!.reason } : {})
        }))
      }
      yield* Effect.orDie(store.append(runId, [
        ...requests.map((request, i) => ({
          key: `part/approval-${request.toolCallId}`,
          kind: "part" as const,
          data: toJsonValue({ ...approvalMessage.content[i], toolCallId: request.toolCallId })
        })),
        { key: messageKey(call + 1, "a", 0, 0), kind: "message", data: toJsonValue(approvalMessage) }
      ]))
      added.push(approvalMessage)
      messages = [...messages, ...result.responseMessages, approvalMessage]
    }
  })

const decide = (options: Options, request: ApprovalRequest) => {
  const deferred = approvalOf(request.toolCallId)
  const timeout = options.approvalTimeout
  if (timeout === undefined) return DurableDeferred.await(deferred)
  const timedOut: Decision = { approved: false, reason: options.approvalTimeoutReason ?? "The approval timed out." }
  return DurableDeferred.raceAll({
    name: `approval/${request.toolCallId}`,
    success: Decision,
    error: Schema.Never,
    effects: [
      DurableDeferred.await(deferred),
      Effect.as(DurableClock.sleep({ name: `approval/${request.toolCallId}`, duration: Duration.fromInputUnsafe(timeout) }), timedOut)
    ]
  })
}
