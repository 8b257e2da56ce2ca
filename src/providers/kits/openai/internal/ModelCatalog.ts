/**
 * The part of upstream's OpenAI model catalog (`openai-model-catalog.ts`,
 * `createOpenAILanguageModelEntry`) that the chat model reads: reasoning
 * support and efforts, sampling rules, service tiers, prompt-cache retention
 * and the default system message mode, all derived from the model id.
 *
 * @internal
 */

/** @internal */
export interface ChatModelEntry {
  readonly reasoningSupport: boolean | "unknown"
  readonly reasoningEfforts: ReadonlyArray<string> | undefined
  readonly reasoningSampling: "unsupported" | "reasoning-effort-none"
  readonly serviceTiers: { readonly flex: boolean; readonly priority: boolean }
  readonly promptCacheRetention: boolean
  readonly chatTemperatureWithoutReasoning: boolean
  readonly chatFunctionToolsWithReasoning: boolean
  readonly systemMessageMode: "system" | "developer" | "remove"
}

// Upstream's `configurableNonReasoning` definition: the only catalog entries whose
// definition changes what the chat model reads.
const configurableNonReasoning = new Set(["gpt-6.1-terra", "gpt-6-luna", "gpt-6-sol"])

const getOSeriesVersion = (modelId: string): number | undefined => {
  const match = /^o(\d+)(?:-|$)/.exec(modelId)
  return match == null ? undefined : Number(match[1])
}

const getGptVersion = (modelId: string):
  | { readonly major: number; readonly minor: number | undefined; readonly variant: string | undefined }
  | undefined =>
{
  const match = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelId)
  return match == null ? undefined : {
    major: Number(match[1]),
    minor: match[2] == null ? undefined : Number(match[2]),
    variant: match[3]
  }
}

const getGpt5ReasoningEfforts = (minor: number): ReadonlyArray<string> => {
  if (minor === 0) return ["minimal", "low", "medium", "high"]
  if (minor === 1) return ["none", "low", "medium", "high"]
  if (minor < 6) return ["none", "low", "medium", "high", "xhigh"]
  return ["none", "low", "medium", "high", "xhigh", "max"]
}

/**
 * The chat-relevant capabilities of a model id, as upstream computes them.
 *
 * @internal
 */
export const getChatModelEntry = (modelId: string): ChatModelEntry => {
  const configurable = configurableNonReasoning.has(modelId)
  const oSeriesVersion = getOSeriesVersion(modelId)
  const gptVersion = getGptVersion(modelId)
  const isRecognizedModelFamily = oSeriesVersion != null || gptVersion != null || /^gpt-4o(?:-|$)/.test(modelId)
  const isGptChatModel = gptVersion?.minor == null && (gptVersion?.variant?.startsWith("chat") ?? false)
  const isGptNanoModel = gptVersion?.variant?.startsWith("nano") ?? false
  const isGpt6OrLaterModel = gptVersion != null && gptVersion.major >= 6
  const isStandardGpt5Model = gptVersion?.major === 5 &&
    (gptVersion.variant == null ||
      /^(?:(?:mini|nano|sol|luna|terra)(?:-\d{4}-\d{2}-\d{2})?|\d{4}-\d{2}-\d{2})$/.test(gptVersion.variant))
  const supportsFlexProcessing = (oSeriesVersion != null && oSeriesVersion >= 3) ||
    (gptVersion != null && gptVersion.major >= 5 && !isGptChatModel)
  const supportsPriorityProcessing = modelId.startsWith("gpt-4") ||
    (gptVersion != null && gptVersion.major >= 5 && !isGptNanoModel && !isGptChatModel) ||
    (oSeriesVersion != null && oSeriesVersion >= 3)
  const isReasoningModel = oSeriesVersion != null || (gptVersion != null && gptVersion.major >= 5 && !isGptChatModel)
  const reasoningSampling = configurable
    ? "reasoning-effort-none"
    : !isGpt6OrLaterModel && gptVersion != null &&
        (gptVersion.major > 5 || (gptVersion.major === 5 && (gptVersion.minor ?? 0) >= 1))
    ? "reasoning-effort-none"
    : "unsupported"
  const reasoningEfforts = configurable
    ? ["none", "low", "medium", "high", "xhigh", "max"]
    : isGpt6OrLaterModel
    ? ["low", "medium", "high", "xhigh", "max"]
    : isStandardGpt5Model
    ? getGpt5ReasoningEfforts(gptVersion.minor ?? 0)
    : undefined
  return {
    reasoningSupport: isRecognizedModelFamily ? isReasoningModel : "unknown",
    reasoningEfforts,
    reasoningSampling,
    serviceTiers: { flex: supportsFlexProcessing, priority: supportsPriorityProcessing },
    promptCacheRetention: !isGpt6OrLaterModel,
    chatTemperatureWithoutReasoning: !modelId.startsWith("gpt-4o-search-preview") &&
      !modelId.startsWith("gpt-4o-mini-search-preview"),
    chatFunctionToolsWithReasoning: !(gptVersion?.major === 5 && (gptVersion.minor ?? 0) >= 6),
    systemMessageMode: isReasoningModel ? "developer" : "system"
  }
}
