/**
 * The portable `reasoning` call option → Bedrock `reasoningConfig`
 * (upstream `resolveAmazonBedrockReasoningConfig`), with the
 * `mapReasoningToProviderEffort` / `mapReasoningToProviderBudget` of the
 * `@ai-sdk/provider-utils` 5.0.51 that Bedrock nests (no fallback to a
 * neighbouring level, unlike the 5.0.81 port in provider-utils).
 *
 * @internal
 */
import type { ReasoningLevel } from "../../../contract/CallOptions.ts"
import type { Warning } from "../../../contract/Warning.ts"
import type { ChatOptions } from "../AmazonBedrockOptions.ts"
import { getModelCapabilities } from "./AnthropicCapabilities.ts"
import { isNova2ReasoningModel } from "./ModelSupport.ts"

type Effort = "low" | "medium" | "high" | "max"

const effortMap: Partial<Record<string, Effort>> = {
  minimal: "low",
  low: "low",
  medium: "medium",
  high: "high",
  xhigh: "max"
}

const budgetPercentages: Partial<Record<string, number>> = {
  minimal: 0.02,
  low: 0.1,
  medium: 0.3,
  high: 0.6,
  xhigh: 0.9
}

const mapEffort = (reasoning: string, warnings: Array<Warning>): Effort | undefined => {
  const mapped = effortMap[reasoning]
  if (mapped == null) {
    warnings.push({ type: "unsupported", feature: "reasoning", details: `reasoning "${reasoning}" is not supported by this model.` })
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

const mapBudget = (reasoning: string, maxOutputTokens: number, warnings: Array<Warning>): number | undefined => {
  const pct = budgetPercentages[reasoning]
  if (pct == null) {
    warnings.push({ type: "unsupported", feature: "reasoning", details: `reasoning "${reasoning}" is not supported by this model.` })
    return undefined
  }
  return Math.min(maxOutputTokens, Math.max(1024, Math.round(maxOutputTokens * pct)))
}

type ReasoningConfig = NonNullable<ChatOptions["reasoningConfig"]>

const withoutUndefined = (config: Record<string, unknown>): ReasoningConfig => {
  const out: { -readonly [K in keyof ReasoningConfig]: ReasoningConfig[K] } = {}
  for (const [key, value] of Object.entries(config)) if (value !== undefined) Reflect.set(out, key, value)
  return out
}

/** Upstream `resolveAmazonBedrockReasoningConfig`: the options with the derived `reasoningConfig`. */
export const resolveReasoningConfig = (options: {
  readonly reasoning: ReasoningLevel | undefined
  readonly bedrockOptions: ChatOptions
  readonly warnings: Array<Warning>
  readonly isAnthropicModel: boolean
  readonly isOpenAIModel: boolean
  readonly modelId: string
}): ChatOptions => {
  const { bedrockOptions, isAnthropicModel, isOpenAIModel, modelId, reasoning, warnings } = options
  if (reasoning === undefined || reasoning === "provider-default") return bedrockOptions
  let reasoningConfig: Record<string, unknown> | undefined = bedrockOptions.reasoningConfig
  const explicit = bedrockOptions.reasoningConfig
  const isNova = isNova2ReasoningModel(modelId)
  if (isAnthropicModel) {
    const capabilities = getModelCapabilities(modelId)
    if (reasoning === "none") {
      reasoningConfig = { type: "disabled" }
    } else if (capabilities.supportsAdaptiveThinking) {
      const effort = mapEffort(reasoning, warnings)
      reasoningConfig = { type: "adaptive", maxReasoningEffort: effort, ...explicit }
    } else {
      const budgetTokens = mapBudget(reasoning, capabilities.maxOutputTokens, warnings)
      if (budgetTokens != null) reasoningConfig = { type: "enabled", budgetTokens, ...explicit }
    }
  } else if (reasoning !== "none") {
    if (isOpenAIModel || isNova || explicit != null) {
      const effort = mapEffort(reasoning, warnings)
      reasoningConfig = { ...(isNova && { type: "enabled" }), maxReasoningEffort: effort, ...explicit }
    } else {
      warnings.push({
        type: "unsupported",
        feature: "reasoning",
        details:
          "Portable reasoning is not supported for this model and will be ignored. If the model supports a provider-specific reasoning configuration, use providerOptions.amazonBedrock.reasoningConfig."
      })
    }
  }
  // A merged `disabled` (user override over a non-none reasoning) drops the
  // derived effort and budget, as upstream.
  if (reasoningConfig !== undefined && reasoningConfig["type"] === "disabled") {
    const { budgetTokens: _budget, maxReasoningEffort: _effort, ...rest } = reasoningConfig
    reasoningConfig = rest
  }
  return reasoningConfig === undefined
    ? bedrockOptions
    : { ...bedrockOptions, reasoningConfig: withoutUndefined(reasoningConfig) }
}
