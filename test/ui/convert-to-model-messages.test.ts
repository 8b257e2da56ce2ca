/**
 * `convertToModelMessages` against upstream's on a corpus of UI messages (and on the messages the
 * UI stream differentials build), with and without `ignoreIncompleteToolCalls` and
 * `convertDataPart`, with the toolset of the stream tests. Normalization: a JSON round trip, and a
 * user file part's `data` (aimux: the URL itself, upstream: `{ type: "url", url }`,
 * docs/divergences.md).
 */
import { describe, expect, it } from "@effect/vitest"
import { convertToModelMessages as upConvert, type UIMessage as UpUIMessage } from "ai"
import { Effect, Exit } from "effect"
import * as ConvertToModelMessages from "../../src/ui/ConvertToModelMessages.ts"
import type * as UIMessage from "../../src/ui/UIMessage.ts"
import { aimuxTools, upTools } from "./harness.ts"
import { chats } from "./ui-message-corpus.ts"

const normalize = (messages: unknown): unknown => {
  const json = JSON.parse(JSON.stringify(messages)) as Array<{ role: string; content: unknown }>
  return json.map((m) =>
    m.role === "user" && Array.isArray(m.content)
      ? {
        ...m,
        content: m.content.map((p: { type: string; data?: unknown }) =>
          p.type === "file" && typeof p.data === "object" && p.data !== null && (p.data as { type?: string }).type === "url"
            ? { ...p, data: (p.data as { url: string }).url }
            : p
        )
      }
      : m
  )
}

const convertDataPart = (part: UIMessage.DataPart) =>
  part.type === "data-note" ? { type: "text" as const, text: `note: ${JSON.stringify(part.data)}` } : undefined

const variants = [
  ["default", {}],
  ["ignoreIncompleteToolCalls", { ignoreIncompleteToolCalls: true }],
  ["convertDataPart", { convertDataPart }]
] as const

describe("convertToModelMessages (differential)", () => {
  for (const [name, messages] of chats) {
    for (const [variant, options] of variants) {
      it.effect(`${name} (${variant})`, () =>
        Effect.gen(function*() {
          const upstream = yield* Effect.promise(() =>
            upConvert(structuredClone(messages) as Array<UpUIMessage>, { tools: upTools([]), ...options } as never)
          )
          const ours = yield* ConvertToModelMessages.convertToModelMessages(messages, { tools: aimuxTools([]), ...options })
          expect(normalize(ours)).toEqual(normalize(upstream))
        }))
    }
  }

  it.effect("an unparsable file URL is an InvalidPromptError (upstream: new URL throws)", () =>
    Effect.gen(function*() {
      const messages: ReadonlyArray<UIMessage.UIMessage> = [{ id: "u", role: "user", parts: [{ type: "file", mediaType: "image/png", url: "not a url" }] }]
      const upstream = yield* Effect.promise(() => upConvert(messages as Array<UpUIMessage>).then(() => "ok", (e: Error) => e.message))
      expect(upstream).toBe("Invalid URL")
      const exit = yield* Effect.exit(ConvertToModelMessages.convertToModelMessages(messages))
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("Invalid URL: not a url")
    }))
})
