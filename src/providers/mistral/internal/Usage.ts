/**
 * Mistral usage as V4 usage (upstream `convertMistralUsage` of `@ai-sdk/mistral`
 * 4.0.87): cache reads from `num_cached_tokens`, else the prompt token details
 * (both spellings), `noCache` the rest; no reasoning split; the usage object as
 * `raw`; all-undefined when absent.
 */
import { emptyUsage, type Usage } from "../../../contract/Usage.ts"
import type { Usage as WireUsage } from "../MistralApi.ts"

/**
 * V4 usage of a response or of the last chunk with usage.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: WireUsage | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const promptTokens = usage.prompt_tokens
  const completionTokens = usage.completion_tokens
  const cacheReadTokens = usage.num_cached_tokens ??
    usage.prompt_tokens_details?.cached_tokens ??
    usage.prompt_token_details?.cached_tokens ??
    0
  return {
    inputTokens: {
      total: promptTokens,
      noCache: promptTokens - cacheReadTokens,
      // upstream `cacheReadTokens || undefined`: 0 is no cache read
      cacheRead: cacheReadTokens || undefined,
      cacheWrite: undefined
    },
    outputTokens: { total: completionTokens, text: completionTokens, reasoning: undefined },
    raw: usage
  }
}
