/**
 * The chat-completions usage conversion the OpenAI family shares (upstream
 * `convertOpenAIChatUsage`, `convertOpenAICompatibleChatUsage`,
 * `convertGroqUsage`, `convertDeepSeekUsage`): the same arithmetic over
 * counts that each provider reads from its own wire fields.
 *
 * @since 0.1.0
 */
import type { JsonObject } from "../../../contract/Json.ts"
import { emptyUsage, type Usage } from "../../../contract/Usage.ts"

/**
 * The part of a wire usage object every family member names alike; the
 * object itself becomes `usage.raw`.
 *
 * @since 0.1.0
 * @category models
 */
export interface WireUsage extends JsonObject {
  readonly prompt_tokens?: number | null | undefined
  readonly completion_tokens?: number | null | undefined
}

/**
 * The counts that differ between providers: where the cache-read count comes
 * from (`prompt_tokens_details.cached_tokens`, DeepSeek's
 * `prompt_cache_hit_tokens`) and whether an absent count is `0`
 * (openai-compatible, DeepSeek, OpenAI) or stays `undefined` (Groq).
 *
 * @since 0.1.0
 * @category models
 */
export interface DetailCounts {
  readonly cacheReadTokens: number | undefined
  /** Only OpenAI reports it. */
  readonly cacheWriteTokens?: number | undefined
  readonly reasoningTokens: number | undefined
}

/**
 * V4 usage from a wire usage object (`null`/absent → every count
 * `undefined`): `noCache` = prompt − cache read − cache write,
 * `text` = max(0, completion − reasoning) when reasoning is known, else the
 * completion count; `raw` is the usage object.
 *
 * @since 0.1.0
 * @category converting
 */
export const convertOpenAIFamilyUsage = <U extends WireUsage>(
  usage: U | null | undefined,
  details: (usage: U) => DetailCounts
): Usage => {
  if (usage == null) {
    return emptyUsage()
  }
  const promptTokens = usage.prompt_tokens ?? 0
  const completionTokens = usage.completion_tokens ?? 0
  const { cacheReadTokens, cacheWriteTokens, reasoningTokens } = details(usage)
  return {
    inputTokens: {
      total: promptTokens,
      noCache: promptTokens - (cacheReadTokens ?? 0) - (cacheWriteTokens ?? 0),
      cacheRead: cacheReadTokens,
      cacheWrite: cacheWriteTokens
    },
    outputTokens: {
      total: completionTokens,
      text: reasoningTokens != null ? Math.max(0, completionTokens - reasoningTokens) : completionTokens,
      reasoning: reasoningTokens
    },
    raw: usage
  }
}
