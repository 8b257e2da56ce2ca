/**
 * Usage conversion and finish-reason mapping of DeepSeek
 * (`convert-to-deepseek-usage.ts`, `map-deepseek-finish-reason.ts`).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../contract/FinishReason.ts"
import type { Usage } from "../../../contract/Usage.ts"
import { convertOpenAIFamilyUsage, type DetailCounts } from "../../kits/openai/Usage.ts"
import { mapOpenAIFamilyFinishReason } from "../../kits/openai/FinishReason.ts"
import type { TokenUsage } from "../DeepSeekApi.ts"

const detailCounts = (usage: TokenUsage): DetailCounts => ({
  cacheReadTokens: usage.prompt_cache_hit_tokens ?? 0,
  reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0
})

/**
 * Converts wire usage: cache reads from `prompt_cache_hit_tokens`, absent counts as 0.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: TokenUsage | null | undefined): Usage =>
  convertOpenAIFamilyUsage(usage, detailCounts)

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
