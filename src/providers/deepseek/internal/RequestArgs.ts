/**
 * Call options → the DeepSeek request body and warnings (upstream
 * `DeepSeekChatLanguageModel.getArgs` and `deepseek-prepare-tools.ts`):
 * thinking mode, reasoning effort, penalty and sampling rules, strict tools
 * only on the beta endpoint.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { CallOptions, CallTool, ToolChoice } from "../../../contract/CallOptions.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { isCustomReasoning, mapReasoningToProviderEffort } from "../../../provider-utils/MapReasoningToProvider.ts"
import { prepareTools as prepareOpenAIFamilyTools } from "../../kits/openai/Tools.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { responseFormatBody } from "../../kits/openai/ResponseFormatBody.ts"
import { convertToDeepSeekMessages, isDeepSeekV4Model } from "./ConvertPrompt.ts"
import { DeepSeekChatOptions } from "../DeepSeekOptions.ts"

/**
 * What `getArgs` needs of the model configuration.
 *
 * @since 0.1.0
 */
export interface ArgsConfig {
  readonly modelId: string
  readonly providerOptionsName: string
  readonly supportsAssistantPrefixCompletion: boolean
  readonly supportsStrictToolCalls: boolean | undefined
  readonly supportsPenaltySampling: boolean
  readonly supportsThinking: boolean | undefined
  readonly supportsStructuredOutputs: boolean
}

const prepareTools = (
  tools: ReadonlyArray<CallTool> | undefined,
  toolChoice: ToolChoice | undefined,
  supportsStrictToolCalls: boolean | undefined
) => {
  const functionTools = (tools ?? []).filter((tool) => tool.type === "function")
  const hasStrictTool = functionTools.some((tool) => tool.strict === true)
  if (hasStrictTool && supportsStrictToolCalls === false) {
    return Effect.fail(
      new UnsupportedFunctionalityError({
        functionality: "DeepSeek strict tool calls",
        message: "DeepSeek strict tool calls require a beta base URL ending in `/beta`."
      })
    )
  }
  if (hasStrictTool && supportsStrictToolCalls === true && functionTools.some((tool) => tool.strict !== true)) {
    return Effect.fail(
      new UnsupportedFunctionalityError({
        functionality: "mixed DeepSeek strict and non-strict tool calls",
        message: "DeepSeek strict mode requires every function tool in the request to set `strict: true`."
      })
    )
  }
  return Effect.succeed(prepareOpenAIFamilyTools(tools, toolChoice))
}

const mapProviderReasoningEffort = (
  reasoningEffort: "low" | "medium" | "high" | "xhigh" | "max",
  warnings: Array<Warning>
): "low" | "high" | "max" => {
  const mapped = reasoningEffort === "medium" ? "high" : reasoningEffort === "xhigh" ? "max" : reasoningEffort
  if (mapped !== reasoningEffort) {
    warnings.push({
      type: "compatibility",
      feature: "reasoningEffort",
      details: `reasoningEffort "${reasoningEffort}" is not a canonical DeepSeek value. mapped to "${mapped}".`
    })
  }
  return mapped
}

/**
 * The request body (without stream fields) and the warnings.
 *
 * @since 0.1.0
 */
