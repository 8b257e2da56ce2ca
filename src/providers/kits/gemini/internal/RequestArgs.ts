/**
 * The request body of a Gemini call (upstream `GoogleLanguageModel.prepareRequest`
 * and `getArgs`): provider options under the provider's namespaces, the
 * Vertex/Gemini-API-only option warnings, generation config (penalties,
 * response schema, thinking), safety settings, tools and tool config, and
 * the synthetic `json` response tool for JSON with function tools.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import {
  isCustomReasoning,
  mapReasoningToProviderBudget,
  mapReasoningToProviderEffort
} from "../../../../provider-utils/MapReasoningToProvider.ts"
import { resolveProviderOptions } from "../../../../provider-utils/ResolveProviderOptions.ts"
import type { CallOptions, CallTool, FunctionTool } from "../../../../contract/CallOptions.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import * as ConvertToGeminiMessages from "./ConvertPrompt.ts"
import { LanguageModelOptions, type ThinkingConfig } from "../GeminiOptions.ts"
import { downloadToolResultFiles } from "./DownloadToolResultFiles.ts"
import * as ModelCapabilities from "./ModelCapabilities.ts"
import { prepareTools } from "../GeminiTools.ts"

/**
 * What request preparation needs of the model config.
 *
 * @since 0.1.0
 */
export interface RequestConfig {
  /** `google.generative-ai`, `google.vertex.chat`, ...: Vertex behaviour keys off the name, as upstream. */
  readonly provider: string
  readonly modelId: string
  /** Vertex: `gs://` URLs may stay references in Gemini 3 function responses. */
  readonly supportsGoogleCloudStorageUrls?: boolean | undefined
  /** Vertex: tool-result file URLs are downloaded before conversion (upstream `downloadToolResultFiles`). */
  readonly toolResultDownloads?: { readonly maxBytes: number } | undefined
}

/**
 * The prepared request.
 *
 * @since 0.1.0
 */
export interface PreparedRequest {
  readonly args: Record<string, unknown>
  readonly warnings: Array<Warning>
  /** The namespaces provider metadata is written under. */
  readonly providerOptionsNames: ReadonlyArray<string>
  readonly extraHeaders: Record<string, string> | undefined
  /** The call's name of the code execution tool. */
  readonly codeExecutionToolName: string
  readonly jsonResponseToolName: string | undefined
}

const configurableSafetySettingCategories = [
  "HARM_CATEGORY_HATE_SPEECH",
  "HARM_CATEGORY_DANGEROUS_CONTENT",
  "HARM_CATEGORY_HARASSMENT",
  "HARM_CATEGORY_SEXUALLY_EXPLICIT"
] as const

const googleCloudStorageFunctionResponseUrls: Readonly<Record<string, ReadonlyArray<RegExp>>> = {
  "image/png": [/^gs:\/\/.*$/],
  "image/jpeg": [/^gs:\/\/.*$/],
  "image/webp": [/^gs:\/\/.*$/],
  "application/pdf": [/^gs:\/\/.*$/],
  "text/plain": [/^gs:\/\/.*$/]
}

type JsonSchema = Readonly<Record<string, unknown>>

const isSchemaObject = (u: unknown): u is JsonSchema => typeof u === "object" && u !== null && !Array.isArray(u)

const sanitizeDefinition = (definition: unknown): unknown =>
  isSchemaObject(definition) ? sanitizeResponseJsonSchema(definition) : definition

const sanitizeDefinitions = (definitions: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(isSchemaObject(definitions) ? definitions : {}).map(([name, d]) => [name, sanitizeDefinition(d)])
  )

/**
 * Upstream `sanitizeResponseJsonSchema`: `const` becomes a one-value `enum`
 * (Google's `responseJsonSchema` has no `const`), recursively, other keys kept.
 *
 * @since 0.1.0
 */
