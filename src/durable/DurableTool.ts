/**
 * What a tool sees when a durable run executes it: the run, the tool call, and a stable idempotency
 * key for external APIs (`Activity.idempotencyKey` of the tool's activity). A tool execution is an
 * Activity named `tool/<toolCallId>`: a resumed run never runs a finished call again, but a call
 * interrupted by a crash runs again, so HTTP side effects are at-least-once and should pass the key.
 * SQL side effects on the engine's connection are exactly-once when the tool is
 * {@link transactional}: its writes commit together with the activity's journal entry.
 *
 * @since 0.1.0
 */
import { Context, Effect } from "effect"
import * as Activity from "effect/workflow/Activity"
import type * as Tool from "../core/Tool.ts"

/**
 * The durable context of one tool execution.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolCallShape {
  readonly runId: string
  readonly toolCallId: string
  /** The activity's name, `tool/<toolCallId>`. */
  readonly activity: string
  /** `Activity.idempotencyKey(activity)`: the same on every attempt of this call in this run. */
  readonly idempotencyKey: string
}

/**
 * The durable context of the running tool execution (provided inside the tool's activity only).
 *
 * @since 0.1.0
 * @category services
 */
export class DurableToolCall extends Context.Service<DurableToolCall, ToolCallShape>()("aimux/durable/DurableToolCall") {}

/**
 * The idempotency key of the running tool execution (for an external API's `Idempotency-Key`).
 *
 * @since 0.1.0
 * @category accessors
 */
export const idempotencyKey: Effect.Effect<string, never, DurableToolCall> = Effect.map(
  Effect.service(DurableToolCall),
  (call) => call.idempotencyKey
)

/**
 * The key `Activity.idempotencyKey` gives inside a workflow for a tool call id.
 *
 * @internal
 */
export const keyOf = (toolCallId: string) => Activity.idempotencyKey(`tool/${toolCallId}`)

const TransactionalId: unique symbol = Symbol.for("aimux/durable/DurableTool/Transactional")

/**
 * A tool marked {@link transactional}.
 *
 * @since 0.1.0
 * @category models
 */
export type Transactional<T extends Tool.Any> = T & { readonly [TransactionalId]: true }

/**
 * Marks a tool whose execution runs in the activity's SQL transaction
 * (`ClusterSchema.WithTransaction`): its writes through the engine's `SqlClient` commit with the
 * activity's result, or not at all, so a crash never leaves a half-done or doubled write.
 *
 * @since 0.1.0
 * @category constructors
 */
export const transactional = <T extends Tool.Any>(tool: T): Transactional<T> => ({ ...tool, [TransactionalId]: true })

/**
 * True for a tool marked {@link transactional}.
 *
 * @since 0.1.0
 * @category predicates
 */
export const isTransactional = (tool: Tool.Any): boolean => TransactionalId in tool
