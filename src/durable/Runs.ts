/**
 * The run API of a durable agent, usable from any process with the same engine and store (a
 * runner, or a client-only process): start a run (its id), its status and result, the parts and
 * messages so far, a stream that follows new parts, approve or deny a waiting tool call, interrupt,
 * and list runs.
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, Exit, Layer, Option, Schema, Stream } from "effect"
import * as DurableDeferred from "effect/workflow/DurableDeferred"
import type { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import type * as Agent from "../core/Agent.ts"
import { isJsonObject, toJsonValue } from "../contract/Json.ts"
import { approvalOf, type Any as AnyAgent, type DurableRunError, type RunOutput } from "./DurableAgent.ts"
import { isTerminal, type RunEvent, type RunInfo, type RunStatus, RunStore, type RunStoreError } from "./RunStore.ts"

/**
 * What a run starts from: a prompt or messages (as for `Agent.generate`), the agent's call
 * `options`, and optionally its id (default: a new random id).
 *
 * @since 0.1.0
 * @category models
 */
export interface StartInput {
  readonly runId?: string | undefined
  readonly prompt?: string | undefined
  readonly messages?: Agent.BaseCallOptions["messages"]
  readonly options?: unknown
}

/**
 * No run with this id.
 *
 * @since 0.1.0
 * @category errors
 */
export class RunNotFound extends Schema.TaggedError<RunNotFound>("RunNotFound")("RunNotFound", {
  runId: Schema.String
}) {
  override get message(): string {
    return `no durable run with id ${this.runId}`
  }
}

/**
 * The run API.
 *
 * @since 0.1.0
 * @category models
 */
export interface Shape {
  /** Starts a run and returns its id (starting the same id twice starts it once). */
  readonly start: (input: StartInput) => Effect.Effect<string, RunStoreError>
  readonly status: (runId: string) => Effect.Effect<RunInfo, RunNotFound | RunStoreError>
  /** The result of a finished run (`None` while it runs or waits). */
  readonly result: (runId: string) => Effect.Effect<Option.Option<Exit.Exit<RunOutput, DurableRunError>>, RunNotFound | RunStoreError>
  /** Waits for the run to finish (polling the engine) and returns its output or its failure. */
  readonly await: (runId: string) => Effect.Effect<RunOutput, DurableRunError | RunNotFound | RunStoreError>
  /** The full-stream parts so far (JSON). */
  readonly parts: (runId: string) => Effect.Effect<ReadonlyArray<Schema.Json>, RunStoreError>
  /** The run's messages so far: its input messages, then what the run added, in order (JSON). */
  readonly messages: (runId: string) => Effect.Effect<ReadonlyArray<Schema.Json>, RunNotFound | RunStoreError>
  /** The parts so far, then new ones as the run writes them, ending when the run has ended. */
  readonly follow: (runId: string) => Stream.Stream<Schema.Json, RunNotFound | RunStoreError>
  /** Approves a waiting tool call. */
  readonly approve: (runId: string, toolCallId: string) => Effect.Effect<void, RunNotFound | RunStoreError>
  /** Denies a waiting tool call, with an optional reason. */
  readonly deny: (runId: string, toolCallId: string, reason?: string) => Effect.Effect<void, RunNotFound | RunStoreError>
  /** Interrupts a run: no further model call or tool execution; its status becomes `interrupted`. */
  readonly interrupt: (runId: string) => Effect.Effect<void, RunNotFound | RunStoreError>
  /** The runs of this agent, newest first, optionally with one status. */
  readonly list: (filter?: { readonly status?: RunStatus | undefined }) => Effect.Effect<ReadonlyArray<RunInfo>, RunStoreError>
}

/**
 * The run API of one durable agent.
 *
 * @since 0.1.0
 * @category services
 */
export class Runs extends Context.Service<Runs, Shape>()("aimux/durable/Runs") {}

/** Options of {@link make}. @since 0.1.0 @category models */
export interface MakeOptions {
  /** How often `follow` and `await` look for news (default 100 ms). */
  readonly pollInterval?: Duration.Input | undefined
}

const randomId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `run_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`
}

const inputOf = (input: StartInput) => ({
  ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
  ...(input.messages !== undefined ? { messages: input.messages.map(toJsonValue) } : {}),
  ...(input.options !== undefined ? { options: input.options } : {})
})

