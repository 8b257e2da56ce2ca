/**
 * Upstream `mapOpenAIFinishReason` and `convertOpenAIChatUsage`.
 *
 * @internal
 */
import type { UnifiedFinishReason } from "../../../spec/FinishReason.ts"
import { emptyUsage, type Usage } from "../../../spec/Usage.ts"
import type { OpenAIChatUsage } from "../OpenAIChatApi.ts"

/**
 * Maps a raw finish reason; a refusal turns `stop` into `content-filter`.
 *
 * @internal
 */
export const mapOpenAIFinishReason = (
  finishReason: string | null | undefined,
  hasRefusal = false
): UnifiedFinishReason => {
  switch (finishReason) {
    case "stop":
      return hasRefusal ? "content-filter" : "stop"
    case "length":
      return "length"
    case "content_filter":
      return "content-filter"
    case "function_call":
    case "tool_calls":
      return "tool-calls"
    default:
      return "other"
  }
}

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
