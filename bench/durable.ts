/**
 * Workload DUR: the journal's cost per step. The same three-step run (two tool calls per step: a
 * SQL write and an HTTP call; the model an OpenAI chat API on a loopback server, answering from
 * the request) through the plain `Agent` and through a durable agent on `SingleRunner` with
 * PostgreSQL, in this process. Reports the median wall and CPU time per run, the difference per
 * step, and PostgreSQL's committed transactions and inserted rows per step (`pg_stat_database`).
 *
 * `node bench/durable.ts [--runs N] [--concurrency C]`. PostgreSQL: `DATABASE_URL` if set (the
 * bench creates `durable_tool_effects` there and leaves the tables behind), else a temporary
 * server started as in the durable tests (`initdb`, `pg_ctl`; fsync off, see
 * test/durable/postgres.ts).
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, ManagedRuntime, Redacted, References } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as DurableAgent from "../src/durable/DurableAgent.ts"
import * as DurableEngine from "../src/durable/DurableEngine.ts"
import { createToolTable, durableAgent, modelLayer, notifyURLOf, plainAgent } from "../test/durable/fixture.ts"
import { startModelServer } from "../test/durable/modelServer.ts"
import { startPostgres } from "../test/durable/postgres.ts"

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const runs = arg("runs", 30)
const concurrency = arg("concurrency", 1)
const steps = 3

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const main = async () => {
  const owned = process.env.DATABASE_URL === undefined ? await startPostgres() : undefined
  const url = process.env.DATABASE_URL ?? owned!.url
  const server = await startModelServer()
  const notify = notifyURLOf(server.baseURL)
  const agent = durableAgent(notify)
  const layer = DurableAgent.layer(agent).pipe(
    Layer.provide(modelLayer(server.baseURL)),
    Layer.provideMerge(DurableEngine.layerSingleRunner()),
    Layer.provideMerge(PgClient.layer({ url: Redacted.make(url) })),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error"))
  )
  const runtime = ManagedRuntime.make(layer)
  try {
    await runtime.runPromise(createToolTable)
    const stats = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // pg_stat_database lags by up to the stats flush; force it
      yield* sql`select pg_stat_force_next_flush()`
      const rows = yield* sql<{ readonly commits: string | number; readonly inserted: string | number }>`
        select xact_commit as commits, tup_inserted as inserted from pg_stat_database where datname = current_database()`
      return { commits: Number(rows[0]!.commits), inserted: Number(rows[0]!.inserted) }
    })
    const plainModel = modelLayer(server.baseURL)
    let n = 0
    const plainRun = () =>
      plainAgent(notify).generate({ prompt: `go run:plain${n++}` }).pipe(Effect.provide(plainModel), Effect.asVoid)
    const durableRun = () =>
      Effect.asVoid(agent.workflow.execute({ runId: `bench-${n}`, prompt: `go run:durable${n++}` }))
    const measure = async (name: string, run: () => Effect.Effect<void, unknown, Layer.Success<typeof layer>>) => {
      // warm-up (JIT, pool connections, the cluster's first shard acquisitions)
      await runtime.runPromise(Effect.forEach(Array.from({ length: 5 }), run, { concurrency, discard: true }))
      const before = await runtime.runPromise(stats)
      const wall: Array<number> = []
      const cpu: Array<number> = []
      const batches = Math.ceil(runs / concurrency)
      const t0 = performance.now()
      for (let b = 0; b < batches; b++) {
        const start = performance.now()
        const usage = process.cpuUsage()
        await runtime.runPromise(Effect.forEach(Array.from({ length: concurrency }), run, { concurrency, discard: true }))
        const used = process.cpuUsage(usage)
        wall.push((performance.now() - start) / concurrency)
        cpu.push((used.user + used.system) / 1000 / concurrency)
      }
      const total = performance.now() - t0
      const after = await runtime.runPromise(stats)
      const count = batches * concurrency
      return {
        name,
        wall: median(wall),
        cpu: median(cpu),
        throughput: count / (total / 1000),
        commits: (after.commits - before.commits) / count,
        inserted: (after.inserted - before.inserted) / count
      }
    }
    const plain = await measure("plain Agent", plainRun)
    const durable = await measure("DurableAgent, SingleRunner on PostgreSQL", durableRun)
    const fmt = (x: number) => x.toFixed(1)
    console.log(`DUR: ${runs} runs of ${steps} steps (2 tool calls each), concurrency ${concurrency}, Node ${process.version}`)
    console.log("| impl | wall ms/run | cpu ms/run | runs/s | PG commits/run | rows inserted/run |")
    console.log("| ---- | ----------- | ---------- | ------ | -------------- | ----------------- |")
    for (const r of [plain, durable]) {
      console.log(`| ${r.name} | ${fmt(r.wall)} | ${fmt(r.cpu)} | ${fmt(r.throughput)} | ${fmt(r.commits)} | ${fmt(r.inserted)} |`)
    }
    console.log(
      `journal cost per step: +${fmt((durable.wall - plain.wall) / steps)} ms wall, +${fmt((durable.cpu - plain.cpu) / steps)} ms cpu, ` +
        `${fmt((durable.commits - plain.commits) / steps)} commits, ${fmt((durable.inserted - plain.inserted) / steps)} rows`
    )
  } finally {
    await runtime.dispose()
    await server.stop()
    owned?.stop()
  }
}

await main()
