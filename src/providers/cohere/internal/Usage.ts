/**
 * Cohere usage as V4 usage (upstream `convertCohereUsage` of `@ai-sdk/cohere`
 * 4.0.52): the `tokens` counts (not `billed_units`), no cache or reasoning
 * split, the usage object as `raw`; all-undefined when absent.
 */
import { emptyUsage, type Usage } from "../../../contract/Usage.ts"
import type { Usage as WireUsage } from "../CohereApi.ts"

/**
 * V4 usage of a response or `message-end` event.
 *
 * @since 0.1.0
 */
export const convertUsage = (usage: WireUsage | null | undefined): Usage => {
  if (usage == null) return emptyUsage()
  const { input_tokens, output_tokens } = usage.tokens
  return {
    inputTokens: { total: input_tokens, noCache: input_tokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output_tokens, text: output_tokens, reasoning: undefined },
    raw: usage
  }
}
