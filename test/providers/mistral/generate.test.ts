/**
 * Generate results (text, Magistral thinking as reasoning, tool calls, finish
 * reason, usage, response metadata and body) and error responses:
 * differential against `@ai-sdk/mistral` on upstream's own JSON fixtures and
 * the crafted responses.
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
  ["api error", 400, JSON.stringify({ object: "error", message: "Invalid model: x", type: "invalid_model", param: null, code: "1500" })],
  ["rate limited", 429, JSON.stringify({ object: "error", message: "Requests rate limit exceeded", type: "rate_limited", param: null, code: null })],
  ["unauthorized without the error shape", 401, JSON.stringify({ message: "Unauthorized", request_id: "abc" })],
  ["empty server error", 500, ""],
  ["not json", 503, "<html>down</html>"]
]

const compare = (reply: { body: string; status?: number; contentType?: string }, options: CallOptions, modelId?: string) =>
  Effect.gen(function*() {
    const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options, modelId))
    const ours = yield* aimuxGenerate(reply, options, modelId)
    expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
    return upstream
  })

describe("Mistral generate: differential against @ai-sdk/mistral", () => {
  it("the corpus holds upstream's JSON fixtures and the crafted responses", () => expect(files.length).toBeGreaterThanOrEqual(13))

  for (const file of files) {
    for (const [label, options, modelId] of [["plain", { prompt }, undefined], ["named tools, magistral", named, "magistral-small-latest"]] as const) {
      it.effect(`${path.basename(file)} ${label}`, () =>
        compare({ body: readText(file), contentType: "application/json" }, options, modelId).pipe(Effect.asVoid))
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
