/**
 * Azure request bodies, differential against the pinned `@ai-sdk/azure` 4.0.85: every case of the
 * OpenAI Responses and chat call-option matrices (`../openai-responses/callCases.ts`,
 * `../openai/callCases.ts`) through `azure.responses` / `azure.chat`: URL, headers and the body text
 * as sent (key order included), the call warnings (`stream-start`) and argument failures.
 *
 * The request side of the pin's `@ai-sdk/openai` 4.0.81 is not ported (docs/divergences.md, "Azure
 * OpenAI"): aimux builds 4.0.118's request. The cases where the two versions' requests differ are
 * listed in `skewCases` by the feature that differs; for them URL and headers still match, and the
 * test asserts the requests do differ, so a case that converges must leave the list.
 */
import { describe, expect, it } from "vitest"
import { callCases as chatCases, failingCallCases } from "../openai/callCases.ts"
import { callCases as responsesCases } from "../openai-responses/callCases.ts"
import { type Api, isUpstreamOptions, runOursStream, runUpstreamStream } from "./harness.ts"

const sse = {
  responses: "data: {\"type\":\"response.created\",\"response\":{\"id\":\"r\",\"created_at\":1,\"model\":\"m\"}}\n\n",
  chat: "data: {\"id\":\"c\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
}

/** Where 4.0.118's request differs from 4.0.81's (not ported), by case name. */
const skewCases: Record<Api, Record<string, string>> = {
  responses: {
    "every provider option (non-reasoning model)": "promptCacheOptions prewarm / comparisonResponseId",
    "system message additional tools": "additional_tools input items",
    "message-level update on gpt-6": "textFormatUpdate",
    "message-level update with content": "textFormatUpdate",
    "provider tools and their history, store on": "code interpreter container options, shell max_output_length",
    "provider tools and their history, store off": "web search call items, container options",
    "provider tools history, previous response id": "code interpreter container options",
    "tool choice provider tool": "code interpreter container options",
    "tool choice custom tool": "code interpreter container options",
    "allowed tools": "code interpreter container options",
    "omitted tool": "tools omitted from the request",
    "forcing an omitted tool": "tools omitted from the request",
    "json response format with schema": "JSON schema normalization",
    "text format option": "the textFormat option",
    "tool result additional tools": "additional_tools input items"
  },
  chat: {
    "assistant tool calls with every input encoding (spec §4) and tool results": "tool-call input and error-result encoding",
    "json response format with schema normalization": "JSON schema normalization",
    "system message mode remove and message names": "message names",
    "system message names and developer mode": "message names",
    "invalid message options": "message-level provider options validation"
  }
}

const cases: Record<Api, ReadonlyArray<{ name: string; modelId?: string; options: unknown }>> = {
  responses: responsesCases,
  chat: [...chatCases, ...failingCallCases]
}

for (const api of ["responses", "chat"] as const) {
  describe(`azure.${api} request body (differential)`, () => {
    it("has the cases, most of them equal", () => {
      expect(cases[api].length).toBeGreaterThanOrEqual(api === "responses" ? 70 : 45)
      expect(Object.keys(skewCases[api]).every((name) => cases[api].some((c) => c.name === name))).toBe(true)
    })
    for (const testCase of cases[api]) {
      it(testCase.name, async () => {
        if (!isUpstreamOptions(testCase.options)) throw new Error("not call options")
        const run = { api, options: testCase.options, ...(testCase.modelId !== undefined && { modelId: testCase.modelId }) }
        const upstream = await runUpstreamStream(sse[api], run)
        const ours = await runOursStream(sse[api], run)
        if (skewCases[api][testCase.name] !== undefined) {
          expect(ours).not.toStrictEqual(upstream)
          if (upstream.url !== undefined && ours.url !== undefined) {
            expect(ours.url).toBe(upstream.url)
            expect(ours.headers).toStrictEqual(upstream.headers)
          }
          return
        }
        expect(ours.body).toBe(upstream.body)
        expect(ours).toStrictEqual(upstream)
      })
    }
  })
}
