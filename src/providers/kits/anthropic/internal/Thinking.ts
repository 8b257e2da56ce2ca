/**
 * The thinking settings of a request: the call's reasoning level as thinking and effort, the
 * model's limits on them, the `thinking` body field, and the sampling and token limits that
 * thinking sets (upstream `AnthropicLanguageModel.prepareRequest`).
 *
 * @since 0.1.0
 */
import type { Types } from "effect"
import type { CallOptions, ReasoningLevel } from "../../../../contract/CallOptions.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { isCustomReasoning, mapReasoningToProviderBudget, mapReasoningToProviderEffort } from "../../../../provider-utils/MapReasoningToProvider.ts"
import type { LanguageModelOptions, Thinking } from "../AnthropicOptions.ts"
import type { ModelCapabilities } from "./ModelCapabilities.ts"

type Effort = "low" | "medium" | "high" | "xhigh" | "max"

const resolveReasoningConfig = (
  reasoning: Exclude<ReasoningLevel, "provider-default">,
  modelId: string,
  caps: ModelCapabilities,
  warnings: Array<Warning>
): { thinking?: Thinking; effort?: Effort | undefined } => {
  if (reasoning === "none") {
    if (caps.supportsBetweenToolsThinking) {
      warnings.push({
        type: "compatibility",
        feature: "reasoning",
        details: `reasoning 'none' is not supported by ${modelId}; thinking cannot be disabled. ` +
          `Using 'between_tools' thinking, the lowest thinking setting, instead.`
      })
      return { thinking: { type: "between_tools" } }
    }
    if (caps.rejectsThinkingDisabled) {
      warnings.push({
        type: "compatibility",
        feature: "reasoning",
        details: `reasoning 'none' is not supported by ${modelId}; it always uses adaptive thinking. ` +
          `Using effort 'low' to minimize thinking instead.`
      })
      return { effort: "low" }
    }
    return { thinking: { type: "disabled" } }
  }
  if (caps.supportsAdaptiveThinking) {
    const effort = mapReasoningToProviderEffort<Effort>(reasoning, {
      low: "low",
      medium: "medium",
      high: "high",
      ...(caps.supportsXhighEffort && { xhigh: "xhigh" }),
      max: "max"
    }, warnings)
    return { thinking: { type: "adaptive", display: "summarized" }, effort }
  }
  const budgetTokens = mapReasoningToProviderBudget({
    reasoning,
    maxOutputTokens: caps.maxOutputTokens,
    maxReasoningBudget: caps.maxOutputTokens,
    warnings
  })
  return { thinking: { type: "enabled", budgetTokens } }
}

// A model that cannot disable thinking: the lowest thinking setting it has, or none sent.
const reconcileDisabledThinking = (
  anthropicOptions: Types.Mutable<LanguageModelOptions>,
  modelId: string,
  caps: ModelCapabilities,
  warnings: Array<Warning>
): void => {
  if (anthropicOptions.thinking?.type !== "disabled") return
  if (caps.supportsBetweenToolsThinking) {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.thinking",
      details: `thinking cannot be disabled for ${modelId}. ` +
        `Using 'between_tools' thinking, the lowest thinking setting, instead.`
    })
    anthropicOptions.thinking = { type: "between_tools" }
  } else {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.thinking",
      details: `thinking cannot be disabled for ${modelId}; it always uses adaptive thinking. ` +
        `The thinking setting has been removed. Lower 'effort' to reduce thinking.`
    })
    delete anthropicOptions.thinking
  }
}

// Effort `xhigh`/`max` where thinking is disabled or `between_tools`: lowered to `high`.
const lowerEffortAboveHigh = (
  anthropicOptions: Types.Mutable<LanguageModelOptions>,
  modelId: string,
  caps: ModelCapabilities,
  warnings: Array<Warning>
): void => {
  const aboveHigh = anthropicOptions.effort === "xhigh" || anthropicOptions.effort === "max"
  if (caps.rejectsThinkingDisabledAboveHighEffort && anthropicOptions.thinking?.type === "disabled" && aboveHigh) {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.effort",
      details: `effort '${anthropicOptions.effort}' is not supported by ${modelId} when thinking is disabled. ` +
        `The effort has been lowered to 'high'.`
    })
    anthropicOptions.effort = "high"
  }
  if (
    anthropicOptions.thinking?.type === "between_tools" &&
    (anthropicOptions.effort === "xhigh" || anthropicOptions.effort === "max")
  ) {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.effort",
      details: `effort '${anthropicOptions.effort}' is not supported with 'between_tools' thinking. ` +
        `The effort has been lowered to 'high'.`
    })
    anthropicOptions.effort = "high"
  }
}

/**
 * Sets `thinking` and `effort` in the provider options from the call's reasoning level (where
 * the options set no effort), then fits them to what the model accepts, with a warning a change.
 *
 * @since 0.1.0
 */
