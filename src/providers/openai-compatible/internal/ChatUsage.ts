/**
 * Usage conversion of the OpenAI-compatible chat API
 * (`convert-openai-compatible-chat-usage.ts`).
 *
 * @since 0.1.0
 */
import { emptyUsage, type Usage } from "../../../spec/Usage.ts"
import type { TokenUsage } from "./ChatApi.ts"

/**
 * Converts wire usage: cacheWrite always undefined, noCache = prompt − cached,
 * text = max(0, completion − reasoning); `raw` is the parsed usage object.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: TokenUsage | null | undefined): Usage => {
  if (usage == null) {
    return emptyUsage()
  }
  const promptTokens = usage.prompt_tokens ?? 0
  const completionTokens = usage.completion_tokens ?? 0
  const cacheReadTokens = usage.prompt_tokens_details?.cached_tokens ?? 0
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
