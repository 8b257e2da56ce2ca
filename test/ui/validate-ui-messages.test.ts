/**
 * `validateUIMessages` / `safeValidateUIMessages` against upstream's on a corpus of valid and
 * invalid UI messages: the same accepted messages (unknown keys dropped, unavailable tools'
 * terminal parts as dynamic parts), and for invalid ones the same error name, context and value,
 * and the same message up to upstream's validator text ("Error message: ..." is zod's issue list
 * upstream and Effect Schema's issue here; docs/divergences.md). Tool input errors come from the
 * same `validate` on both sides, so their whole message is compared.
 */
import { describe, expect, it } from "@effect/vitest"
import { safeValidateUIMessages as upSafeValidate, validateUIMessages as upValidate } from "ai"
import { Effect, Schema } from "effect"
import * as ValidateUIMessages from "../../src/ui/ValidateUIMessages.ts"
import { aimuxTools, upTools } from "./harness.ts"
import { chats } from "./ui-message-corpus.ts"

const cut = (message: string): string => {
  const index = message.indexOf("Error message: ")
  return index < 0 ? message : message.slice(0, index)
}

const errorView = (error: unknown, whole: boolean) => {
  const e = error as Error & { context?: unknown; value?: unknown; parameter?: unknown }
  return {
    name: e.name,
    message: whole ? e.message : cut(e.message),
    context: JSON.parse(JSON.stringify(e.context ?? null)),
    value: JSON.parse(JSON.stringify(e.value ?? null)),
    parameter: e.parameter
  }
}

const metadataSchema = Schema.Struct({ createdAt: Schema.Number })
const noteSchema = Schema.Struct({ text: Schema.String })

interface Case {
  readonly messages: unknown
  readonly tools?: boolean
  readonly metadata?: boolean
  readonly data?: boolean
  /** the error's whole message is the same (no validator text in it) */
  readonly whole?: boolean
}

const run = (c: Case) =>
  Effect.gen(function*() {
    const upstream = yield* Effect.promise(() =>
      upSafeValidate({
        messages: structuredClone(c.messages),
        ...(c.tools === true ? { tools: upTools([]) as never } : {}),
        ...(c.metadata === true ? { metadataSchema: Schema.toStandardSchemaV1(metadataSchema) } : {}),
        ...(c.data === true ? { dataSchemas: { note: Schema.toStandardSchemaV1(noteSchema) } } : {})
      })
    )
    const ours = yield* ValidateUIMessages.safeValidateUIMessages({
      messages: structuredClone(c.messages),
      ...(c.tools === true ? { tools: aimuxTools([]) } : {}),
      ...(c.metadata === true ? { metadataSchema } : {}),
      ...(c.data === true ? { dataSchemas: { note: noteSchema } } : {})
    })
    expect(ours.success).toBe(upstream.success)
    if (ours.success && upstream.success) {
      expect(JSON.parse(JSON.stringify(ours.data))).toEqual(JSON.parse(JSON.stringify(upstream.data)))
    } else if (!ours.success && !upstream.success) {
      expect(errorView(ours.error, c.whole === true)).toEqual(errorView(upstream.error, c.whole === true))
    }
  })

const user = (parts: ReadonlyArray<unknown>, extra: Record<string, unknown> = {}) => ({ id: "u", role: "user", parts, ...extra })
const tool = (part: Record<string, unknown>) => [user([{ type: "text", text: "hi" }]), { id: "a", role: "assistant", parts: [part] }]

