/**
 * The top-level `reasoning` call option as upstream provider-utils maps it
 * (`isCustomReasoning`, `mapReasoningToProviderEffort`).
 *
 * @since 0.1.0
 */
import type { ReasoningLevel } from "../../../spec/CallOptions.ts"
import type { Warning } from "../../../spec/Warning.ts"

/**
 * A reasoning level other than `none` and `provider-default`.
 *
 * @since 0.1.0
 */
export type EffortLevel = Exclude<ReasoningLevel, "none" | "provider-default">

const levels: ReadonlyArray<EffortLevel> = ["minimal", "low", "medium", "high", "xhigh", "max"]

/**
 * True for a reasoning value the caller set explicitly (not absent, not `provider-default`).
 *
 * @since 0.1.0
 */
export const isCustomReasoning = (
  reasoning: ReasoningLevel | undefined
): reasoning is EffortLevel | "none" => reasoning !== undefined && reasoning !== "provider-default"

/**
 * Maps a reasoning level to a provider effort with the nearest-lower-then-higher
 * fallback and the upstream warnings.
 *
 * @since 0.1.0
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
