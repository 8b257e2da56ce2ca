/**
 * Responses usage → V4 usage (upstream `convert-openai-responses-usage.ts`).
 *
 * @internal
 */
import { isJsonObject } from "../../../../../contract/Json.ts"
import { emptyUsage, type Usage } from "../../../../../contract/Usage.ts"
import type { Usage as WireUsage } from "../OpenAIResponsesApi.ts"

/** @internal */
export const convertUsage = (usage: WireUsage | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const inputTokens = usage.input_tokens
  const outputTokens = usage.output_tokens
  const cachedTokens = usage.input_tokens_details?.cached_tokens ?? 0
  const cacheWriteTokens = usage.input_tokens_details?.cache_write_tokens ?? undefined
  const reasoningTokens = usage.output_tokens_details?.reasoning_tokens ?? 0
  return {
    inputTokens: {
      total: inputTokens,
      noCache: inputTokens - cachedTokens - (cacheWriteTokens ?? 0),
      cacheRead: cachedTokens,
      cacheWrite: cacheWriteTokens
    },
    outputTokens: { total: outputTokens, text: outputTokens - reasoningTokens, reasoning: reasoningTokens },
    ...(isJsonObject(usage) ? { raw: usage } : {})
  }
}