export const getArgs = Effect.fnUntraced(function*(options: CallOptions, config: ArgsConfig) {
  const deepseekOptions: DeepSeekChatOptions =
    (yield* parseProviderOptions(config.providerOptionsName, options.providerOptions, DeepSeekChatOptions)) ?? {}
  const { responseFormat, temperature, topP } = options
  const { messages, warnings } = yield* convertToDeepSeekMessages({
    prompt: options.prompt,
    responseFormat,
    modelId: config.modelId,
    providerOptionsName: config.providerOptionsName,
    supportsAssistantPrefixCompletion: config.supportsAssistantPrefixCompletion,
    supportsStructuredOutputs: config.supportsStructuredOutputs
  })
  const allWarnings: Array<Warning> = [...warnings]
  if (options.topK != null) allWarnings.push({ type: "unsupported", feature: "topK" })
  if (options.seed != null) allWarnings.push({ type: "unsupported", feature: "seed" })
  if (!config.supportsPenaltySampling && options.frequencyPenalty != null) {
    allWarnings.push({
      type: "deprecated",
      setting: "frequencyPenalty",
      message:
        "frequencyPenalty is deprecated by DeepSeek and has been omitted. Remove frequencyPenalty from the request."
    })
  }
  if (!config.supportsPenaltySampling && options.presencePenalty != null) {
    allWarnings.push({
      type: "deprecated",
      setting: "presencePenalty",
      message:
        "presencePenalty is deprecated by DeepSeek and has been omitted. Remove presencePenalty from the request."
    })
  }

  const prepared = yield* prepareTools(options.tools, options.toolChoice, config.supportsStrictToolCalls)

  const thinkingType = deepseekOptions.thinking?.type
  if (thinkingType === "adaptive") {
    allWarnings.push({
      type: "compatibility",
      feature: "thinking.type",
      details: "thinking.type \"adaptive\" is not a canonical DeepSeek value. mapped to \"enabled\"."
    })
  }
  const reasoning = options.reasoning
  const thinking = config.supportsThinking === false
    ? undefined
    : thinkingType != null
    ? { type: thinkingType === "adaptive" ? "enabled" : thinkingType }
    : isCustomReasoning(reasoning)
    ? { type: reasoning === "none" ? "disabled" : "enabled" }
    : undefined
  const isThinkingEnabled = config.supportsThinking !== false && thinking?.type !== "disabled" &&
    (thinking != null || config.modelId === "deepseek-reasoner" || isDeepSeekV4Model(config.modelId))

  if (isThinkingEnabled && temperature != null) {
    allWarnings.push({
      type: "unsupported",
      feature: "temperature",
      details:
        "temperature has no effect when DeepSeek thinking is enabled. Set providerOptions.deepseek.thinking.type to 'disabled' to use temperature."
    })
  }
  if (isThinkingEnabled && topP != null) {
    allWarnings.push({
      type: "unsupported",
      feature: "topP",
      details:
        "topP has no effect when DeepSeek thinking is enabled. Set providerOptions.deepseek.thinking.type to 'disabled' to use topP."
    })
  }

  const reasoningEffort = deepseekOptions.reasoningEffort != null
    ? mapProviderReasoningEffort(deepseekOptions.reasoningEffort, allWarnings)
    : isCustomReasoning(reasoning) && reasoning !== "none"
    ? mapReasoningToProviderEffort(
      reasoning,
      { minimal: "low", low: "low", medium: "high", high: "high", xhigh: "max" },
      allWarnings
    )
    : undefined

  const args: Record<string, unknown> = {
    model: config.modelId,
    ...((deepseekOptions.logprobs === true || deepseekOptions.topLogprobs != null) && { logprobs: true }),
    ...(deepseekOptions.topLogprobs != null && { top_logprobs: deepseekOptions.topLogprobs }),
    max_tokens: options.maxOutputTokens,
    temperature: isThinkingEnabled ? undefined : temperature,
    top_p: isThinkingEnabled ? undefined : topP,
    frequency_penalty: config.supportsPenaltySampling ? options.frequencyPenalty : undefined,
    presence_penalty: config.supportsPenaltySampling ? options.presencePenalty : undefined,
    response_format: responseFormatBody(responseFormat, {
      structuredOutputs: config.supportsStructuredOutputs,
      strict: deepseekOptions.strictJsonSchema ?? true
    }),
    stop: options.stopSequences,
    messages,
    tools: prepared.tools,
    tool_choice: prepared.toolChoice,
    thinking,
    ...(deepseekOptions.userId != null && { user_id: deepseekOptions.userId }),
    ...(thinking?.type !== "disabled" && reasoningEffort != null && { reasoning_effort: reasoningEffort })
  }
  return { args, warnings: [...allWarnings, ...prepared.toolWarnings] }
})
