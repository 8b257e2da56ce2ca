/**
 * The example of docs/approvals.md: a tool that needs approval, the paused run, and the resumed
 * run with the user's answer.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { GenerateText, Tool } from "aimux"
import { MockLanguageModel, StreamHelpers } from "aimux/testing"

const transfer = Tool.make({
  description: "Send money",
  inputSchema: Schema.Struct({ amount: Schema.Number }),
  needsApproval: true,
  execute: ({ amount }) => Effect.succeed({ sent: amount })
})

const user = { role: "user" as const, content: "Send 5 to Bob" }

const pauseAndResume = Effect.gen(function*() {
  // 1. the model calls the tool: the run ends with an approval request
  const paused = yield* GenerateText.generateText({ messages: [user], tools: { transfer } })
  const request = paused.content.find((part) => part.type === "tool-approval-request")
  if (request === undefined) return yield* Effect.die("no approval request")
  // 2. the user approves: a new run with the answer in a tool message
  const resumed = yield* GenerateText.generateText({
    messages: [
      user,
      ...paused.response.messages,
      { role: "tool", content: [{ type: "tool-approval-response", approvalId: request.approvalId, approved: true }] }
    ],
    tools: { transfer }
  })
  return { request, resumed }
})

it.effect("pause for approval, resume with the answer", () =>
  Effect.gen(function*() {
    const { request, resumed } = yield* pauseAndResume
    expect(request.toolCall.toolName).toBe("transfer")
    expect(resumed.text).toBe("Sent.")
    expect(resumed.responseMessages[0]).toMatchObject({ role: "tool", content: [{ type: "tool-result", output: { type: "json", value: { sent: 5 } } }] })
  }).pipe(Effect.provide(MockLanguageModel.layer({
    generate: [
      {
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "transfer", input: "{\"amount\":5}" }],
        finishReason: StreamHelpers.finishReason("tool-calls"),
        usage: StreamHelpers.usage(10, 5),
        warnings: []
      },
      {
        content: [{ type: "text", text: "Sent." }],
        finishReason: StreamHelpers.finishReason("stop"),
        usage: StreamHelpers.usage(10, 5),
        warnings: []
      }
    ]
  }))))
