/**
 * A process of the PostgreSQL durable tests (run as `node --conditions=aimux-source runner.ts`),
 * configured by environment variables:
 * - `DATABASE_URL`, `MODEL_URL` (the loopback model server's base URL);
 * - `ENGINE`: `single` (SingleRunner), `socket` (a socket runner on 127.0.0.1:`RUNNER_PORT`) or
 *   `client` (a client-only process: it runs no workflow);
 * - `START`: JSON `[{ runId, prompt }]`, runs to start; `APPROVE`: JSON `{ runId, toolCallId }`,
 *   a call to approve (then the process exits); `INTERRUPT`: a run id to interrupt (then it exits);
 * - `CRASH_AT`: a boundary of `fixture.ts` where the process prints `boundary <name>` and stops
 *   there, for the test to SIGKILL it;
 * - `SHARDING`: JSON sharding settings (durations as strings).
 * It prints `ready` once its runs are started, `tool <toolCallId>` when a tool starts, `model
 * <tag>:<step>` before a model request, and runs
 * until it is killed.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Option, Redacted, References } from "effect"
import * as RunnerAddress from "effect/cluster/RunnerAddress"
import * as DurableAgent from "../../src/durable/DurableAgent.ts"
import * as DurableEngine from "../../src/durable/DurableEngine.ts"
import * as Runs from "../../src/durable/Runs.ts"
import { durableAgent, modelLayer, notifyURLOf, setBoundaryHook } from "./fixture.ts"

const env = (name: string): string | undefined => {
  const value = process.env[name]
  return value === undefined || value === "" ? undefined : value
}
const print = (line: string) => Effect.sync(() => process.stdout.write(`${line}\n`))

const modelURL = env("MODEL_URL") ?? "http://127.0.0.1:1/v1"
const crashAt = env("CRASH_AT")
setBoundaryHook((name) => {
  const announce = name.startsWith("tool-start:")
    ? print(`tool ${name.slice("tool-start:".length)}`)
    : name.startsWith("model:")
    ? print(`model ${name.slice("model:".length)}`)
    : Effect.void
  return name === crashAt ? Effect.andThen(announce, Effect.andThen(print(`boundary ${name}`), Effect.never)) : announce
})

const engine = env("ENGINE") ?? "single"
const sharding: DurableEngine.ShardingOptions = {
  ...JSON.parse(env("SHARDING") ?? "{}"),
  ...(engine === "socket" ? { runnerAddress: Option.some(RunnerAddress.make("127.0.0.1", Number(env("RUNNER_PORT")))) } : {})
}
const engineLayer = engine === "single"
  ? DurableEngine.layerSingleRunner({ shardingConfig: sharding })
  : DurableEngine.layerSocketRunner({ shardingConfig: sharding, clientOnly: engine === "client" })

const agent = durableAgent(notifyURLOf(modelURL))
const workflows = engine === "client" ? Layer.empty : DurableAgent.layer(agent).pipe(Layer.provide(modelLayer(modelURL)))

const services = Layer.merge(workflows, Runs.layer(agent, { pollInterval: 50 })).pipe(
  Layer.provideMerge(engineLayer),
  Layer.provideMerge(PgClient.layer({ url: Redacted.make(env("DATABASE_URL") ?? "") })),
  Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error"))
)

const program = Effect.gen(function*() {
  const runs = yield* Runs.Runs
  const start: ReadonlyArray<{ readonly runId: string; readonly prompt: string }> = JSON.parse(env("START") ?? "[]")
  yield* Effect.forEach(start, (input) => runs.start(input), { concurrency: 10, discard: true })
  const approve: { readonly runId: string; readonly toolCallId: string } | undefined = JSON.parse(env("APPROVE") ?? "null") ?? undefined
  if (approve !== undefined) {
    yield* runs.approve(approve.runId, approve.toolCallId)
    yield* print("approved")
    return
  }
  const interrupt = env("INTERRUPT")
  if (interrupt !== undefined) {
    yield* runs.interrupt(interrupt)
    yield* print("interrupted")
    return
  }
  yield* print("ready")
  return yield* Effect.never
})

NodeRuntime.runMain(program.pipe(Effect.provide(services)))
