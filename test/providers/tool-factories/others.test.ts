/**
 * `google.tools.*`, `groq.tools.*` and `xai.tools.*` (upstream) against `GoogleTools.*`,
 * `GroqTools.*` and `XAITools.*`: for every factory, the same tool object and the same request
 * body through the registered provider.
 */
import { createGoogleGenerativeAI, google } from "@ai-sdk/google"
import { createGroq, groq } from "@ai-sdk/groq"
import { createXai, xai } from "@ai-sdk/xai"
import type { LanguageModel, ToolSet } from "ai"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type * as Tool from "../../../src/core/Tool.ts"
import { GoogleTools } from "../../../src/providers/google/index.ts"
import { GroqTools } from "../../../src/providers/groq/index.ts"
import { XAITools } from "../../../src/providers/xai/index.ts"
import { oursBody, recorder, toolView, upstreamBody } from "./harness.ts"

type Case = readonly [name: string, upstream: () => object, ours: () => object]

interface Suite {
  readonly provider: string
  readonly registryId: string
  readonly modelId: string
  readonly path: string
  readonly upstreamModel: (baseURL: string) => LanguageModel
  readonly upstreamFactories: ReadonlyArray<string>
  readonly cases: ReadonlyArray<Case>
}

const suites: ReadonlyArray<Suite> = [
  {
    provider: "google",
    registryId: "google",
    modelId: "gemini-2.5-flash",
    path: "/v1beta",
    upstreamModel: (baseURL) => createGoogleGenerativeAI({ apiKey: "test-key", baseURL: `${baseURL}/v1beta` })("gemini-2.5-flash"),
    upstreamFactories: Object.keys(google.tools),
    cases: [
      ["googleSearch()", () => google.tools.googleSearch({}), () => GoogleTools.googleSearch()],
      [
        "googleSearch(full)",
        () => google.tools.googleSearch({ searchTypes: { webSearch: {} }, timeRangeFilter: { startTime: "2026-01-01T00:00:00Z", endTime: "2026-02-01T00:00:00Z" } }),
        () => GoogleTools.googleSearch({ searchTypes: { webSearch: {} }, timeRangeFilter: { startTime: "2026-01-01T00:00:00Z", endTime: "2026-02-01T00:00:00Z" } })
      ],
      ["enterpriseWebSearch", () => google.tools.enterpriseWebSearch({}), () => GoogleTools.enterpriseWebSearch()],
      ["googleMaps", () => google.tools.googleMaps({}), () => GoogleTools.googleMaps()],
      ["urlContext", () => google.tools.urlContext({}), () => GoogleTools.urlContext()],
      [
        "fileSearch",
        () => google.tools.fileSearch({ fileSearchStoreNames: ["fileSearchStores/s1"], topK: 3, metadataFilter: "a = 1" }),
        () => GoogleTools.fileSearch({ fileSearchStoreNames: ["fileSearchStores/s1"], topK: 3, metadataFilter: "a = 1" })
      ],
      ["codeExecution", () => google.tools.codeExecution({}), () => GoogleTools.codeExecution()],
      ["vertexRagStore", () => google.tools.vertexRagStore({ ragCorpus: "projects/p/corpora/c", topK: 2 }), () => GoogleTools.vertexRagStore({ ragCorpus: "projects/p/corpora/c", topK: 2 })]
    ]
  },
  {
    provider: "groq",
    registryId: "groq",
    modelId: "openai/gpt-oss-120b",
    path: "/openai/v1",
    upstreamModel: (baseURL) => createGroq({ apiKey: "test-key", baseURL: `${baseURL}/openai/v1` })("openai/gpt-oss-120b"),
    upstreamFactories: Object.keys(groq.tools),
    cases: [["browserSearch", () => groq.tools.browserSearch({}), () => GroqTools.browserSearch()]]
  },
  {
    provider: "xai",
    registryId: "xai",
    modelId: "grok-4",
    path: "/v1",
    upstreamModel: (baseURL) => createXai({ apiKey: "test-key", baseURL: `${baseURL}/v1` })("grok-4"),
    upstreamFactories: Object.keys(xai.tools),
    cases: [
      ["codeExecution", () => xai.tools.codeExecution(), () => XAITools.codeExecution()],
      ["fileSearch", () => xai.tools.fileSearch({ vectorStoreIds: ["vs"], maxNumResults: 4 }), () => XAITools.fileSearch({ vectorStoreIds: ["vs"], maxNumResults: 4 })],
      ["imageGeneration()", () => xai.tools.imageGeneration(), () => XAITools.imageGeneration()],
      ["imageGeneration(action)", () => xai.tools.imageGeneration({ action: "edit" }), () => XAITools.imageGeneration({ action: "edit" })],
      [
        "mcpServer",
        () => xai.tools.mcpServer({ serverUrl: "https://mcp.example", serverLabel: "m", serverDescription: "d", allowedTools: ["a"], headers: { h: "v" }, authorization: "tok" }),
        () => XAITools.mcpServer({ serverUrl: "https://mcp.example", serverLabel: "m", serverDescription: "d", allowedTools: ["a"], headers: { h: "v" }, authorization: "tok" })
      ],
      ["viewImage", () => xai.tools.viewImage(), () => XAITools.viewImage()],
      ["viewXVideo", () => xai.tools.viewXVideo(), () => XAITools.viewXVideo()],
      ["webSearch()", () => xai.tools.webSearch(), () => XAITools.webSearch()],
      [
        "webSearch(full)",
        () => xai.tools.webSearch({ allowedDomains: ["a.com"], enableImageSearch: true, enableImageUnderstanding: true }),
        () => XAITools.webSearch({ allowedDomains: ["a.com"], enableImageSearch: true, enableImageUnderstanding: true })
      ],
      ["xSearch()", () => xai.tools.xSearch(), () => XAITools.xSearch()],
      [
        "xSearch(full)",
        () => xai.tools.xSearch({ allowedXHandles: ["a"], fromDate: "2026-01-01", toDate: "2026-02-01", enableImageUnderstanding: true, enableVideoUnderstanding: false }),
        () => XAITools.xSearch({ allowedXHandles: ["a"], fromDate: "2026-01-01", toDate: "2026-02-01", enableImageUnderstanding: true, enableVideoUnderstanding: false })
      ]
    ]
  }
]

let server: Awaited<ReturnType<typeof recorder>>
beforeAll(async () => {
  server = await recorder()
})
afterAll(() => server.close())

for (const suite of suites) {
  describe(`${suite.provider} tool factories (differential)`, () => {
    it("covers every upstream factory", () => {
      const names = new Set(suite.cases.map(([name]) => name.replace(/\(.*$/, "")))
      expect([...names].sort()).toEqual([...suite.upstreamFactories].sort())
    })
    for (const [name, upstream, ours] of suite.cases) {
      it(name, async () => {
        const u = upstream()
        const o = ours()
        expect(toolView(o)).toEqual(toolView(u))
        const expected = await upstreamBody(suite.upstreamModel, { t: u } as ToolSet, server.url, server.bodies)
        const actual = await oursBody(suite.registryId, suite.modelId, { t: o as Tool.Tool<unknown, unknown, never> }, `${server.url}${suite.path}`, server.bodies)
        expect(expected).toHaveLength(1)
        expect(actual).toEqual(expected)
      })
    }
  })
}
