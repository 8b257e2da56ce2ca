/**
 * The activity journal of a durable run: a finished activity's result written to the run store as
 * the activity's last act, and read before the activity calls anything.
 *
 * The engine memoizes an activity by its stored reply, and it runs an activity again whenever that
 * reply is missing: the runner was killed after the call returned, or its reply was refused
 * because the runner had just lost the shard (a late lock refresh, storage marked unhealthy), and
 * the run replays on the shard's next owner. Without this journal such a replay bills the model
 * call again or repeats the tool's side effect. With it, only a call cut off while it ran is
 * repeated. Within one process, a second execution of an activity still running (a replay after
 * the shard came back) waits for the first instead of calling again.
 *
 * The journal never fails an activity: a read that fails or does not decode means "not finished",
 * a write that fails leaves the engine's reply as the only record.
 *
 * @internal
 */
import { Deferred, Effect, Option, Schedule, Schema } from "effect"
import type * as RunStore from "../RunStore.ts"

/** Activity executions in progress in this process (shared by the runs of one agent layer). @internal */
export type InFlight = Map<string, Deferred.Deferred<void>>

/** A schema the journal can encode and decode without services (the activity's success schema). @internal */
export type Encodable = Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }

/** Runs activity bodies through the journal of one run. @internal */
export interface Journal {
  readonly run: <S extends Encodable, E, R>(
    name: string,
    schema: S,
    execute: Effect.Effect<S["Type"], E, R>
  ) => Effect.Effect<S["Type"], E, R>
}

const storeRetry = { times: 3, schedule: Schedule.exponential(100) }

/** The journal of run `runId` on `store`. @internal */
export const make = (store: RunStore.Shape, runId: string, inFlight: InFlight): Journal => ({
  run: <S extends Encodable, E, R>(name: string, schema: S, execute: Effect.Effect<S["Type"], E, R>) => {
    const codec = Schema.toCodecJson(schema)
    const finished: Effect.Effect<Option.Option<S["Type"]>> = store.activityResult(runId, name).pipe(
      Effect.retry(storeRetry),
      Effect.flatMap(Option.match({
        onNone: () => Effect.succeedNone,
        onSome: (json) => Effect.asSome(Schema.decodeUnknownEffect(codec)(json))
      })),
      Effect.orElseSucceed(Option.none)
    )
    const record = (value: S["Type"]) =>
      Schema.encodeEffect(codec)(value).pipe(
        Effect.flatMap((json) => Effect.retry(store.recordActivity(runId, name, json), storeRetry)),
        Effect.ignore
      )
    const key = `${runId}\n${name}`
    return Effect.gen(function*() {
      // an execution of the same activity still running here: wait for it, then read its result
      for (let running = inFlight.get(key); running !== undefined; running = inFlight.get(key)) {
        yield* Deferred.await(running)
      }
      const done = Deferred.makeUnsafe<void>()
      inFlight.set(key, done)
      return yield* Effect.flatMap(finished, Option.match({
        onSome: Effect.succeed,
        onNone: () => Effect.tap(execute, record)
      })).pipe(
        Effect.ensuring(Effect.sync(() => {
          if (inFlight.get(key) === done) inFlight.delete(key)
          Deferred.doneUnsafe(done, Effect.void)
        }))
      )
    })
  }
})
