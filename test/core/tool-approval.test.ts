/**
 * Differential tests of tool approvals in generateText against upstream `ai`
 * (`generateText` + `MockLanguageModelV4`) on the same scripted model results: the approval
 * request and the stop (first run), then the resumed run built from each side's own response
 * messages plus a tool message with `tool-approval-response` parts; compared are step content,
 * response messages, the prompts each model call received, the number of calls, and errors
 * (name, message). Approval ids are generated on both sides: they are replaced by `approval-N`
 * in order of appearance; generated ids as in the other core tests; a schema validator's own
 * message text (zod vs Effect Schema) is cut.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, tool as upstreamTool } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { Effect, Schema } from "effect"
import { z } from "zod"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as Tool from "../../src/core/Tool.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

const result = (content: GenerateResult["content"], unified: "stop" | "tool-calls" = "stop"): GenerateResult => ({
  content,
  finishReason: H.finishReason(unified),
  usage: H.usage(3, 10),
  warnings: [],
  response: { id: "r1", modelId: "m1", timestamp: new Date(0) }
})
const call = (id: string, name: string, input: unknown) => ({ type: "tool-call" as const, toolCallId: id, toolName: name, input: JSON.stringify(input) })
const twoCalls = result([call("c1", "transfer", { amount: 5 }), call("c2", "lookup", { q: "x" })], "tool-calls")
const done = result([{ type: "text", text: "done" }])

type Mode = { readonly needsApproval?: boolean; readonly refine?: boolean; readonly approval?: "config-approved" | "config-denied" | "function" }

const upstreamTools = (mode: Mode) => ({
  transfer: upstreamTool({
    inputSchema: z.object({ amount: z.number().max(100) }),
    ...(mode.needsApproval !== false ? { needsApproval: true } : {}),
    execute: async ({ amount }: { amount: number }) => ({ sent: amount })
  }),
  lookup: upstreamTool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }: { q: string }) => `found ${q}` })
})
const ourTools = (mode: Mode) => ({
  transfer: Tool.make({
    inputSchema: Schema.Struct({ amount: Schema.Number.check(Schema.isLessThanOrEqualTo(100)) }),
    ...(mode.needsApproval !== false ? { needsApproval: true } : {}),
    execute: ({ amount }) => Effect.succeed({ sent: amount })
  }),
  lookup: Tool.make({ inputSchema: Schema.Struct({ q: Schema.String }), execute: ({ q }) => Effect.succeed(`found ${q}`) })
})

const upstreamApproval = (mode: Mode) =>
  mode.approval === "config-approved"
    ? { toolApproval: { lookup: "approved" as const, transfer: { type: "denied" as const, reason: "over budget" } } }
    : mode.approval === "config-denied"
    ? { toolApproval: { lookup: { type: "denied" as const, reason: "no lookups" } } }
    : mode.approval === "function"
    ? { toolApproval: async ({ toolCall }: { toolCall: { toolName: string } }) => (toolCall.toolName === "lookup" ? { type: "user-approval" as const, reason: "check" } : undefined) }
    : {}
const ourApproval = (mode: Mode) =>
  mode.approval === "config-approved"
    ? { toolApproval: { lookup: "approved" as const, transfer: { type: "denied" as const, reason: "over budget" } } }
    : mode.approval === "config-denied"
    ? { toolApproval: { lookup: { type: "denied" as const, reason: "no lookups" } } }
    : mode.approval === "function"
    ? {
      toolApproval: ({ toolCall }: { readonly toolCall: { readonly toolName: string } }) =>
        Effect.succeed(toolCall.toolName === "lookup" ? { type: "user-approval" as const, reason: "check" } : undefined)
    }
    : {}
const upstreamRefine = (mode: Mode) =>
  mode.refine === true ? { experimental_refineToolInput: { transfer: async (input: { amount: number }) => ({ amount: input.amount * 2 }) } } : {}
const ourRefine = (mode: Mode) =>
  mode.refine === true ? { refineToolInput: { transfer: (input: { readonly amount: number }) => Effect.succeed({ amount: input.amount * 2 }) } } : {}

/** Approval ids → `approval-N` (in order of appearance), then the usual normalization. */
const view = (value: unknown): unknown => {
  const ids = new Map<string, string>()
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v instanceof Error) return { name: v.name, message: v.message }
    if (v !== null && typeof v === "object" && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => {
        if (k === "approvalId" && typeof x === "string") {
          if (!ids.has(x)) ids.set(x, `approval-${ids.size}`)
          return [k, ids.get(x)]
        }
        return [k, walk(x)]
      }))
    }
    // the validator's own wording (zod vs Effect Schema) is cut, as in the other core tests
    if (typeof v === "string" && v.includes("Type validation failed")) return v.replace(/Error message: [\s\S]*$/, "Error message: <validator>")
    return v
  }
  return normalize([walk(value)])
}

interface Run {
  readonly outcome: unknown
  readonly prompts: ReadonlyArray<unknown>
  readonly messages: ReadonlyArray<Record<string, unknown>>
}

const runUpstream = async (scripts: ReadonlyArray<GenerateResult>, messages: ReadonlyArray<unknown>, mode: Mode): Promise<Run> => {
  let n = 0
  const model = new MockLanguageModelV4({ doGenerate: async () => scripts[Math.min(n++, scripts.length - 1)] as never })
  try {
    const r = await upstreamGenerateText({
      model,
      messages: messages as never,
      tools: upstreamTools(mode),
      stopWhen: () => false,
      ...upstreamApproval(mode),
      ...upstreamRefine(mode)
    } as never)
    return {
      outcome: { steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason })), responseMessages: r.responseMessages },
      prompts: model.doGenerateCalls.map((c) => c.prompt),
      messages: r.response.messages as never
    }
  } catch (error) {
    return { outcome: { error }, prompts: model.doGenerateCalls.map((c) => c.prompt), messages: [] }
  }
}

