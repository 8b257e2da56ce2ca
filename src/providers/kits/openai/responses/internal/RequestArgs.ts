/**
 * Port of upstream `OpenAIResponsesLanguageModel.prepareRequest`
 * (`@ai-sdk/openai` 4.0.118): call options → the Responses request body
 * (upstream's key order, so the serialized JSON is identical), the warnings
 * and what the response mapping needs (tool name mapping, `store`, ...).
 *
 * @internal
 */
import { v4_0_118, type VersionSkew } from "../../VersionSkew.ts"
import { chatEntry81, resolveReasoningEffort81 } from "../../internal/ModelCapabilities.ts"
import { Effect, Result, Schema } from "effect"
import { mapReasoningToProviderEffort } from "../../../../../provider-utils/MapReasoningToProvider.ts"
import type { CallOptions } from "../../../../../contract/CallOptions.ts"
import { UnsupportedFunctionalityError } from "../../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../../contract/Warning.ts"
import { ResponsesOptions, TOP_LOGPROBS_MAX } from "../OpenAIResponsesOptions.ts"
import { getChatModelEntry } from "../../internal/ModelCatalog.ts"
import { normalizeOpenAIJsonSchema } from "../../internal/NormalizeJsonSchema.ts"
import { convertToResponsesInput } from "./ConvertPrompt.ts"
import { parseOptions } from "./InputContext.ts"
import { prepareResponsesTools } from "./PrepareTools.ts"
import { normalizeTextFormat } from "./TextFormat.ts"
import { makeToolNameMapping, type ToolNameMapping } from "./ToolNameMapping.ts"

/**
 * What the model config contributes to a request.
 *
 * @internal
 */
export interface RequestConfig {
  readonly provider: string
  readonly modelId: string
  readonly requestModelId?: string | undefined
  readonly fileIdPrefixes?: ReadonlyArray<string> | undefined
  readonly explicitMessageItemType?: boolean | undefined
  readonly supportsWebSearchSourcesInclude?: boolean | undefined
  /** Default 4.0.118's behaviours. */
  readonly skew?: VersionSkew | undefined
}

/** @internal */
export interface PreparedRequest {
  readonly args: Record<string, unknown>
  readonly warnings: Array<Warning>
  readonly webSearchToolName: string | undefined
  readonly store: boolean | null | undefined
  readonly toolNameMapping: ToolNameMapping
  readonly providerOptionsName: string
  readonly isShellProviderExecuted: boolean
}

const decodeOptions = Schema.decodeUnknownResult(ResponsesOptions)

const allEfforts: ReadonlyArray<string> = ["none", "minimal", "low", "medium", "high", "xhigh", "max"]

const isGpt6OrLater = (modelId: string): boolean => {
  const match = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelId)
  return match != null && Number(match[1]) >= 6
}

