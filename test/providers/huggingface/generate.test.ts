/**
 * Generate results (content, finish reason, usage, provider metadata,
 * response metadata and body) and error responses: differential against
 * `@ai-sdk/huggingface` on the crafted responses (and any JSON recordings).
 */
import type { UpstreamOptions as CallOptions } from "./harness.ts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { aimuxGenerate, errorView, fixturesDir, listFixtures, normalize, readText, upstreamGenerate } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const named: CallOptions = {
  prompt,
  tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }]
}

const files = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".json").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".json").map((f) => path.join(fixturesDir, "crafted", f))
]

const errorBodies: ReadonlyArray<readonly [string, number, string]> = [
  ["api error", 400, JSON.stringify({ error: { message: "bad", type: "invalid_request_error", code: "x" } })],
  ["code not a string", 422, JSON.stringify({ error: { message: "bad", code: 422 } })],
  ["empty server error", 500, ""],
  ["undecodable error", 502, JSON.stringify({ message: "gateway" })]
]

// Divergence (docs/divergences.md): for an error reported in a 200 body upstream puts the
// parsed body object into `APICallError.responseBody`; aimux puts its JSON text (a string).
const upstreamView = (failure: unknown): unknown => {
  const view = errorView(failure)
  const body: unknown = typeof failure === "object" && failure !== null ? Reflect.get(failure, "responseBody") : undefined
  if (typeof view !== "object" || view === null || typeof body !== "object" || body === null) return view
  return { ...view, responseBody: JSON.stringify(body) }
}

const compare = (reply: { body: string; status?: number; contentType?: string }, options: CallOptions) =>
  Effect.gen(function*() {
    const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options))
    const ours = yield* aimuxGenerate(reply, options)
    expect(errorView(ours.failure)).toStrictEqual(upstreamView(upstream.failure))
    expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
    return upstream
  })

describe("Hugging Face generate: differential against @ai-sdk/huggingface", () => {
  it("the corpus holds the JSON recordings and crafted responses", () => expect(files.length).toBeGreaterThanOrEqual(5))

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
      const reply = { body: JSON.stringify({ error: { message: "denied" } }), status: 401, contentType: "application/json" }
      const upstream = yield* Effect.promise(() => upstreamStream(reply, { prompt }))
      const ours = yield* aimuxStream(reply, { prompt })
      expect(upstream.failure).toBeDefined()
      expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
    }))
})
