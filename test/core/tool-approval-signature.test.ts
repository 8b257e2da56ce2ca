/**
 * HMAC approval signatures (`experimental_toolApprovalSecret`) in generateText against upstream
 * `ai`, and the signature algorithm itself: signatures are covered by the approval id, which is
 * generated on each side, so they are compared by cross-verification: each side's first-run
 * history (its signed approval requests) is replayed into the other side, which must accept it
 * (the approved call runs). Rejections (changed input, missing or forged signature) must fail
 * both sides with the same `InvalidToolApprovalSignatureError`. Upstream's legacy
 * (newline-joined) payload is built here with `node:crypto`, independently of both sides.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateText as upstreamGenerateText, streamText as upstreamStreamText } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { Effect, Stream } from "effect"
import { createHash, createHmac } from "node:crypto"
import * as GenerateText from "../../src/core/GenerateText.ts"
import * as StreamText from "../../src/core/StreamText.ts"
import * as ToolApprovalSignature from "../../src/core/approval/ToolApprovalSignature.ts"
import type { GenerateResult } from "../../src/contract/Results.ts"
import * as MockLanguageModel from "../../src/testing/MockLanguageModel.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import {
  answer,
  done as doneStream,
  type Mode,
  ourOptions,
  ourTools,
  twoCalls as twoCallsStream,
  upstreamOptions,
  upstreamTools,
  user,
  view,
  withAmount,
  withSignature
} from "./approval-harness.ts"

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

interface Run {
  readonly outcome: unknown
  readonly prompts: ReadonlyArray<unknown>
  readonly messages: ReadonlyArray<Record<string, unknown>>
}

const runUpstream = async (scripts: ReadonlyArray<GenerateResult>, messages: ReadonlyArray<unknown>, mode: Mode): Promise<Run> => {
  let n = 0
  const model = new MockLanguageModelV4({ doGenerate: async () => scripts[Math.min(n++, scripts.length - 1)] as never })
  try {
    const r = await upstreamGenerateText({ model, messages: messages as never, tools: upstreamTools(mode), stopWhen: () => false, ...upstreamOptions(mode) } as never)
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
    const exit = yield* Effect.exit(GenerateText.generateText({ messages: messages as never, tools: ourTools(mode), stopWhen: () => false, ...ourOptions(mode) }))
    const prompts = (yield* (yield* MockLanguageModel.MockLanguageModel).generateCalls).map((c) => c.prompt)
    if (exit._tag === "Success") {
      const r = exit.value
      return {
        outcome: { steps: r.steps.map((s) => ({ content: s.content, finishReason: s.finishReason })), responseMessages: r.responseMessages },
        prompts,
        messages: r.response.messages as never
      } satisfies Run
    }
    const reason = exit.cause.reasons[0]
    return { outcome: { error: reason !== undefined && "error" in reason ? reason.error : reason }, prompts, messages: [] } satisfies Run
  }).pipe(Effect.provide(MockLanguageModel.layer({ generate: (_, i) => scripts[Math.min(i, scripts.length - 1)]! })))

const ran = (run: Run) => JSON.stringify(run.outcome).includes("\"sent\":5") || JSON.stringify(run.prompts).includes("\"sent\":5")

const secret = "s3cr3t"

const scenario = (
  name: string,
  options: {
    readonly mode: Mode
    readonly history?: (messages: ReadonlyArray<Record<string, unknown>>) => ReadonlyArray<Record<string, unknown>>
    readonly approve?: boolean
    readonly crossed?: boolean
    readonly expectRan: boolean
    /** A deliberate divergence: upstream's error name, ours is InvalidToolApprovalSignatureError. */
    readonly upstreamThrows?: string
  }
) =>
  it.live(name, () =>
    Effect.gen(function*() {
      const up1 = yield* Effect.promise(() => runUpstream([twoCalls, done], [user], options.mode))
      const our1 = yield* runOurs([twoCalls, done], [user], options.mode)
      expect(view(our1.outcome)).toEqual(view(up1.outcome))
      expect(view(our1.prompts)).toEqual(view(up1.prompts))
      const rewrite = options.history ?? ((m) => m)
      const upHistory = rewrite(options.crossed === true ? our1.messages : up1.messages)
      const ourHistory = rewrite(options.crossed === true ? up1.messages : our1.messages)
      const approved = options.approve ?? true
      const up2 = yield* Effect.promise(() => runUpstream([done], [user, ...upHistory, answer(upHistory, () => approved)], options.mode))
      const our2 = yield* runOurs([done], [user, ...ourHistory, answer(ourHistory, () => approved)], options.mode)
      if (options.upstreamThrows !== undefined) {
        // docs/divergences.md: a malformed signature is a typed rejection, not a DOMException
        expect(view(up2.outcome)).toMatchObject([{ error: { name: options.upstreamThrows } }])
        expect(view(our2.outcome)).toMatchObject([{
          error: { name: "AI_InvalidToolApprovalSignatureError", message: expect.stringMatching(/: invalid signature$/) }
        }])
        expect(our2.prompts).toEqual([])
        return
      }
      expect(view(our2.outcome)).toEqual(view(up2.outcome))
      expect(view(our2.prompts)).toEqual(view(up2.prompts))
      expect([ran(up2), ran(our2)]).toEqual([options.expectRan, options.expectRan])
    }))

