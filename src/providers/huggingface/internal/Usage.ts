/**
 * Usage of the Hugging Face Responses API (upstream
 * `convert-huggingface-responses-usage.ts`).
 */
import type { JsonObject } from "../../../contract/Json.ts"
import { emptyUsage, type Usage } from "../../../contract/Usage.ts"

/**
 * The usage fields read (the typed usage, or a raw one that has them).
 *
 * @since 0.1.0
 */
export interface UsageInput extends JsonObject {
  readonly input_tokens: number
  readonly input_tokens_details?: { readonly cached_tokens: number } | undefined
  readonly output_tokens: number
  readonly output_tokens_details?: { readonly reasoning_tokens: number } | undefined
}

/**
 * Usage with cached tokens inside the input count; all-undefined when absent.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: UsageInput | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const cached = usage.input_tokens_details?.cached_tokens ?? 0
  const reasoning = usage.output_tokens_details?.reasoning_tokens ?? 0
  return {
    inputTokens: { total: usage.input_tokens, noCache: usage.input_tokens - cached, cacheRead: cached, cacheWrite: undefined },
    outputTokens: { total: usage.output_tokens, text: usage.output_tokens - reasoning, reasoning },
    raw: usage
  }
}
