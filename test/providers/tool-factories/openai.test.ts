/**
 * `openai.tools.*` (upstream `@ai-sdk/openai`) against `OpenAITools.*`: for every factory, with
 * default and with full args, the same tool object (id, args, side, deferred results) and the same
 * Responses request body.
 */
import { createOpenAI, openai } from "@ai-sdk/openai"
import type { ToolSet } from "ai"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type * as Tool from "../../../src/core/Tool.ts"
import { OpenAITools } from "../../../src/providers/openai/index.ts"
import { oursBody, recorder, toolView, upstreamBody } from "./harness.ts"

type Case = readonly [name: string, upstream: () => object, ours: () => object]

const userLocation = { type: "approximate", country: "PT", city: "Lisbon", region: "Lisboa", timezone: "Europe/Lisbon" } as const
const cases: ReadonlyArray<Case> = [
  ["webSearch()", () => openai.tools.webSearch(), () => OpenAITools.webSearch()],
  [
    "webSearch(full)",
    () => openai.tools.webSearch({ externalWebAccess: false, filters: { allowedDomains: ["a.com"], blockedDomains: ["b.com"] }, searchContextSize: "high", userLocation }),
    () => OpenAITools.webSearch({ externalWebAccess: false, filters: { allowedDomains: ["a.com"], blockedDomains: ["b.com"] }, searchContextSize: "high", userLocation })
  ],
  ["webSearchPreview()", () => openai.tools.webSearchPreview({}), () => OpenAITools.webSearchPreview()],
  ["webSearchPreview(full)", () => openai.tools.webSearchPreview({ searchContextSize: "low", userLocation }), () => OpenAITools.webSearchPreview({ searchContextSize: "low", userLocation })],
  ["fileSearch", () => openai.tools.fileSearch({ vectorStoreIds: ["vs_1"] }), () => OpenAITools.fileSearch({ vectorStoreIds: ["vs_1"] })],
  [
    "fileSearch(full)",
    () => openai.tools.fileSearch({ vectorStoreIds: ["vs_1", "vs_2"], maxNumResults: 5, ranking: { ranker: "auto", scoreThreshold: 0.4 }, filters: { type: "and", filters: [{ key: "k", type: "eq", value: "v" }, { type: "or", filters: [{ key: "n", type: "gte", value: 3 }] }] } }),
    () => OpenAITools.fileSearch({ vectorStoreIds: ["vs_1", "vs_2"], maxNumResults: 5, ranking: { ranker: "auto", scoreThreshold: 0.4 }, filters: { type: "and", filters: [{ key: "k", type: "eq", value: "v" }, { type: "or", filters: [{ key: "n", type: "gte", value: 3 }] }] } })
  ],
  ["codeInterpreter()", () => openai.tools.codeInterpreter(), () => OpenAITools.codeInterpreter()],
  ["codeInterpreter(container id)", () => openai.tools.codeInterpreter({ container: "cntr_1" }), () => OpenAITools.codeInterpreter({ container: "cntr_1" })],
  [
    "codeInterpreter(container)",
    () => openai.tools.codeInterpreter({ container: { fileIds: ["f1"], memoryLimit: "4g", networkPolicy: { type: "allowlist", allowedDomains: ["pypi.org"] } } }),
    () => OpenAITools.codeInterpreter({ container: { fileIds: ["f1"], memoryLimit: "4g", networkPolicy: { type: "allowlist", allowedDomains: ["pypi.org"] } } })
  ],
  ["imageGeneration()", () => openai.tools.imageGeneration(), () => OpenAITools.imageGeneration()],
  [
    "imageGeneration(full)",
    () => openai.tools.imageGeneration({ background: "transparent", inputFidelity: "high", model: "gpt-image-1", moderation: "low", outputCompression: 80, outputFormat: "webp", partialImages: 2, quality: "high", size: "1024x1536", inputImageMask: { fileId: "file_1" } }),
    () => OpenAITools.imageGeneration({ background: "transparent", inputFidelity: "high", model: "gpt-image-1", moderation: "low", outputCompression: 80, outputFormat: "webp", partialImages: 2, quality: "high", size: "1024x1536", inputImageMask: { fileId: "file_1" } })
  ],
  [
    "mcp",
    () => openai.tools.mcp({ serverLabel: "docs", serverUrl: "https://mcp.example/sse", allowedTools: ["search"], headers: { a: "b" }, requireApproval: "never", serverDescription: "Docs" }),
    () => OpenAITools.mcp({ serverLabel: "docs", serverUrl: "https://mcp.example/sse", allowedTools: ["search"], headers: { a: "b" }, requireApproval: "never", serverDescription: "Docs" })
  ],
  [
    "mcp(connector, approval filter)",
    () => openai.tools.mcp({ serverLabel: "gmail", connectorId: "connector_gmail", authorization: "token", allowedTools: { readOnly: true, toolNames: ["read"] }, requireApproval: { never: { toolNames: ["read"] } } }),
    () => OpenAITools.mcp({ serverLabel: "gmail", connectorId: "connector_gmail", authorization: "token", allowedTools: { readOnly: true, toolNames: ["read"] }, requireApproval: { never: { toolNames: ["read"] } } })
  ],
  [
    "customTool(grammar)",
    () => openai.tools.customTool({ description: "A date", format: { type: "grammar", syntax: "regex", definition: "\\d{4}-\\d{2}-\\d{2}" } }),
    () => OpenAITools.customTool({ description: "A date", format: { type: "grammar", syntax: "regex", definition: "\\d{4}-\\d{2}-\\d{2}" } })
  ],
  ["customTool(text)", () => openai.tools.customTool({ format: { type: "text" } }), () => OpenAITools.customTool({ format: { type: "text" } })],
  ["computer", () => openai.tools.computer(), () => OpenAITools.computer()],
  ["toolSearch()", () => openai.tools.toolSearch(), () => OpenAITools.toolSearch()],
  [
    "toolSearch(client)",
    () => openai.tools.toolSearch({ execution: "client", description: "Find tools", parameters: { type: "object", properties: { q: { type: "string" } } } }),
    () => OpenAITools.toolSearch({ execution: "client", description: "Find tools", parameters: { type: "object", properties: { q: { type: "string" } } } })
  ],
  ["applyPatch", () => openai.tools.applyPatch({}), () => OpenAITools.applyPatch()],
  ["shell()", () => openai.tools.shell({}), () => OpenAITools.shell()],
  [
    "shell(container)",
    () => openai.tools.shell({ environment: { type: "containerAuto", fileIds: ["f"], memoryLimit: "1g", networkPolicy: { type: "disabled" } } }),
    () => OpenAITools.shell({ environment: { type: "containerAuto", fileIds: ["f"], memoryLimit: "1g", networkPolicy: { type: "disabled" } } })
  ],
  [
    "shell(local skills)",
    () => openai.tools.shell({ environment: { type: "local", skills: [{ name: "s", description: "d", path: "/p" }] } }),
    () => OpenAITools.shell({ environment: { type: "local", skills: [{ name: "s", description: "d", path: "/p" }] } })
  ],
  ["localShell", () => openai.tools.localShell({}), () => OpenAITools.localShell()]
]