export const reconcileThinking = (
  anthropicOptions: Types.Mutable<LanguageModelOptions>,
  reasoning: CallOptions["reasoning"],
  modelId: string,
  caps: ModelCapabilities,
  warnings: Array<Warning>
): void => {
  if (isCustomReasoning(reasoning) && anthropicOptions.effort == null) {
    const config = resolveReasoningConfig(reasoning, modelId, caps, warnings)
    if (anthropicOptions.thinking == null && config.thinking !== undefined) anthropicOptions.thinking = config.thinking
    if (config.effort != null && anthropicOptions.thinking?.type !== "disabled") anthropicOptions.effort = config.effort
  }
  if (caps.rejectsThinkingDisabled && anthropicOptions.thinking != null) {
    reconcileDisabledThinking(anthropicOptions, modelId, caps, warnings)
  }
  if (caps.rejectsBudgetThinking && anthropicOptions.thinking?.type === "enabled") {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.thinking",
      details: caps.rejectsThinkingDisabled
        ? `budget-based thinking is not supported by ${modelId}; it always uses adaptive thinking. ` +
          `Using adaptive thinking instead. Use 'effort' to control how much the model thinks.`
        : `budget-based thinking is not supported by ${modelId}. ` +
          `Using adaptive thinking instead. Use 'effort' to control how much the model thinks.`
    })
    anthropicOptions.thinking = { type: "adaptive" }
  }
  lowerEffortAboveHigh(anthropicOptions, modelId, caps, warnings)
}

/**
 * The reconciled thinking setting, in the terms the request body uses.
 *
 * @since 0.1.0
 */
export interface ThinkingSettings {
  readonly type: Thinking["type"]
  /** Thinking is on: enabled, adaptive or between tools. */
  readonly isThinking: boolean
  readonly blockBinding: { readonly prefixMismatchBehavior: "error" | "drop_block" } | undefined
  /** The body has a `thinking` field. */
  readonly send: boolean
  readonly budgetTokens: number | undefined
  readonly display: "omitted" | "summarized" | "updates" | undefined
}

/**
 * The thinking settings of the reconciled `thinking` option.
 *
 * @since 0.1.0
 */
export const thinkingSettingsOf = (thinking: Thinking | undefined): ThinkingSettings => {
  const type = thinking?.type
  const isThinking = type === "enabled" || type === "adaptive" || type === "between_tools"
  const blockBinding = thinking != null && "blockBinding" in thinking ? thinking.blockBinding : undefined
  return {
    type,
    isThinking,
    blockBinding,
    send: isThinking || type === "disabled" || blockBinding != null,
    budgetTokens: thinking?.type === "enabled" ? thinking.budgetTokens : undefined,
    display: thinking?.type === "adaptive" ? thinking.display : undefined
  }
}

/**
 * The body's `thinking` field, where it has one.
 *
 * @since 0.1.0
 */
export const thinkingArgs = (settings: ThinkingSettings) =>
  settings.send && {
    thinking: {
      ...(settings.type != null && { type: settings.type }),
      ...(settings.budgetTokens != null && { budget_tokens: settings.budgetTokens }),
      ...(settings.display != null && { display: settings.display }),
      ...(settings.blockBinding != null &&
        { block_binding: { prefix_mismatch_behavior: settings.blockBinding.prefixMismatchBehavior } })
    }
  }

/**
 * Fits the body to thinking and to the model's output limit: with thinking on, a default budget
 * where none is given, no sampling parameters and the budget added to `max_tokens`; without it,
 * no `top_p` beside a temperature on Anthropic models; `max_tokens` at most the model's maximum.
 *
 * @since 0.1.0
 */
export const applyThinkingLimits = (options: {
  readonly args: { [key: string]: unknown }
  readonly thinking: ThinkingSettings
  readonly sampling: { readonly temperature: number | undefined; readonly topP: number | undefined; readonly topK: number | undefined }
  readonly maxTokens: number
  readonly requestedMaxTokens: number | undefined
  readonly isAnthropicModel: boolean
  readonly modelId: string
  readonly caps: ModelCapabilities
  readonly warnings: Array<Warning>
}): void => {
  const { args, caps, thinking, warnings } = options
  const { temperature, topK, topP } = options.sampling
  let maxTokens = options.maxTokens
  if (thinking.isThinking) {
    let budgetTokens = thinking.budgetTokens
    if (thinking.type === "enabled" && budgetTokens == null) {
      warnings.push({
        type: "compatibility",
        feature: "extended thinking",
        details: "thinking budget is required when thinking is enabled. using default budget of 1024 tokens."
      })
      args["thinking"] = { type: "enabled", budget_tokens: 1024 }
      budgetTokens = 1024
    }
    if (args["temperature"] != null) {
      args["temperature"] = undefined
      warnings.push({ type: "unsupported", feature: "temperature", details: "temperature is not supported when thinking is enabled" })
    }
    if (topK != null) {
      args["top_k"] = undefined
      warnings.push({ type: "unsupported", feature: "topK", details: "topK is not supported when thinking is enabled" })
    }
    if (topP != null) {
      args["top_p"] = undefined
      warnings.push({ type: "unsupported", feature: "topP", details: "topP is not supported when thinking is enabled" })
    }
    maxTokens = maxTokens + (budgetTokens ?? 0)
  } else if (options.isAnthropicModel && topP != null && temperature != null) {
    warnings.push({
      type: "unsupported",
      feature: "topP",
      details: `topP is not supported when temperature is set. topP is ignored.`
    })
    args["top_p"] = undefined
  }
  if (caps.isKnownModel && maxTokens > caps.maxOutputTokens) {
    if (options.requestedMaxTokens != null) {
      warnings.push({
        type: "unsupported",
        feature: "maxOutputTokens",
        details:
          `${maxTokens} (maxOutputTokens + thinkingBudget) is greater than ${options.modelId} ${caps.maxOutputTokens} max output tokens. ` +
          `The max output tokens have been limited to ${caps.maxOutputTokens}.`
      })
    }
    maxTokens = caps.maxOutputTokens
  }
  args["max_tokens"] = maxTokens
}
