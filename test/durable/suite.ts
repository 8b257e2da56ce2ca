/**
 * The environment of a durable test file that runs runner processes: a PostgreSQL server, the
 * loopback model server, the tools' table, a run-store reader, and the runners it spawned (all
 * killed after the file). Created in `beforeAll`, so read its fields inside tests only.
 */
import { afterAll, beforeAll } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import { createToolTable } from "./fixture.ts"
import { type ModelServer, startModelServer } from "./modelServer.ts"
import { freePort, type Postgres, startPostgres } from "./postgres.ts"
import { type Runner, spawnRunner, storeReader, type StoreReader, testSharding } from "./processes.ts"

export interface DurableSuite {
  readonly pg: Postgres
  readonly server: ModelServer
  readonly reader: StoreReader
  /** A runner process on this file's database and model server (socket and client engines get a port and the test sharding). */
  readonly spawn: (engine: "single" | "socket" | "client", env?: Record<string, string>) => Promise<Runner>
  /** Kills every runner spawned so far (a test that must leave none alive for the next). */
  readonly killAll: () => Promise<void>
}

const started = <A>(value: A | undefined, name: string): A => {
  if (value === undefined) throw new Error(`${name} is started in beforeAll: read it inside a test`)
  return value
}

/** Registers the file's `beforeAll` / `afterAll` and returns the environment they fill. */
export const durableSuite = (): DurableSuite => {
  let pg: Postgres | undefined
  let server: ModelServer | undefined
  let reader: StoreReader | undefined
  const alive: Array<Runner> = []
  const suite: DurableSuite = {
    get pg() { return started(pg, "PostgreSQL") },
    get server() { return started(server, "the model server") },
    get reader() { return started(reader, "the run-store reader") },
    spawn: async (engine, env = {}) => {
      const sharding = engine === "single" ? {} : { RUNNER_PORT: String(await freePort()), SHARDING: testSharding }
      const runner = spawnRunner({ DATABASE_URL: suite.pg.url, MODEL_URL: suite.server.baseURL, ENGINE: engine, ...sharding, ...env })
      alive.push(runner)
      return runner
    },
    killAll: async () => {
      await Promise.all(alive.splice(0).map((runner) => runner.kill()))
    }
  }
  beforeAll(async () => {
    pg = await startPostgres()
    server = await startModelServer()
    await Effect.runPromise(createToolTable.pipe(Effect.provide(PgClient.layer({ url: Redacted.make(pg.url) }))))
    reader = storeReader(pg.url)
  }, 60_000)
  afterAll(async () => {
    await suite.killAll()
    await reader?.dispose()
    await server?.stop()
    pg?.stop()
  }, 60_000)
  return suite
}