/** @internal */
export const prepareRequest = Effect.fnUntraced(function*(config: RequestConfig, options: CallOptions) {
  const warnings: Array<Warning> = []
  const modelId = config.modelId
  // 4.0.81 reads `getOpenAILanguageModelCapabilities`, not the model catalog
  const v81 = !(config.skew ?? v4_0_118).chatOptions118
  const entry = v81 ? chatEntry81(modelId) : getChatModelEntry(modelId)
  const gpt6 = isGpt6OrLater(modelId)
  if (options.topK != null) warnings.push({ type: "unsupported", feature: "topK" })
  if (options.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
  if (options.presencePenalty != null) warnings.push({ type: "unsupported", feature: "presencePenalty" })
  if (options.frequencyPenalty != null) warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  if (options.stopSequences != null) warnings.push({ type: "unsupported", feature: "stopSequences" })

  const providerOptionsName = config.provider.includes("azure") ? "azure" : "openai"
  // `first` resolution: the provider key, else `openai`, used as a whole.
  let openaiOptions = yield* parseOptions(decodeOptions, providerOptionsName, options.providerOptions)
  if (openaiOptions === undefined && providerOptionsName !== "openai") {
    openaiOptions = yield* parseOptions(decodeOptions, "openai", options.providerOptions)
  }
  const o = openaiOptions ?? {}

  const efforts = entry.reasoningEfforts
  const resolvedReasoningEffort = v81
    ? resolveReasoningEffort81(modelId, o.reasoningEffort ?? undefined, options.reasoning, efforts, warnings)
    : o.reasoningEffort ??
    mapReasoningToProviderEffort(
      options.reasoning,
      Object.fromEntries((efforts ?? allEfforts).map((effort) => [effort, effort])),
      warnings
    )
  const resolvedReasoningSummary = o.reasoningSummary !== undefined
    ? o.reasoningSummary
    : resolvedReasoningEffort != null && resolvedReasoningEffort !== "none"
    ? "detailed"
    : undefined
  const isReasoningModel = o.forceReasoning ?? entry.reasoningSupport === true

  if (o.conversation && o.previousResponseId) {
    warnings.push({
      type: "unsupported",
      feature: "conversation",
      details: "conversation and previousResponseId cannot be used together"
    })
  }

  const tools = options.tools
  const toolNameMapping = makeToolNameMapping(tools)
  const customProviderToolNames = new Set<string>()
  const outputSchemaToolNames = new Set<string>()
  const prepared = yield* prepareResponsesTools({
    tools,
    toolChoice: options.toolChoice,
    allowedTools: o.allowedTools,
    toolNameMapping,
    customProviderToolNames,
    outputSchemaToolNames,
    supportsAsyncToolCalling: gpt6,
    providerOptionsName
  })

  // 4.0.81 words the reasons after its one update kind (`reasoningEffortUpdate`)
  const configurationUpdateUnsupportedReason = !gpt6
    ? v81
      ? "reasoningEffortUpdate is only supported by GPT-6 and later models"
      : "Configuration updates are only supported by GPT-6 and later models"
    : o.reasoningMode === "pro" || o.contextManagement != null || o.truncation === "auto"
    ? v81
      ? "reasoningEffortUpdate requires standard reasoning mode without automatic compaction or automatic truncation"
      : "Configuration updates require standard reasoning mode without automatic compaction or automatic truncation"
    : undefined

  const getToolName = (id: string) =>
    tools?.find((tool) => tool.type === "provider" && tool.id === id)?.name
  const hasTool = (id: string) => getToolName(id) != null

  const converted = yield* convertToResponsesInput(options.prompt, {
    toolNameMapping,
    systemMessageMode: o.systemMessageMode ?? (isReasoningModel ? "developer" : entry.systemMessageMode),
    providerOptionsName,
    configurationUpdateUnsupportedReason,
    explicitMessageItemType: config.explicitMessageItemType ?? false,
    fileIdPrefixes: config.fileIdPrefixes,
    passThroughUnsupportedFiles: o.passThroughUnsupportedFiles ?? false,
    store: o.store ?? true,
    isReasoningModel,
    hasConversation: o.conversation != null,
    hasPreviousResponseId: o.previousResponseId != null,
    hasLocalShellTool: hasTool("openai.local_shell"),
    hasShellTool: hasTool("openai.shell"),
    hasApplyPatchTool: hasTool("openai.apply_patch"),
    hasComputerTool: hasTool("openai.computer"),
    toolSearchToolName: getToolName("openai.tool_search"),
    customProviderToolNames: customProviderToolNames.size > 0 ? customProviderToolNames : undefined,
    outputSchemaToolNames: outputSchemaToolNames.size > 0 ? outputSchemaToolNames : undefined
  })
  const input = converted.input
  warnings.push(...converted.warnings)

  const unsupportedEffortReason = (effort: unknown) =>
    typeof effort === "string" && efforts?.includes(effort) === false
      ? `${modelId} only supports the following reasoning efforts: ${efforts.join(", ")}`
      : undefined
  const effortOf = (item: Record<string, unknown>): unknown => {
    const reasoning = item["reasoning"]
    return typeof reasoning === "object" && reasoning !== null ? Reflect.get(reasoning, "effort") : undefined
  }
  for (const item of input) {
    if (item.type !== "configuration_update") continue
    const reason = unsupportedEffortReason(effortOf(item))
    if (reason != null) {
      return yield* new UnsupportedFunctionalityError({
        functionality: "Message-level reasoningEffortUpdate",
        message: reason
      })
    }
  }
  const effortUpdate = o.reasoningEffortUpdate
  const updateReason = configurationUpdateUnsupportedReason ?? unsupportedEffortReason(effortUpdate)
  if (effortUpdate != null && updateReason != null) {
    warnings.push({ type: "unsupported", feature: "reasoningEffortUpdate", details: updateReason })
  } else if (effortUpdate != null) {
    const first = input[0]
    if (first?.type !== "configuration_update" || effortOf(first) !== effortUpdate) {
      input.unshift({ type: "configuration_update", reasoning: { effort: effortUpdate } })
    }
  }
  for (let i = 1; i < input.length; i++) {
    if (input[i - 1].type === "configuration_update" && input[i].type === "configuration_update") {
      return yield* new UnsupportedFunctionalityError({
        functionality: "Adjacent configuration updates",
        message:
          "Configuration updates cannot be consecutive. Set reasoningEffortUpdate and textFormatUpdate in the same empty system message, and omit request-level reasoningEffortUpdate when using message-level updates."
      })
    }
  }
  if (o.compactionTrigger) input.push({ type: "compaction_trigger" })

  const strictJsonSchema = o.strictJsonSchema ?? true
  const responseFormat = options.responseFormat
  let normalizedSchema: Record<string, unknown> | undefined
  if (o.textFormat == null && responseFormat?.type === "json" && responseFormat.schema != null) {
    const normalized = normalizeOpenAIJsonSchema({ ...responseFormat.schema })
    if (Result.isFailure(normalized)) return yield* normalized.failure
    normalizedSchema = normalized.success.schema
    warnings.push(...normalized.success.warnings)
  }
  const requestTextFormat = o.textFormat != null ? yield* normalizeTextFormat(o.textFormat, warnings) : undefined

  let include: ReadonlyArray<string> | undefined | null = o.include
  const addInclude = (key: string) => {
    if (include == null) include = [key]
    else if (!include.includes(key)) include = [...include, key]
  }
  const topLogprobs = typeof o.logprobs === "number" ? o.logprobs : o.logprobs === true ? TOP_LOGPROBS_MAX : undefined
  if (topLogprobs) addInclude("message.output_text.logprobs")
  const webSearchToolName = tools?.find((tool) =>
    tool.type === "provider" && (tool.id === "openai.web_search" || tool.id === "openai.web_search_preview")
  )?.name
  if (webSearchToolName && config.supportsWebSearchSourcesInclude !== false && o.includeWebSearchSources !== false) {
    addInclude("web_search_call.action.sources")
  }
  if (hasTool("openai.code_interpreter")) addInclude("code_interpreter_call.outputs")
  const store = o.store
  if (store === false && isReasoningModel) addInclude("reasoning.encrypted_content")

  const textBody = responseFormat?.type === "json" || requestTextFormat != null || o.textVerbosity
    ? {
      text: {
        ...(requestTextFormat != null
          ? { format: requestTextFormat }
          : responseFormat?.type === "json" && {
            format: normalizedSchema != null
              ? {
                type: "json_schema",
                strict: strictJsonSchema,
                name: responseFormat.name ?? "response",
                description: responseFormat.description,
                schema: normalizedSchema
              }
              : { type: "json_object" }
          }),
        ...(o.textVerbosity && { verbosity: o.textVerbosity })
      }
    }
    : {}

  const cacheOptions = o.promptCacheOptions
  const args: Record<string, unknown> = {
    model: config.requestModelId ?? modelId,
    input,
    temperature: options.temperature,
    top_p: options.topP,
    max_output_tokens: options.maxOutputTokens,
    ...textBody,
    conversation: o.conversation,
    max_tool_calls: o.maxToolCalls,
    metadata: o.metadata,
    parallel_tool_calls: o.parallelToolCalls,
    previous_response_id: o.previousResponseId,
    store,
    user: o.user,
    instructions: o.instructions,
    service_tier: o.serviceTier,
    include,
    prompt_cache_key: o.promptCacheKey,
    prompt_cache_options: cacheOptions && {
      mode: cacheOptions.mode,
      ttl: cacheOptions.ttl,
      prewarm: cacheOptions.prewarm,
      comparison_response_id: cacheOptions.comparisonResponseId
    },
    prompt_cache_retention: o.promptCacheRetention,
    safety_identifier: o.safetyIdentifier,
    top_logprobs: topLogprobs,
    truncation: o.truncation,
    ...(o.contextManagement && {
      context_management: o.contextManagement.map((cm) => ({ type: cm.type, compact_threshold: cm.compactThreshold }))
    }),
    ...(isReasoningModel &&
      (resolvedReasoningEffort != null || resolvedReasoningSummary != null || o.reasoningMode != null ||
        o.reasoningContext != null) && {
      reasoning: {
        ...(resolvedReasoningEffort != null && { effort: resolvedReasoningEffort }),
        ...(resolvedReasoningSummary != null && { summary: resolvedReasoningSummary }),
        ...(o.reasoningMode != null && { mode: o.reasoningMode }),
        ...(o.reasoningContext != null && { context: o.reasoningContext })
      }
    })
  }

  if (!entry.promptCacheRetention && args["prompt_cache_retention"] != null) {
    args["prompt_cache_retention"] = undefined
    warnings.push({
      type: "unsupported",
      feature: "promptCacheRetention",
      details: "promptCacheRetention is not supported by GPT-6 and later models; use promptCacheOptions instead"
    })
  }

  if (isReasoningModel) {
    let effectiveEffort: unknown = resolvedReasoningEffort
    for (const item of input) {
      if (item.type === "configuration_update") effectiveEffort = effortOf(item) ?? effectiveEffort
    }
    if (!(effectiveEffort === "none" && entry.reasoningSampling === "reasoning-effort-none")) {
      if (args["temperature"] != null) {
        args["temperature"] = undefined
        warnings.push({
          type: "unsupported",
          feature: "temperature",
          details: "temperature is not supported for reasoning models"
        })
      }
      if (args["top_p"] != null) {
        args["top_p"] = undefined
        warnings.push({ type: "unsupported", feature: "topP", details: "topP is not supported for reasoning models" })
      }
      const currentInclude: ReadonlyArray<string> | undefined | null = include
      if (gpt6 && (args["top_logprobs"] != null || currentInclude?.includes("message.output_text.logprobs"))) {
        args["top_logprobs"] = undefined
        const filtered = currentInclude?.filter((value) => value !== "message.output_text.logprobs")
        args["include"] = filtered != null && filtered.length > 0 ? filtered : undefined
        warnings.push({
          type: "unsupported",
          feature: "logprobs",
          details: "logprobs is not supported for reasoning models"
        })
      }
    }
  } else {
    if (o.reasoningEffort != null) {
      warnings.push({
        type: "unsupported",
        feature: "reasoningEffort",
        details: "reasoningEffort is not supported for non-reasoning models"
      })
    }
    if (o.reasoningSummary != null) {
      warnings.push({
        type: "unsupported",
        feature: "reasoningSummary",
        details: "reasoningSummary is not supported for non-reasoning models"
      })
    }
    if (o.reasoningMode != null) {
      warnings.push({
        type: "unsupported",
        feature: "reasoningMode",
        details: "reasoningMode is not supported for non-reasoning models"
      })
    }
    if (o.reasoningContext != null) {
      warnings.push({
        type: "unsupported",
        feature: "reasoningContext",
        details: "reasoningContext is not supported for non-reasoning models"
      })
    }
  }

  if (o.serviceTier === "flex" && !entry.serviceTiers.flex) {
    warnings.push({
      type: "unsupported",
      feature: "serviceTier",
      details: "flex processing is only available for o3, o4-mini, and gpt-5 models"
    })
    delete args["service_tier"]
  }
  if ((o.serviceTier === "priority" || o.serviceTier === "fast") && !entry.serviceTiers.priority) {
    warnings.push({
      type: "unsupported",
      feature: "serviceTier",
      details:
        "priority processing is only available for supported models (gpt-4, gpt-5, gpt-5-mini, o3, o4-mini) and requires Enterprise access. gpt-5-nano is not supported"
    })
    delete args["service_tier"]
  }

  const shellTool = tools?.find((tool) => tool.type === "provider" && tool.id === "openai.shell")
  const environment = shellTool?.type === "provider" ? shellTool.args["environment"] : undefined
  const shellEnvType = typeof environment === "object" && environment !== null
    ? Reflect.get(environment, "type")
    : undefined

  const result: PreparedRequest = {
    webSearchToolName,
    args: { ...args, tools: prepared.tools, tool_choice: prepared.toolChoice },
    warnings: [...warnings, ...prepared.toolWarnings],
    store,
    toolNameMapping,
    providerOptionsName,
    isShellProviderExecuted: shellEnvType === "containerAuto" || shellEnvType === "containerReference"
  }
  return result
})
