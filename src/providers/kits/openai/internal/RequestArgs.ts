/**
 * Port of upstream `OpenAIChatLanguageModel.getArgs` (`@ai-sdk/openai`
 * 4.0.118): call options → the chat completions request body and warnings.
 * The body's key order is upstream's, so the serialized JSON is identical.
 *
 * @internal
 */
import { v4_0_118, type VersionSkew } from "../VersionSkew.ts"
import { Result, Schema } from "effect"
import { isCustomReasoning, mapReasoningToProviderEffort } from "../../../../provider-utils/MapReasoningToProvider.ts"
import { responseFormatBody } from "../ResponseFormatBody.ts"
import type { CallOptions, ReasoningLevel } from "../../../../contract/CallOptions.ts"
import type { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
import type { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { OpenAIChatOptions } from "../OpenAIChatOptions.ts"
import { convertToOpenAIChatMessages, parseProviderOptions } from "./ConvertPrompt.ts"
import { getChatModelEntry } from "./ModelCatalog.ts"
import { chatEntry81, resolveReasoningEffort81 } from "./ModelCapabilities.ts"
import { normalizeOpenAIJsonSchema } from "./NormalizeJsonSchema.ts"
import { prepareChatTools } from "./PrepareTools.ts"

const decodeOptions = Schema.decodeUnknownResult(OpenAIChatOptions)

const allEfforts: ReadonlyArray<string> = ["none", "minimal", "low", "medium", "high", "xhigh", "max"]

// upstream `mapReasoningToProviderEffort` with the identity effort map of the
// supported efforts (`resolveOpenAIReasoningEffort`)
const resolveReasoningEffort = (
  providerEffort: string | undefined,
  reasoning: ReasoningLevel | undefined,
  supported: ReadonlyArray<string> | undefined,
  warnings: Array<Warning>
): string | undefined =>
  providerEffort ??
    mapReasoningToProviderEffort(
      reasoning,
      Object.fromEntries((supported ?? allEfforts).map((effort) => [effort, effort])),
      warnings
    )

/**
 * The request body (without the streaming keys) and the call warnings.
 *
 * @internal
 */
export interface ChatArgs {
  readonly args: Record<string, unknown>
  readonly warnings: Array<Warning>
}

/** @internal */
export const getArgs = (
  config: {
    readonly provider: string
    readonly modelId: string
    readonly requestModelId?: string | undefined
    readonly skew?: VersionSkew | undefined
  },
  options: CallOptions
): Result.Result<ChatArgs, InvalidArgumentError | UnsupportedFunctionalityError> => {
  const { modelId } = config
  const skew = config.skew ?? v4_0_118
  const warnings: Array<Warning> = []
  // (4.0.81 reads `openai` only)
  const namespaces = skew.chatOptions118 && config.provider.includes("azure") ? ["openai", "azure"] : ["openai"]
  let openaiOptions: OpenAIChatOptions = {}
  for (const namespace of namespaces) {
    const parsed = parseProviderOptions(decodeOptions, namespace, options.providerOptions)
    if (Result.isFailure(parsed)) return Result.fail(parsed.failure)
    if (parsed.success !== undefined) openaiOptions = { ...openaiOptions, ...parsed.success }
  }

  const v81 = !skew.chatOptions118
  const entry = v81 ? chatEntry81(modelId) : getChatModelEntry(modelId)
  const tools = options.tools
  const reasoning = options.reasoning

  const requiresNoReasoningEffort = !entry.chatFunctionToolsWithReasoning &&
    openaiOptions.reasoningEffort == null &&
    (tools?.some((tool) => tool.type === "function") ?? false)

  if (requiresNoReasoningEffort && isCustomReasoning(reasoning) && reasoning !== "none") {
    warnings.push({
      type: "compatibility",
      feature: "reasoning",
      details:
        `${modelId} does not support function tools with reasoning in the Chat Completions API. reasoning effort set to "none". Use the Responses API to combine reasoning with function tools.`
    })
  }

  const resolvedReasoningEffort = v81
    ? resolveReasoningEffort81(modelId, openaiOptions.reasoningEffort, reasoning, entry.reasoningEfforts, warnings)
    : requiresNoReasoningEffort
    ? "none"
    : resolveReasoningEffort(
      openaiOptions.reasoningEffort,
      reasoning,
      entry.reasoningEfforts?.filter((effort) => effort !== "max"),
      warnings
    )

  const isReasoningModel = openaiOptions.forceReasoning ?? entry.reasoningSupport === true

  if (options.topK != null) warnings.push({ type: "unsupported", feature: "topK" })

  if (skew.chatOptions118 && namespaces.some((name) => options.providerOptions?.[name]?.reasoningSummary != null)) {
    warnings.push({
      type: "unsupported",
      feature: "reasoningSummary",
      details: "reasoningSummary is only supported by the Responses API, not the Chat Completions API"
    })
  }

  const converted = convertToOpenAIChatMessages(
    options.prompt,
    openaiOptions.systemMessageMode ?? (isReasoningModel ? "developer" : entry.systemMessageMode)
  )
  if (Result.isFailure(converted)) return Result.fail(converted.failure)
  warnings.push(...converted.success.warnings)

  const strictJsonSchema = openaiOptions.strictJsonSchema ?? true
  const responseFormat = options.responseFormat
  let normalizedSchema: Record<string, unknown> | undefined
  if (responseFormat?.type === "json" && responseFormat.schema != null) {
    const normalized = normalizeOpenAIJsonSchema(responseFormat.schema)
    if (Result.isFailure(normalized)) return Result.fail(normalized.failure)
    normalizedSchema = normalized.success.schema
    warnings.push(...normalized.success.warnings)
  }

  const logprobs = openaiOptions.logprobs
  const baseArgs: Record<string, unknown> = {
    model: config.requestModelId ?? modelId,
    logit_bias: openaiOptions.logitBias,
    logprobs: logprobs === true || typeof logprobs === "number" ? true : undefined,
    top_logprobs: typeof logprobs === "number"
      ? logprobs
      : typeof logprobs === "boolean"
      ? logprobs ? 0 : undefined
      : undefined,
    user: openaiOptions.user,
    parallel_tool_calls: openaiOptions.parallelToolCalls,
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    frequency_penalty: options.frequencyPenalty,
    presence_penalty: options.presencePenalty,
    // OpenAI always sends a JSON schema it has (normalized first); the body shape is the shared one.
    response_format: responseFormatBody(
      responseFormat?.type === "json" && normalizedSchema != null
        ? { ...responseFormat, schema: normalizedSchema }
        : responseFormat,
      { structuredOutputs: true, strict: strictJsonSchema }
    ),
    stop: options.stopSequences,
    seed: options.seed,
    verbosity: openaiOptions.textVerbosity,
    max_completion_tokens: openaiOptions.maxCompletionTokens,
    store: openaiOptions.store,
    metadata: openaiOptions.metadata,
    prediction: openaiOptions.prediction,
    reasoning_effort: resolvedReasoningEffort,
    service_tier: openaiOptions.serviceTier,
    prompt_cache_key: openaiOptions.promptCacheKey,
    prompt_cache_options: openaiOptions.promptCacheOptions,
    prompt_cache_retention: openaiOptions.promptCacheRetention,
    safety_identifier: openaiOptions.safetyIdentifier,
    messages: converted.success.messages
  }

  if (!entry.promptCacheRetention && baseArgs.prompt_cache_retention != null) {
    baseArgs.prompt_cache_retention = undefined
    warnings.push({
      type: "unsupported",
      feature: "promptCacheRetention",
      details: "promptCacheRetention is not supported by GPT-6 and later models; use promptCacheOptions instead"
    })
  }

  if (isReasoningModel) {
    if (resolvedReasoningEffort !== "none" || entry.reasoningSampling !== "reasoning-effort-none") {
      if (baseArgs.temperature != null) {
        baseArgs.temperature = undefined
        warnings.push({
          type: "unsupported",
          feature: "temperature",
          details: "temperature is not supported for reasoning models"
        })
      }
      if (baseArgs.top_p != null) {
        baseArgs.top_p = undefined
        warnings.push({ type: "unsupported", feature: "topP", details: "topP is not supported for reasoning models" })
      }
      if (baseArgs.logprobs != null) {
        baseArgs.logprobs = undefined
        warnings.push({ type: "other", message: "logprobs is not supported for reasoning models" })
      }
    }
    if (baseArgs.frequency_penalty != null) {
      baseArgs.frequency_penalty = undefined
      warnings.push({
        type: "unsupported",
        feature: "frequencyPenalty",
        details: "frequencyPenalty is not supported for reasoning models"
      })
    }
    if (baseArgs.presence_penalty != null) {
      baseArgs.presence_penalty = undefined
      warnings.push({
        type: "unsupported",
        feature: "presencePenalty",
        details: "presencePenalty is not supported for reasoning models"
      })
    }
    if (baseArgs.logit_bias != null) {
      baseArgs.logit_bias = undefined
      warnings.push({ type: "other", message: "logitBias is not supported for reasoning models" })
    }
    if (baseArgs.top_logprobs != null) {
      baseArgs.top_logprobs = undefined
      warnings.push({ type: "other", message: "topLogprobs is not supported for reasoning models" })
    }
    if (baseArgs.max_tokens != null) {
      if (baseArgs.max_completion_tokens == null) baseArgs.max_completion_tokens = baseArgs.max_tokens
      baseArgs.max_tokens = undefined
    }
  } else if (!entry.chatTemperatureWithoutReasoning) {
    if (baseArgs.temperature != null) {
      baseArgs.temperature = undefined
      warnings.push({
        type: "unsupported",
        feature: "temperature",
        details: "temperature is not supported for the search preview models and has been removed."
      })
    }
  }

  if (openaiOptions.serviceTier === "flex" && !entry.serviceTiers.flex) {
    warnings.push({
      type: "unsupported",
      feature: "serviceTier",
      details: "flex processing is only available for o3, o4-mini, and gpt-5 models"
    })
    baseArgs.service_tier = undefined
  }
  if (
    (openaiOptions.serviceTier === "priority" || openaiOptions.serviceTier === "fast") && !entry.serviceTiers.priority
  ) {
    warnings.push({
      type: "unsupported",
      feature: "serviceTier",
      details:
        "priority processing is only available for supported models (gpt-4, gpt-5, gpt-5-mini, o3, o4-mini) and requires Enterprise access. gpt-5-nano is not supported"
    })
    baseArgs.service_tier = undefined
  }

  const prepared = prepareChatTools(tools, options.toolChoice)
  if (Result.isFailure(prepared)) return Result.fail(prepared.failure)

  return Result.succeed({
    args: { ...baseArgs, tools: prepared.success.tools, tool_choice: prepared.success.toolChoice },
    warnings: [...warnings, ...prepared.success.toolWarnings]
  })
}
