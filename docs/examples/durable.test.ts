/**
 * docs/durable.md's "Running against your own PostgreSQL", done as written: `DATABASE_URL` set to
 * a PostgreSQL (a fresh one on 127.0.0.1, see test/durable/postgres.ts), the example's runner
 * layer (SingleRunner, `DurableEngine.layerPg()`), and its program (start, wait, approve the
 * requested call, await) on a scripted model. The tables are created on first start.
 */
import { afterAll, beforeAll, expect, it } from "@effect/vitest"
import { Effect, Layer, References } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { DurableEngine } from "aimux/durable"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"
import { type Postgres, startPostgres } from "../../test/durable/postgres.ts"
import { program, runner } from "./durable.ts"

let pg: Postgres
const previous = process.env.DATABASE_URL

beforeAll(async () => {
  pg = await startPostgres()
  process.env.DATABASE_URL = pg.url
}, 60_000)

afterAll(() => {
  if (previous === undefined) delete process.env.DATABASE_URL
  else process.env.DATABASE_URL = previous
  pg?.stop()
})

const model = MockLanguageModel.layer({
  generate: [
    {
      content: [{ type: "tool-call", toolCallId: "call_1", toolName: "refund", input: JSON.stringify({ order: "42" }) }],
      finishReason: StreamHelpers.finishReason("tool-calls"),
      usage: StreamHelpers.usage(5, 5),
      warnings: []
    },
    {
      content: [{ type: "text", text: "Refunded order 42." }],
      finishReason: StreamHelpers.finishReason("stop"),
      usage: StreamHelpers.usage(5, 5),
      warnings: []
    }
  ]
})

it("the documented runner on DATABASE_URL: a run waits, is approved, and finishes", async () => {
  const messages = await Effect.runPromise(
    program.pipe(Effect.provide(Layer.merge(runner(model), Layer.succeed(References.MinimumLogLevel, "Error"))))
  )
  const tables = await Effect.runPromise(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`
    return rows.map((row) => row.table_name)
  }).pipe(Effect.provide(DurableEngine.layerPg())))
  expect(tables).toEqual(expect.arrayContaining(["aimux_durable_events", "aimux_durable_runs", "cluster_messages", "cluster_replies"]))
  const text = JSON.stringify(messages)
  expect(text).toContain("\"refunded\":\"42\"")
  expect(text).toContain("Refunded order 42.")
}, 60_000)
