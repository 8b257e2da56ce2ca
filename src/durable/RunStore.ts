/**
 * Where a durable run's status, parts and messages live, readable from any process: in memory (for
 * `WorkflowEngine.layerMemory`) or in two PostgreSQL tables beside the cluster's own.
 *
 * The engine journals activity results, not what a client wants to read while a run goes on, so
 * the run writes its step parts and messages here as it goes. Every event has a key unique within
 * its run and a write is ignored when the key exists: a replayed workflow body (after a crash or a
 * suspension) writes the same events again without duplicating them, and the order of the first
 * write stays.
 *
 * The store also journals each finished activity's result (the model call of a step, a tool
 * execution) as the activity's last act, beside the engine's own reply. The engine re-runs an
 * activity whose reply it did not save (its runner died or lost the shard after the call returned,
 * a replay on a new owner); the durable run reads this journal first and returns the result
 * instead of calling the model or the tool again.
 *
 * @since 0.1.0
 */
import { Array as Arr, Clock, Context, Effect, Layer, Option, Result, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import * as WireJson from "../runtime/WireJson.ts"

/**
 * The status of a run: `running`, `waiting` (for an approval), or a terminal one.
 *
 * @since 0.1.0
 * @category models
 */
export const RunStatus = Schema.Literals(["running", "waiting", "completed", "failed", "interrupted"])

/**
 * The status of a run.
 *
 * @since 0.1.0
 * @category models
 */
export type RunStatus = typeof RunStatus.Type

/**
 * True for the statuses a run never leaves.
 *
 * @since 0.1.0
 * @category predicates
 */
export const isTerminal = (status: RunStatus): boolean =>
  status === "completed" || status === "failed" || status === "interrupted"

/**
 * One run as the store knows it.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunInfo {
  readonly runId: string
  readonly agent: string
  readonly executionId: string
  readonly status: RunStatus
  /** The run's input (`{ prompt }` or `{ messages }`), as JSON. */
  readonly input: Schema.Json
  /** The failure of a failed run, as JSON. */
  readonly error: Schema.Json | undefined
  readonly createdAt: number
  readonly updatedAt: number
}

/**
 * What a run appends: a full-stream `part` or a model `message`, each under a key unique in the run.
 *
 * @since 0.1.0
 * @category models
 */
export interface NewEvent {
  readonly key: string
  readonly kind: "part" | "message"
  readonly data: Schema.Json
}

/**
 * An appended event with its position (`seq` grows in write order, across runs).
 *
 * @since 0.1.0
 * @category models
 */
export interface RunEvent extends NewEvent {
  readonly seq: number
}

/**
 * A failure of the store (the SQL client's error, or a stored value that does not parse).
 *
 * @since 0.1.0
 * @category errors
 */