const invalid: ReadonlyArray<readonly [string, Case]> = [
  ["null", { messages: null, whole: true }],
  ["undefined", { messages: undefined, whole: true }],
  ["not an array", { messages: { id: "x" } }],
  ["empty array", { messages: [] }],
  ["id not a string", { messages: [{ id: 1, role: "user", parts: [{ type: "text", text: "a" }] }] }],
  ["unknown role", { messages: [{ id: "a", role: "tool", parts: [{ type: "text", text: "a" }] }] }],
  ["user message without parts", { messages: [user([])] }],
  ["unknown part type", { messages: [user([{ type: "image", url: "x" }])] }],
  ["text without text", { messages: [user([{ type: "text" }])] }],
  ["tool part in an unknown state", { messages: tool({ type: "tool-weather", toolCallId: "c", state: "done", input: {} }) }],
  ["tool part with output in input-available", { messages: tool({ type: "tool-weather", toolCallId: "c", state: "input-available", input: {}, output: 1 }) }],
  ["approval-responded without approved", { messages: tool({ type: "tool-remove", toolCallId: "c", state: "approval-responded", input: {}, approval: { id: "x" } }) }],
  ["output-denied approved", { messages: tool({ type: "tool-remove", toolCallId: "c", state: "output-denied", input: {}, approval: { id: "x", approved: true } }) }],
  ["NaN in provider metadata", { messages: [user([{ type: "text", text: "a", providerMetadata: { p: { x: Number.NaN } } }])] }],
  ["metadata schema fails", { messages: [user([{ type: "text", text: "a" }], { metadata: { createdAt: "x" } })], metadata: true }],
  ["data part without a schema", { messages: [user([{ type: "data-other", id: "d", data: 1 }])], data: true, whole: true }],
  ["data part fails its schema", { messages: [user([{ type: "data-note", id: "d", data: { text: 1 } }])], data: true }],
  ["tool input fails the tool's validate", {
    messages: tool({ type: "tool-weather", toolCallId: "c", state: "input-available", input: { city: 1 } }),
    tools: true,
    whole: true
  }],
  ["unknown tool, not terminal", { messages: tool({ type: "tool-nope", toolCallId: "c", state: "input-available", input: {} }), tools: true, whole: true }],
  ["inputSchemaInput does not reconstruct the input", {
    messages: tool({ type: "tool-weather", toolCallId: "c", state: "approval-requested", input: { city: "Rome" }, approval: { id: "x", inputSchemaInput: { city: "Oslo" } } }),
    tools: true,
    whole: true
  }]
]

const valid: ReadonlyArray<readonly [string, Case]> = [
  ...chats.map(([name, messages]): readonly [string, Case] => [name, { messages }]),
  ...chats.map(([name, messages]): readonly [string, Case] => [`${name} (with tools)`, { messages, tools: true }]),
  ["unknown keys dropped", { messages: [user([{ type: "text", text: "a", extra: 1 }], { extra: true })] }],
  ["metadata and data decoded", {
    messages: [user([{ type: "text", text: "a" }, { type: "data-note", data: { text: "n" } }], { metadata: { createdAt: 1 } })],
    metadata: true,
    data: true
  }],
  ["unknown tool, terminal: a dynamic part", { messages: tool({ type: "tool-nope", toolCallId: "c", state: "output-available", input: {}, output: 1 }), tools: true }],
  ["failed call with an invalid input: a dynamic part", {
    messages: tool({ type: "tool-weather", toolCallId: "c", state: "output-error", input: { city: 1 }, errorText: "x" }),
    tools: true
  }],
  ["empty input of a terminal call: a dynamic part", {
    messages: tool({ type: "tool-weather", toolCallId: "c", state: "output-available", input: {}, output: 1 }),
    tools: true
  }]
]

describe("validateUIMessages (differential)", () => {
  for (const [name, c] of invalid) it.effect(`invalid: ${name}`, () => run(c))
  for (const [name, c] of valid) it.effect(`valid: ${name}`, () => run(c))

  it.effect("validateUIMessages fails with the error safeValidateUIMessages returns", () =>
    Effect.gen(function*() {
      const upstream = yield* Effect.promise(() => upValidate({ messages: [] }).then(() => undefined, (e: Error) => e))
      const ours = yield* Effect.flip(ValidateUIMessages.validateUIMessages({ messages: [] }))
      expect(errorView(ours, false)).toEqual(errorView(upstream, false))
    }))
})
