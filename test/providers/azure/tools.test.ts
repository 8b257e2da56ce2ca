/**
 * `Azure.tools` against the pinned `@ai-sdk/azure` 4.0.85's `azure.tools` (its bundled
 * `@ai-sdk/openai` 4.0.81 factories): the same factories, the same tool objects (id, args, side,
 * deferred results) with default and full args, and the same Responses request body for each tool.
 */
import { createAzure } from "@ai-sdk/azure"
import { describe, expect, it } from "vitest"
import * as Azure from "../../../src/providers/azure/Azure.ts"
import { toolView } from "../tool-factories/harness.ts"
import { isUpstreamOptions, runOursStream, runUpstreamStream } from "./harness.ts"

const pin = createAzure({ resourceName: "aimux-holdout", apiKey: "test-key" }).tools
const userLocation = { type: "approximate", country: "PT", city: "Lisbon", region: "Lisboa", timezone: "Europe/Lisbon" } as const

type Case = readonly [name: string, upstream: () => object, ours: () => object]
const cases: ReadonlyArray<Case> = [
  ["webSearch()", () => pin.webSearch(), () => Azure.tools.webSearch()],
  [
    "webSearch(full)",
    () => pin.webSearch({ externalWebAccess: false, filters: { allowedDomains: ["a.com"] }, searchContextSize: "high", userLocation }),
    () => Azure.tools.webSearch({ externalWebAccess: false, filters: { allowedDomains: ["a.com"] }, searchContextSize: "high", userLocation })
  ],
  ["webSearchPreview()", () => pin.webSearchPreview({}), () => Azure.tools.webSearchPreview()],
  ["webSearchPreview(full)", () => pin.webSearchPreview({ searchContextSize: "low", userLocation }), () => Azure.tools.webSearchPreview({ searchContextSize: "low", userLocation })],
  ["fileSearch", () => pin.fileSearch({ vectorStoreIds: ["vs_1"] }), () => Azure.tools.fileSearch({ vectorStoreIds: ["vs_1"] })],
  [
    "fileSearch(full)",
    () => pin.fileSearch({ vectorStoreIds: ["vs_1"], maxNumResults: 5, ranking: { ranker: "auto", scoreThreshold: 0.4 }, filters: { key: "k", type: "eq", value: "v" } }),
    () => Azure.tools.fileSearch({ vectorStoreIds: ["vs_1"], maxNumResults: 5, ranking: { ranker: "auto", scoreThreshold: 0.4 }, filters: { key: "k", type: "eq", value: "v" } })
  ],
  ["codeInterpreter()", () => pin.codeInterpreter(), () => Azure.tools.codeInterpreter()],
  ["codeInterpreter(container id)", () => pin.codeInterpreter({ container: "cntr_1" }), () => Azure.tools.codeInterpreter({ container: "cntr_1" })],
  ["codeInterpreter(file ids)", () => pin.codeInterpreter({ container: { fileIds: ["f1"] } }), () => Azure.tools.codeInterpreter({ container: { fileIds: ["f1"] } })],
  ["imageGeneration()", () => pin.imageGeneration(), () => Azure.tools.imageGeneration()],
  [
    "imageGeneration(full)",
    () => pin.imageGeneration({ background: "transparent", model: "gpt-image-1", outputFormat: "webp", partialImages: 2, quality: "high", size: "1024x1536" }),
    () => Azure.tools.imageGeneration({ background: "transparent", model: "gpt-image-1", outputFormat: "webp", partialImages: 2, quality: "high", size: "1024x1536" })
  ]
]

const sse = "data: {\"type\":\"response.created\",\"response\":{\"id\":\"r\",\"created_at\":1,\"model\":\"m\"}}\n\n"

describe("Azure.tools (differential)", () => {
  it("has the pin's factories", () => {
    expect(Object.keys(Azure.tools).sort()).toStrictEqual(Object.keys(pin).sort())
    const names = new Set(cases.map(([name]) => name.replace(/\(.*$/, "")))
    expect([...names].sort()).toStrictEqual(Object.keys(pin).sort())
  })
  for (const [name, upstream, ours] of cases) {
    it(name, async () => {
      const u = toolView(upstream())
      expect(toolView(ours())).toStrictEqual(u)
      const options = {
        prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
        tools: [{ type: "provider", id: u.id, name: "t", args: u.args }]
      }
      if (!isUpstreamOptions(options)) throw new Error("not call options")
      const run = { api: "responses" as const, options }
      const up = await runUpstreamStream(sse, run)
      expect(up.body).toContain("\"tools\":[{")
      expect(await runOursStream(sse, run)).toStrictEqual(up)
    })
  }
})