const runOurs = (scripts: ReadonlyArray<GenerateResult>, messages: ReadonlyArray<unknown>, mode: Mode) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(GenerateText.generateText({
      messages: messages as never,
      tools: ourTools(mode),
      stopWhen: () => false,
      ...ourApproval(mode),
      ...ourRefine(mode)
    }))
    const prompts = yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls
    if (exit._tag === "Success") {
      const r = exit.value
      return {
        outcome: { steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason })), responseMessages: r.responseMessages },
        prompts: prompts.map((c) => c.prompt),
        messages: r.response.messages as never
      } satisfies Run
    }
    const reason = exit.cause.reasons[0]
    return { outcome: { error: reason !== undefined && "error" in reason ? reason.error : reason }, prompts: prompts.map((c) => c.prompt), messages: [] } satisfies Run
  }).pipe(Effect.provide(MockLanguageModel.layer({ generate: (_, i) => scripts[Math.min(i, scripts.length - 1)]! })))

const user = { role: "user", content: [{ type: "text", text: "pay 5" }] }

/** The first run's approval ids of one side, and a tool message answering them. */
const answer = (messages: ReadonlyArray<Record<string, unknown>>, decide: (toolCallId: string) => boolean | undefined, reason?: string) => {
  const parts: Array<unknown> = []
  for (const m of messages) {
    if (m.role !== "assistant" || !Array.isArray(m.content)) continue
    for (const p of m.content as Array<Record<string, unknown>>) {
      if (p.type !== "tool-approval-request") continue
      const approved = decide(String(p.toolCallId))
      if (approved !== undefined) parts.push({ type: "tool-approval-response", approvalId: p.approvalId, approved, ...(reason !== undefined ? { reason } : {}) })
    }
  }
  return { role: "tool", content: parts }
}

/** The history with the transfer call's input replaced (a client editing the approved call). */
const withAmount = (messages: ReadonlyArray<Record<string, unknown>>, amount: number) =>
  messages.map((m) =>
    m.role === "assistant" && Array.isArray(m.content)
      ? {
        ...m,
        content: (m.content as Array<Record<string, unknown>>).map((p) =>
          p.type === "tool-call" && p.toolName === "transfer" ? { ...p, input: { amount } } : p
        )
      }
      : m
  )

const scenario = (
  name: string,
  options: {
    readonly mode: Mode
    readonly first: ReadonlyArray<GenerateResult>
    readonly second?: ReadonlyArray<GenerateResult>
    readonly resume?: (messages: ReadonlyArray<Record<string, unknown>>) => ReadonlyArray<unknown>
    /** Rewrites the first run's response messages before they are replayed. */
    readonly history?: (messages: ReadonlyArray<Record<string, unknown>>) => ReadonlyArray<Record<string, unknown>>
  }
) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const up1 = yield* Effect.promise(() => runUpstream(options.first, [user], options.mode))
      const our1 = yield* runOurs(options.first, [user], options.mode)
      expect(view(our1.outcome)).toEqual(view(up1.outcome))
      expect(view(our1.prompts)).toEqual(view(up1.prompts))
      const resume = options.resume
      if (resume === undefined || options.second === undefined) return
      const rewrite = options.history ?? ((m) => m)
      const up2 = yield* Effect.promise(() => runUpstream(options.second!, [user, ...rewrite(up1.messages), ...resume(up1.messages)], options.mode))
      const our2 = yield* runOurs(options.second, [user, ...rewrite(our1.messages), ...resume(our1.messages)], options.mode)
      expect(view(our2.outcome)).toEqual(view(up2.outcome))
      expect(view(our2.prompts)).toEqual(view(up2.prompts))
    }))

describe("tool approvals in generateText (vs upstream)", () => {
  scenario("needsApproval: request part, the other call runs, the loop stops; approved: executed before the next call", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true)]
  })
  scenario("denied with a reason: execution-denied result in the next prompt", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => false, "not now")]
  })
  scenario("toolApproval configuration: automatic approval and denial (reason) continue the loop", {
    mode: { needsApproval: false, approval: "config-approved" },
    first: [twoCalls, done]
  })
  scenario("toolApproval per tool denies lookup; transfer still waits for the user", {
    mode: { approval: "config-denied" },
    first: [twoCalls, done]
  })
  scenario("toolApproval function (precedes needsApproval): user approval with a reason", {
    mode: { approval: "function" },
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true)]
  })
  scenario("approved call replayed with changed arguments that fail the schema: error result, not executed", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    history: (m) => withAmount(m, 500),
    resume: (m) => [answer(m, () => true)]
  })
  scenario("approved call replayed with changed arguments that pass the schema: executed as replayed (no signature)", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    history: (m) => withAmount(m, 7),
    resume: (m) => [answer(m, () => true)]
  })
  scenario("refinement that changes the approved input: rejected (InvalidToolInputError as the result)", {
    mode: { refine: true },
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true)]
  })
  scenario("a response to an unknown approval id fails with InvalidToolApprovalError", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    resume: () => [{ role: "tool", content: [{ type: "tool-approval-response", approvalId: "nope", approved: true }] }]
  })
  scenario("an approval followed by a new user message (vercel/ai#17033)", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true), { role: "user", content: [{ type: "text", text: "and then?" }] }]
  })
})
