/**
 * The new input boundaries through the same hostile generator (issue 31): UI messages as a client
 * sends them (the UI message corpus of `test/ui`, every JSON position of every chat, one per shape)
 * with values nested 10^3 / 10^4 / 10^5 deep and huge values, through `safeValidateUIMessages` and
 * `convertToModelMessages`; and every embedding provider's response (each JSON position, as a 200
 * and as a 400 body) through `embed`: 0 defects, 0 hangs. Prints its counts. (MCP server responses
 * and durable journal contents are not generated here yet.)
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { embeddingProviders } from "../../src/cli/Embed.ts"
import * as ReplayHttpClient from "../../src/testing/ReplayHttpClient.ts"
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

/** Each embedding provider's response shape (upstream's fixtures where committed, else the documented shape). */
const embeddingBodies: Record<string, unknown> = {
  openai: { object: "list", data: [{ object: "embedding", index: 0, embedding: [0.1, 0.2] }, { object: "embedding", index: 1, embedding: [0.3, 0.4] }], model: "m", usage: { prompt_tokens: 2, total_tokens: 2 } },
  "openai-compatible": { object: "list", data: [{ object: "embedding", index: 0, embedding: [0.1, 0.2] }, { object: "embedding", index: 1, embedding: [0.3, 0.4] }], model: "m", usage: { prompt_tokens: 2, total_tokens: 2 } },
  google: { embeddings: [{ values: [0.1, 0.2] }, { values: [0.3, 0.4] }] },
  "google-vertex": { predictions: [{ embeddings: { values: [0.1, 0.2], statistics: { token_count: 1 } } }, { embeddings: { values: [0.3, 0.4], statistics: { token_count: 1 } } }] },
  "amazon-bedrock": { embedding: [0.1, 0.2], inputTextTokenCount: 1 },
  cohere: JSON.parse(fs.readFileSync(path.join(F.root, "cohere/upstream/cohere-embedding.json"), "utf8")),
  mistral: JSON.parse(fs.readFileSync(path.join(F.root, "mistral/upstream/mistral-embedding.json"), "utf8"))
}

describe("generated hostile inputs: embedding responses of every embedding provider", () => {
  it("every provider of aimux embed has a response shape", () => {
    expect(Object.keys(embeddingBodies).sort()).toStrictEqual(Object.keys(embeddingProviders).sort())
  })
  for (const provider of Object.keys(embeddingProviders)) {
    it.live(`${provider}: 0 defects, 0 hangs`, () =>
      Effect.gen(function*() {
        const entry = embeddingProviders[provider]!
        const body = embeddingBodies[provider]
        const positions = P.pathsOf(body, "embedding")
        const counts = { bodies: 0, ok: 0, typed: 0, defects: [] as Array<string>, hangs: [] as Array<string> }
        for (const { path: at, shape } of positions) {
          for (const hostile of P.hostiles) {
            const text = P.textWithHostile(body, at, hostile)
            for (const status of [200, 400]) {
              const run = Effect.gen(function*() {
                const model = yield* entry.make({ modelId: entry.defaultModel, apiKey: "sk-hostile" }).pipe(
                  Effect.provide(ReplayHttpClient.layer({ body: text, status, headers: { "content-type": "application/json" }, reusable: true }))
                )
                return yield* model.embed({ values: provider === "amazon-bedrock" ? ["a"] : ["a", "b"] })
              })
              const outcome = yield* run.pipe(Effect.exit, Effect.timeoutOption("10 seconds"))
              counts.bodies++
              const label = `${status} ${shape} ← ${hostile.name}`
              if (outcome._tag === "None") counts.hangs.push(label)
              else if (Exit.isSuccess(outcome.value)) counts.ok++
              else if (Cause.hasDies(outcome.value.cause)) counts.defects.push(`${label}: ${Cause.pretty(outcome.value.cause).slice(0, 300)}`)
              else counts.typed++
            }
          }
        }
        F.report(
          `hostile: embeddings ${provider}: ${positions.length} positions, ${counts.bodies} bodies (200 and 400): ${counts.ok} embedded, ` +
            `${counts.typed} typed failures, ${counts.defects.length} defects, ${counts.hangs.length} hangs`
        )
        expect(positions.length).toBeGreaterThan(2)
        expect(counts.defects.slice(0, 5)).toStrictEqual([])
        expect(counts.hangs).toStrictEqual([])
      }), 300_000)
  }
})
