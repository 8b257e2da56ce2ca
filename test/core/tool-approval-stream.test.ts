/**
 * Differential tests of tool approvals in streamText against upstream `ai` (`streamText` +
 * `MockLanguageModelV4`) on the same scripted model streams: the first run (parts with the
 * `tool-approval-request` / `tool-approval-response` / `tool-output-denied` parts, the stop),
 * then the resumed run built from each side's own response messages plus a tool message with
 * `tool-approval-response` parts (the resumed parts before the first step, the next prompt).
 * Compared: every part, each step's response messages, the run's response messages (the fold of
 * the parts, and the `onEnd` payload), the prompts each model call received, the number of
 * calls. Approval ids are generated on both sides: replaced by `approval-N` in order of
 * appearance; other generated ids and errors as test/testing/normalize.ts does; a schema
 * validator's own message text (zod vs Effect Schema) is cut.
 */
import { describe, expect, it } from "@effect/vitest"
import { streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import * as StreamText from "../../src/core/StreamText.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import {
  answer,
  done,
  type Mode,
  ourOptions,
  ourTools,
  type Script,
  twoCalls,
  upstreamOptions,
  upstreamTools,
  user,
  view,
  withAmount,
  withDynamic,
  withSignature
} from "./approval-harness.ts"

export interface Run {
  readonly parts: ReadonlyArray<unknown>
  readonly stepMessages: ReadonlyArray<unknown>
  readonly responseMessages: ReadonlyArray<Record<string, unknown>>
  readonly onEndMessages: ReadonlyArray<unknown> | undefined
  readonly prompts: ReadonlyArray<unknown>
}

const runUpstream = async (scripts: Script, messages: ReadonlyArray<unknown>, mode: Mode): Promise<Run> => {
  let n = 0
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream([...scripts[Math.min(n++, scripts.length - 1)]!]) as never })
  })
  let onEndMessages: ReadonlyArray<unknown> | undefined = undefined
  const result = upstreamStreamText({
    model,
    messages: messages as never,
    tools: upstreamTools(mode),
    stopWhen: () => false,
    onError: () => {},
    onEnd: (event: { responseMessages: ReadonlyArray<unknown> }) => {
      onEndMessages = event.responseMessages
    },
    ...upstreamOptions(mode)
  } as never)
  const parts: Array<unknown> = []
  for await (const part of result.fullStream) parts.push(part)
  const steps: ReadonlyArray<{ readonly response: { readonly messages: unknown } }> = await Promise.resolve(result.steps).catch(() => [])
  const responseMessages = await Promise.resolve(result.responseMessages).catch(() => [])
  return {
    parts,
    stepMessages: steps.map((s) => s.response.messages),
    responseMessages: responseMessages as never,
    onEndMessages,
    prompts: model.doStreamCalls.map((c) => c.prompt)
  }
}

const runOurs = (scripts: Script, messages: ReadonlyArray<unknown>, mode: Mode) =>
  Effect.gen(function*() {
    let onEndMessages: ReadonlyArray<unknown> | undefined = undefined
    const stream = StreamText.streamText({
      messages: messages as never,
      tools: ourTools(mode),
      stopWhen: () => false,
      onError: () => Effect.void,
      onEnd: (result) =>
        Effect.sync(() => {
          onEndMessages = result.responseMessages
        }),
      ...ourOptions(mode)
    })
    const { fullStream, result } = yield* StreamText.withResult(stream)
    const parts = Array.from(yield* Stream.runCollect(fullStream))
    const aggregate = yield* Effect.result(result)
    const prompts = yield* (yield* MockLanguageModel.MockLanguageModel).streamCalls
    return {
      parts,
      stepMessages: aggregate._tag === "Success" ? aggregate.success.steps.map((s) => s.response.messages) : [],
      responseMessages: aggregate._tag === "Success" ? aggregate.success.responseMessages as never : [],
      onEndMessages,
      prompts: prompts.map((c) => c.prompt)
    } satisfies Run
  }).pipe(Effect.provide(MockLanguageModel.layer({ stream: (_, i) => ({ stream: scripts[Math.min(i, scripts.length - 1)]! }) })))

const compare = (ours: Run, upstream: Run) => {
  expect(view(ours.parts)).toEqual(view(withDynamic(upstream.parts)))
  expect(view(ours.stepMessages)).toEqual(view(upstream.stepMessages))
  expect(view(ours.responseMessages)).toEqual(view(upstream.responseMessages))
  expect(view(ours.onEndMessages)).toEqual(view(upstream.onEndMessages))
  expect(view(ours.prompts)).toEqual(view(upstream.prompts))
}

