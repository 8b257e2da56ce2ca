/**
 * Differential: provider settings → the Responses request URL and headers
 * (every header but content-length) and the stream parts, through upstream
 * `createOpenAI(settings).responses(id)` and `OpenAI.responsesConfig`.
 */
import { describe, expect, it } from "vitest"
import { join } from "node:path"
import { chunksToSse, expectSameStream, fixtureDir, readText } from "./harness.ts"

const sse = chunksToSse(readText(join(fixtureDir, "text.chunks.txt")))

const cases: ReadonlyArray<{ readonly name: string; readonly settings: Record<string, string | Record<string, string>> }> = [
  { name: "defaults", settings: {} },
  { name: "base URL with a trailing slash", settings: { baseURL: "https://proxy.example/v1/" } },
  { name: "organization, project and headers", settings: { organization: "org_1", project: "proj_1", headers: { "x-extra": "1" } } },
  { name: "provider name", settings: { name: "my-openai" } },
  { name: "azure-like name (options under azure)", settings: { name: "azure-openai" } }
]

describe("OpenAI Responses settings (differential)", () => {
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const ours = await expectSameStream(sse, {
        settings: testCase.settings,
        options: {
          prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
          providerOptions: { azure: { user: "az" }, openai: { user: "oa" } },
          headers: { "x-call": "2" }
        }
      })
      expect(ours.url).toMatch(/\/responses$/)
    })
  }
})
