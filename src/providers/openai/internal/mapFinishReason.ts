/**
 * Upstream `mapOpenAIFinishReason` (the shared OpenAI-family mapping) and `convertOpenAIChatUsage`.
 *
 * @internal
 */
import { mapOpenAIFamilyFinishReason } from "../../../provider-utils/MapOpenAIFamilyFinishReason.ts"
import { emptyUsage, type Usage } from "../../../spec/Usage.ts"
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
export const convertOpenAIChatUsage = (usage: OpenAIChatUsage | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const promptTokens = usage.prompt_tokens ?? 0
  const completionTokens = usage.completion_tokens ?? 0
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens ?? 0
  const cacheWriteTokens = usage.prompt_tokens_details?.cache_write_tokens ?? undefined
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens ?? 0
  return {
    inputTokens: {
      total: promptTokens,
      noCache: promptTokens - cachedTokens - (cacheWriteTokens ?? 0),
      cacheRead: cachedTokens,
      cacheWrite: cacheWriteTokens
    },
    outputTokens: {
      total: completionTokens,
      text: Math.max(0, completionTokens - reasoningTokens),
      reasoning: reasoningTokens
    },
    raw: usage
  }
}
