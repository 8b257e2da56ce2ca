/**
 * `generate` results (content, finish reason, usage, provider metadata,
 * response, warnings) and failures against `@ai-sdk/google` and
 * `@ai-sdk/google-vertex` (express mode) on the same JSON bodies.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LanguageModelV4CallOptions as CallOptions } from "@ai-sdk/provider"
import { Effect } from "effect"
import * as path from "node:path"
import { aimuxGenerate, errorView, fixturesDir, type Flavor, listFixtures, normalize, readText, upstreamGenerate } from "./harness.ts"

const prompt: CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]

const bodies = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".json").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "generate"), ".json").map((f) => path.join(fixturesDir, "generate", f))
]

const optionSets: ReadonlyArray<readonly [string, CallOptions]> = [
  ["plain", { prompt }],
  ["named code tool", { prompt, tools: [{ type: "provider", id: "google.code_execution", name: "python", args: {} }] }],
  ["json tool", {
    prompt,
    responseFormat: { type: "json", schema: { type: "object" } },
    tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }]
  }]
]

const statusOf = (body: string) => {
  const code: unknown = Reflect.get(JSON.parse(body), "error")
  return typeof code === "object" && code !== null ? Number(Reflect.get(code, "code")) : 200
}

describe("Gemini generate: differential against upstream", () => {
  it("covers the JSON recordings", () => {
    expect(bodies.length).toBeGreaterThanOrEqual(12)
  })
  for (const flavor of ["google", "vertex"] as const satisfies ReadonlyArray<Flavor>) {
    for (const file of bodies) {
      for (const [label, options] of optionSets) {
        it.effect(`${flavor} ${path.basename(file)} ${label}`, () =>
          Effect.gen(function*() {
            const body = readText(file)
            const reply = { body, status: statusOf(body), contentType: "application/json" }
            const upstream = yield* Effect.promise(() => upstreamGenerate(flavor, reply, options))
            const ours = yield* aimuxGenerate(flavor, reply, options)
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            expect(normalize(ours.result)).toStrictEqual(normalize(upstream.result))
          }))
      }
    }
  }
})