export const sanitizeResponseJsonSchema = (schema: JsonSchema): JsonSchema => {
  const { additionalProperties, anyOf, const: constValue, items, oneOf, properties, ...result } = schema
  return {
    ...result,
    ...(constValue !== undefined ? { enum: [constValue] } : {}),
    ...(properties != null ? { properties: sanitizeDefinitions(properties) } : {}),
    ...(items != null
      ? { items: Array.isArray(items) ? items.map(sanitizeDefinition) : sanitizeDefinition(items) }
      : {}),
    ...(additionalProperties != null
      ? {
        additionalProperties: typeof additionalProperties === "boolean"
          ? additionalProperties
          : sanitizeDefinition(additionalProperties)
      }
      : {}),
    ...(Array.isArray(anyOf) ? { anyOf: anyOf.map(sanitizeDefinition) } : {}),
    ...(Array.isArray(oneOf) ? { oneOf: oneOf.map(sanitizeDefinition) } : {}),
    ...(result["$defs"] != null ? { $defs: sanitizeDefinitions(result["$defs"]) } : {})
  }
}

const resolveThinkingConfig = (
  reasoning: CallOptions["reasoning"],
  capabilities: ModelCapabilities.ModelCapabilities,
  warnings: Array<Warning>
): Omit<ThinkingConfig, "includeThoughts"> | undefined => {
  if (!isCustomReasoning(reasoning)) return undefined
  if (capabilities.thinkingFormat === "level") {
    // Gemini 3 cannot turn thinking off: `none` maps to the lowest level.
    const thinkingLevel = mapReasoningToProviderEffort<NonNullable<ThinkingConfig["thinkingLevel"]>>(
      reasoning,
      Object.fromEntries((capabilities.thinkingLevels ?? []).map((level) => [level, level])),
      warnings
    )
    return thinkingLevel == null ? undefined : { thinkingLevel }
  }
  if (reasoning === "none" && capabilities.minThinkingBudget === 0) return { thinkingBudget: 0 }
  return {
    thinkingBudget: mapReasoningToProviderBudget({
      reasoning,
      maxOutputTokens: capabilities.reasoningMaxOutputTokens,
      maxReasoningBudget: capabilities.maxThinkingBudget,
      minReasoningBudget: capabilities.minThinkingBudget,
      warnings
    })
  }
}

