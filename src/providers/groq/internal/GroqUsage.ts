/**
 * Usage conversion of Groq (`convert-groq-usage.ts`). Groq's finish reasons
 * are the shared `mapOpenAIFamilyFinishReason` without the refusal rule.
 *
 * @since 0.1.0
 */
import { emptyUsage, type Usage } from "../../../spec/Usage.ts"
import type { TokenUsage } from "./GroqApi.ts"

/**
 * Converts wire usage: cacheRead and reasoning stay undefined when absent.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: TokenUsage | null | undefined): Usage => {
  if (usage == null) {
    return emptyUsage()
  }
  const promptTokens = usage.prompt_tokens ?? 0
  const cacheReadTokens = usage.prompt_tokens_details?.cached_tokens ?? undefined
  const completionTokens = usage.completion_tokens ?? 0
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens ?? undefined
  return {
    inputTokens: {
      total: promptTokens,
      noCache: cacheReadTokens != null ? promptTokens - cacheReadTokens : promptTokens,
      cacheRead: cacheReadTokens,
      cacheWrite: undefined
    },
    outputTokens: {
      total: completionTokens,
      text: reasoningTokens != null ? Math.max(0, completionTokens - reasoningTokens) : completionTokens,
      reasoning: reasoningTokens
    },
    raw: usage
  }
}

