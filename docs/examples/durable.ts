/**
 * The examples of docs/durable.md: a durable agent, a runner on PostgreSQL, and the run API.
 */
import { Effect, Layer, Schema } from "effect"
import { Tool } from "aimux"
import { DurableAgent, DurableEngine, DurableTool, Runs } from "aimux/durable"

// a durable agent: the settings of Agent.make, and a name for its workflow
export const support = DurableAgent.make("support", {
  instructions: "Answer briefly.",
  tools: {
    refund: Tool.make({
      inputSchema: Schema.Struct({ order: Schema.String }),
      needsApproval: true,
      execute: ({ order }) =>
        Effect.gen(function*() {
          // the same key on every attempt of this call: pass it to the payment API
          const key = yield* DurableTool.idempotencyKey
          return { refunded: order, key }
        })
    })
  }
}, { approvalTimeout: "2 days" })

// a runner process: the engine on PostgreSQL (DATABASE_URL), the agent's workflow, and its model
export const runner = (model: Layer.Layer<import("aimux").LanguageModel.LanguageModel>) =>
  DurableAgent.layer(support).pipe(
    Layer.provideMerge(Runs.layer(support)),
    Layer.provide(model),
    Layer.provideMerge(DurableEngine.layerSingleRunner()),
    Layer.provide(DurableEngine.layerPg())
  )

// any process with the engine: start, follow, approve
export const program = Effect.gen(function*() {
  const runs = yield* Runs.Runs
  const runId = yield* runs.start({ prompt: "Refund order 42" })
  const status = yield* runs.status(runId)
  if (status.status === "waiting") yield* runs.approve(runId, "call_1")
  const output = yield* runs.await(runId)
  return output.messages
})
