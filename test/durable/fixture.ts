/**
 * The agent of the PostgreSQL durable tests, shared by the test process and the runner processes
 * (`runner.ts`): its tools (`store`, a transactional SQL write; `notify`, an HTTP call with the
 * idempotency key; `transfer`, which needs approval), the OpenAI chat model on the loopback
 * server, and the boundaries where a test can stop a runner (a hook, a no-op by default).
 */
import { Effect, Layer, Option, Schema } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as SqlClient from "effect/sql/SqlClient"
import * as Agent from "../../src/core/Agent.ts"
import { isStepCount } from "../../src/core/StopCondition.ts"
import * as Tool from "../../src/core/Tool.ts"
import * as DurableAgent from "../../src/durable/DurableAgent.ts"
import * as DurableTool from "../../src/durable/DurableTool.ts"
import { LanguageModel } from "../../src/LanguageModel.ts"
import { OpenAI } from "../../src/providers/openai/index.ts"
import { IdGenerator } from "../../src/runtime/IdGenerator.ts"

/** What runs at a boundary (`model:<tag>:<step>`, `tool-start:<toolCallId>`, `tool-end:<toolCallId>`). */
let hook: (boundary: string) => Effect.Effect<void> = () => Effect.void

export const setBoundaryHook = (f: (boundary: string) => Effect.Effect<void>): void => {
  hook = f
}

const boundary = (name: string) => Effect.suspend(() => hook(name))

/** The table the SQL tool writes (created by the test, never by a runner). */
export const createToolTable = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create table if not exists durable_tool_effects (id bigserial primary key, tool_call_id text not null, value text not null)`
})

/** Rows the SQL tool wrote per tool call id. */
export const toolWrites = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly tool_call_id: string; readonly n: string | number }>`
    select tool_call_id, count(*) as n from durable_tool_effects group by tool_call_id`
  return new Map(rows.map((row) => [row.tool_call_id, Number(row.n)]))
})

export const tools = (notifyURL: string) => ({
  store: DurableTool.transactional(Tool.make({
    description: "store a value",
    inputSchema: Schema.Struct({ value: Schema.String }),
    execute: ({ value }, { toolCallId }) =>
      Effect.gen(function*() {
        yield* boundary(`tool-start:${toolCallId}`)
        const sql = yield* SqlClient.SqlClient
        yield* sql`insert into durable_tool_effects (tool_call_id, value) values (${toolCallId}, ${value})`
        yield* boundary(`tool-end:${toolCallId}`)
        return { stored: value }
      })
  })),
  notify: Tool.make({
    description: "notify someone",
    inputSchema: Schema.Struct({ to: Schema.String }),
    execute: ({ to }, { toolCallId }) =>
      Effect.gen(function*() {
        yield* boundary(`tool-start:${toolCallId}`)
        const call = yield* Effect.serviceOption(DurableTool.DurableToolCall)
        const key = Option.match(call, { onNone: () => "none", onSome: (c) => c.idempotencyKey })
        yield* Effect.tryPromise(() =>
          fetch(notifyURL, {
            method: "POST",
            headers: { "content-type": "application/json", "idempotency-key": key },
            body: JSON.stringify({ toolCallId, to })
          }).then((res) => res.text())
        )
        yield* boundary(`tool-end:${toolCallId}`)
        return `notified ${to}`
      })
  }),
  transfer: Tool.make({
    description: "send money",
    inputSchema: Schema.Struct({ amount: Schema.Number }),
    needsApproval: true,
    execute: ({ amount }, { toolCallId }) =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`insert into durable_tool_effects (tool_call_id, value) values (${toolCallId}, ${String(amount)})`
        return { sent: amount }
      })
  })
})

/** The agent's settings (one tool call at a time, so the boundaries come in script order). */
export const settings = (notifyURL: string) => ({
  instructions: "Be brief.",
  tools: tools(notifyURL),
  stopWhen: isStepCount(5),
  toolCallConcurrency: 1
})

/** The durable agent (its name and workflow are what a client needs; the URL only matters to runners). */
export const durableAgent = (notifyURL: string) => DurableAgent.make("pg-agent", settings(notifyURL))

/** The plain agent on the same settings. */
export const plainAgent = (notifyURL: string) => Agent.make(settings(notifyURL))

/** The notify endpoint of a model server's base URL. */
export const notifyURLOf = (baseURL: string) => baseURL.replace(/\/v1$/, "/notify")

const stepOf = (prompt: ReadonlyArray<{ readonly role: string }>) => prompt.filter((m) => m.role === "assistant").length
const tagIn = (prompt: unknown) => /run:([\w-]+)/.exec(JSON.stringify(prompt))?.[1] ?? "untagged"

/** The OpenAI chat model on the loopback server, with the `model:<tag>:<step>` boundary before each request. */
export const modelLayer = (baseURL: string): Layer.Layer<LanguageModel> =>
  Layer.effect(
    LanguageModel,
    Effect.map(OpenAI.chat("gpt-4o-mini", { apiKey: "sk-loopback", baseURL }), (model) => ({
      ...model,
      generate: (options: Parameters<typeof model.generate>[0]) =>
        Effect.andThen(boundary(`model:${tagIn(options.prompt)}:${stepOf(options.prompt)}`), model.generate(options))
    }))
  ).pipe(Layer.provide(Layer.merge(FetchHttpClient.layer, IdGenerator.layerCounter("gen"))), Layer.orDie)

/** Tags in messages replaced by `TAG`, approval ids by their order (they differ between runs). */
export const normalize = (value: unknown, tag: string): unknown => {
  const ids = new Map<string, string>()
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (typeof v === "string") return v.split(tag).join("TAG")
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => {
        if (k === "approvalId" && typeof x === "string") {
          if (!ids.has(x)) ids.set(x, `approval-${ids.size}`)
          return [k, ids.get(x)]
        }
        return [k, walk(x)]
      }))
    }
    return v
  }
  return walk(JSON.parse(JSON.stringify(value)))
}
