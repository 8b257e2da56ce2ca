/**
 * Crash-resume on PostgreSQL: a runner process (`runner.ts`, SingleRunner) is SIGKILLed at each
 * boundary of a three-step run with two tool calls per step (after a model call, inside the SQL
 * tool after its write, inside the HTTP tool after its call, after a tool before the next model
 * call, between two tools), and restarted each time without re-submitting the run; the last
 * runner finishes it. Counted by the loopback model server and the tools: each model request once
 * per step, the SQL tool's writes once (its activity's transaction rolls the killed write back),
 * the HTTP tool at least once with one idempotency key per call; the final messages equal an
 * uninterrupted run's.
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import { normalize, toolWrites } from "./fixture.ts"
import { awaitTerminal, messagesOf } from "./processes.ts"
import { durableSuite } from "./suite.ts"

const suite = durableSuite()

const runner = (env: Record<string, string>) => suite.spawn("single", env)

const writes = () => Effect.runPromise(toolWrites.pipe(Effect.provide(PgClient.layer({ url: Redacted.make(suite.pg.url) }))))

describe("durable runs survive SIGKILL of their runner (PostgreSQL, SingleRunner)", () => {
  it("killed at every boundary, restarted each time: finished, each model request and SQL write once", async () => {
    const boundaries = [
      "tool-start:crash-s0-a", // after the model call of step 0
      "tool-end:crash-s0-a", // inside the SQL tool, after its write
      "tool-end:crash-s0-b", // inside the HTTP tool, after its call
      "model:crash:1", // after the step's last tool, before the next model call
      "tool-start:crash-s1-b" // after the first tool of step 1
    ]
    for (const [i, boundary] of boundaries.entries()) {
      const start = i === 0 ? { START: JSON.stringify([{ runId: "crash-1", prompt: "go run:crash" }]) } : {}
      const process = await runner({ ...start, CRASH_AT: boundary })
      await process.waitFor(new RegExp(`^boundary ${boundary}$`))
      await process.kill()
    }
    // the last runner is not told about the run: it resumes it from the journal
    const last = await runner({ START: JSON.stringify([{ runId: "ref-1", prompt: "go run:ref" }]) })
    await last.waitFor(/^ready$/)
    const statuses = await awaitTerminal(suite.reader, ["crash-1", "ref-1"])
    expect(Object.fromEntries(statuses)).toEqual({ "crash-1": "completed", "ref-1": "completed" })

    expect([0, 1, 2].map((step) => suite.server.requests.get(`crash/${step}`))).toEqual([1, 1, 1])
    const written = await writes()
    expect([written.get("crash-s0-a"), written.get("crash-s1-a")]).toEqual([1, 1])
    const notified = (id: string) => suite.server.notified.filter((n) => n.toolCallId === id)
    // killed after its HTTP call: called again, with the same key
    expect(notified("crash-s0-b")).toHaveLength(2)
    expect(new Set(notified("crash-s0-b").map((n) => n.key)).size).toBe(1)
    // killed before it started: called once
    expect(notified("crash-s1-b")).toHaveLength(1)
    expect(notified("crash-s1-b")[0]!.key).not.toBe(notified("crash-s0-b")[0]!.key)

    const crashed = await messagesOf(suite.reader, "crash-1")
    const reference = await messagesOf(suite.reader, "ref-1")
    expect(crashed).toHaveLength(1 + 2 * 2 + 1)
    expect(normalize(crashed, "crash")).toEqual(normalize(reference, "ref"))
  }, 120_000)
})
