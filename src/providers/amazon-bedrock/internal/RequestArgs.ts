/**
 * Call options → the Converse request body and warnings (upstream
 * `AmazonBedrockChatLanguageModel.getArgs`). The body is built key by key in
 * upstream's order, with upstream's in-place updates (a `maxTokens` added
 * for a thinking budget lands after the other inference keys), so its JSON
 * text is byte-identical.
 *
 * @internal
 */
import { Effect } from "effect"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import type { CallOptions, CallTool, FunctionTool } from "../../../contract/CallOptions.ts"
import type { Prompt } from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"
import type { ConverseInput } from "../AmazonBedrockApi.ts"
import { AnthropicOptions, ChatOptions } from "../AmazonBedrockOptions.ts"
import { getModelCapabilities, sanitizeJsonSchema } from "./AnthropicCapabilities.ts"
import { convertMessages } from "./ConvertPrompt.ts"
import { isAnthropicModel as detectAnthropicModel, isMistralModel, isNova2ReasoningModel, supportsNativeStructuredOutput, supportsStrictTools } from "./ModelSupport.ts"
import { prepareTools } from "./PrepareTools.ts"
import { resolveReasoningConfig } from "./Reasoning.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

/** The prepared request. */
export interface PreparedArgs {
  readonly command: ConverseInput
  readonly warnings: Array<Warning>
  readonly usesJsonInstruction: boolean
  readonly usesJsonResponseTool: boolean
}

type Mutable = Record<string, unknown>

const isPlainObject = (u: unknown): u is Mutable => typeof u === "object" && u !== null && !Array.isArray(u)

const recordOf = (u: unknown): Mutable => isPlainObject(u) ? u : {}

// Upstream `injectJsonInstructionIntoMessages` with Bedrock's suffix.
const injectJsonInstruction = (prompt: Prompt, schema: unknown): Prompt => {
  const first = prompt[0]
  const existing = first?.role === "system" ? first : undefined
  const base = existing?.content
  const content = [
    base != null && base.length > 0 ? base : undefined,
    base != null && base.length > 0 ? "" : undefined,
    "JSON schema:",
    schema != null ? WireJson.render(schema) : undefined,
    "You MUST answer with only a JSON object that matches the JSON schema above. Do not wrap it in markdown fences or include any other text."
  ].filter((line) => line != null).join("\n")
  const systemMessage = existing !== undefined ? { ...existing, content } : { role: "system" as const, content }
  return [systemMessage, ...(existing !== undefined ? prompt.slice(1) : prompt)]
}

const removeToolContent = (prompt: Prompt): Prompt => {
  const out: Array<Prompt[number]> = []
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        out.push(message)
        break
      case "user":
        if (message.content.length > 0) out.push(message)
        break
      case "assistant": {
        const content = message.content.filter((part) => part.type !== "tool-call" && part.type !== "tool-result")
        if (content.length > 0) out.push({ ...message, content })
        break
      }
      case "tool": {
        const content = message.content.filter((part) => part.type !== "tool-result")
        if (content.length > 0) out.push({ ...message, content })
        break
      }
    }
  }
  return out
}

const parseBedrockOptions = (providerOptions: CallOptions["providerOptions"]) =>
  Effect.flatMap(
    parseProviderOptions("amazonBedrock", providerOptions, ChatOptions),
    (value) => value !== undefined ? Effect.succeed(value) : parseProviderOptions("bedrock", providerOptions, ChatOptions)
  )

const samplingWarning = (feature: string, modelId: string): Warning => ({
  type: "unsupported",
  feature,
  details: `${feature} is not supported by ${modelId} and will be ignored`
})

