/**
 * Converse usage → V4 usage (upstream `convertAmazonBedrockUsage`: cache
 * reads and writes count into the input total).
 *
 * @internal
 */
import type { JsonObject } from "../../../contract/Json.ts"
import { emptyUsage, type Usage } from "../../../contract/Usage.ts"

/** The usage fields Bedrock reports (every other key is kept in `raw`). */
export interface BedrockUsage {
  readonly inputTokens: number
  readonly outputTokens: number
  readonly cacheReadInputTokens?: number | null | undefined
  readonly cacheWriteInputTokens?: number | null | undefined
}

/** Upstream `convertAmazonBedrockUsage`. */
export const convertUsage = (usage: (BedrockUsage & JsonObject) | undefined | null): Usage => {
  if (usage == null) return emptyUsage()
  const cacheRead = usage.cacheReadInputTokens ?? 0
  const cacheWrite = usage.cacheWriteInputTokens ?? 0
  return {
    inputTokens: {
      total: usage.inputTokens + cacheRead + cacheWrite,
      noCache: usage.inputTokens,
      cacheRead,
      cacheWrite
    },
    outputTokens: { total: usage.outputTokens, text: usage.outputTokens, reasoning: undefined },
    raw: usage
  }
}
