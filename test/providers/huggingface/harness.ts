/**
 * Differential harness: the same response bytes through upstream
 * `@ai-sdk/huggingface` 2.0.48 (`createHuggingFace({ fetch })(modelId)`, the Responses
 * model, fetch mocked) and through aimux (HttpClient replayed); the shared
 * harness (`../_kit/ResponsesHarness.ts`) bound to Hugging Face. The request body is
 * captured as the exact text sent.
 */
import { createHuggingFace } from "@ai-sdk/huggingface"
import * as HuggingFace from "../../../src/providers/huggingface/HuggingFace.ts"
import * as HuggingFaceLanguageModel from "../../../src/providers/huggingface/HuggingFaceLanguageModel.ts"
import * as Kit from "../_kit/ResponsesHarness.ts"

export * from "../_kit/ResponsesHarness.ts"

export const fixturesDir = Kit.fixturesOf("huggingface")

/** Call options as the pinned package's own (nested) `@ai-sdk/provider` types them. */
export type UpstreamOptions = Parameters<ReturnType<ReturnType<typeof createHuggingFace>>["doStream"]>[0]

export const defaultModel = "meta-llama/Llama-3.3-70B-Instruct"

export const upstreamModel = (reply: Kit.Reply, captured: Kit.Captured, modelId: string) =>
  createHuggingFace({ apiKey: "test-key", fetch: Kit.captureFetch(reply, captured) })(modelId)

export const { upstreamStream, upstreamGenerate, aimuxStream, aimuxGenerate } = Kit.make({
  defaultModel,
  upstream: upstreamModel,
  aimux: (client, modelId, generateId) =>
    HuggingFaceLanguageModel.makeWith(client, { ...HuggingFace.modelConfig(modelId, { apiKey: "test-key" }), generateId })
})
