/**
 * Usage conversion of the OpenAI-compatible chat API
 * (`convert-openai-compatible-chat-usage.ts`).
 *
 * @since 0.1.0
 */
import type { Usage } from "../../../contract/Usage.ts"
import { convertOpenAIFamilyUsage, type DetailCounts } from "../../kits/openai/Usage.ts"
import type { TokenUsage } from "../OpenAICompatibleApi.ts"

const detailCounts = (usage: TokenUsage): DetailCounts => ({
  cacheReadTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
  reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0
})

/**
 * Converts wire usage with absent cache-read and reasoning counts as 0.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: TokenUsage | null | undefined): Usage =>
  convertOpenAIFamilyUsage(usage, detailCounts)
