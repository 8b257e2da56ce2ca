/**
 * Shared pieces of the approval differential tests (generateText and streamText): the tools and
 * approval options of both sides, the scripted streams, the answers a client sends, history
 * rewrites, and the view both sides are compared through.
 */
import { tool as upstreamTool } from "ai"
import { Effect, Schema } from "effect"
import { z } from "zod"
import * as Tool from "../../src/core/Tool.ts"
import type { StreamPart } from "../../src/contract/StreamPart.ts"
import * as H from "../../src/testing/StreamHelpers.ts"
import { normalize } from "../testing/normalize.ts"

export type Script = ReadonlyArray<ReadonlyArray<StreamPart>>

export type Mode = {
  readonly needsApproval?: boolean
  readonly refine?: boolean
  readonly approval?: "config-approved" | "config-denied" | "function"
  readonly secret?: string | Uint8Array
}

export const step = (body: ReadonlyArray<StreamPart>, reason: "stop" | "tool-calls" = "tool-calls") => H.framed(body, H.finish(reason))
export const twoCalls = step([H.toolCall("c1", "transfer", { amount: 5 }), H.toolCall("c2", "lookup", { q: "x" })])
export const done = step(H.textParts("t", "done"), "stop")

export const upstreamTools = (mode: Mode) => ({
  transfer: upstreamTool({
    inputSchema: z.object({ amount: z.number().max(100) }),
    ...(mode.needsApproval !== false ? { needsApproval: true } : {}),
    execute: async ({ amount }: { amount: number }) => ({ sent: amount })
  }),
  lookup: upstreamTool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }: { q: string }) => `found ${q}` })
})
export const ourTools = (mode: Mode) => ({
  transfer: Tool.make({
    inputSchema: Schema.Struct({ amount: Schema.Number.check(Schema.isLessThanOrEqualTo(100)) }),
    ...(mode.needsApproval !== false ? { needsApproval: true } : {}),
    execute: ({ amount }) => Effect.succeed({ sent: amount })
  }),
  lookup: Tool.make({ inputSchema: Schema.Struct({ q: Schema.String }), execute: ({ q }) => Effect.succeed(`found ${q}`) })
})

export const upstreamOptions = (mode: Mode) => ({
  ...(mode.approval === "config-approved"
    ? { toolApproval: { lookup: "approved" as const, transfer: { type: "denied" as const, reason: "over budget" } } }
    : mode.approval === "config-denied"
    ? { toolApproval: { lookup: { type: "denied" as const, reason: "no lookups" } } }
    : mode.approval === "function"
    ? { toolApproval: async ({ toolCall }: { toolCall: { toolName: string } }) => (toolCall.toolName === "lookup" ? { type: "user-approval" as const, reason: "check" } : undefined) }
    : {}),
  ...(mode.refine === true ? { experimental_refineToolInput: { transfer: async (input: { amount: number }) => ({ amount: input.amount * 2 }) } } : {}),
  ...(mode.secret !== undefined ? { experimental_toolApprovalSecret: mode.secret } : {})
})
export const ourOptions = (mode: Mode) => ({
  ...(mode.approval === "config-approved"
    ? { toolApproval: { lookup: "approved" as const, transfer: { type: "denied" as const, reason: "over budget" } } }
    : mode.approval === "config-denied"
    ? { toolApproval: { lookup: { type: "denied" as const, reason: "no lookups" } } }
    : mode.approval === "function"
    ? {
      toolApproval: ({ toolCall }: { readonly toolCall: { readonly toolName: string } }) =>
        Effect.succeed(toolCall.toolName === "lookup" ? { type: "user-approval" as const, reason: "check" } : undefined)
    }
    : {}),
  ...(mode.refine === true ? { refineToolInput: { transfer: (input: { readonly amount: number }) => Effect.succeed({ amount: input.amount * 2 }) } } : {}),
  ...(mode.secret !== undefined ? { experimental_toolApprovalSecret: mode.secret } : {})
})

/**
 * Approval ids → `approval-N` (in order of appearance, in messages too), signatures →
 * `<signature>`, then the usual normalization.
 */
export const view = (value: unknown): unknown => {
  const ids = new Map<string, string>()
  const collect = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(collect)
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k === "approvalId" && typeof x === "string" && !ids.has(x)) ids.set(x, `approval-${ids.size}`)
        else collect(x)
      }
    }
  }
  collect(value)
  const replaceIds = (text: string) => {
    let out = text
    for (const [id, name] of ids) out = out.split(id).join(name)
    return out
  }
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) =>
        // signatures cover the generated approval id: compared by cross-verification instead
        k === "signature" && typeof x === "string" ? [k, "<signature>"] : [k, walk(x)]
      ))
    }
    if (typeof v === "string") {
      // the validator's own wording (zod vs Effect Schema) is cut, as in the other core tests
      const text = replaceIds(v)
      return text.includes("Type validation failed") ? text.replace(/Error message: [\s\S]*$/, "Error message: <validator>") : text
    }
    return v
  }
  // errors become plain data first (every field they set), so their messages are rewritten too
  return walk(normalize([value]))
}

export const user = { role: "user", content: [{ type: "text", text: "pay 5" }] }

/** A tool message answering the approval requests of the given messages. */
export const answer = (messages: ReadonlyArray<Record<string, unknown>>, decide: (toolCallId: string) => boolean | undefined, reason?: string) => {
  const parts: Array<unknown> = []
  for (const m of messages) {
    if (m.role !== "assistant" || !Array.isArray(m.content)) continue
    for (const p of m.content as Array<Record<string, unknown>>) {
      if (p.type !== "tool-approval-request" || p.isAutomatic === true) continue
      const approved = decide(String(p.toolCallId))
      if (approved !== undefined) parts.push({ type: "tool-approval-response", approvalId: p.approvalId, approved, ...(reason !== undefined ? { reason } : {}) })
    }
  }
  return { role: "tool", content: parts }
}

/** The history with the transfer call's input replaced (a client editing the approved call). */
export const withAmount = (messages: ReadonlyArray<Record<string, unknown>>, amount: number) =>
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

/** The history with the approval requests' signatures removed or replaced. */
export const withSignature = (messages: ReadonlyArray<Record<string, unknown>>, signature: string | undefined) =>
  messages.map((m) =>
    m.role === "assistant" && Array.isArray(m.content)
      ? {
        ...m,
        content: (m.content as Array<Record<string, unknown>>).map((p) => {
          if (p.type !== "tool-approval-request") return p
          const { signature: _, ...rest } = p
          return signature === undefined ? rest : { ...rest, signature }
        })
      }
      : m
  )

/**
 * Deliberate divergence (docs/divergences.md): the `tool-error` part of an approved call that is
 * invalid on resume carries `dynamic: false` (aimux's client tool outputs always hold the boolean;
 * upstream leaves the key out there).
 */
export const withDynamic = (parts: ReadonlyArray<unknown>) =>
  parts.map((p) => (p !== null && typeof p === "object" && "type" in p && p.type === "tool-error" && !("dynamic" in p) ? { ...p, dynamic: false } : p))

