/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/mistral` 4.0.87 (`createMistral({ fetch })(modelId)`, the chat
 * model, fetch mocked) and through aimux (HttpClient replayed); the shared
 * harness (`../_kit/ResponsesHarness.ts`) bound to Mistral. The request body
 * is captured as the exact text sent.
 */
import { createMistral } from "@ai-sdk/mistral"
import * as path from "node:path"
import { makeCounter } from "../../../src/runtime/IdGenerator.ts"
import * as Mistral from "../../../src/providers/mistral/Mistral.ts"
import * as MistralLanguageModel from "../../../src/providers/mistral/MistralLanguageModel.ts"
import * as Kit from "../_kit/ResponsesHarness.ts"

export * from "../_kit/ResponsesHarness.ts"

export const fixturesDir = Kit.fixturesOf("mistral")

/** Every chat fixture with `suffix`: upstream's own test fixtures (`upstream/`), then the crafted ones. */
export const chatFixtures = (suffix: string): Array<string> =>
  ["upstream", "crafted"].flatMap((dir) =>
    Kit.listFixtures(path.join(fixturesDir, dir), suffix)
      .filter((f) => !f.includes("embedding"))
      .map((f) => path.join(fixturesDir, dir, f))
  )

/** Call options as the pinned package's `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createMistral>>["doStream"]>[0]

export const defaultModel = "mistral-large-latest"

// The chat model copies `generateId` at construction (the shared `withCounter` sets it on the
// config later): the counter goes in through the provider settings.
export const upstreamModel = (reply: Kit.Reply, captured: Kit.Captured, modelId: string) =>
  createMistral({ apiKey: "test-key", fetch: Kit.captureFetch(reply, captured), generateId: makeCounter("id") })(modelId)

export const { upstreamStream, upstreamGenerate, aimuxStream, aimuxGenerate } = Kit.make({
  defaultModel,
  upstream: upstreamModel,
  aimux: (client, modelId, generateId) =>
    MistralLanguageModel.makeWith(client, { ...Mistral.modelConfig(modelId, { apiKey: "test-key" }), generateId })
})
