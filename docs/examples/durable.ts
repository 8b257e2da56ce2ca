/**
 * The examples of docs/durable.md: a durable agent, a runner on PostgreSQL, and the run API.
 */
import { Effect, Layer, Schedule, Schema } from "effect"
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

// the tool calls a run asks approval for, from its parts so far (JSON)
const ApprovalRequest = Schema.Struct({
  type: Schema.Literal("tool-approval-request"),
  toolCall: Schema.Struct({ toolCallId: Schema.String })
})
export const approvalRequests = (parts: ReadonlyArray<Schema.Json>): ReadonlyArray<string> =>
  parts.filter(Schema.is(ApprovalRequest)).map((part) => part.toolCall.toolCallId)

// any process with the engine: start, wait for the approval request, approve, await the result
export const program = Effect.gen(function*() {
  const runs = yield* Runs.Runs
  const runId = yield* runs.start({ prompt: "Refund order 42" })
  yield* runs.status(runId).pipe(
    Effect.repeat({ until: (run) => run.status !== "running", schedule: Schedule.spaced("100 millis") })
  )
  for (const toolCallId of approvalRequests(yield* runs.parts(runId))) yield* runs.approve(runId, toolCallId)
  const output = yield* runs.await(runId)
  return output.messages
})
