/**
 * Core token usage (`LanguageModelUsage` of `ai`): the flattened form of the V4 usage, and how
 * usages of several steps add up. Mirrors `ai/src/types/usage.ts`.
 *
 * @since 0.1.0
 */
import type { JsonObject } from "../contract/Json.ts"
import type { Usage } from "../contract/Usage.ts"

/**
 * Token usage of a step or of a whole generation.
 *
 * @since 0.1.0
 * @category models
 */
export interface LanguageModelUsage {
  readonly inputTokens: number | undefined
  readonly inputTokenDetails: {
    readonly noCacheTokens: number | undefined
    readonly cacheReadTokens: number | undefined
    readonly cacheWriteTokens: number | undefined
  }
  readonly outputTokens: number | undefined
  readonly outputTokenDetails: {
    readonly textTokens: number | undefined
    readonly reasoningTokens: number | undefined
  }
  readonly totalTokens: number | undefined
  readonly raw?: JsonObject | undefined
}

/**
 * Adds two optional counts: undefined only when both are.
 *
 * @since 0.1.0
 * @category utils
 */
export const addTokenCounts = (a: number | undefined, b: number | undefined): number | undefined =>
  a == null && b == null ? undefined : (a ?? 0) + (b ?? 0)

/**
 * Converts a V4 usage to the core usage (`totalTokens` = input total + output total).
 *
 * @since 0.1.0
 * @category converting
 */
export const asLanguageModelUsage = (usage: Usage): LanguageModelUsage => ({
  inputTokens: usage.inputTokens.total,
  inputTokenDetails: {
    noCacheTokens: usage.inputTokens.noCache,
    cacheReadTokens: usage.inputTokens.cacheRead,
    cacheWriteTokens: usage.inputTokens.cacheWrite
  },
  outputTokens: usage.outputTokens.total,
  outputTokenDetails: {
    textTokens: usage.outputTokens.text,
    reasoningTokens: usage.outputTokens.reasoning
  },
  totalTokens: addTokenCounts(usage.inputTokens.total, usage.outputTokens.total),
  raw: usage.raw
})

/**
 * A usage with every count undefined (upstream `createNullLanguageModelUsage`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const nullUsage = (): LanguageModelUsage => ({
  inputTokens: undefined,
  inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: undefined, cacheWriteTokens: undefined },
  outputTokens: undefined,
  outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
  totalTokens: undefined,
  raw: undefined
})

const isNull = (u: LanguageModelUsage): boolean =>
  u.inputTokens == null &&
  u.inputTokenDetails.noCacheTokens == null &&
  u.inputTokenDetails.cacheReadTokens == null &&
  u.inputTokenDetails.cacheWriteTokens == null &&
  u.outputTokens == null &&
  u.outputTokenDetails.textTokens == null &&
  u.outputTokenDetails.reasoningTokens == null &&
  u.totalTokens == null &&
  u.raw == null

/**
 * Adds two usages. `raw` survives only when one side is entirely empty (upstream rule: raw
 * provider usages cannot be summed).
 *
 * @since 0.1.0
 * @category utils
 */
export const add = (a: LanguageModelUsage, b: LanguageModelUsage): LanguageModelUsage => {
  const raw = isNull(a) ? b.raw : isNull(b) ? a.raw : undefined
  return {
    inputTokens: addTokenCounts(a.inputTokens, b.inputTokens),
    inputTokenDetails: {
      noCacheTokens: addTokenCounts(a.inputTokenDetails.noCacheTokens, b.inputTokenDetails.noCacheTokens),
      cacheReadTokens: addTokenCounts(a.inputTokenDetails.cacheReadTokens, b.inputTokenDetails.cacheReadTokens),
      cacheWriteTokens: addTokenCounts(a.inputTokenDetails.cacheWriteTokens, b.inputTokenDetails.cacheWriteTokens)
    },
    outputTokens: addTokenCounts(a.outputTokens, b.outputTokens),
    outputTokenDetails: {
      textTokens: addTokenCounts(a.outputTokenDetails.textTokens, b.outputTokenDetails.textTokens),
      reasoningTokens: addTokenCounts(a.outputTokenDetails.reasoningTokens, b.outputTokenDetails.reasoningTokens)
    },
    totalTokens: addTokenCounts(a.totalTokens, b.totalTokens),
    ...(raw == null ? {} : { raw })
  }
}
