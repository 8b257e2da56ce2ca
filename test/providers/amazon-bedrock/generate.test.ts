/**
 * `/converse` results: differential against `@ai-sdk/amazon-bedrock` on
 * the recorded response and crafted ones (every content kind, metadata,
 * invalid bodies), with success and error statuses.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { aimuxGenerate, aimuxStream, errorView, fixturesDir, listFixtures, normalize, readText, type UpstreamOptions, upstreamGenerate, upstreamStream } from "./harness.ts"

const prompt: UpstreamOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const jsonSchema = { type: "object", properties: { name: { type: "string" } } }

const files = [
  ...listFixtures(path.join(fixturesDir, "recordings"), ".json").map((f) => path.join(fixturesDir, "recordings", f)),
  ...listFixtures(path.join(fixturesDir, "crafted"), ".json").map((f) => path.join(fixturesDir, "crafted", f))
]

const optionSets: ReadonlyArray<readonly [string, UpstreamOptions, string | undefined]> = [
  ["plain", { prompt }, undefined],
  ["json tool", { prompt, responseFormat: { type: "json", schema: jsonSchema }, providerOptions: { amazonBedrock: { structuredOutputMode: "jsonTool" } } }, undefined],
  ["json instruction", { prompt, responseFormat: { type: "json", schema: jsonSchema } }, "us.anthropic.claude-sonnet-5-5"],
  ["mistral", { prompt }, "mistral.mistral-large-2402-v1:0"],
  ["nova", { prompt }, "us.amazon.nova-pro-v1:0"]
]

// Upstream's chat model generates ids with provider-utils' own `generateId`
// (the provider's `generateId` setting is not passed to it): the id of the
// call whose \`toolUseId\` is empty (\`no_input\` in the crafted body) is
// generated, and compared as such.
const generatedIds = (result: unknown): unknown =>
  JSON.parse(JSON.stringify(normalize(result), function(this: unknown, key, value) {
    return key === "toolCallId" && Reflect.get(Object(this), "toolName") === "no_input" ? "<generated>" : value
  }))

const errorBodies: ReadonlyArray<readonly [number, string]> = [
  [400, JSON.stringify({ message: "Malformed input request", type: "ValidationException" })],
  [429, JSON.stringify({ message: "Too many requests" })],
  [500, "not json"],
  [503, ""]
]

describe("Amazon Bedrock generate: differential against @ai-sdk/amazon-bedrock", () => {
  it("has the recorded and crafted bodies", () => {
    expect(files.length).toBeGreaterThanOrEqual(5)
  })
  for (const file of files) {
    for (const [label, options, modelId] of optionSets) {
      it.effect(`${path.basename(file)} ${label}`, () =>
        Effect.gen(function*() {
          const reply = { body: readText(file), contentType: "application/json" }
          const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options, modelId))
          const ours = yield* aimuxGenerate(reply, options, modelId)
          expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
          expect(generatedIds(ours.result)).toStrictEqual(generatedIds(upstream.result))
        }))
    }
  }
  for (const [status, body] of errorBodies) {
    for (const endpoint of ["generate", "stream"] as const) {
      it.effect(`error status ${status} (${endpoint})`, () =>
        Effect.gen(function*() {
          const reply = { status, body, contentType: "application/json" }
          const upstream = endpoint === "generate"
            ? (yield* Effect.promise(() => upstreamGenerate(reply, { prompt }))).failure
            : (yield* Effect.promise(() => upstreamStream(reply, { prompt }))).failure
          const ours = endpoint === "generate"
            ? (yield* aimuxGenerate(reply, { prompt })).failure
            : (yield* aimuxStream(reply, { prompt })).failure
          expect(upstream).toBeDefined()
          expect(errorView(ours)).toStrictEqual(errorView(upstream))
        }))
    }
  }
})
