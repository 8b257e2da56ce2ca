/**
 * Runner processes of the PostgreSQL durable tests (`runner.ts` under plain Node with the
 * `aimux-source` condition) and what the test process reads of their runs: the run store only
 * (status, messages), through its own connection; it never runs a workflow.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, ManagedRuntime, Redacted, References } from "effect"
import * as WorkflowEngine from "effect/workflow/WorkflowEngine"
import { type ChildProcess, spawn } from "node:child_process"
import * as path from "node:path"
import * as RunStore from "../../src/durable/RunStore.ts"
import * as Runs from "../../src/durable/Runs.ts"
import { durableAgent } from "./fixture.ts"

/**
 * Short health and polling intervals, so a dead runner's shards move in seconds (a SIGKILLed
 * runner's PostgreSQL session ends at once, and its advisory shard locks with it). The lock
 * refresh interval is also the deadline of every lock operation: at 2 s a loaded runner missed it
 * several times a run, marked its lock storage unhealthy and dropped all its shards, so every run
 * on them replayed. 5 s (a third of the expiration, the most the engine allows) costs nothing in
 * takeover time.
 */
export const testSharding = JSON.stringify({
  shardLockRefreshInterval: "5 seconds",
  shardLockExpiration: "15 seconds",
  runnerHealthCheckInterval: "1 second",
  entityMessagePollInterval: "500 millis",
  refreshAssignmentsInterval: "500 millis",
  entityTerminationTimeout: "1 second"
})

const script = path.join(import.meta.dirname, "runner.ts")

export interface Runner {
  readonly child: ChildProcess
  readonly lines: Array<string>
  /** Resolves with the first line (so far or to come) matching `pattern`. */
  readonly waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>
  /** SIGKILL, then waits for the exit. */
  readonly kill: () => Promise<void>
  readonly exited: Promise<number | null>
}

export const spawnRunner = (env: Record<string, string | undefined>): Runner => {
  const child = spawn(process.execPath, ["--conditions=aimux-source", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const lines: Array<string> = []
  const waiters: Array<{ readonly pattern: RegExp; readonly resolve: (line: string) => void }> = []
  let buffer = ""
  let stderr = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8")
    let end = buffer.indexOf("\n")
    while (end !== -1) {
      const line = buffer.slice(0, end)
      buffer = buffer.slice(end + 1)
      lines.push(line)
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(line)
        }
      }
      end = buffer.indexOf("\n")
    }
  })
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000)
  })
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)))
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const found = lines.find((line) => pattern.test(line))
      if (found !== undefined) return resolve(found)
      const timer = setTimeout(
        () => reject(new Error(`no line ${pattern} from the runner in ${timeoutMs} ms; stdout: ${lines.join(" | ")}; stderr: ${stderr}`)),
        timeoutMs
      )
      void exited.then((code) => {
        clearTimeout(timer)
        reject(new Error(`the runner exited (${code}) before ${pattern}; stdout: ${lines.join(" | ")}; stderr: ${stderr}`))
      })
      waiters.push({ pattern, resolve: (line) => {
        clearTimeout(timer)
        resolve(line)
      } })
    })
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
    await exited
  }
  return { child, lines, waitFor, kill, exited }
}

/**
 * The run API over the store alone (its engine is an empty in-memory one: only `status`,
 * `messages` and `parts`, which read the store, are used).
 */
export const storeReader = (databaseURL: string) =>
  ManagedRuntime.make(
    Runs.layer(durableAgent("http://127.0.0.1:1/notify")).pipe(
      Layer.provideMerge(Layer.merge(WorkflowEngine.layerMemory, RunStore.layerSql)),
      Layer.provideMerge(PgClient.layer({ url: Redacted.make(databaseURL) })),
      Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error"))
    )
  )

export type StoreReader = ReturnType<typeof storeReader>

/** Polls until every run is in a terminal status (or the timeout), and returns the statuses. */
export const awaitTerminal = (reader: StoreReader, runIds: ReadonlyArray<string>, timeoutMs = 60_000) =>
  reader.runPromise(Effect.gen(function*() {
    const runs = yield* Runs.Runs
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const statuses = yield* Effect.forEach(runIds, (id) =>
        runs.status(id).pipe(Effect.map((run) => run.status), Effect.catchTag("RunNotFound", () => Effect.succeed("missing" as const))))
      if (statuses.every((s) => s === "completed" || s === "failed" || s === "interrupted") || Date.now() > deadline) {
        return new Map(runIds.map((id, i) => [id, statuses[i]!]))
      }
      yield* Effect.sleep(100)
    }
  }))

export const messagesOf = (reader: StoreReader, runId: string) =>
  reader.runPromise(Effect.flatMap(Effect.service(Runs.Runs), (runs) => runs.messages(runId)))
