/**
 * Generate results (content, finish reason, usage, provider metadata,
 * response metadata and body) and error responses: differential against
 * `@ai-sdk/xai` on every JSON recording and the crafted responses.
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { aimuxGenerate, errorView, fixturesDir, listFixtures, normalize, readText, upstreamGenerate } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const named: CallOptions = {
  prompt,
  tools: [
    { type: "provider", id: "xai.web_search", name: "search", args: {} },
    { type: "provider", id: "xai.x_search", name: "xs", args: {} },
    { type: "provider", id: "xai.code_execution", name: "code", args: {} },
    { type: "provider", id: "xai.mcp", name: "remote", args: { serverUrl: "https://m" } },
    { type: "provider", id: "xai.file_search", name: "files", args: { vectorStoreIds: [] } },
    { type: "provider", id: "xai.image_generation", name: "draw", args: {} }
  ]
}

const files = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".json").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".json").map((f) => path.join(fixturesDir, "crafted", f))
]

const errorBodies: ReadonlyArray<readonly [string, number, string]> = [
  ["api error", 400, JSON.stringify({ error: { message: "bad", type: "invalid_request_error", param: "x", code: 400 } })],
  ["responses error", 403, JSON.stringify({ code: "permission-denied", error: "no access" })],
  ["speech error", 422, JSON.stringify({ error: "speed must be between 0.7 and 1.5" })],
  ["rate limit", 429, JSON.stringify({ error: { message: "slow", code: "rate_limit" } })],
  ["empty server error", 500, ""],
  ["undecodable error", 502, JSON.stringify({ message: "gateway" })],
  ["not json error", 503, "<html>busy</html>"]
]

const compare = (reply: { body: string; status?: number; contentType?: string }, options: CallOptions) =>
  Effect.gen(function*() {
    const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options))
    const ours = yield* aimuxGenerate(reply, options)
    expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
    return upstream
  })

describe("xAI generate: differential against @ai-sdk/xai", () => {
  it("the corpus holds the JSON recordings and crafted responses", () => expect(files.length).toBeGreaterThanOrEqual(9))

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

  it.effect("an error status on the stream fails the call the same way", () =>
    Effect.gen(function*() {
      const { aimuxStream, upstreamStream } = yield* Effect.promise(() => import("./harness.ts"))
      const reply = { body: JSON.stringify({ code: "x", error: "denied" }), status: 401, contentType: "application/json" }
      const upstream = yield* Effect.promise(() => upstreamStream(reply, { prompt }))
      const ours = yield* aimuxStream(reply, { prompt })
      expect(upstream.failure).toBeDefined()
      expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    }))
})
