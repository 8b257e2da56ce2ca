/**
 * The two journaled boundaries of a durable run: the model service whose `generate` is an Activity
 * per step (`model/step-<n>`, retries `model/step-<n>/attempt-<k>`), and the toolkit whose client
 * tools execute as Activities keyed by tool call id (`tool/<toolCallId>`).
 *
 * @internal
 */
import { Context, type Duration, Effect, Option, Schema, Stream } from "effect"
import * as ClusterSchema from "effect/cluster/ClusterSchema"
import * as Activity from "effect/workflow/Activity"
import * as DurableDeferred from "effect/workflow/DurableDeferred"
import type { WorkflowEngine, WorkflowInstance } from "effect/workflow/WorkflowEngine"
import type * as Tool from "../../core/Tool.ts"
import type * as Toolkit from "../../core/Toolkit.ts"
import type { Service as LanguageModelService } from "../../LanguageModel.ts"
import { APICallError } from "../../contract/errors/APICallError.ts"
import { DownloadError } from "../../contract/errors/DownloadError.ts"
import { EmptyResponseBodyError } from "../../contract/errors/EmptyResponseBodyError.ts"
import { InvalidArgumentError } from "../../contract/errors/InvalidArgumentError.ts"
import { InvalidPromptError } from "../../contract/errors/InvalidPromptError.ts"
import { InvalidResponseDataError } from "../../contract/errors/InvalidResponseDataError.ts"
import { JSONParseError } from "../../contract/errors/JSONParseError.ts"
import { LoadAPIKeyError } from "../../contract/errors/LoadAPIKeyError.ts"
import { LoadSettingError } from "../../contract/errors/LoadSettingError.ts"
import { NoContentGeneratedError } from "../../contract/errors/NoContentGeneratedError.ts"
import { NoSuchModelError } from "../../contract/errors/NoSuchModelError.ts"
import { NoSuchProviderReferenceError } from "../../contract/errors/NoSuchProviderReferenceError.ts"
import { ChunkTimeoutError, FirstChunkTimeoutError, StepTimeoutError, TotalTimeoutError } from "../../contract/errors/TimeoutError.ts"
import { RetryError } from "../../contract/errors/RetryError.ts"
import { TypeValidationError } from "../../contract/errors/TypeValidationError.ts"
import { UnsupportedFunctionalityError } from "../../contract/errors/UnsupportedFunctionalityError.ts"
import { toJsonValue, UnknownValue } from "../../contract/Json.ts"
import { GenerateResult } from "../../contract/Results.ts"
import { DurableToolCall, isTransactional } from "../DurableTool.ts"
import type { Journal } from "./activityJournal.ts"

/** The workflow services an activity needs, captured in the body. @internal */
export type WorkflowContext = Context.Context<WorkflowEngine | WorkflowInstance>

/**
 * The model errors (every member of `ModelError`), journaled with their type so retries and the
 * run's failure see the same error after a resume.
 *
 * @internal
 */
export const ModelFailure = Schema.Union([
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  TypeValidationError,
  InvalidPromptError,
  InvalidArgumentError,
  LoadAPIKeyError,
  LoadSettingError,
  UnsupportedFunctionalityError,
  NoContentGeneratedError,
  NoSuchModelError,
  NoSuchProviderReferenceError,
  RetryError,
  TotalTimeoutError,
  StepTimeoutError,
  FirstChunkTimeoutError,
  ChunkTimeoutError,
  DownloadError
])

/**
 * The model of a durable run: `generate` journaled under `name()` (the body's step counter), and
 * `stream` refused (a durable run journals whole steps; a stream's parts are not journaled).
 *
 * @internal
 */
export const durableModel = (
  model: LanguageModelService,
  name: () => string,
  workflow: WorkflowContext,
  journal: Journal
): LanguageModelService => ({
  ...model,
  generate: (options) =>
    Effect.suspend(() => {
      const activity = name()
      return Activity.make({
        name: activity,
        success: GenerateResult,
        error: ModelFailure,
        execute: journal.run(activity, GenerateResult, model.generate(options))
      }).pipe(Effect.provideContext(workflow))
    }),
  stream: () => Effect.die("a durable run calls the model's generate; stream is not journaled")
})

/**
 * The journaled outcome of a tool execution: its output, its failure as JSON, or `Interrupted`
 * (the run was interrupted while the tool ran, and the tool was stopped).
 */
const ToolOutcome = Schema.Union([
  Schema.Struct({ _tag: Schema.tag("Output"), output: UnknownValue }),
  Schema.Struct({ _tag: Schema.tag("Failure"), error: UnknownValue }),
  Schema.Struct({ _tag: Schema.tag("Interrupted") })
])
type ToolOutcome = typeof ToolOutcome.Type

/**
 * What the tools of one run need besides the workflow: the run, its activity journal, and how to
 * notice an interruption by run id while a tool runs (`Runs.interrupt` marks the run in the store
 * first; the engine's own interrupt waits for the running activity to end).
 *
 * @internal
 */