const prepare = Effect.fnUntraced(function*(config: RequestConfig, options: CallOptions, isStreaming: boolean) {
  const warnings: Array<Warning> = []
  // Vertex reads `googleVertex`, then the legacy `vertex`, and writes both.
  const providerOptionsNames: ReadonlyArray<string> = config.provider.includes("vertex")
    ? ["googleVertex", "vertex"]
    : ["google"]
  const { options: googleOptions } = yield* resolveProviderOptions(
    options.providerOptions,
    [...providerOptionsNames, "google"],
    "first",
    LanguageModelOptions
  )
  const isVertexProvider = config.provider.startsWith("google.vertex.")
  const tools = options.tools

  if (tools?.some((tool) => tool.type === "provider" && tool.id === "google.vertex_rag_store") && !isVertexProvider) {
    warnings.push({
      type: "other",
      message: "The 'vertex_rag_store' tool is only supported with the Google Vertex provider " +
        "and might not be supported or could behave unexpectedly with the current Google provider " +
        `(${config.provider}).`
    })
  }
  if (googleOptions?.streamFunctionCallArguments && !isVertexProvider) {
    warnings.push({
      type: "other",
      message: "'streamFunctionCallArguments' is only supported on the Vertex AI API " +
        "and will be ignored with the current Google provider " +
        `(${config.provider}). See https://docs.cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling#streaming-fc`
    })
  }
  if (googleOptions?.serviceTier && isVertexProvider) {
    warnings.push({
      type: "other",
      message: "'serviceTier' is a Gemini API option and is not supported on Vertex AI. " +
        "Use 'sharedRequestType' (and optionally 'requestType') instead. See " +
        "https://docs.cloud.google.com/vertex-ai/generative-ai/docs/priority-paygo"
    })
  }
  if ((googleOptions?.sharedRequestType || googleOptions?.requestType) && !isVertexProvider) {
    warnings.push({
      type: "other",
      message: "'sharedRequestType' and 'requestType' are Vertex AI options and " +
        `are ignored with the current Google provider (${config.provider}).`
    })
  }
  const extraHeaders = isVertexProvider && (googleOptions?.sharedRequestType || googleOptions?.requestType)
    ? {
      ...(googleOptions.sharedRequestType && { "X-Vertex-AI-LLM-Shared-Request-Type": googleOptions.sharedRequestType }),
      ...(googleOptions.requestType && { "X-Vertex-AI-LLM-Request-Type": googleOptions.requestType })
    }
    : undefined
  const bodyServiceTier = isVertexProvider ? undefined : googleOptions?.serviceTier

  let imageConfig = googleOptions?.imageConfig
  if (imageConfig != null && !isVertexProvider) {
    const { imageOutputOptions, personGeneration, prominentPeople, ...geminiApiImageConfig } = imageConfig
    const dropped = Object.entries({ personGeneration, prominentPeople, imageOutputOptions })
      .filter(([, value]) => value != null)
      .map(([key]) => `'imageConfig.${key}'`)
    if (dropped.length > 0) {
      warnings.push({
        type: "other",
        message: `${dropped.join(", ")} ` +
          `${dropped.length === 1 ? "is a Vertex AI option and is" : "are Vertex AI options and are"} ` +
          `ignored with the current Google provider (${config.provider}).`
      })
      imageConfig = geminiApiImageConfig
    }
  }

  const capabilities = ModelCapabilities.of(config.modelId)
  const isGemmaModel = capabilities.systemInstructionAsUser
  const isGemini25DeveloperApiModel = !isVertexProvider && capabilities.penaltiesOnlyOnVertex
  if (isGemini25DeveloperApiModel && options.frequencyPenalty != null) {
    warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  }
  if (isGemini25DeveloperApiModel && options.presencePenalty != null) {
    warnings.push({ type: "unsupported", feature: "presencePenalty" })
  }

  const usesGemini3Features = capabilities.usesGemini3Features
  const supportedFunctionResponseUrls = usesGemini3Features && config.supportsGoogleCloudStorageUrls
    ? googleCloudStorageFunctionResponseUrls
    : undefined

  const prompt = config.toolResultDownloads === undefined ? options.prompt : yield* downloadToolResultFiles(options.prompt, {
    maxBytes: config.toolResultDownloads.maxBytes,
    supportedUrls: supportedFunctionResponseUrls ?? {}
  })

  const { contents, systemInstruction } = yield* ConvertToGeminiMessages.convert(prompt, {
    isGemmaModel,
    isGemini3Model: usesGemini3Features,
    onWarning: (warning) => warnings.push(warning),
    providerOptionsNames,
    supportsFunctionResponseParts: usesGemini3Features,
    includeFunctionCallIds: !isVertexProvider,
    supportedFunctionResponseUrls
  })

  const { toolConfig: googleToolConfig, toolWarnings, tools: googleTools } = prepareTools({
    tools,
    toolChoice: options.toolChoice,
    modelId: config.modelId,
    isVertexProvider
  })
  let codeExecutionToolName = "code_execution"
  for (const tool of tools ?? []) {
    if (tool.type === "provider" && tool.id === "google.code_execution") codeExecutionToolName = tool.name
  }

  const explicitThinking = googleOptions?.thinkingConfig
  const resolvedThinking = explicitThinking?.thinkingBudget != null || explicitThinking?.thinkingLevel != null
    ? undefined
    : resolveThinkingConfig(options.reasoning, capabilities, warnings)
  const thinkingConfig = explicitThinking || resolvedThinking ? { ...resolvedThinking, ...explicitThinking } : undefined

  const streamFunctionCallArguments = isStreaming && isVertexProvider
    ? (googleOptions?.streamFunctionCallArguments ?? false)
    : undefined

  const safetyThreshold = googleOptions?.threshold
  const safetySettings = googleOptions?.safetySettings ??
    (safetyThreshold != null
      ? configurableSafetySettingCategories.map((category) => ({ category, threshold: safetyThreshold }))
      : undefined)

  const toolConfig = googleToolConfig || streamFunctionCallArguments || googleOptions?.retrievalConfig
    ? {
      ...googleToolConfig,
      ...(streamFunctionCallArguments && {
        functionCallingConfig: { ...googleToolConfig?.functionCallingConfig, streamFunctionCallArguments: true }
      }),
      ...(googleOptions?.retrievalConfig && { retrievalConfig: googleOptions.retrievalConfig })
    }
    : undefined

  const responseFormat = options.responseFormat
  const args: Record<string, unknown> = {
    generationConfig: {
      maxOutputTokens: options.maxOutputTokens,
      temperature: options.temperature,
      topK: options.topK,
      topP: options.topP,
      frequencyPenalty: isGemini25DeveloperApiModel ? undefined : options.frequencyPenalty,
      presencePenalty: isGemini25DeveloperApiModel ? undefined : options.presencePenalty,
      stopSequences: options.stopSequences,
      seed: options.seed,
      responseMimeType: responseFormat?.type === "json" ? "application/json" : undefined,
      responseJsonSchema: responseFormat?.type === "json" && responseFormat.schema != null &&
          (googleOptions?.structuredOutputs ?? true)
        ? sanitizeResponseJsonSchema(responseFormat.schema)
        : undefined,
      ...(googleOptions?.audioTimestamp && { audioTimestamp: googleOptions.audioTimestamp }),
      responseModalities: googleOptions?.responseModalities,
      thinkingConfig,
      ...(googleOptions?.mediaResolution && { mediaResolution: googleOptions.mediaResolution }),
      ...(imageConfig && { imageConfig })
    },
    contents,
    systemInstruction: isGemmaModel ? undefined : systemInstruction,
    safetySettings,
    tools: googleTools,
    toolConfig,
    cachedContent: googleOptions?.cachedContent,
    labels: googleOptions?.labels,
    serviceTier: bodyServiceTier,
    ...(googleOptions?.continuationToken != null && { continuationToken: googleOptions.continuationToken })
  }
  return {
    args,
    warnings: [...warnings, ...toolWarnings],
    providerOptionsNames,
    extraHeaders,
    codeExecutionToolName
  }
})

