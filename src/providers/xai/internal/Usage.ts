/**
 * Usage and finish reasons of the Responses API (upstream
 * `convert-xai-responses-usage.ts` and `map-xai-responses-finish-reason.ts`).
 */
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { Usage } from "../../../contract/Usage.ts"
import type { ResponsesUsage } from "../XAIApi.ts"

/**
 * Usage with cached tokens inside the input count (unless the API reports more cached than input tokens).
 *
 * @since 0.2.0
 */
export const convertUsage = (usage: ResponsesUsage): Usage => {
  const cacheRead = usage.input_tokens_details?.cached_tokens ?? 0
  const reasoning = usage.output_tokens_details?.reasoning_tokens ?? 0
  const includesCached = cacheRead <= usage.input_tokens
  return {
    inputTokens: {
      total: includesCached ? usage.input_tokens : usage.input_tokens + cacheRead,
      noCache: includesCached ? usage.input_tokens - cacheRead : usage.input_tokens,
      cacheRead,
      cacheWrite: undefined
    },
    outputTokens: { total: usage.output_tokens, text: usage.output_tokens - reasoning, reasoning },
    raw: usage
  }
}

/**
 * The usage reported when the API sent none.
 *
 * @since 0.2.0
 */
export const zeroUsage = (): Usage => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 }
})

/**
 * A response status or incomplete reason as the unified finish reason.
 *
 * @since 0.2.0
 */
export const mapFinishReason = (reason: string | null | undefined): FinishReason["unified"] => {
  switch (reason) {
    case "stop":
    case "completed":
      return "stop"
    case "length":
    case "max_output_tokens":
      return "length"
    case "tool_calls":
    case "function_call":
      return "tool-calls"
    case "content_filter":
      return "content-filter"
    default:
      return "other"
  }
}
