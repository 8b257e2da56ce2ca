/**
 * Approvals and interruption across processes on PostgreSQL, with socket runners (`runner.ts`):
 * a run waits for an approval, its runner is SIGKILLed while it waits, a client-only process
 * (no runner running) approves the call, and a new runner on another address finishes the run
 * with the plain agent's messages; a client-only process interrupts a run by id while a runner
 * executes its tool, and neither that runner nor a later one makes a further model call or tool
 * execution for it.
 */
import { afterEach, describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Redacted } from "effect"
import { modelLayer, normalize, notifyURLOf, plainAgent, toolWrites } from "./fixture.ts"
import { awaitTerminal, messagesOf } from "./processes.ts"
import { durableSuite } from "./suite.ts"
import * as Runs from "../../src/durable/Runs.ts"

const suite = durableSuite()

// every test ends with no runner alive (a runner left over would take the next test's runs)
afterEach(() => suite.killAll())

const sql = () => PgClient.layer({ url: Redacted.make(suite.pg.url) })

const process = suite.spawn

const statusOf = (runId: string) =>
  suite.reader.runPromise(Effect.flatMap(Effect.service(Runs.Runs), (runs) =>
    runs.status(runId).pipe(
      Effect.map((run): string => run.status),
      Effect.catchTag("RunNotFound", () => Effect.succeed("missing"))
    )))

const until = async (check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The plain agent's run with the same approval between two generate calls. */
const plainWithApproval = () =>
  Effect.gen(function*() {
    const agent = plainAgent(notifyURLOf(suite.server.baseURL))
    const prompt = "pay run:plainpay"
    const first = yield* agent.generate({ prompt })
    const request = first.content.find((p) => p.type === "tool-approval-request")
    if (request?.type !== "tool-approval-request") return yield* Effect.die("no approval request")
    const answer = { role: "tool" as const, content: [{ type: "tool-approval-response" as const, approvalId: request.approvalId, approved: true }] }
    const second = yield* agent.generate({ messages: [{ role: "user", content: prompt }, ...first.responseMessages, answer] })
    return [{ role: "user", content: prompt }, ...first.responseMessages, answer, ...second.responseMessages]
  }).pipe(Effect.provide(Layer.merge(modelLayer(suite.server.baseURL), sql())))

describe("durable approvals and interruption across processes (PostgreSQL, socket runners)", () => {
  it("killed while waiting for approval; a client-only process approves; a new runner finishes", async () => {
    const first = await process("socket", { START: JSON.stringify([{ runId: "waitpay-1", prompt: "pay run:waitpay" }]) })
    await until(async () => (await statusOf("waitpay-1")) === "waiting")
    await first.kill()
    const client = await process("client", { APPROVE: JSON.stringify({ runId: "waitpay-1", toolCallId: "waitpay-s0-t" }) })
    await client.waitFor(/^approved$/)
    await client.exited
    expect(await statusOf("waitpay-1")).toBe("waiting")
    await process("socket")
    const statuses = await awaitTerminal(suite.reader, ["waitpay-1"])
    expect(statuses.get("waitpay-1")).toBe("completed")
    expect([suite.server.requests.get("waitpay/0"), suite.server.requests.get("waitpay/1")]).toEqual([1, 1])
    expect((await Effect.runPromise(toolWrites.pipe(Effect.provide(sql())))).get("waitpay-s0-t")).toBe(1)
    expect(suite.server.notified.filter((n) => n.toolCallId === "waitpay-s0-b")).toHaveLength(1)
    const plain = await Effect.runPromise(plainWithApproval())
    expect(normalize(await messagesOf(suite.reader, "waitpay-1"), "waitpay")).toEqual(normalize(plain, "plainpay"))
  }, 120_000)

  it("interrupted by run id from a client-only process: no further model call or tool execution", async () => {
    const runner = await process("socket", {
      START: JSON.stringify([{ runId: "stop-1", prompt: "go run:stop" }]),
      CRASH_AT: "tool-start:stop-s0-b"
    })
    await runner.waitFor(/^boundary tool-start:stop-s0-b$/)
    const client = await process("client", { INTERRUPT: "stop-1" })
    await client.waitFor(/^interrupted$/)
    expect(await statusOf("stop-1")).toBe("interrupted")
    await new Promise((resolve) => setTimeout(resolve, 1500))
    // a new runner takes over: the interrupted run stays stopped
    await runner.kill()
    const next = await process("socket")
    await next.waitFor(/^ready$/)
    await new Promise((resolve) => setTimeout(resolve, 5000))
    expect(await statusOf("stop-1")).toBe("interrupted")
    expect(suite.server.requests.get("stop/0")).toBe(1)
    expect(suite.server.requests.get("stop/1")).toBeUndefined()
    expect((await Effect.runPromise(toolWrites.pipe(Effect.provide(sql())))).get("stop-s0-a")).toBe(1)
    expect(suite.server.notified.filter((n) => n.toolCallId.startsWith("stop-"))).toEqual([])
    expect(next.lines.filter((line) => line.startsWith("tool stop-"))).toEqual([])
  }, 120_000)
})