let server: Awaited<ReturnType<typeof recorder>>
beforeAll(async () => {
  server = await recorder()
})
afterAll(() => server.close())

const upstreamModel = (baseURL: string) => createOpenAI({ apiKey: "test-key", baseURL: `${baseURL}/v1` }).responses("gpt-5")

describe("OpenAI tool factories (differential)", () => {
  it("covers every upstream factory", () => {
    const names = new Set(cases.map(([name]) => name.replace(/\(.*$/, "")))
    const upstreamNames = Object.keys(openai.tools).filter((n) => n !== "programmaticToolCalling")
    expect([...names].sort()).toEqual(upstreamNames.sort())
  })
  for (const [name, upstream, ours] of cases) {
    it(name, async () => {
      const u = upstream()
      const o = ours()
      expect(toolView(o)).toEqual(toolView(u))
      const expected = await upstreamBody(upstreamModel, { t: u } as ToolSet, server.url, server.bodies)
      const actual = await oursBody("openai-responses", "gpt-5", { t: o as Tool.Tool<unknown, unknown, never> }, `${server.url}/v1`, server.bodies)
      expect(expected).toHaveLength(1)
      expect(actual).toEqual(expected)
    })
  }
  it("programmaticToolCalling: the same tool object (upstream's tool-caller hook is not ported)", () => {
    expect(toolView(OpenAITools.programmaticToolCalling())).toEqual(toolView(openai.tools.programmaticToolCalling()))
  })
})