/** Upstream's legacy (pre-JSON) signature of each user-approval request, built with node:crypto. */
const legacySigned = (key: string) => (messages: ReadonlyArray<Record<string, unknown>>) => {
  const calls = new Map<string, Record<string, unknown>>()
  for (const m of messages) {
    if (m.role === "assistant" && Array.isArray(m.content)) {
      for (const p of m.content as Array<Record<string, unknown>>) if (p.type === "tool-call") calls.set(String(p.toolCallId), p)
    }
  }
  return messages.map((m) =>
    m.role === "assistant" && Array.isArray(m.content)
      ? {
        ...m,
        content: (m.content as Array<Record<string, unknown>>).map((p) => {
          if (p.type !== "tool-approval-request") return p
          const c = calls.get(String(p.toolCallId))!
          // the only input here is {"amount":5}: its canonical JSON is its JSON
          const digest = createHash("sha256").update(JSON.stringify(c.input)).digest("base64url")
          const signature = createHmac("sha256", key).update(`${p.approvalId}\n${c.toolCallId}\n${c.toolName}\n${digest}`).digest("base64url")
          return { ...p, signature }
        })
      }
      : m
  )
}

describe("HMAC approval signatures in generateText (vs upstream)", () => {
  scenario("signed requests; each side's signatures verify on the other side", { mode: { secret }, crossed: true, expectRan: true })
  scenario("a Uint8Array secret (not UTF-8), crossed", { mode: { secret: new Uint8Array([1, 2, 3, 250, 255]) }, crossed: true, expectRan: true })
  scenario("changed arguments under a signature: invalid signature", { mode: { secret }, history: (m) => withAmount(m, 7), expectRan: false })
  scenario("a removed signature: missing signature", { mode: { secret }, history: (m) => withSignature(m, undefined), expectRan: false })
  scenario("a signature that is not base64: InvalidToolApprovalSignatureError (upstream throws atob's DOMException)", {
    mode: { secret },
    history: (m) => withSignature(m, "!!"),
    expectRan: false,
    upstreamThrows: "InvalidCharacterError"
  })
  scenario("a legacy newline-joined signature verifies (upstream backwards compatibility)", {
    mode: { secret },
    history: legacySigned(secret),
    expectRan: true
  })
  scenario("a legacy signature with another key does not", { mode: { secret }, history: legacySigned("other"), expectRan: false })
  scenario("denials need no signature", { mode: { secret }, history: (m) => withSignature(m, undefined), approve: false, expectRan: false })
  scenario("no secret: signatures are neither written nor checked", { mode: {}, history: (m) => withSignature(m, "junk"), expectRan: true })
})

const upstreamStreamRun = async (script: ReadonlyArray<unknown>, messages: ReadonlyArray<unknown>, mode: Mode) => {
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream([...script]) as never }) })
  const run = upstreamStreamText({ model, messages: messages as never, tools: upstreamTools(mode), onError: () => {}, ...upstreamOptions(mode) } as never)
  const parts: Array<unknown> = []
  for await (const part of run.fullStream) parts.push(part)
  return { parts, responseMessages: (await Promise.resolve(run.responseMessages)) as unknown as ReadonlyArray<Record<string, unknown>> }
}

describe("HMAC approval signatures in streamText (legacy payload, vs upstream)", () => {
  it.live("a legacy signature verifies in both streamText implementations", () =>
    Effect.gen(function*() {
      const mode: Mode = { secret }
      const first = yield* Effect.promise(() => upstreamStreamRun(twoCallsStream, [user], mode))
      const history = legacySigned(secret)(first.responseMessages)
      const messages = [user, ...history, answer(history, () => true)]
      const upstream = yield* Effect.promise(() => upstreamStreamRun(doneStream, messages, mode))
      const ourParts = Array.from(
        yield* Stream.runCollect(StreamText.streamText({ messages: messages as never, tools: ourTools(mode), onError: () => Effect.void, ...ourOptions(mode) })).pipe(
          Effect.provide(MockLanguageModel.layer({ stream: { stream: doneStream } }))
        )
      )
      expect(view(ourParts)).toEqual(view(upstream.parts))
      expect(ourParts.some((p) => p.type === "tool-result" && p.toolCallId === "c1")).toBe(true)
    }))
})

describe("ToolApprovalSignature", () => {
  it.effect("canonical JSON sorts keys at every depth, undefined array elements are null", () =>
    Effect.sync(() => {
      expect(ToolApprovalSignature.canonicalJson({ b: [1, undefined, { d: 1, c: "x" }], a: null })).toBe("{\"a\":null,\"b\":[1,null,{\"c\":\"x\",\"d\":1}]}")
    }))
  it.effect("sign then verify; any covered field changed fails; a Uint8Array secret equals its UTF-8 string", () =>
    Effect.gen(function*() {
      const signed = { approvalId: "a1", toolCallId: "c1", toolName: "t", input: { x: 1, y: [2] } }
      const signature = yield* ToolApprovalSignature.sign("k", signed)
      expect(yield* ToolApprovalSignature.verify("k", signature, signed)).toBe(true)
      expect(yield* ToolApprovalSignature.verify(new TextEncoder().encode("k"), signature, signed)).toBe(true)
      expect(yield* ToolApprovalSignature.verify("k", signature, { ...signed, input: { y: [2], x: 1 } })).toBe(true)
      for (const changed of [{ approvalId: "a2" }, { toolCallId: "c2" }, { toolName: "u" }, { input: { x: 2, y: [2] } }]) {
        expect(yield* ToolApprovalSignature.verify("k", signature, { ...signed, ...changed })).toBe(false)
      }
      expect(yield* ToolApprovalSignature.verify("other", signature, signed)).toBe(false)
      // an independent HMAC over upstream's JSON payload gives the same bytes
      const digest = createHash("sha256").update("{\"x\":1,\"y\":[2]}").digest("base64url")
      const expected = createHmac("sha256", "k").update(JSON.stringify(["ai-sdk-tool-approval-v1", "a1", "c1", "t", digest])).digest("base64url")
      expect(signature).toBe(expected)
    }))
})
