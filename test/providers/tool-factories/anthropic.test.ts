/**
 * `anthropic.tools.*` (upstream `@ai-sdk/anthropic`) against `AnthropicTools.*`: for every factory
 * and version, the same tool object and the same Messages request body (tools, betas).
 */
import { anthropic, createAnthropic } from "@ai-sdk/anthropic"
import type { ToolSet } from "ai"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type * as Tool from "../../../src/core/Tool.ts"
import { AnthropicTools as A } from "../../../src/providers/anthropic/index.ts"
import { oursBody, recorder, toolView, upstreamBody } from "./harness.ts"

type Case = readonly [name: string, upstream: () => object, ours: () => object]
const t = anthropic.tools
const display = { displayWidthPx: 1280, displayHeightPx: 800, displayNumber: 1 }
const search = { maxUses: 3, allowedDomains: ["a.com"], userLocation: { type: "approximate" as const, city: "Lisbon", country: "PT", timezone: "Europe/Lisbon" } }
const fetchArgs = { maxUses: 2, blockedDomains: ["b.com"], citations: { enabled: true }, maxContentTokens: 5000 }

const cases: ReadonlyArray<Case> = [
  ["advisor_20260301", () => t.advisor_20260301({ model: "claude-opus-4-5", maxUses: 2, maxTokens: 2048, caching: { type: "ephemeral", ttl: "5m" } }), () => A.advisor_20260301({ model: "claude-opus-4-5", maxUses: 2, maxTokens: 2048, caching: { type: "ephemeral", ttl: "5m" } })],
  ["bash_20241022", () => t.bash_20241022({ execute: null }), () => A.bash_20241022()],
  ["bash_20250124", () => t.bash_20250124({ execute: null }), () => A.bash_20250124()],
  ["codeExecution_20250522", () => t.codeExecution_20250522(), () => A.codeExecution_20250522()],
  ["codeExecution_20250825", () => t.codeExecution_20250825(), () => A.codeExecution_20250825()],
  ["codeExecution_20260120", () => t.codeExecution_20260120(), () => A.codeExecution_20260120()],
  ["computer_20241022", () => t.computer_20241022(display), () => A.computer_20241022(display)],
  ["computer_20250124", () => t.computer_20250124(display), () => A.computer_20250124(display)],
  ["computer_20251124", () => t.computer_20251124({ ...display, enableZoom: true }), () => A.computer_20251124({ ...display, enableZoom: true })],
  ["computerToolset_20260801({})", () => t.computerToolset_20260801({}), () => A.computerToolset_20260801({})],
  [
    "computerToolset_20260801(configs)",
    () => t.computerToolset_20260801({ configs: { zoom: { enabled: false }, scroll: { deferLoading: true } } }),
    () => A.computerToolset_20260801({ configs: { zoom: { enabled: false }, scroll: { deferLoading: true } } })
  ],
  ["memory_20250818", () => t.memory_20250818({}), () => A.memory_20250818()],
  ["textEditor_20241022", () => t.textEditor_20241022({}), () => A.textEditor_20241022()],
  ["textEditor_20250124", () => t.textEditor_20250124({}), () => A.textEditor_20250124()],
  ["textEditor_20250429", () => t.textEditor_20250429({}), () => A.textEditor_20250429()],
  ["textEditor_20250728()", () => t.textEditor_20250728(), () => A.textEditor_20250728()],
  ["textEditor_20250728(max)", () => t.textEditor_20250728({ maxCharacters: 10000 }), () => A.textEditor_20250728({ maxCharacters: 10000 })],
  ["webFetch_20250910", () => t.webFetch_20250910(fetchArgs), () => A.webFetch_20250910(fetchArgs)],
  ["webFetch_20260209", () => t.webFetch_20260209(fetchArgs), () => A.webFetch_20260209(fetchArgs)],
  ["webFetch_20260318", () => t.webFetch_20260318({ ...fetchArgs, useCache: false, responseInclusion: "excluded" }), () => A.webFetch_20260318({ ...fetchArgs, useCache: false, responseInclusion: "excluded" })],
  ["webSearch_20250305()", () => t.webSearch_20250305(), () => A.webSearch_20250305()],
  ["webSearch_20250305(full)", () => t.webSearch_20250305(search), () => A.webSearch_20250305(search)],
  ["webSearch_20260209", () => t.webSearch_20260209(search), () => A.webSearch_20260209(search)],
  ["webSearch_20260318", () => t.webSearch_20260318({ ...search, responseInclusion: "full" }), () => A.webSearch_20260318({ ...search, responseInclusion: "full" })],
  ["toolSearchRegex_20251119", () => t.toolSearchRegex_20251119(), () => A.toolSearchRegex_20251119()],
  ["toolSearchBm25_20251119", () => t.toolSearchBm25_20251119(), () => A.toolSearchBm25_20251119()]
]

let server: Awaited<ReturnType<typeof recorder>>
beforeAll(async () => {
  server = await recorder()
})
afterAll(() => server.close())

const upstreamModel = (baseURL: string) => createAnthropic({ apiKey: "test-key", baseURL: `${baseURL}/v1` })("claude-sonnet-4-5")

describe("Anthropic tool factories (differential)", () => {
  it("covers every upstream factory and version", () => {
    const names = new Set(cases.map(([name]) => name.replace(/\(.*$/, "")))
    expect([...names].sort()).toEqual(Object.keys(anthropic.tools).sort())
  })
  for (const [name, upstream, ours] of cases) {
    it(name, async () => {
      const u = upstream()
      const o = ours()
      expect(toolView(o)).toEqual(toolView(u))
      const expected = await upstreamBody(upstreamModel, { t: u } as ToolSet, server.url, server.bodies)
      const actual = await oursBody("anthropic", "claude-sonnet-4-5", { t: o as Tool.Tool<unknown, unknown, never> }, `${server.url}/v1`, server.bodies)
      expect(expected).toHaveLength(1)
      expect(actual).toEqual(expected)
    })
  }
})

describe("Anthropic computer toolset input", () => {
  it("accepts only the actions the configs leave enabled, as upstream's schema", async () => {
    const { Schema } = await import("effect")
    const { asSchema } = await import("@ai-sdk/provider-utils")
    const configs = { zoom: { enabled: false }, scroll: { enabled: true } }
    const upstream = asSchema(t.computerToolset_20260801({ configs }).inputSchema)
    const ours = A.computerToolset_20260801({ configs }).inputSchema!
    for (const action of ["zoom", "scroll", "screenshot", "nope"]) {
      const u = await upstream.validate!({ action })
      const o = Schema.decodeUnknownExit(ours)({ action })
      expect(o._tag === "Success", action).toBe(u.success)
    }
  })
})