export class RunStoreError extends Schema.TaggedError<RunStoreError>("RunStoreError")("RunStoreError", {
  message: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {}

/**
 * The store's operations.
 *
 * @since 0.1.0
 * @category models
 */
export interface Shape {
  /** Records a new run (`running`); a second create of the same run id changes nothing. */
  readonly create: (run: {
    readonly runId: string
    readonly agent: string
    readonly executionId: string
    readonly input: Schema.Json
  }) => Effect.Effect<void, RunStoreError>
  /** Sets the status, unless the run is already terminal (an interrupted run stays interrupted). */
  readonly setStatus: (runId: string, status: RunStatus, error?: Schema.Json) => Effect.Effect<void, RunStoreError>
  /** Appends events in order; those whose key the run already has are skipped. */
  readonly append: (runId: string, events: ReadonlyArray<NewEvent>) => Effect.Effect<void, RunStoreError>
  readonly get: (runId: string) => Effect.Effect<Option.Option<RunInfo>, RunStoreError>
  /** Runs, newest first, optionally of one agent or status. */
  readonly list: (filter?: {
    readonly agent?: string | undefined
    readonly status?: RunStatus | undefined
  }) => Effect.Effect<ReadonlyArray<RunInfo>, RunStoreError>
  /** The run's events after `afterSeq` (all with `-1`), in order. */
  readonly events: (runId: string, afterSeq: number) => Effect.Effect<ReadonlyArray<RunEvent>, RunStoreError>
  /** The journaled result of the run's finished activity `activity` (JSON), if any. */
  readonly activityResult: (runId: string, activity: string) => Effect.Effect<Option.Option<Schema.Json>, RunStoreError>
  /** Journals a finished activity's result; a second write for the same activity changes nothing. */
  readonly recordActivity: (runId: string, activity: string, result: Schema.Json) => Effect.Effect<void, RunStoreError>
}

/**
 * The run store service.
 *
 * @since 0.1.0
 * @category services
 */
export class RunStore extends Context.Service<RunStore, Shape>()("aimux/durable/RunStore") {}

/**
 * A store in this process's memory (tests, `WorkflowEngine.layerMemory`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerMemory: Layer.Layer<RunStore> = Layer.sync(RunStore, (): Shape => {
  const runs = new Map<string, RunInfo>()
  const events = new Map<string, Array<RunEvent>>()
  const activities = new Map<string, Schema.Json>()
  let seq = 0
  return {
    create: (run) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          if (runs.has(run.runId)) return
          runs.set(run.runId, { ...run, status: "running", error: undefined, createdAt: now, updatedAt: now })
        })),
    setStatus: (runId, status, error) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          const run = runs.get(runId)
          if (run === undefined || isTerminal(run.status)) return
          runs.set(runId, { ...run, status, error: error ?? run.error, updatedAt: now })
        })),
    append: (runId, added) =>
      Effect.sync(() => {
        const list = events.get(runId) ?? []
        events.set(runId, list)
        for (const event of added) {
          if (list.some((e) => e.key === event.key)) continue
          list.push({ ...event, seq: seq++ })
        }
      }),
    get: (runId) => Effect.sync(() => Option.fromNullishOr(runs.get(runId))),
    list: (filter) =>
      Effect.sync(() =>
        [...runs.values()]
          .filter((run) =>
            (filter?.agent === undefined || run.agent === filter.agent) &&
            (filter?.status === undefined || run.status === filter.status)
          )
          .sort((a, b) => b.createdAt - a.createdAt)
      ),
    events: (runId, afterSeq) => Effect.sync(() => (events.get(runId) ?? []).filter((e) => e.seq > afterSeq)),
    activityResult: (runId, activity) => Effect.sync(() => Option.fromUndefinedOr(activities.get(`${runId}\n${activity}`))),
    recordActivity: (runId, activity, result) =>
      Effect.sync(() => {
        const key = `${runId}\n${activity}`
        if (!activities.has(key)) activities.set(key, result)
      })
  }
})

const JsonText = Schema.fromJsonString(Schema.Json)
const decodeJson = Schema.decodeUnknownEffect(JsonText)
const parseJson = (text: string) =>
  Effect.mapError(decodeJson(text), (issue) => new RunStoreError({ message: `a stored value is not JSON: ${issue.message}` }))

const RunRow = Schema.Struct({
  run_id: Schema.String,
  agent: Schema.String,
  execution_id: Schema.String,
  status: RunStatus,
  input: Schema.String,
  error: Schema.NullOr(Schema.String),
  created_at: Schema.Union([Schema.Number, Schema.NumberFromString]),
  updated_at: Schema.Union([Schema.Number, Schema.NumberFromString])
})
const decodeRunRows = Schema.decodeUnknownEffect(Schema.Array(RunRow))

const EventRow = Schema.Struct({
  seq: Schema.Union([Schema.Number, Schema.NumberFromString]),
  key: Schema.String,
  kind: Schema.Literals(["part", "message"]),
  data: Schema.String
})
const decodeEventRows = Schema.decodeUnknownEffect(Schema.Array(EventRow))

// a journaled value came from the network (tool inputs, model output): one too deep or too large
// to have a JSON text is the write's typed failure, not a defect
const toText = (value: Schema.Json, what: string): Effect.Effect<string, RunStoreError> =>
  Result.match(WireJson.stringify(value), {
    onFailure: (error) => Effect.fail(new RunStoreError({ message: `${what} cannot be stored: ${error.message}`, cause: error })),
    onSuccess: Effect.succeed
  })
const decodeResultRows = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ result: Schema.String })))

const sqlError = (error: SqlError) => new RunStoreError({ message: error.message, cause: error })
const rowsError = (issue: { readonly message: string }) =>
  new RunStoreError({ message: `unexpected rows from the run tables: ${issue.message}` })

/** A fixed key for the advisory lock the table creation holds (two runners may start at once). */
const MIGRATION_LOCK = 4_815_162_342

/**
 * The tables, created under a transaction-scoped advisory lock so that runners starting together
 * never race on `create table if not exists` (PostgreSQL's catalog would reject the second).
 *
 * @since 0.1.0
 * @category migrations
 */
export const migrate: Effect.Effect<void, RunStoreError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.withTransaction(Effect.gen(function*() {
    yield* sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`
    yield* sql`create table if not exists aimux_durable_runs (
      run_id text primary key,
      agent text not null,
      execution_id text not null,
      status text not null,
      input text not null,
      error text,
      created_at bigint not null,
      updated_at bigint not null
    )`
    yield* sql`create table if not exists aimux_durable_events (
      seq bigserial primary key,
      run_id text not null,
      key text not null,
      kind text not null,
      data text not null,
      unique (run_id, key)
    )`
    yield* sql`create table if not exists aimux_durable_activities (
      run_id text not null,
      name text not null,
      result text not null,
      primary key (run_id, name)
    )`
  }))
}).pipe(Effect.mapError(sqlError), Effect.withSpan("RunStore.migrate"))

const TERMINAL = ["completed", "failed", "interrupted"] as const

/**
 * The store on PostgreSQL through the context's `SqlClient` (the tables are created first, see
 * {@link migrate}). A write inside an activity annotated `ClusterSchema.WithTransaction` joins the
 * activity's transaction.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerSql: Layer.Layer<RunStore, RunStoreError, SqlClient.SqlClient> = Layer.effect(
  RunStore,
  Effect.gen(function*() {
    yield* migrate
    const sql = yield* SqlClient.SqlClient
    const toInfo = (row: typeof RunRow.Type) =>
      Effect.gen(function*() {
        const input = yield* parseJson(row.input)
        const error = row.error === null ? undefined : yield* parseJson(row.error)
        const info: RunInfo = {
          runId: row.run_id,
          agent: row.agent,
          executionId: row.execution_id,
          status: row.status,
          input,
          error,
          createdAt: row.created_at,
          updatedAt: row.updated_at
        }
        return info
      })
    // bigint columns as float8: the driver gives bigint as a JS bigint, the schemas want numbers
    const runColumns = sql.literal(
      "run_id, agent, execution_id, status, input, error, created_at::float8 as created_at, updated_at::float8 as updated_at"
    )
    const runs = (rows: ReadonlyArray<unknown>) =>
      Effect.flatMap(Effect.mapError(decodeRunRows(rows), rowsError), (decoded) => Effect.forEach(decoded, toInfo))
    const shape: Shape = {
      create: (run) =>
        Effect.flatMap(Effect.zip(Clock.currentTimeMillis, toText(run.input, "the run's input")), ([now, input]) =>
          sql`insert into aimux_durable_runs (run_id, agent, execution_id, status, input, created_at, updated_at)
            values (${run.runId}, ${run.agent}, ${run.executionId}, 'running', ${input}, ${now}, ${now})
            on conflict (run_id) do nothing`.pipe(Effect.asVoid, Effect.mapError(sqlError))),
      setStatus: (runId, status, error) =>
        Effect.flatMap(
          Effect.zip(Clock.currentTimeMillis, error === undefined ? Effect.succeed(null) : toText(error, "the run's error")),
          ([now, errorText]) =>
            sql`update aimux_durable_runs set status = ${status}, updated_at = ${now},
            error = coalesce(${errorText}, error)
            where run_id = ${runId} and status not in ${sql.in(TERMINAL)}`.pipe(Effect.asVoid, Effect.mapError(sqlError))
        ),
      append: (runId, events) =>
        Effect.flatMap(
          Effect.forEach(events, (e) =>
            Effect.map(toText(e.data, `event ${e.key}`), (data) => ({ run_id: runId, key: e.key, kind: e.kind, data }))),
          (rows) =>
            Arr.isArrayNonEmpty(rows)
              ? sql`insert into aimux_durable_events ${sql.insert(rows)} on conflict (run_id, key) do nothing`.pipe(
                Effect.asVoid,
                Effect.mapError(sqlError)
              )
              : Effect.void
        ),
      get: (runId) =>
        sql`select ${runColumns} from aimux_durable_runs where run_id = ${runId}`.pipe(
          Effect.mapError(sqlError),
          Effect.flatMap(runs),
          Effect.map((found) => Option.fromNullishOr(found[0]))
        ),
      list: (filter) =>
        sql`select ${runColumns} from aimux_durable_runs where ${
          sql.and([
            ...(filter?.agent !== undefined ? [sql`agent = ${filter.agent}`] : []),
            ...(filter?.status !== undefined ? [sql`status = ${filter.status}`] : [])
          ])
        } order by created_at desc, run_id`.pipe(Effect.mapError(sqlError), Effect.flatMap(runs)),
      events: (runId, afterSeq) =>
        sql`select seq::float8 as seq, key, kind, data from aimux_durable_events where run_id = ${runId} and seq > ${afterSeq} order by seq`.pipe(
          Effect.mapError(sqlError),
          Effect.flatMap((rows) => Effect.mapError(decodeEventRows(rows), rowsError)),
          Effect.flatMap((rows) =>
            Effect.forEach(rows, (row) =>
              Effect.map(parseJson(row.data), (data): RunEvent => ({ seq: row.seq, key: row.key, kind: row.kind, data })))
          )
        ),
      activityResult: (runId, activity) =>
        sql`select result from aimux_durable_activities where run_id = ${runId} and name = ${activity}`.pipe(
          Effect.mapError(sqlError),
          Effect.flatMap((rows) => Effect.mapError(decodeResultRows(rows), rowsError)),
          Effect.flatMap((rows) => rows[0] === undefined ? Effect.succeedNone : Effect.asSome(parseJson(rows[0].result)))
        ),
      recordActivity: (runId, activity, result) =>
        Effect.flatMap(toText(result, `the result of ${activity}`), (text) =>
          sql`insert into aimux_durable_activities (run_id, name, result) values (${runId}, ${activity}, ${text})
          on conflict (run_id, name) do nothing`.pipe(Effect.asVoid, Effect.mapError(sqlError)))
    }
    return shape
  })
)
