/**
 * `@ai-sdk/openai` 4.0.81's `getOpenAILanguageModelCapabilities` (what Azure's pinned chat model
 * reads instead of 4.0.118's model catalog), in the catalog entry's shape, and 4.0.81's reasoning
 * effort resolution (the effort as given; one the model lacks dropped with a warning).
 *
 * @internal
 */
import type { ReasoningLevel } from "../../../../contract/CallOptions.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { isCustomReasoning } from "../../../../provider-utils/MapReasoningToProvider.ts"
import type { ChatModelEntry } from "./ModelCatalog.ts"

const oSeriesVersion = (modelId: string): number | undefined => {
  const match = /^o(\d+)(?:-|$)/.exec(modelId)
  return match == null ? undefined : Number(match[1])
}

const gptVersion = (modelId: string) => {
  const match = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelId)
  return match == null
    ? undefined
    : { major: Number(match[1]), minor: match[2] == null ? undefined : Number(match[2]), variant: match[3] }
}

/** 4.0.81's capabilities of a model id, as a chat catalog entry. @internal */
export const chatEntry81 = (modelId: string): ChatModelEntry => {
  const o = oSeriesVersion(modelId)
  const gpt = gptVersion(modelId)
  const isGptChatModel = gpt?.minor == null && (gpt?.variant?.startsWith("chat") ?? false)
  const isGptNanoModel = gpt?.variant?.startsWith("nano") ?? false
  const isGpt6OrLater = gpt != null && gpt.major >= 6
  const isReasoningModel = o != null || (gpt != null && gpt.major >= 5 && !isGptChatModel)
  const supportsNonReasoningParameters = !isGpt6OrLater && gpt != null &&
    (gpt.major > 5 || (gpt.major === 5 && (gpt.minor ?? 0) >= 1))
  const efforts = modelId === "gpt-6-sol" || modelId === "gpt-6-luna"
    ? ["none", "low", "medium", "high", "xhigh", "max"]
    : isGpt6OrLater
    ? ["low", "medium", "high", "xhigh", "max"]
    : undefined
  return {
    reasoningSupport: isReasoningModel,
    reasoningEfforts: efforts,
    reasoningSampling: supportsNonReasoningParameters ? "reasoning-effort-none" : "unsupported",
    serviceTiers: {
      flex: (o != null && o >= 3) || (gpt != null && gpt.major >= 5 && !isGptChatModel),
      priority: modelId.startsWith("gpt-4") || (gpt != null && gpt.major >= 5 && !isGptNanoModel && !isGptChatModel) ||
        (o != null && o >= 3)
    },
    // 4.0.81 drops `prompt_cache_retention` for every model with a reasoning-effort list
    promptCacheRetention: efforts === undefined,
    chatTemperatureWithoutReasoning: !modelId.startsWith("gpt-4o-search-preview") &&
      !modelId.startsWith("gpt-4o-mini-search-preview"),
    chatFunctionToolsWithReasoning: true,
    systemMessageMode: isReasoningModel ? "developer" : "system"
  }
}

/** 4.0.81's effort: the provider option, else a custom reasoning level as is; dropped when the model lacks it. @internal */
export const resolveReasoningEffort81 = (
  modelId: string,
  providerEffort: string | undefined,
  reasoning: ReasoningLevel | undefined,
  supported: ReadonlyArray<string> | undefined,
  warnings: Array<Warning>
): string | undefined => {
  const effort = providerEffort ?? (isCustomReasoning(reasoning) ? reasoning : undefined)
  if (effort == null || supported == null || supported.includes(effort)) return effort
  warnings.push({
    type: "unsupported",
    feature: "reasoningEffort",
    details: `${modelId} only supports the following reasoning efforts: ${supported.join(", ")}`
  })
  return undefined
}