const scenario = (
  name: string,
  options: {
    readonly mode: Mode
    readonly first: Script
    readonly second?: Script
    readonly resume?: (messages: ReadonlyArray<Record<string, unknown>>) => ReadonlyArray<unknown>
    /** Rewrites the first run's response messages before they are replayed. */
    readonly history?: (messages: ReadonlyArray<Record<string, unknown>>) => ReadonlyArray<Record<string, unknown>>
    /** Replays each side's history into the other side (signatures must verify across). */
    readonly crossed?: boolean
  }
) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const up1 = yield* Effect.promise(() => runUpstream(options.first, [user], options.mode))
      const our1 = yield* runOurs(options.first, [user], options.mode)
      compare(our1, up1)
      const resume = options.resume
      if (resume === undefined || options.second === undefined) return
      const rewrite = options.history ?? ((m) => m)
      const upHistory = options.crossed === true ? our1.responseMessages : up1.responseMessages
      const ourHistory = options.crossed === true ? up1.responseMessages : our1.responseMessages
      const up2 = yield* Effect.promise(() => runUpstream(options.second!, [user, ...rewrite(upHistory), ...resume(upHistory)], options.mode))
      const our2 = yield* runOurs(options.second, [user, ...rewrite(ourHistory), ...resume(ourHistory)], options.mode)
      compare(our2, up2)
      if (options.crossed === true) {
        // the other side's signatures verified: the approved transfer ran on both sides
        const ran = (parts: ReadonlyArray<unknown>) =>
          parts.some((p) => p !== null && typeof p === "object" && "type" in p && p.type === "tool-result" && "toolCallId" in p && p.toolCallId === "c1")
        expect(ran(up2.parts) && ran(our2.parts)).toBe(true)
      }
    }))

describe("tool approvals in streamText (vs upstream)", () => {
  scenario("needsApproval: request part after the call, the other call runs, the run ends; approved: executed before the next call", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true)]
  })
  scenario("denied with a reason: tool-output-denied before the first step, execution-denied in the next prompt", {
    mode: {},
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => false, "not now")]
  })
  scenario("toolApproval configuration: automatic approval and denial (tool-output-denied) continue the loop", {
    mode: { needsApproval: false, approval: "config-approved" },
    first: [twoCalls, done]
  })
  scenario("toolApproval per tool denies lookup; transfer still waits for the user", {
    mode: { approval: "config-denied" },
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true)]
  })
  scenario("toolApproval function (precedes needsApproval): user approval with a reason", {
    mode: { approval: "function" },
    first: [twoCalls, done],
    second: [done],
    resume: (m) => [answer(m, () => true)]
  })
  scenario("approved call replayed with changed arguments that fail the schema: tool-error part, error result, not executed", {
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
  scenario("a response to an unknown approval id: an InvalidToolApprovalError part ends the run", {
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
  scenario("a second response to the same call is ignored; denied and approved mixed", {
    mode: { approval: "function" },
    first: [twoCalls, done],
    second: [done],
    resume: (m) => {
      const first = answer(m, (id) => id === "c1")
      const again = answer(m, () => false, "changed my mind")
      return [{ role: "tool", content: [...first.content, ...again.content] }]
    }
  })
})

describe("HMAC approval signatures in streamText (vs upstream)", () => {
  const secret = { secret: "s3cr3t" }
  scenario("signed requests; each side's signatures verify on the other side (approved: executed)", {
    mode: secret,
    first: [twoCalls, done],
    second: [done],
    crossed: true,
    resume: (m) => [answer(m, () => true)]
  })
  scenario("signed automatic decisions (toolApproval configuration)", {
    mode: { ...secret, needsApproval: false, approval: "config-approved" },
    first: [twoCalls, done]
  })
  scenario("changed arguments under a signature: InvalidToolApprovalSignatureError (invalid signature)", {
    mode: secret,
    first: [twoCalls, done],
    second: [done],
    history: (m) => withAmount(m, 7),
    resume: (m) => [answer(m, () => true)]
  })
  scenario("a removed signature: InvalidToolApprovalSignatureError (missing signature)", {
    mode: secret,
    first: [twoCalls, done],
    second: [done],
    history: (m) => withSignature(m, undefined),
    resume: (m) => [answer(m, () => true)]
  })
  scenario("a forged signature (another secret's bytes): invalid signature", {
    mode: secret,
    first: [twoCalls, done],
    second: [done],
    history: (m) => withSignature(m, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    resume: (m) => [answer(m, () => true)]
  })
  scenario("a denial needs no signature: tool-output-denied, execution-denied", {
    mode: secret,
    first: [twoCalls, done],
    second: [done],
    history: (m) => withSignature(m, undefined),
    resume: (m) => [answer(m, () => false)]
  })
})