/**
 * The run API of `agent` on the engine and store of the context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (agent: AnyAgent, options: MakeOptions = {}): Effect.Effect<Shape, never, WorkflowEngine | RunStore> =>
  Effect.gen(function*() {
    const store = yield* RunStore
    const context = yield* Effect.context<WorkflowEngine>()
    const poll = Duration.fromInputUnsafe(options.pollInterval ?? 100)
    const workflow = agent.workflow
    const find = (runId: string) =>
      Effect.flatMap(store.get(runId), Option.match({
        onNone: () => Effect.fail(new RunNotFound({ runId })),
        onSome: Effect.succeed
      }))
    const result = (runId: string) =>
      Effect.flatMap(find(runId), (run) =>
        Effect.map(Effect.provideContext(workflow.poll(run.executionId), context), (polled) =>
          Option.flatMap(polled, (r) => (r._tag === "Complete" ? Option.some(r.exit) : Option.none()))))
    const decide = (runId: string, toolCallId: string, value: { approved: boolean; reason?: string }) =>
      Effect.flatMap(find(runId), (run) =>
        Effect.provideContext(
          DurableDeferred.succeed(approvalOf(toolCallId), {
            token: DurableDeferred.tokenFromExecutionId(approvalOf(toolCallId), { workflow, executionId: run.executionId }),
            value
          }),
          context
        ))
    const eventsAfter = (runId: string, after: number, kind: RunEvent["kind"]) =>
      Effect.map(store.events(runId, after), (events) => events.filter((e) => e.kind === kind))
    const shape: Shape = {
      start: Effect.fnUntraced(function*(input) {
        const runId = input.runId ?? randomId()
        const payload = { runId, ...inputOf(input) }
        const executionId = yield* workflow.executionId(payload)
        yield* store.create({ runId, agent: agent.name, executionId, input: toJsonValue(inputOf(input)) })
        yield* Effect.provideContext(workflow.execute(payload, { discard: true }), context)
        return runId
      }),
      status: find,
      result,
      await: (runId) => {
        const loop: Effect.Effect<RunOutput, DurableRunError | RunNotFound | RunStoreError> = Effect.flatMap(
          result(runId),
          Option.match({ onNone: () => Effect.andThen(Effect.sleep(poll), Effect.suspend(() => loop)), onSome: (exit) => exit })
        )
        return loop
      },
      parts: (runId) => Effect.map(eventsAfter(runId, -1, "part"), (events) => events.map((e) => e.data)),
      messages: (runId) =>
        Effect.gen(function*() {
          const run = yield* find(runId)
          const input = isJsonObject(run.input) ? run.input : {}
          const initial: ReadonlyArray<Schema.Json> = Array.isArray(input.messages)
            ? input.messages
            : typeof input.prompt === "string"
            ? [{ role: "user", content: input.prompt }]
            : []
          const events = yield* eventsAfter(runId, -1, "message")
          const sorted = [...events].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          return [...initial, ...sorted.map((e) => e.data)]
        }),
      follow: (runId) =>
        Stream.paginate(-1, (after: number) =>
          Effect.gen(function*() {
            const run = yield* find(runId)
            const events = (yield* store.events(runId, after)).filter((e) => e.kind === "part")
            const last = events.length === 0 ? after : events[events.length - 1]!.seq
            if (events.length === 0) {
              if (isTerminal(run.status)) return [[], Option.none<number>()] as const
              yield* Effect.sleep(poll)
            }
            return [events.map((e) => e.data), Option.some(last)] as const
          })),
      approve: (runId, toolCallId) => decide(runId, toolCallId, { approved: true }),
      deny: (runId, toolCallId, reason) =>
        decide(runId, toolCallId, reason === undefined ? { approved: false } : { approved: false, reason }),
      interrupt: (runId) =>
        Effect.flatMap(find(runId), (run) =>
          Effect.andThen(
            store.setStatus(runId, "interrupted"),
            Effect.provideContext(workflow.interrupt(run.executionId), context)
          )),
      list: (filter) => store.list({ agent: agent.name, status: filter?.status })
    }
    return shape
  })

/**
 * {@link Runs} of one durable agent.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (agent: AnyAgent, options?: MakeOptions): Layer.Layer<Runs, never, WorkflowEngine | RunStore> =>
  Layer.effect(Runs, make(agent, options))
