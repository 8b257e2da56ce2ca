/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/xai` 5.0.12 (`createXai({ fetch })(modelId)`, the Responses
 * model, fetch mocked) and through aimux (HttpClient replayed); the shared
 * harness (`../_kit/ResponsesHarness.ts`) bound to xAI. The request body is
 * captured as the exact text sent.
 */
import { createXai } from "@ai-sdk/xai"
import * as XAI from "../../../src/providers/xai/XAI.ts"
import * as XAILanguageModel from "../../../src/providers/xai/XAILanguageModel.ts"
import * as Kit from "../_kit/ResponsesHarness.ts"

export * from "../_kit/ResponsesHarness.ts"

export const fixturesDir = Kit.fixturesOf("xai")

/** Call options as the pinned package's own (nested) `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createXai>>["doStream"]>[0]

export const defaultModel = "grok-4.20-non-reasoning"

export const upstreamModel = (reply: Kit.Reply, captured: Kit.Captured, modelId: string) =>
  createXai({ apiKey: "test-key", fetch: Kit.captureFetch(reply, captured) })(modelId)

export const { upstreamStream, upstreamGenerate, aimuxStream, aimuxGenerate } = Kit.make({
  defaultModel,
  upstream: upstreamModel,
  aimux: (client, modelId, generateId) =>
    XAILanguageModel.makeWith(client, { ...XAI.modelConfig(modelId, { apiKey: "test-key" }), generateId })
})
