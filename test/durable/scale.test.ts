/**
 * Scale on PostgreSQL: 100 concurrent three-step runs (two tool calls per step) started by a
 * client-only process across 2 socket runners (`runner.ts`) on one database; one runner is
 * SIGKILLed midway and the other takes over its shards. All 100 complete, none is lost, no SQL
 * tool write is doubled, each HTTP call keeps one idempotency key, both runners executed runs, and
 * no finished model call or HTTP call is made again: the only repeats are the activities the
 * killed runner had in flight, once each (the activity journal, `RunStore.activityResult`).
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import { isDeepStrictEqual } from "node:util"
import { normalize, toolWrites } from "./fixture.ts"
import { awaitTerminal, messagesOf, type Runner } from "./processes.ts"
import { durableSuite } from "./suite.ts"

const suite = durableSuite()

const start = suite.spawn

/** The run tags a runner worked on: its `model <tag>:<step>` and `tool <tag>-s<step>-<a|b>` lines. */
const tagsRunBy = (runner: Runner) =>
  new Set(runner.lines.flatMap((line) => {
    const match = /^(?:model ([\w-]+):\d|tool ([\w-]+)-s\d-[ab])$/.exec(line)
    return match === null ? [] : [match[1] ?? match[2]!]
  }))

/** Advisory locks granted per PostgreSQL session: the shards each runner holds. */
const shardHolders = () =>
  Effect.runPromise(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly n: string | number }>`
      select count(*) as n from pg_locks where locktype = 'advisory' and granted group by pid`
    return rows.map((row) => Number(row.n))
  }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(suite.pg.url) }))))

const until = async (check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const N = 100

describe("durable runs at scale (PostgreSQL, 2 socket runners, one killed midway)", () => {
  it(`${N} concurrent runs: all complete, none lost, no doubled SQL write, spread over both runners`, async () => {
    suite.server.delayMs = 20
    const [a, b] = [await start("socket"), await start("socket")]
    await Promise.all([a.waitFor(/^ready$/), b.waitFor(/^ready$/)])
    // runs start once the shards are split: a shard moving to a joining runner replays its runs
    await until(async () => {
      const holders = await shardHolders()
      return holders.length === 2 && holders.reduce((x, y) => x + y, 0) === 300
    })
    const ids = Array.from({ length: N }, (_, i) => `scale${i}`)
    const client = await start("client", {
      START: JSON.stringify(ids.map((tag) => ({ runId: `${tag}-run`, prompt: `go run:${tag}` })))
    })
    await client.waitFor(/^ready$/)
    // midway: once both runners have run tools and half the runs have reached their last tool, kill b
    const lastTools = () => [...a.lines, ...b.lines].filter((line) => /^tool .*-s1-b$/.test(line)).length
    const t0 = Date.now()
    const deadline = t0 + 60_000
    while ((tagsRunBy(b).size === 0 || tagsRunBy(a).size === 0 || lastTools() < N / 2) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await b.kill()
    const killedAt = Date.now()
    // every line b printed (its output is drained once it has exited)
    const ranByB = tagsRunBy(b)
    const statuses = await awaitTerminal(suite.reader, ids.map((tag) => `${tag}-run`), 120_000)
    const counts = new Map<string, number>()
    for (const status of statuses.values()) counts.set(status, (counts.get(status) ?? 0) + 1)
    expect(Object.fromEntries(counts)).toEqual({ completed: N })

    // both runners ran runs; the survivor finished the killed runner's
    const ranByA = tagsRunBy(a)
    expect(ranByA.size).toBeGreaterThan(0)
    expect(ranByB.size).toBeGreaterThan(0)
    expect([...ranByB].some((tag) => ranByA.has(tag))).toBe(true)

    const writes = await Effect.runPromise(toolWrites.pipe(Effect.provide(PgClient.layer({ url: Redacted.make(suite.pg.url) }))))
    const expected = ids.flatMap((tag) => [`${tag}-s0-a`, `${tag}-s1-a`])
    expect(expected.filter((id) => writes.get(id) !== 1)).toEqual([])
    expect(writes.size).toBe(expected.length)
    const keys = new Map<string, Set<string>>()
    for (const n of suite.server.notified) keys.set(n.toolCallId, (keys.get(n.toolCallId) ?? new Set()).add(n.key))
    const calls = ids.flatMap((tag) => [`${tag}-s0-b`, `${tag}-s1-b`])
    expect(calls.filter((id) => keys.get(id)?.size !== 1)).toEqual([])
    // a finished model call or HTTP call is never repeated: the only ones made again are those b had
    // in flight when it was killed (its last started activity of a run), once each
    const inFlightOnB = new Map<string, string>()
    for (const line of b.lines) {
      const match = /^(model ([\w-]+):\d|tool ([\w-]+)-s\d-[ab])$/.exec(line)
      if (match !== null) inFlightOnB.set(match[2] ?? match[3]!, match[1]!)
    }
    const repeated: Array<string> = []
    let repeatedModel = 0
    let repeatedHttp = 0
    for (const tag of ids) {
      const activities = [
        ...[0, 1, 2].map((step) => ({ line: `model ${tag}:${step}`, repeats: (suite.server.requests.get(`${tag}/${step}`) ?? 0) - 1, model: true })),
        ...calls.filter((id) => id.startsWith(`${tag}-`)).map((id) => ({
          line: `tool ${id}`,
          repeats: suite.server.notified.filter((x) => x.toolCallId === id).length - 1,
          model: false
        }))
      ]
      for (const activity of activities) {
        if (activity.repeats <= 0) continue
        if (activity.model) repeatedModel += activity.repeats
        else repeatedHttp += activity.repeats
        if (activity.repeats > 1 || inFlightOnB.get(tag) !== activity.line) repeated.push(`${activity.line} x${activity.repeats + 1}`)
      }
    }
    expect(repeated).toEqual([])
    // every run's messages: the same conversation (its own tag aside), six messages
    const reference = normalize(await messagesOf(suite.reader, `${ids[0]}-run`), ids[0]!)
    expect(reference).toHaveLength(6)
    const differing: Array<string> = []
    for (const tag of ids) {
      if (!isDeepStrictEqual(normalize(await messagesOf(suite.reader, `${tag}-run`), tag), reference)) differing.push(tag)
    }
    expect(differing).toEqual([])
    console.info(
      `scale: ${N} runs in ${Date.now() - t0} ms (b killed after ${killedAt - t0} ms); runner a ran ${ranByA.size} runs, b ${ranByB.size} before its kill; ` +
        `${repeatedModel} model requests and ${repeatedHttp} HTTP calls repeated (in flight on b when it was killed)`
    )
  }, 180_000)
})