export interface ToolRun {
  readonly runId: string
  readonly workflow: WorkflowContext
  readonly journal: Journal
  readonly isInterrupted: Effect.Effect<boolean>
  readonly interruptPollInterval: Duration.Duration
}

/**
 * Completes with `Interrupted` once the run is marked interrupted: first checked after one
 * interval, so a tool that ends sooner costs no read.
 */
const whenInterrupted = (run: ToolRun): Effect.Effect<ToolOutcome> =>
  Effect.sleep(run.interruptPollInterval).pipe(
    Effect.andThen(run.isInterrupted),
    Effect.repeat({ until: (interrupted) => interrupted }),
    Effect.as<ToolOutcome>({ _tag: "Interrupted" })
  )

/** The durable deferred an interrupted tool call parks its run on (never completed: the engine's interrupt ends the run). */
const interruptedOf = (toolCallId: string) => DurableDeferred.make(`interrupted/${toolCallId}`)

/**
 * A journaled failure as the error the tool result reports: an `Error`'s JSON form (`{ name,
 * message }`) becomes an `Error` again, so `getErrorMessage` gives the same text after a resume.
 */
const errorOf = (error: unknown): unknown => {
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") {
    const out = new Error(error.message)
    if ("name" in error && typeof error.name === "string") out.name = error.name
    return out
  }
  return error
}

const runTool = (
  tool: Tool.Any,
  input: unknown,
  context: Tool.ExecutionContext<unknown>
): Effect.Effect<ToolOutcome, never, unknown> => {
  const result = tool.execute === undefined ? undefined : tool.execute(input, context)
  const output: Effect.Effect<unknown, unknown, unknown> = result === undefined
    ? Effect.void
    : Stream.isStream(result)
    // preliminary results are not journaled: the last one is the output, as upstream's final result
    ? Effect.map(Stream.runLast(result), Option.getOrUndefined)
    : result
  return Effect.matchEffect(output, {
    onSuccess: (value) => Effect.succeed<ToolOutcome>({ _tag: "Output", output: value }),
    // the failure is journaled in its JSON form; the run sees it rebuilt by errorOf
    onFailure: (error) => Effect.succeed<ToolOutcome>({ _tag: "Failure", error: toJsonValue(error) })
  })
}

/**
 * The toolkit of a durable run: each tool with an `execute` runs it as the Activity
 * `tool/<toolCallId>` (in the activity's transaction when the tool is transactional), with the
 * {@link DurableToolCall} service provided. A plain tool goes through the run's journal, and is
 * stopped when the run is interrupted (the run then parks until the engine's interrupt ends it);
 * a transactional tool needs neither: its writes commit with the engine's reply or not at all.
 *
 * @internal
 */
export const durableTools = <T extends Toolkit.Any>(tools: T | undefined, run: ToolRun): T | undefined => {
  if (tools === undefined) return undefined
  const out: Record<string, Tool.Any> = {}
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute
    if (execute === undefined) {
      out[name] = tool
      continue
    }
    const wrapped: Tool.Any = {
      ...tool,
      execute: (input, context) =>
        Effect.gen(function*() {
          const caller = yield* Effect.context<unknown>()
          const { runId, workflow } = run
          const activityName = `tool/${context.toolCallId}`
          const key = yield* Effect.provideContext(Activity.idempotencyKey(activityName), workflow)
          const execution = runTool(tool, input, context).pipe(
            Effect.provideService(DurableToolCall, { runId, toolCallId: context.toolCallId, activity: activityName, idempotencyKey: key }),
            Effect.provideContext(caller)
          )
          const transactional = isTransactional(tool)
          const activity = Activity.make({
            name: activityName,
            success: ToolOutcome,
            execute: transactional
              ? execution
              // the engine runs activities uninterruptibly: the tool itself may be stopped
              : Effect.raceFirst(Effect.interruptible(run.journal.run(activityName, ToolOutcome, execution)), whenInterrupted(run))
          })
          const outcome = yield* (transactional ? activity.annotate(ClusterSchema.WithTransaction, true) : activity).pipe(
            Effect.provideContext(workflow)
          )
          if (outcome._tag === "Interrupted") {
            return yield* Effect.provideContext(DurableDeferred.await(interruptedOf(context.toolCallId)), workflow)
          }
          return outcome._tag === "Output" ? outcome.output : yield* Effect.fail(errorOf(outcome.error))
        })
    }
    out[name] = wrapped
  }
  return trustedToolkit<T>(out)
}

/**
 * The one trust boundary here: the rebuilt toolkit has the same names and tools as `T` (only
 * `execute` differs, with the same input, output and context), so it is a `T`.
 */
const trustedToolkit = <T extends Toolkit.Any>(tools: Record<string, Tool.Any>): T => tools as T
