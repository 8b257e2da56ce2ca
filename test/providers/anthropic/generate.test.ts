import type { LanguageModelV4CallOptions } from "@ai-sdk/provider"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { aimuxGenerate, errorView, fixturesDir, listFixtures, normalize, readText, upstreamGenerate } from "./harness.ts"

const prompt: LanguageModelV4CallOptions["prompt"] = [{ role: "user", content: [{ type: "text", text: "hi" }] }]
const dir = path.join(fixturesDir, "recordings")
const files = listFixtures(dir, ".json")
const craftedDir = path.join(fixturesDir, "crafted")
const crafted = listFixtures(craftedDir, ".json")

// Response headers included: both read them from the same WHATWG Response.
const resultView = (result: unknown) => normalize(result)

const optionSets: ReadonlyArray<readonly [string, LanguageModelV4CallOptions]> = [
  ["plain", { prompt }],
  ["renamed tools", {
    prompt,
    tools: [
      { type: "provider", id: "anthropic.web_search_20250305", name: "search", args: {} },
      { type: "provider", id: "anthropic.web_fetch_20260209", name: "fetch", args: {} },
      { type: "provider", id: "anthropic.code_execution_20250825", name: "exec", args: {} }
    ]
  }],
  ["citations document", {
    prompt: [{
      role: "user",
      content: [{
        type: "file",
        mediaType: "application/pdf",
        filename: "doc.pdf",
        data: { type: "data", data: "JVBERg==" },
        providerOptions: { anthropic: { citations: { enabled: true } } }
      }]
    }]
  }],
  ["toolset", {
    prompt,
    tools: [{ type: "provider", id: "anthropic.computer_toolset_20260801", name: "desktop", args: { configs: { zoom: { enabled: false } } } }]
  }],
  ["json tool", {
    prompt,
    responseFormat: { type: "json", schema: { type: "object", properties: { name: { type: "string" } } } },
    tools: [{ type: "provider", id: "anthropic.web_search_20250305", name: "web_search", args: {} }],
    providerOptions: { anthropic: { structuredOutputMode: "jsonTool" } }
  }]
]

describe("Anthropic generate: differential against @ai-sdk/anthropic", () => {
  it("has the recorded non-streamed bodies", () => {
    expect(files.length).toBeGreaterThanOrEqual(7)
  })
  it("has the crafted JSON response tool bodies", () => {
    expect(crafted.filter((file) => file.startsWith("json-")).length).toBeGreaterThanOrEqual(4)
  })
  const all = [...files.map((file) => path.join(dir, file)), ...crafted.map((file) => path.join(craftedDir, file))]
  for (const file of all) {
    for (const status of [200, 400, 529]) {
      for (const [label, options] of optionSets) {
        if (status !== 200 && label !== "plain") continue
        it.effect(`${path.basename(file)} status=${status} ${label}`, () =>
          Effect.gen(function*() {
            const reply = { body: readText(file), contentType: "application/json", status }
            const upstream = yield* Effect.promise(() => upstreamGenerate(reply, options))
            const ours = yield* aimuxGenerate(reply, options)
            expect(errorView(ours.failure)).toStrictEqual(errorView(upstream.failure))
            expect(resultView(ours.result)).toStrictEqual(resultView(upstream.result))
          }))
      }
    }
  }
})