/** Upstream `getArgs`. */
export const prepareArgs = Effect.fnUntraced(function*(
  options: CallOptions,
  modelId: string,
  modelFamily: "anthropic" | undefined
) {
  const parsed = yield* parseBedrockOptions(options.providerOptions)
  // A mutable copy: upstream updates its parsed options in place.
  let bedrock: ChatOptions & { additionalModelRequestFields?: Mutable | undefined } = { ...(parsed ?? {}) }
  const anthropicOptions = yield* parseProviderOptions("anthropic", options.providerOptions, AnthropicOptions)
  const warnings: Array<Warning> = []
  const capabilities = getModelCapabilities(modelId)
  let { temperature, topK, topP } = options
  const { maxOutputTokens, responseFormat, stopSequences, tools } = options

  if (options.frequencyPenalty != null) warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  if (options.presencePenalty != null) warnings.push({ type: "unsupported", feature: "presencePenalty" })
  if (options.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
  if (capabilities.rejectsSamplingParameters) {
    if (temperature != null) {
      warnings.push(samplingWarning("temperature", modelId))
      temperature = undefined
    }
    if (topK != null) {
      warnings.push(samplingWarning("topK", modelId))
      topK = undefined
    }
    if (topP != null) {
      warnings.push(samplingWarning("topP", modelId))
      topP = undefined
    }
  }

  const openAIModelId = /^(?:[^.]+\.)?(openai\..+)$/.exec(modelId)?.[1]
  const isOpenAIModel = openAIModelId != null
  const isOpenAIGptOssModel = openAIModelId?.startsWith("openai.gpt-oss-") ?? false
  const isNovaReasoningModel = isNova2ReasoningModel(modelId)
  const shouldNormalizeTemperature = !isOpenAIModel || isOpenAIGptOssModel
  if (shouldNormalizeTemperature && temperature != null && temperature > 1) {
    warnings.push({ type: "unsupported", feature: "temperature", details: `${temperature} exceeds bedrock maximum of 1.0. clamped to 1.0` })
    temperature = 1
  } else if (shouldNormalizeTemperature && temperature != null && temperature < 0) {
    warnings.push({ type: "unsupported", feature: "temperature", details: `${temperature} is below bedrock minimum of 0. clamped to 0` })
    temperature = 0
  }
  if (responseFormat != null && responseFormat.type !== "text" && responseFormat.type !== "json") {
    warnings.push({ type: "unsupported", feature: "responseFormat", details: "Only text and json response formats are supported." })
  }

  const isAnthropicModel = detectAnthropicModel({
    modelId,
    modelFamily,
    reasoningBudgetTokens: bedrock.reasoningConfig?.budgetTokens
  })
  bedrock = resolveReasoningConfig({
    reasoning: options.reasoning,
    bedrockOptions: bedrock,
    warnings,
    isAnthropicModel,
    isOpenAIModel,
    modelId
  })
  const isThinkingEnabled = bedrock.reasoningConfig?.type === "enabled" || bedrock.reasoningConfig?.type === "adaptive"
  const structuredOutputMode = bedrock.structuredOutputMode ?? anthropicOptions?.structuredOutputMode ?? "auto"

  if (structuredOutputMode === "jsonTool") {
    const additional: Mutable = { ...bedrock.additionalModelRequestFields }
    const outputConfig = additional["output_config"]
    if (isPlainObject(outputConfig)) {
      const { format: _format, ...withoutFormat } = outputConfig
      if (Object.keys(withoutFormat).length > 0) additional["output_config"] = withoutFormat
      else delete additional["output_config"]
      bedrock = { ...bedrock, additionalModelRequestFields: additional }
    }
  }

  const modelSupportsNativeStructuredOutput = supportsNativeStructuredOutput(modelId) &&
    (capabilities.supportsStructuredOutput || isThinkingEnabled || modelFamily === "anthropic")
  const jsonSchema = responseFormat?.type === "json" ? responseFormat.schema : undefined
  const useNativeStructuredOutput = isAnthropicModel && jsonSchema != null &&
    (structuredOutputMode === "outputFormat" || (structuredOutputMode === "auto" && modelSupportsNativeStructuredOutput))
  const useJsonInstruction = !useNativeStructuredOutput && isAnthropicModel && jsonSchema != null &&
    (capabilities.rejectsForcedToolUse ||
      (structuredOutputMode !== "jsonTool" && !supportsStrictTools(modelId) && tools != null && tools.length > 0))
  const jsonResponseTool: FunctionTool | undefined = jsonSchema != null && !useNativeStructuredOutput && !useJsonInstruction
    ? { type: "function", name: "json", description: "Respond with a JSON object.", inputSchema: jsonSchema }
    : undefined

  const allTools: ReadonlyArray<CallTool> | undefined = jsonResponseTool ? [...(tools ?? []), jsonResponseTool] : tools
  const { additionalTools, betas, toolConfig, toolWarnings } = prepareTools({
    tools: allTools,
    toolChoice: jsonResponseTool != null ? { type: "required" } : options.toolChoice,
    modelId,
    modelFamily,
    reasoningBudgetTokens: bedrock.reasoningConfig?.budgetTokens,
    disableParallelToolUse: anthropicOptions?.disableParallelToolUse,
    rejectsForcedToolUse: capabilities.rejectsForcedToolUse
  })
  warnings.push(...toolWarnings)

  let additional: Mutable | undefined = bedrock.additionalModelRequestFields
  if (additionalTools) additional = { ...additional, ...additionalTools }
  if (betas.size > 0 || bedrock.anthropicBeta) {
    const existing = bedrock.anthropicBeta ?? []
    additional = { ...additional, anthropic_beta: betas.size > 0 ? [...existing, ...betas] : existing }
  }

  const thinkingType = bedrock.reasoningConfig?.type
  const thinkingBudget = thinkingType === "enabled" ? bedrock.reasoningConfig?.budgetTokens : undefined
  const thinkingDisplay = thinkingType === "adaptive" ? bedrock.reasoningConfig?.display : undefined
  const isAnthropicThinkingEnabled = isAnthropicModel && isThinkingEnabled

  const inferenceConfig: Mutable = {
    ...(maxOutputTokens != null && { maxTokens: maxOutputTokens }),
    ...(temperature != null && { temperature }),
    ...(topP != null && { topP }),
    ...(topK != null && { topK }),
    ...(stopSequences != null && { stopSequences })
  }

  if (isAnthropicThinkingEnabled) {
    if (thinkingBudget != null) {
      const maxTokens = inferenceConfig["maxTokens"]
      // `+=` keeps the key's place; a new key goes last, as upstream.
      inferenceConfig["maxTokens"] = typeof maxTokens === "number" ? maxTokens + thinkingBudget : thinkingBudget + 4096
      additional = { ...additional, thinking: { type: "enabled", budget_tokens: thinkingBudget } }
    } else if (thinkingType === "adaptive") {
      additional = { ...additional, thinking: { type: "adaptive", ...(thinkingDisplay != null && { display: thinkingDisplay }) } }
    }
  } else if (!isAnthropicModel) {
    if (bedrock.reasoningConfig?.budgetTokens != null) {
      warnings.push({
        type: "unsupported",
        feature: "budgetTokens",
        details: "budgetTokens applies only to Anthropic models on Bedrock and will be ignored for this model."
      })
    }
    if (thinkingType === "adaptive") {
      warnings.push({
        type: "unsupported",
        feature: "adaptive thinking",
        details: "adaptive thinking type applies only to Anthropic models on Bedrock."
      })
    }
  }

  const maxReasoningEffort = bedrock.reasoningConfig?.maxReasoningEffort
  if (maxReasoningEffort != null) {
    if (isAnthropicModel) {
      additional = { ...additional, output_config: { ...recordOf(additional?.["output_config"]), effort: maxReasoningEffort } }
    } else if (isOpenAIModel) {
      // gpt-oss takes a flat `reasoning_effort`, GPT-5.x a nested `reasoning.effort`.
      additional = isOpenAIGptOssModel
        ? { ...additional, reasoning_effort: maxReasoningEffort }
        : { ...additional, reasoning: { ...recordOf(additional?.["reasoning"]), effort: maxReasoningEffort } }
    } else {
      additional = {
        ...additional,
        reasoningConfig: {
          ...(thinkingType != null && thinkingType !== "adaptive" && { type: thinkingType }),
          ...(thinkingBudget != null && { budgetTokens: thinkingBudget }),
          maxReasoningEffort
        }
      }
    }
  }

  if (
    isNovaReasoningModel && thinkingType === "enabled" &&
    (maxReasoningEffort === "high" || maxReasoningEffort === "xhigh" || maxReasoningEffort === "max") &&
    inferenceConfig["maxTokens"] != null
  ) {
    delete inferenceConfig["maxTokens"]
    warnings.push({
      type: "unsupported",
      feature: "maxOutputTokens",
      details: `maxOutputTokens is not supported by ${modelId} when high reasoning is enabled and will be ignored`
    })
  }

  if (useNativeStructuredOutput && jsonSchema != null) {
    additional = {
      ...additional,
      output_config: {
        ...recordOf(additional?.["output_config"]),
        format: { type: "json_schema", schema: sanitizeJsonSchema(jsonSchema) }
      }
    }
  }

  if (isAnthropicThinkingEnabled) {
    for (const feature of ["temperature", "topP", "topK"] as const) {
      if (inferenceConfig[feature] != null) {
        delete inferenceConfig[feature]
        warnings.push({ type: "unsupported", feature, details: `${feature} is not supported when thinking is enabled` })
      }
    }
  }

  // OpenAI models reject stopSequences on Converse; all but gpt-oss also
  // reject temperature and topP.
  if (isOpenAIModel) {
    const unsupported = isOpenAIGptOssModel ? ["stopSequences"] : ["temperature", "topP", "stopSequences"]
    for (const feature of unsupported) {
      if (inferenceConfig[feature] != null) {
        delete inferenceConfig[feature]
        warnings.push({ type: "unsupported", feature, details: `${feature} is not supported by this OpenAI model on the Converse API` })
      }
    }
  }

  const hasAnyTools = (toolConfig.tools?.length ?? 0) > 0 || additionalTools !== undefined
  let prompt = options.prompt
  if (!hasAnyTools) {
    const hasToolContent = prompt.some((message) =>
      message.role !== "system" && message.content.some((part) => part.type === "tool-call" || part.type === "tool-result")
    )
    if (hasToolContent) {
      prompt = removeToolContent(prompt)
      warnings.push({
        type: "unsupported",
        feature: "toolContent",
        details:
          "Tool calls and results removed from conversation because Bedrock does not support tool content without active tools."
      })
    }
  }
  if (useJsonInstruction) prompt = injectJsonInstruction(prompt, jsonSchema)

  const { messages, system } = yield* convertMessages(prompt, isMistralModel(modelId))

  const raw = recordOf(options.providerOptions?.["amazonBedrock"] ?? options.providerOptions?.["bedrock"])
  const {
    additionalModelRequestFields: _fields,
    reasoningConfig: _reasoning,
    serviceTier: _tier,
    structuredOutputMode: _mode,
    ...passThrough
  } = raw

  const command: ConverseInput = {
    system,
    messages,
    additionalModelRequestFields: additional,
    ...(isAnthropicModel && { additionalModelResponseFieldPaths: ["/delta/stop_sequence"] }),
    ...(Object.keys(inferenceConfig).length > 0 && { inferenceConfig }),
    ...(bedrock.serviceTier != null && { serviceTier: { type: bedrock.serviceTier } }),
    ...passThrough,
    ...(toolConfig.tools !== undefined && toolConfig.tools.length > 0 ? { toolConfig } : {})
  }
  const prepared: PreparedArgs = {
    command,
    warnings,
    usesJsonInstruction: useJsonInstruction,
    usesJsonResponseTool: jsonResponseTool != null
  }
  return prepared
})