/**
 * Prepares a call (upstream `getArgs`): with a JSON response format, function
 * tools, and a model that cannot combine them (or a forced tool choice), the
 * schema becomes a synthetic `json` function tool (`json_1`, ... on name
 * clashes) that the call is forced to use.
 *
 * @since 0.1.0
 */
export const prepareRequest = Effect.fnUntraced(function*(
  config: RequestConfig,
  options: CallOptions,
  isStreaming: boolean
) {
  const { responseFormat, toolChoice } = options
  // The caller's tool choice applies before the JSON fallback may force a call.
  const tools: ReadonlyArray<CallTool> | undefined = toolChoice?.type === "none"
    ? options.tools?.filter((tool) => tool.type === "function")
    : options.tools
  const capabilities = ModelCapabilities.of(config.modelId)
  let jsonResponseTool: FunctionTool | undefined
  if (
    responseFormat?.type === "json" && responseFormat.schema != null &&
    tools?.some((tool) => tool.type === "function") && capabilities.jsonResponseTool &&
    (!capabilities.usesGemini3Features || toolChoice?.type === "required" || toolChoice?.type === "tool")
  ) {
    let name = "json"
    for (let suffix = 1; tools.some((tool) => tool.name === name); suffix++) name = `json_${suffix}`
    jsonResponseTool = {
      type: "function",
      name,
      description: responseFormat.description ?? "Respond with a JSON object.",
      inputSchema: responseFormat.schema
    }
  }
  const prepared = yield* prepare(
    config,
    jsonResponseTool === undefined ? options : {
      ...options,
      responseFormat: undefined,
      tools: [...(tools ?? []), jsonResponseTool],
      toolChoice: toolChoice?.type === "tool"
        ? toolChoice
        : toolChoice?.type === "none"
        ? { type: "tool", toolName: jsonResponseTool.name }
        : { type: "required" }
    },
    isStreaming
  )
  const result: PreparedRequest = { ...prepared, jsonResponseToolName: jsonResponseTool?.name }
  return result
})
