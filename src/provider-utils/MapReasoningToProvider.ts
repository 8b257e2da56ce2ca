/**
 * The top-level `reasoning` call option mapped to a provider's effort string
 * or token budget (upstream provider-utils `map-reasoning-to-provider.ts`).
 *
 * @since 0.1.0
 */
import type { ReasoningLevel } from "../contract/CallOptions.ts"
import type { Warning } from "../contract/Warning.ts"

/**
 * A reasoning level other than `none` and `provider-default`.
 *
 * @since 0.1.0
 * @category models
 */
export type EffortLevel = Exclude<ReasoningLevel, "none" | "provider-default">

// ascending: the fallback walks down from the requested level, then up
const levels: ReadonlyArray<EffortLevel> = ["minimal", "low", "medium", "high", "xhigh", "max"]

/**
 * True for a reasoning value the caller set explicitly (not absent, not `provider-default`).
 *
 * @since 0.1.0
 * @category guards
 */
export const isCustomReasoning = (
  reasoning: ReasoningLevel | undefined
): reasoning is EffortLevel | "none" => reasoning !== undefined && reasoning !== "provider-default"

/**
 * Maps a reasoning level to a provider effort: the level itself when the map
 * has it, else the nearest lower level, else the nearest higher one (`none` is
 * never a fallback). Pushes upstream's `compatibility` warning when the effort
 * sent differs from the request and its `unsupported` warning when nothing
 * maps; `undefined` for an absent or `provider-default` reasoning. Upstream's
 * `providerOptionsEffort` short-cut is the caller's (`options.effort ?? map(...)`).
 *
 * @since 0.1.0
 * @category converting
 */
export const mapReasoningToProviderEffort = <T extends string>(
  reasoning: ReasoningLevel | undefined,
  effortMap: Partial<Record<EffortLevel | "none", T>>,
  warnings: Array<Warning>
): T | undefined => {
  if (!isCustomReasoning(reasoning)) {
    return undefined
  }
  const index = reasoning === "none" ? -1 : levels.indexOf(reasoning)
  const candidates: ReadonlyArray<EffortLevel | "none"> = [
    reasoning,
    ...levels.slice(0, Math.max(index, 0)).reverse(),
    ...levels.slice(index + 1)
  ]
  const level = candidates.find((candidate) => effortMap[candidate] != null)
  const mapped = level === undefined ? undefined : effortMap[level]
  if (mapped === undefined) {
    warnings.push({
      type: "unsupported",
      feature: "reasoning",
      details: `reasoning "${reasoning}" is not supported by this model.`
    })
    return undefined
  }
  if (mapped !== reasoning) {
    warnings.push({
      type: "compatibility",
      feature: "reasoning",
      details: `reasoning "${reasoning}" is not directly supported by this model. mapped to effort "${mapped}".`
    })
  }
  return mapped
}

const defaultBudgetPercentages: Record<EffortLevel, number> = {
  minimal: 0.02,
  low: 0.1,
  medium: 0.3,
  high: 0.6,
  xhigh: 0.9,
  max: 0.95
}

/**
 * Maps a reasoning level to a token budget: `maxOutputTokens` times the
 * level's percentage (`budgetPercentages` over upstream's defaults), rounded
 * and clamped to `[minReasoningBudget (1024), maxReasoningBudget]`. `none`
 * gives the minimum with upstream's `compatibility` warning; callers that can
 * turn reasoning off handle `none` first.
 *
 * @since 0.1.0
 * @category converting
 */
export const mapReasoningToProviderBudget = (options: {
  readonly reasoning: EffortLevel | "none"
  readonly maxOutputTokens: number
  readonly maxReasoningBudget: number
  readonly minReasoningBudget?: number | undefined
  readonly budgetPercentages?: Partial<Record<EffortLevel, number>> | undefined
  readonly warnings: Array<Warning>
}): number => {
  const { maxOutputTokens, maxReasoningBudget, reasoning, warnings } = options
  const minReasoningBudget = options.minReasoningBudget ?? 1024
  if (reasoning === "none") {
    warnings.push({
      type: "compatibility",
      feature: "reasoning",
      details:
        `reasoning "none" is not supported by this model. mapped to the minimum reasoning budget of ${minReasoningBudget} tokens.`
    })
    return minReasoningBudget
  }
  const percentage = options.budgetPercentages?.[reasoning] ?? defaultBudgetPercentages[reasoning]
  return Math.min(maxReasoningBudget, Math.max(minReasoningBudget, Math.round(maxOutputTokens * percentage)))
}
