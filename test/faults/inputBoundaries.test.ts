/**
 * The new input boundaries through the same hostile generator (issue 31): UI messages as a client
 * sends them (the UI message corpus of `test/ui`, every JSON position of every chat, one per shape)
 * with values nested 10^3 / 10^4 / 10^5 deep and huge values, through `safeValidateUIMessages` and
 * `convertToModelMessages`: 0 defects, 0 hangs. Prints its counts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { convertToModelMessages } from "../../src/ui/ConvertToModelMessages.ts"
import { safeValidateUIMessages } from "../../src/ui/ValidateUIMessages.ts"
import { chats } from "../ui/ui-message-corpus.ts"
import * as F from "./bodies.ts"
import * as P from "./positions.ts"

describe("generated hostile inputs at the new input boundaries", () => {
  it.live("UI messages from a client: validation and conversion, 0 defects, 0 hangs", () =>
    Effect.gen(function*() {
      const seen = new Set<string>()
      const positions: Array<{ readonly chat: string; readonly messages: unknown; readonly path: ReadonlyArray<string | number>; readonly shape: string }> = []
      for (const [chat, messages] of chats) {
        const plain: unknown = JSON.parse(JSON.stringify(messages))
        for (const { path, shape } of P.pathsOf(plain, "messages")) {
          if (seen.has(shape)) continue
          seen.add(shape)
          positions.push({ chat, messages: plain, path, shape })
        }
      }
      const counts = { bodies: 0, valid: 0, rejected: 0, defects: [] as Array<string>, hangs: [] as Array<string> }
      for (const position of positions) {
        for (const hostile of P.hostiles) {
          const messages = P.withHostile(position.messages, position.path, hostile)
          const run = Effect.gen(function*() {
            const validated = yield* safeValidateUIMessages({ messages })
            if (!validated.success) return "rejected" as const
            yield* Effect.exit(convertToModelMessages(validated.data))
            return "valid" as const
          })
          const outcome = yield* run.pipe(Effect.exit, Effect.timeoutOption("10 seconds"))
          counts.bodies++
          const label = `${position.chat} ${position.shape} ← ${hostile.name}`
          if (outcome._tag === "None") counts.hangs.push(label)
          else if (Exit.isFailure(outcome.value)) counts.defects.push(`${label}: ${Cause.pretty(outcome.value.cause).slice(0, 300)}`)
          else counts[outcome.value.value]++
        }
      }
      F.report(
        `hostile: UI messages: ${positions.length} positions over ${chats.length} chats, ${counts.bodies} inputs: ` +
          `${counts.valid} validated and converted, ${counts.rejected} rejected (typed), ${counts.defects.length} defects, ${counts.hangs.length} hangs`
      )
      expect(positions.length).toBeGreaterThan(20)
      expect(counts.defects.slice(0, 5)).toStrictEqual([])
      expect(counts.hangs).toStrictEqual([])
    }), 300_000)
})
