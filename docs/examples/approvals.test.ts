/**
 * The examples of docs/approvals.md: a tool that needs approval, the paused run, and the resumed
 * run with the user's answer; in generateText, and in streamText with signed requests; and
 * automatic decisions by the generation's `toolApproval` configuration.
 */
import { expect, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import { GenerateText, StopCondition, StreamText, Tool } from "aimux"
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

// streamText: the same pause and resume, with signed approval requests
const secret = "server-side secret"

const streamedPauseAndResume = Effect.gen(function*() {
  // 1. the run's parts: the call, then its approval request (signed); the run ends there
  const { fullStream, result } = yield* StreamText.withResult(
    StreamText.streamText({ messages: [user], tools: { transfer }, experimental_toolApprovalSecret: secret })
  )
  const parts = yield* Stream.runCollect(fullStream)
  const request = Array.from(parts).find((part) => part.type === "tool-approval-request")
  if (request === undefined) return yield* Effect.die("no approval request")
  const paused = yield* result
  // 2. the user denies: the resumed run starts with a tool-output-denied part
  const resumed = yield* Stream.runCollect(StreamText.streamText({
    messages: [
      user,
      ...paused.responseMessages,
      { role: "tool", content: [{ type: "tool-approval-response", approvalId: request.approvalId, approved: false, reason: "not today" }] }
    ],
    tools: { transfer },
    experimental_toolApprovalSecret: secret
  }))
  return { request, resumed: Array.from(resumed) }
})

it.effect("streamText: a signed approval request, then a denial", () =>
  Effect.gen(function*() {
    const { request, resumed } = yield* streamedPauseAndResume
    expect(request.signature).toMatch(/^[\w-]{43}$/)
    expect(resumed.map((part) => part.type).slice(0, 3)).toEqual(["start", "tool-output-denied", "start-step"])
  }).pipe(Effect.provide(MockLanguageModel.layer({
    stream: [
      { stream: StreamHelpers.framed([StreamHelpers.toolCall("c1", "transfer", { amount: 5 })], StreamHelpers.finish("tool-calls")) },
      { stream: StreamHelpers.framed(StreamHelpers.textParts("t", "Not sent."), StreamHelpers.finish("stop")) }
    ]
  }))))

// the generation's toolApproval configuration: small transfers are approved automatically,
// large ones denied with a reason, without asking the user (the loop goes on)
const policyTransfer = Tool.make({
  description: "Send money",
  inputSchema: Schema.Struct({ amount: Schema.Number }),
  execute: ({ amount }) => Effect.succeed({ sent: amount })
})

const withPolicy = GenerateText.generateText({
  messages: [user],
  tools: { transfer: policyTransfer },
  stopWhen: StopCondition.isStepCount(2),
  toolApproval: {
    transfer: ({ amount }) => Effect.succeed(amount <= 10 ? "approved" : { type: "denied", reason: "over the limit" })
  }
})

it.effect("toolApproval: automatic decisions by the call's input", () =>
  Effect.gen(function*() {
    const result = yield* withPolicy
    const responses = result.steps[0]?.content.filter((part) => part.type === "tool-approval-response")
    expect(responses?.map((part) => part.type === "tool-approval-response" && part.approved)).toEqual([true, false])
    expect(result.text).toBe("One sent, one refused.")
  }).pipe(Effect.provide(MockLanguageModel.layer({
    generate: [
      {
        content: [
          { type: "tool-call", toolCallId: "c1", toolName: "transfer", input: "{\"amount\":5}" },
          { type: "tool-call", toolCallId: "c2", toolName: "transfer", input: "{\"amount\":500}" }
        ],
        finishReason: StreamHelpers.finishReason("tool-calls"),
        usage: StreamHelpers.usage(10, 5),
        warnings: []
      },
      {
        content: [{ type: "text", text: "One sent, one refused." }],
        finishReason: StreamHelpers.finishReason("stop"),
        usage: StreamHelpers.usage(10, 5),
        warnings: []
      }
    ]
  }))))
