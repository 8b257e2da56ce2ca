/**
 * Usage conversion and finish-reason mapping of Groq (`convert-groq-usage.ts`,
 * `map-groq-finish-reason.ts`).
 *
 * @since 0.1.0
 */
import type { UnifiedFinishReason } from "../../../spec/FinishReason.ts"
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

/**
 * Maps a raw `finish_reason` (no refusal rule).
 *
 * @since 0.1.0
 */
export const mapFinishReason = (finishReason: string | null | undefined): UnifiedFinishReason => {
  switch (finishReason) {
    case "stop":
      return "stop"
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
