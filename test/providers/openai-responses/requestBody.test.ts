/**
 * Differential: the Responses request body (serialized, key order included),
 * URL, headers, the call warnings (`stream-start`) and argument failures,
 * through upstream `createOpenAI({ fetch }).responses(id)` and aimux, for
 * every case of `callCases.ts`.
 */
import { describe, expect, it } from "vitest"
import { callCases } from "./callCases.ts"
import { requestBodies } from "./harness.ts"

describe("OpenAI Responses request body (differential)", () => {
  it("has the cases", () => {
    expect(callCases.length).toBeGreaterThanOrEqual(60)
  })
  for (const testCase of callCases) {
    it(testCase.name, async () => {
      const { upstream, ours } = await requestBodies(testCase.options, testCase.modelId)
      expect(JSON.stringify(ours.body)).toBe(JSON.stringify(upstream.body))
      expect(ours).toEqual(upstream)
    })
  }
})
