/**
 * Upstream `mapOpenAIFinishReason` and `convertOpenAIChatUsage`, both through the shared OpenAI-family modules.
 *
 * @internal
 */
import { mapOpenAIFamilyFinishReason } from "../FinishReason.ts"
import { convertOpenAIFamilyUsage, type DetailCounts } from "../Usage.ts"
import type { Usage } from "../../../../contract/Usage.ts"
import type { OpenAIChatUsage } from "../OpenAIChatApi.ts"

/**
 * Maps a raw finish reason; a refusal turns `stop` into `content-filter` (the switch upstream's
 * OpenAI package shares with openai-compatible and Groq).
 *
 * @internal
 */
export const mapOpenAIFinishReason = mapOpenAIFamilyFinishReason

/**
 * Converts chat usage into V4 usage (`raw` is the decoded usage object).
 *
 * @internal
 */
export const convertOpenAIChatUsage = (usage: OpenAIChatUsage | null | undefined): Usage =>
  convertOpenAIFamilyUsage(usage, openAIDetailCounts)

// OpenAI alone reports cache writes (absent stays `undefined`); absent cache reads and reasoning count `0`.
const openAIDetailCounts = (usage: OpenAIChatUsage): DetailCounts => ({
  cacheReadTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
  cacheWriteTokens: usage.prompt_tokens_details?.cache_write_tokens ?? undefined,
  reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0
})
