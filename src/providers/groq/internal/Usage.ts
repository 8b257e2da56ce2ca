/**
 * Usage conversion of Groq (`convert-groq-usage.ts`). Groq's finish reasons
 * are the shared `mapOpenAIFamilyFinishReason` without the refusal rule.
 *
 * @since 0.1.0
 */
import type { Usage } from "../../../contract/Usage.ts"
import { convertOpenAIFamilyUsage, type DetailCounts } from "../../kits/openai/Usage.ts"
import type { TokenUsage } from "../GroqApi.ts"

const detailCounts = (usage: TokenUsage): DetailCounts => ({
  cacheReadTokens: usage.prompt_tokens_details?.cached_tokens ?? undefined,
  reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? undefined
})

/**
 * Converts wire usage: cacheRead and reasoning stay undefined when absent.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: TokenUsage | null | undefined): Usage =>
  convertOpenAIFamilyUsage(usage, detailCounts)

