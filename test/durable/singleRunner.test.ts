/**
 * A durable agent on `SingleRunner` with PostgreSQL (a real server the test starts, see
 * `postgres.ts`), the model an OpenAI chat API on a loopback server: a three-step run with two
 * tool calls per step ends with the plain `Agent`'s messages on the same script, each model
 * request made once per step, each tool once; interruption by run id stops the run with no
 * further model call or tool execution.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Deferred, Effect, Exit, Layer, ManagedRuntime, Option, Redacted, References } from "effect"
import * as DurableAgent from "../../src/durable/DurableAgent.ts"
import * as DurableEngine from "../../src/durable/DurableEngine.ts"
import * as Runs from "../../src/durable/Runs.ts"
import {
  createToolTable,
  durableAgent,
  modelLayer,
  normalize,
  notifyURLOf,
  plainAgent,
  setBoundaryHook,
  toolWrites
} from "./fixture.ts"
import { type ModelServer, startModelServer } from "./modelServer.ts"
import { type Postgres, startPostgres } from "./postgres.ts"

let pg: Postgres
/** The cluster's warnings (a single runner reports "No healthy runners" every few seconds) stay out of the output. */
const quiet = Layer.succeed(References.MinimumLogLevel, "Error")
let server: ModelServer
const services = (url: string, baseURL: string) => {
  const agent = durableAgent(notifyURLOf(baseURL))
  return Layer.mergeAll(DurableAgent.layer(agent), Runs.layer(agent, { pollInterval: 20 })).pipe(
    Layer.provide(modelLayer(baseURL)),
    // the interrupted run's tool stays parked in its activity: do not wait 15 s for it at the end
    Layer.provideMerge(DurableEngine.layerSingleRunner({ shardingConfig: { entityTerminationTimeout: "1 second" } })),
    Layer.provideMerge(PgClient.layer({ url: Redacted.make(url) })),
    Layer.provide(quiet)
  )
}
let runtime: ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof services>>, Layer.Error<ReturnType<typeof services>>>

beforeAll(async () => {
  pg = await startPostgres()
  server = await startModelServer()
  runtime = ManagedRuntime.make(services(pg.url, server.baseURL))
  await runtime.runPromise(createToolTable)
}, 60_000)

afterAll(async () => {
  setBoundaryHook(() => Effect.void)
  await runtime?.dispose()
  await server?.stop()
  pg?.stop()
}, 60_000)

const notifiedOf = (tag: string) => server.notified.filter((n) => n.toolCallId.startsWith(`${tag}-`))

describe("durable agent on SingleRunner with PostgreSQL", () => {
  it("a three-step run, two tool calls per step: the plain agent's messages, each model request and tool once", async () => {
    const plain = await runtime.runPromise(
      plainAgent(notifyURLOf(server.baseURL)).generate({ prompt: "go run:plain" }).pipe(Effect.provide(modelLayer(server.baseURL)))
    )
    const { output, messages, status, writes } = await runtime.runPromise(Effect.gen(function*() {
      const runs = yield* Runs.Runs
      const runId = yield* runs.start({ runId: "single-1", prompt: "go run:single" })
      const output = yield* runs.await(runId)
      return {
        output,
        messages: yield* runs.messages(runId),
        status: (yield* runs.status(runId)).status,
        writes: yield* toolWrites
      }
    }))
    expect(status).toBe("completed")
    expect(plain.steps).toHaveLength(3)
    expect(output.steps).toBe(3)
    expect(normalize(output.messages, "single")).toEqual(normalize(plain.responseMessages, "plain"))
    expect(normalize(messages, "single")).toEqual(normalize([{ role: "user", content: "go run:plain" }, ...plain.responseMessages], "plain"))
    expect(output.text).toBe("all done")
    expect([0, 1, 2].map((step) => server.requests.get(`single/${step}`))).toEqual([1, 1, 1])
    expect([writes.get("single-s0-a"), writes.get("single-s1-a")]).toEqual([1, 1])
    const notified = notifiedOf("single")
    expect(notified.map((n) => n.toolCallId)).toEqual(["single-s0-b", "single-s1-b"])
    // one idempotency key per call, from the engine (the plain agent has none)
    expect(new Set(notified.map((n) => n.key)).size).toBe(2)
    expect(notified.every((n) => n.key !== "none")).toBe(true)
  })

  it("interrupt by run id inside a tool: no further model call or tool execution", async () => {
    const entered = Effect.runSync(Deferred.make<void>())
    setBoundaryHook((name) =>
      name === "tool-start:intr-s0-b" ? Effect.andThen(Deferred.succeed(entered, undefined), Effect.never) : Effect.void
    )
    const { status, result, writes } = await runtime.runPromise(Effect.gen(function*() {
      const runs = yield* Runs.Runs
      const runId = yield* runs.start({ runId: "intr-1", prompt: "go run:intr" })
      yield* Deferred.await(entered)
      yield* runs.interrupt(runId)
      yield* Effect.sleep(1500)
      return {
        status: (yield* runs.status(runId)).status,
        result: yield* runs.result(runId),
        writes: yield* toolWrites
      }
    }))
    setBoundaryHook(() => Effect.void)
    expect(status).toBe("interrupted")
    expect(server.requests.get("intr/0")).toBe(1)
    expect(server.requests.get("intr/1")).toBeUndefined()
    expect(writes.get("intr-s0-a")).toBe(1)
    expect(notifiedOf("intr")).toEqual([])
    expect(Option.isNone(result) || Exit.isFailure(result.value)).toBe(true)
  })
})
