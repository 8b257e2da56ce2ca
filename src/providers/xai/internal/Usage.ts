/**
 * Usage of the Responses API (upstream `convert-xai-responses-usage.ts`).
 */
import type { Usage } from "../../../contract/Usage.ts"
import type { ResponsesUsage } from "../XAIApi.ts"

/**
 * Usage with cached tokens inside the input count (unless the API reports more cached than input tokens).
 *
 * @since 0.1.0
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
 * @since 0.1.0
 */
export const zeroUsage = (): Usage => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 }
})
