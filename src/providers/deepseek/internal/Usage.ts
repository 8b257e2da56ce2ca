/**
 * Usage conversion of DeepSeek (`convert-to-deepseek-usage.ts`).
 *
 * @since 0.1.0
 */
import type { Usage } from "../../../contract/Usage.ts"
import { convertOpenAIFamilyUsage, type DetailCounts } from "../../kits/openai/Usage.ts"
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
