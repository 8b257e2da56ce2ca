/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/cohere` 4.0.52 (`createCohere({ fetch })(modelId)`, the chat
 * model, fetch mocked) and through aimux (HttpClient replayed); the shared
 * harness (`../_kit/ResponsesHarness.ts`) bound to Cohere. The request body
 * is captured as the exact text sent.
 */
import { createCohere } from "@ai-sdk/cohere"
import * as path from "node:path"
import * as Cohere from "../../../src/providers/cohere/Cohere.ts"
import * as CohereLanguageModel from "../../../src/providers/cohere/CohereLanguageModel.ts"
import * as Kit from "../_kit/ResponsesHarness.ts"

export * from "../_kit/ResponsesHarness.ts"

export const fixturesDir = Kit.fixturesOf("cohere")

/** Every chat fixture with `suffix`: upstream's own test fixtures (`upstream/`), then the crafted ones. */
export const chatFixtures = (suffix: string): Array<string> =>
  ["upstream", "crafted"].flatMap((dir) =>
    Kit.listFixtures(path.join(fixturesDir, dir), suffix)
      .filter((f) => !f.includes("embedding") && !f.includes("reranking"))
      .map((f) => path.join(fixturesDir, dir, f))
  )

/** Call options as the pinned package's own (nested) `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createCohere>>["doStream"]>[0]

export const defaultModel = "command-a-03-2025"

export const upstreamModel = (reply: Kit.Reply, captured: Kit.Captured, modelId: string) =>
  createCohere({ apiKey: "test-key", fetch: Kit.captureFetch(reply, captured) })(modelId)

export const { upstreamStream, upstreamGenerate, aimuxStream, aimuxGenerate } = Kit.make({
  defaultModel,
  upstream: upstreamModel,
  aimux: (client, modelId, generateId) =>
    CohereLanguageModel.makeWith(client, { ...Cohere.modelConfig(modelId, { apiKey: "test-key" }), generateId })
})

// aimux has one provider-utils port (5.0.81); @ai-sdk/cohere runs on its nested 5.0.51
// (docs/divergences.md). Every other header is compared as is.
const userAgent = (headers: Record<string, string>) =>
  headers["user-agent"]?.replace("ai-sdk-provider-utils/5.0.51 ", "ai-sdk-provider-utils/5.0.81 ")

/** Headers equal but for the provider-utils version in the user agent. */
export const headersDiff = (ours: Record<string, string> | undefined, upstream: Record<string, string> | undefined) => {
  const a = Kit.headersView(ours)
  const b = Kit.headersView(upstream)
  return { ours: { ...a, "user-agent": a["user-agent"] }, upstream: { ...b, "user-agent": userAgent(b) } }
}
