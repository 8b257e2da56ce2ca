/**
 * Usage conversion and finish-reason mapping of DeepSeek
 * (`convert-to-deepseek-usage.ts`, `map-deepseek-finish-reason.ts`).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../spec/FinishReason.ts"
import { emptyUsage, type Usage } from "../../../spec/Usage.ts"
import { mapOpenAIFamilyFinishReason } from "../../../provider-utils/MapOpenAIFamilyFinishReason.ts"
import type { TokenUsage } from "./DeepSeekApi.ts"

/**
 * Converts wire usage: cacheRead from `prompt_cache_hit_tokens`.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: TokenUsage | null | undefined): Usage => {
  if (usage == null) {
    return emptyUsage()
  }
  const promptTokens = usage.prompt_tokens ?? 0
  const completionTokens = usage.completion_tokens ?? 0
  const cacheReadTokens = usage.prompt_cache_hit_tokens ?? 0
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens ?? 0
  return {
    inputTokens: {
      total: promptTokens,
      noCache: promptTokens - cacheReadTokens,
      cacheRead: cacheReadTokens,
      cacheWrite: undefined
    },
    outputTokens: {
      total: completionTokens,
      text: Math.max(0, completionTokens - reasoningTokens),
      reasoning: reasoningTokens
    },
    raw: usage
  }
}

/**
 * Maps a raw `finish_reason`: the OpenAI-family mapping, except that
 * `insufficient_system_resource` is `error` and `function_call` is `other`.
 *
 * @since 0.1.0
 */
export const mapFinishReason = (finishReason: string | null | undefined): UnifiedFinishReason => {
  switch (finishReason) {
    case "insufficient_system_resource":
      return "error"
    // DeepSeek's own switch has no legacy `function_call` case.
    case "function_call":
      return "other"
    default:
      return mapOpenAIFamilyFinishReason(finishReason)
  }
}
