/**
 * Durable journal contents through the hostile generator (issue 31), on a real PostgreSQL: the
 * values a run journals (its input, stream parts with tool inputs and outputs, usage and provider
 * metadata, response messages) with a hostile value (10^3 / 10^4 / 10^5 deep, huge) at every JSON
 * position, both written through `RunStore.append` / `create` (a value with no JSON text is the
 * write's typed failure; the activity journal's results too) and stored as such by another writer
 * and read back through `RunStore.events` / `activityResult` / `get` / `list`. 0 defects, 0 hangs. Prints its counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Redacted, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as RunStore from "../../src/durable/RunStore.ts"
import { type Postgres, startPostgres } from "../durable/postgres.ts"
import * as F from "./bodies.ts"
import * as P from "./positions.ts"

let pg: Postgres | undefined
beforeAll(async () => {
  pg = await startPostgres()
}, 120_000)
afterAll(() => pg?.stop())

/** What a run journals: parts of its stream and its response messages. */
const events: ReadonlyArray<RunStore.NewEvent> = [
  { key: "p1", kind: "part", data: { type: "text-delta", id: "t1", text: "Hi", providerMetadata: { openai: { itemId: "msg_1" } } } },
  {
    key: "p2",
    kind: "part",
    data: { type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris", days: [1, 2] }, providerExecuted: false }
  },
  { key: "p3", kind: "part", data: { type: "tool-result", toolCallId: "c1", toolName: "weather", input: { city: "Paris" }, output: { temp: [21, 22] } } },
  {
    key: "p4",
    kind: "part",
    data: {
      type: "finish-step",
      finishReason: "stop",
      usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8, inputTokenDetails: { cacheReadTokens: 1 } },
      response: { id: "r1", modelId: "m1", timestamp: "2026-01-01T00:00:00.000Z" }
    }
  },
  {
    key: "m1",
    kind: "message",
    data: { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: { city: "Paris" } }] }
  },
  {
    key: "m2",
    kind: "message",
    data: { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "json", value: { temp: 21 } } }] }
  }
]
const input: Schema.Json = { prompt: "weather?", options: { maxSteps: 3 } }


const isJson = Schema.is(Schema.Json)

describe("generated hostile inputs: durable journal contents", () => {
  it.live("every position of a run's input, parts and messages, written and read back: 0 defects, 0 hangs", () =>
    Effect.gen(function*() {
      const store = yield* RunStore.RunStore
      const sql = yield* SqlClient.SqlClient
      const targets = [
        { name: "input", value: input as unknown },
        ...events.map((e) => ({ name: `${e.kind} ${e.key}`, value: e.data as unknown }))
      ]
      const counts = { positions: 0, cases: 0, ok: 0, typed: 0, defects: [] as Array<string>, hangs: [] as Array<string> }
      const record = (label: string, outcome: P.Outcome) => {
        counts.cases++
        if (outcome === "hang") counts.hangs.push(label)
        else if (outcome === "defect") counts.defects.push(label)
        else counts[outcome]++
      }
      const bounded = <A, E>(effect: Effect.Effect<A, E>) => effect.pipe(Effect.exit, Effect.timeoutOption("20 seconds"), Effect.map(P.classify))
      let n = 0
      for (const target of targets) {
        const positions = P.pathsOf(target.value, target.name)
        counts.positions += positions.length
        for (const { path, shape } of positions) {
          for (const hostile of P.hostiles) {
            const label = `${shape} ← ${hostile.name}`
            const value = P.withHostile(target.value, path, hostile)
            const text = P.textWithHostile(target.value, path, hostile)
            const runId = `run-${n++}`
            const isInput = target.name === "input"
            const key = target.name.split(" ")[1] ?? "k"
            const kind = target.name.startsWith("message") ? "message" as const : "part" as const
            // written through the store (the value as a journaling runner holds it)
            record(`write ${label}`, yield* bounded(Effect.gen(function*() {
              if (!isJson(value)) return
              if (isInput) yield* store.create({ runId, agent: "a", executionId: runId, input: value })
              else {
                yield* store.create({ runId, agent: "a", executionId: runId, input })
                yield* store.append(runId, [{ key, kind, data: value }])
                // a finished activity's result (the activity journal) carries the same values
                yield* store.recordActivity(runId, `model/step-${key}`, value)
              }
            })))
            // stored as such by another writer, read back
            const readId = `${runId}-read`
            yield* sql`insert into aimux_durable_runs (run_id, agent, execution_id, status, input, created_at, updated_at)
              values (${readId}, 'hostile', ${readId}, 'running', ${isInput ? text : JSON.stringify(input)}, 0, 0)`
            if (!isInput) {
              yield* sql`insert into aimux_durable_events (run_id, key, kind, data) values (${readId}, ${key}, ${kind}, ${text})`
              yield* sql`insert into aimux_durable_activities (run_id, name, result) values (${readId}, ${key}, ${text})`
            }
            record(`read ${label}`, yield* bounded(Effect.gen(function*() {
              yield* store.get(readId)
              yield* store.events(readId, 0)
              yield* store.activityResult(readId, key)
            })))
          }
        }
      }
      record("list", yield* bounded(store.list({ agent: "hostile" })))
      F.report(
        `hostile: durable journal: ${counts.positions} positions over ${targets.length} values, ${counts.cases} writes and reads: ` +
          `${counts.ok} stored or read, ${counts.typed} typed failures, ${counts.defects.length} defects, ${counts.hangs.length} hangs`
      )
      expect(counts.positions).toBeGreaterThan(40)
      expect(counts.typed).toBeGreaterThan(0)
      expect(counts.defects.slice(0, 10)).toStrictEqual([])
      expect(counts.hangs.slice(0, 10)).toStrictEqual([])
    }).pipe(
      Effect.provide(Layer.provideMerge(RunStore.layerSql, Layer.suspend(() => PgClient.layer({ url: Redacted.make(pg!.url) }))))
    ), 600_000)
})
