/**
 * Generate results (content, citations as sources, tool calls, finish
 * reason, usage, response metadata and body) and error responses:
 * differential against `@ai-sdk/cohere` on upstream's own JSON fixtures
 * and the crafted responses.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { aimuxGenerate, chatFixtures, errorView, normalize, readText, upstreamGenerate } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const named: CallOptions = {
  prompt,
  tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }]
}

const files = chatFixtures(".json")

const errorBodies: ReadonlyArray<readonly [string, number, string]> = [
  ["api error", 400, JSON.stringify({ message: "invalid request: model not found" })],
  ["rate limited", 429, JSON.stringify({ message: "too many requests" })],
  ["empty server error", 500, ""],
  ["undecodable error", 502, JSON.stringify({ error: { message: "gateway" } })],
  ["not json", 503, "<html>down</html>"]
]

const compare = (reply: { body: string; status?: number; contentType?: string }, options: CallOptions) =>
  Effect.gen(function*() {
    const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options))
    const ours = yield* aimuxGenerate(reply, options)
    expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
    return upstream
  })

describe("Cohere generate: differential against @ai-sdk/cohere", () => {
  it("the corpus holds upstream's JSON fixtures and the crafted responses", () => expect(files.length).toBeGreaterThanOrEqual(11))

  for (const file of files) {
    for (const [label, options] of [["plain", { prompt }], ["named tools", named]] as const) {
      it.effect(`${path.basename(file)} ${label}`, () =>
        compare({ body: readText(file), contentType: "application/json" }, options).pipe(Effect.asVoid))
    }
  }

  for (const [label, status, body] of errorBodies) {
    it.effect(`error response: ${label}`, () =>
      Effect.gen(function*() {
        const upstream = yield* compare({ body, status, contentType: "application/json" }, { prompt })
        expect(upstream.failure).toBeDefined()
      }))
  }
})
