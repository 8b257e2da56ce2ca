/**
 * Call options → request body, warnings and beta headers (upstream
 * `AnthropicLanguageModel.prepareRequest`).
 *
 * @since 0.1.0
 */
import { Effect, Result } from "effect"
import type { CallOptions, CallTool, FunctionTool, ReasoningLevel } from "../../../../contract/CallOptions.ts"
import { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { isCustomReasoning, mapReasoningToProviderBudget, mapReasoningToProviderEffort } from "../../../../provider-utils/MapReasoningToProvider.ts"
import { parseProviderOptions } from "../../../../provider-utils/ParseProviderOptions.ts"
import { resolveProviderOptions } from "../../../../provider-utils/ResolveProviderOptions.ts"
import { resolveProviderReference } from "../../../../provider-utils/ResolveProviderReference.ts"
import { LanguageModelOptions, type Thinking } from "../AnthropicOptions.ts"
import { makeCacheControlValidator } from "./CacheControl.ts"
import { convertToAnthropicPrompt } from "./ConvertPrompt.ts"
import { getModelCapabilities, type ModelCapabilities } from "./ModelCapabilities.ts"
import { hasDynamicFilteringWebToolWithoutCodeExecution, prepareTools, type RequestTool } from "./PrepareTools.ts"
import { sanitizeJsonSchema, supportsNativeStructuredOutputSchema } from "./StructuredOutput.ts"
import { toolsetNames } from "./Toolset.ts"
import { makeToolNameMapping, type ToolNameMapping } from "./ToolNameMapping.ts"

/**
 * The prepared request.
 *
 * @since 0.1.0
 */
export interface PreparedRequest {
  readonly args: { readonly [key: string]: unknown }
  readonly warnings: Array<Warning>
  readonly betas: Set<string>
  readonly markCodeExecutionDynamic: boolean
  readonly usesJsonResponseTool: boolean
  readonly includePings: boolean
  readonly toolNameMapping: ToolNameMapping
  readonly preparedTools: Array<RequestTool> | undefined
  /** The provider name's first segment (`anthropic`, `googleVertex`, `bedrock`): the custom options key. */
  readonly providerOptionsName: string
  /** The call used the custom key itself (not only `anthropic` or a legacy alias): metadata gets that key too. */
  readonly usedCustomProviderKey: boolean
}

/**
 * What a host changes in the request preparation (upstream
 * `AnthropicLanguageModelConfig`'s `provider` and capability flags).
 *
 * @since 0.1.0
 */
export interface HostOptions {
  /** The provider name; its first dot-separated segment is the custom provider options key. */
  readonly provider: string
  /** Native structured output in `structuredOutputMode: "auto"`; default `true`. */
  readonly supportsNativeStructuredOutput?: boolean | undefined
  /** Strict tool input schemas; default `true`. */
  readonly supportsStrictTools?: boolean | undefined
}

// Upstream `getProviderOptionsName`.
const providerOptionsNameOf = (provider: string): string => {
  const dot = provider.indexOf(".")
  return dot === -1 ? provider : provider.substring(0, dot)
}

// Upstream `LEGACY_PROVIDER_OPTIONS_NAMES`: Vertex's key was `vertex` before `googleVertex`.
const legacyProviderOptionsNames: Readonly<Record<string, ReadonlyArray<string>>> = { googleVertex: ["vertex"] }

type Effort = "low" | "medium" | "high" | "xhigh" | "max"
type Mutable<T> = { -readonly [K in keyof T]: T[K] }

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

/**
 * Builds the request body for a call; `userSuppliedBetas` are the betas of
 * the configured and per-call `anthropic-beta` headers.
 *
 * @since 0.1.0
 */
export const prepareRequest = Effect.fnUntraced(function*(options: {
  readonly modelId: string
  readonly callOptions: CallOptions
  readonly stream: boolean
  readonly userSuppliedBetas: Set<string>
  /** The host's provider name and flags; default the Anthropic API's (`anthropic.messages`). */
  readonly host?: HostOptions | undefined
}) {
  const { callOptions: call, modelId, stream } = options
  const host = options.host ?? { provider: "anthropic.messages" }
  const warnings: Array<Warning> = []
  let temperature = call.temperature
  let topP = call.topP
  let topK = call.topK

  if (call.frequencyPenalty != null) warnings.push({ type: "unsupported", feature: "frequencyPenalty" })
  if (call.presencePenalty != null) warnings.push({ type: "unsupported", feature: "presencePenalty" })
  if (call.seed != null) warnings.push({ type: "unsupported", feature: "seed" })
  if (temperature != null && temperature > 1) {
    warnings.push({
      type: "unsupported",
      feature: "temperature",
      details: `${temperature} exceeds anthropic maximum of 1.0. clamped to 1.0`
    })
    temperature = 1
  } else if (temperature != null && temperature < 0) {
    warnings.push({
      type: "unsupported",
      feature: "temperature",
      details: `${temperature} is below anthropic minimum of 0. clamped to 0`
    })
    temperature = 0
  }
  const responseFormat = call.responseFormat
  if (responseFormat?.type === "json") {
    if (responseFormat.schema == null) {
      warnings.push({
        type: "unsupported",
        feature: "responseFormat",
        details: "JSON response format requires a schema. The response format is ignored."
      })
    }
  }
  const responseSchema = responseFormat?.type === "json" ? responseFormat.schema : undefined

  const providerOptionsName = providerOptionsNameOf(host.provider)
  const parsed = yield* parseProviderOptions("anthropic", call.providerOptions, LanguageModelOptions)
  // The custom key and its legacy aliases are alternatives: the first present one is used.
  const custom = yield* resolveProviderOptions(
    call.providerOptions,
    providerOptionsName !== "anthropic"
      ? [providerOptionsName, ...(legacyProviderOptionsNames[providerOptionsName] ?? [])]
      : [],
    "first",
    LanguageModelOptions
  )
  const usedCustomProviderKey = custom.namespaces[0] === providerOptionsName
  const anthropicOptions: Mutable<LanguageModelOptions> = Object.assign({}, parsed ?? {}, custom.options ?? {})

  // Hosts other than Anthropic (and MiniMax) have no tier list: the tier is sent as given.
  if (
    providerOptionsName === "anthropic" && anthropicOptions.serviceTier != null &&
    !["auto", "standard_only"].includes(anthropicOptions.serviceTier)
  ) {
    warnings.push({
      type: "unsupported",
      feature: "serviceTier",
      details:
        `serviceTier "${anthropicOptions.serviceTier}" is not supported by anthropic. Use "auto" or "standard_only".`
    })
    delete anthropicOptions.serviceTier
  }

  const caps = getModelCapabilities(modelId)
  if (!caps.isKnownModel && call.maxOutputTokens == null) {
    warnings.push({
      type: "compatibility",
      feature: "maxOutputTokens",
      details: `The model "${modelId}" is unknown. ` +
        `The max output tokens have been limited to ${caps.maxOutputTokens}. ` +
        `Set maxOutputTokens explicitly to override this limit.`
    })
  }
  if (caps.rejectsSamplingParameters) {
    if (temperature != null) {
      warnings.push({
        type: "unsupported",
        feature: "temperature",
        details: `temperature is not supported by ${modelId} and will be ignored`
      })
      temperature = undefined
    }
    if (topK != null) {
      warnings.push({ type: "unsupported", feature: "topK", details: `topK is not supported by ${modelId} and will be ignored` })
      topK = undefined
    }
    if (topP != null) {
      warnings.push({ type: "unsupported", feature: "topP", details: `topP is not supported by ${modelId} and will be ignored` })
      topP = undefined
    }
  }
  const isAnthropicModel = caps.isKnownModel || modelId.includes("claude-")
  const supportsStructuredOutput = (host.supportsNativeStructuredOutput ?? true) && caps.supportsStructuredOutput
  const supportsStrictTools = (host.supportsStrictTools ?? true) && caps.supportsStructuredOutput
  const structuredOutputMode = anthropicOptions.structuredOutputMode ?? "auto"
  let useStructuredOutput = structuredOutputMode === "outputFormat" ||
    (structuredOutputMode === "auto" && supportsStructuredOutput &&
      (responseSchema == null || supportsNativeStructuredOutputSchema(responseSchema)))
  // The JSON response tool relies on forced tool use, which some models
  // reject: fall back to native structured outputs unless they would reject
  // the schema or lose data from it.
  if (
    !useStructuredOutput && caps.rejectsForcedToolUse && caps.supportsStructuredOutput && responseSchema != null &&
    supportsNativeStructuredOutputSchema(responseSchema)
  ) {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.structuredOutputMode",
      details: `structuredOutputMode 'jsonTool' is not supported by ${modelId} because it rejects forced tool use. ` +
        `Using 'outputFormat' instead.`
    })
    useStructuredOutput = true
  }
  const jsonResponseTool: FunctionTool | undefined = responseSchema != null && !useStructuredOutput
    ? { type: "function", name: "json", description: "Respond with a JSON object.", inputSchema: responseSchema }
    : undefined
  if (jsonResponseTool != null && anthropicOptions.disableParallelToolUse === false) {
    warnings.push({
      type: "unsupported",
      feature: "providerOptions.anthropic.disableParallelToolUse",
      details: "`disableParallelToolUse: false` is ignored when using the JSON response tool. " +
        "Parallel tool use is disabled to ensure a single coherent JSON tool call."
    })
  }

  const contextManagement = anthropicOptions.contextManagement
  const compaction = anthropicOptions.compaction
  if (contextManagement != null && compaction != null) {
    return yield* new InvalidArgumentError({
      argument: "providerOptions",
      message: "Anthropic provider options `compaction` and `contextManagement` cannot be used together."
    })
  }
  if (anthropicOptions.thread != null) {
    return yield* new UnsupportedFunctionalityError(
      options.host === undefined
        ? { functionality: "Anthropic message threads (not ported)" }
        : { functionality: "Anthropic message threads", message: `${host.provider} does not support Anthropic message threads.` }
    )
  }

  const cacheControl = makeCacheControlValidator()
  const defaultEagerInputStreaming = stream && (anthropicOptions.toolStreaming ?? true)
  const toolNameMapping = makeToolNameMapping(call.tools)

  const betas = new Set<string>()
  const messagesPrompt = yield* convertToAnthropicPrompt({
    prompt: call.prompt,
    sendReasoning: anthropicOptions.sendReasoning ?? true,
    warnings,
    cacheControl,
    toolNameMapping,
    toolsetNames: toolsetNames(call.tools),
    betas
  })

  const reasoning = call.reasoning
  if (isCustomReasoning(reasoning) && anthropicOptions.effort == null) {
    const config = resolveReasoningConfig(reasoning, modelId, caps, warnings)
    if (anthropicOptions.thinking == null && config.thinking !== undefined) anthropicOptions.thinking = config.thinking
    if (config.effort != null && anthropicOptions.thinking?.type !== "disabled") anthropicOptions.effort = config.effort
  }
  if (caps.rejectsThinkingDisabled && anthropicOptions.thinking != null) {
    if (anthropicOptions.thinking.type === "disabled" && caps.supportsBetweenToolsThinking) {
      warnings.push({
        type: "unsupported",
        feature: "providerOptions.anthropic.thinking",
        details: `thinking cannot be disabled for ${modelId}. ` +
          `Using 'between_tools' thinking, the lowest thinking setting, instead.`
      })
      anthropicOptions.thinking = { type: "between_tools" }
    } else if (anthropicOptions.thinking.type === "disabled") {
      warnings.push({
        type: "unsupported",
        feature: "providerOptions.anthropic.thinking",
        details: `thinking cannot be disabled for ${modelId}; it always uses adaptive thinking. ` +
          `The thinking setting has been removed. Lower 'effort' to reduce thinking.`
      })
      delete anthropicOptions.thinking
    }
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
  if (
    caps.rejectsThinkingDisabledAboveHighEffort && anthropicOptions.thinking?.type === "disabled" &&
    (anthropicOptions.effort === "xhigh" || anthropicOptions.effort === "max")
  ) {
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

  const thinking = anthropicOptions.thinking
  const thinkingType = thinking?.type
  const isThinking = thinkingType === "enabled" || thinkingType === "adaptive" || thinkingType === "between_tools"
  const blockBinding = thinking != null && "blockBinding" in thinking ? thinking.blockBinding : undefined
  const sendThinking = isThinking || thinkingType === "disabled" || blockBinding != null
  let thinkingBudget = thinking?.type === "enabled" ? thinking.budgetTokens : undefined
  const thinkingDisplay = thinking?.type === "adaptive" ? thinking.display : undefined
  const maxTokens = call.maxOutputTokens ?? caps.maxOutputTokens
  const taskBudget = anthropicOptions.taskBudget
  let outputFormat: { readonly [key: string]: unknown } | undefined = undefined
  if (useStructuredOutput && responseSchema != null) {
    const sanitized = sanitizeJsonSchema(responseSchema)
    if (Result.isFailure(sanitized)) {
      return yield* new InvalidArgumentError({ argument: "responseFormat.schema", message: sanitized.failure })
    }
    outputFormat = { type: "json_schema", schema: sanitized.success }
  }

  const containerSkills: Array<{ type: string; skill_id: string; version: string | undefined }> = []
  for (const skill of anthropicOptions.container?.skills ?? []) {
    containerSkills.push({
      type: skill.type,
      skill_id: skill.type === "custom"
        ? yield* resolveProviderReference(skill.providerReference, "anthropic")
        : skill.skillId,
      version: skill.version
    })
  }
  const baseArgs: { [key: string]: unknown } = {
    model: modelId,
    max_tokens: maxTokens,
    temperature,
    top_k: topK,
    top_p: topP,
    stop_sequences: call.stopSequences,
    ...(sendThinking && {
      thinking: {
        ...(thinkingType != null && { type: thinkingType }),
        ...(thinkingBudget != null && { budget_tokens: thinkingBudget }),
        ...(thinkingDisplay != null && { display: thinkingDisplay }),
        ...(blockBinding != null && { block_binding: { prefix_mismatch_behavior: blockBinding.prefixMismatchBehavior } })
      }
    }),
    ...((anthropicOptions.effort || taskBudget || outputFormat) && {
      output_config: {
        ...(anthropicOptions.effort && { effort: anthropicOptions.effort }),
        ...(taskBudget && {
          task_budget: {
            type: taskBudget.type,
            total: taskBudget.total,
            ...(taskBudget.remaining != null && { remaining: taskBudget.remaining })
          }
        }),
        ...(outputFormat && { format: outputFormat })
      }
    }),
    ...(anthropicOptions.speed && { speed: anthropicOptions.speed }),
    ...(anthropicOptions.serviceTier && { service_tier: anthropicOptions.serviceTier }),
    ...(anthropicOptions.inferenceGeo && { inference_geo: anthropicOptions.inferenceGeo }),
    ...(anthropicOptions.fallbacks != null &&
      (anthropicOptions.fallbacks === "default" || anthropicOptions.fallbacks.length > 0) && {
      fallbacks: anthropicOptions.fallbacks
    }),
    ...(anthropicOptions.cacheControl && { cache_control: anthropicOptions.cacheControl }),
    ...(anthropicOptions.metadata?.userId != null && { metadata: { user_id: anthropicOptions.metadata.userId } }),
    ...(anthropicOptions.mcpServers && anthropicOptions.mcpServers.length > 0 && {
      mcp_servers: anthropicOptions.mcpServers.map((server) => ({
        type: server.type,
        name: server.name,
        url: server.url,
        authorization_token: server.authorizationToken,
        tool_configuration: server.toolConfiguration
          ? { allowed_tools: server.toolConfiguration.allowedTools, enabled: server.toolConfiguration.enabled }
          : undefined
      }))
    }),
    ...(anthropicOptions.container && {
      container: anthropicOptions.container.skills && anthropicOptions.container.skills.length > 0
        ? {
          id: anthropicOptions.container.id,
          skills: containerSkills
        }
        : anthropicOptions.container.id
    }),
    system: messagesPrompt.system,
    messages: messagesPrompt.messages,
    ...(anthropicOptions.safeguards && anthropicOptions.safeguards.length > 0 && {
      safeguards: anthropicOptions.safeguards.map((safeguard) => ({
        type: safeguard.type,
        ...(safeguard.classifierContext !== undefined && { classifier_context: safeguard.classifierContext })
      }))
    }),
    ...(compaction && {
      compaction: { type: compaction.type, ...(compaction.instructions !== undefined && { instructions: compaction.instructions }) }
    }),
    ...(contextManagement && {
      context_management: {
        edits: contextManagement.edits.map((edit) => {
          switch (edit.type) {
            case "clear_tool_uses_20250919":
              return {
                type: edit.type,
                ...(edit.trigger !== undefined && { trigger: edit.trigger }),
                ...(edit.keep !== undefined && { keep: edit.keep }),
                ...(edit.clearAtLeast !== undefined && { clear_at_least: edit.clearAtLeast }),
                ...(edit.clearToolInputs !== undefined && { clear_tool_inputs: edit.clearToolInputs }),
                ...(edit.excludeTools !== undefined && { exclude_tools: edit.excludeTools })
              }
            case "clear_thinking_20251015":
              return { type: edit.type, ...(edit.keep !== undefined && { keep: edit.keep }) }
            case "compact_20260112":
              return {
                type: edit.type,
                ...(edit.trigger !== undefined && { trigger: edit.trigger }),
                ...(edit.pauseAfterCompaction !== undefined && { pause_after_compaction: edit.pauseAfterCompaction }),
                ...(edit.instructions !== undefined && { instructions: edit.instructions })
              }
          }
        })
      }
    })
  }

  let max_tokens = maxTokens
  if (isThinking) {
    if (thinkingType === "enabled" && thinkingBudget == null) {
      warnings.push({
        type: "compatibility",
        feature: "extended thinking",
        details: "thinking budget is required when thinking is enabled. using default budget of 1024 tokens."
      })
      baseArgs["thinking"] = { type: "enabled", budget_tokens: 1024 }
      thinkingBudget = 1024
    }
    if (baseArgs["temperature"] != null) {
      baseArgs["temperature"] = undefined
      warnings.push({ type: "unsupported", feature: "temperature", details: "temperature is not supported when thinking is enabled" })
    }
    if (topK != null) {
      baseArgs["top_k"] = undefined
      warnings.push({ type: "unsupported", feature: "topK", details: "topK is not supported when thinking is enabled" })
    }
    if (topP != null) {
      baseArgs["top_p"] = undefined
      warnings.push({ type: "unsupported", feature: "topP", details: "topP is not supported when thinking is enabled" })
    }
    max_tokens = maxTokens + (thinkingBudget ?? 0)
  } else if (isAnthropicModel && topP != null && temperature != null) {
    warnings.push({
      type: "unsupported",
      feature: "topP",
      details: `topP is not supported when temperature is set. topP is ignored.`
    })
    baseArgs["top_p"] = undefined
  }
  if (caps.isKnownModel && max_tokens > caps.maxOutputTokens) {
    if (call.maxOutputTokens != null) {
      warnings.push({
        type: "unsupported",
        feature: "maxOutputTokens",
        details:
          `${max_tokens} (maxOutputTokens + thinkingBudget) is greater than ${modelId} ${caps.maxOutputTokens} max output tokens. ` +
          `The max output tokens have been limited to ${caps.maxOutputTokens}.`
      })
    }
    max_tokens = caps.maxOutputTokens
  }
  baseArgs["max_tokens"] = max_tokens

  if (anthropicOptions.mcpServers && anthropicOptions.mcpServers.length > 0) betas.add("mcp-client-2025-04-04")
  if (anthropicOptions.safeguards && anthropicOptions.safeguards.length > 0) betas.add("dangerous-tool-use-2026-09-03")
  if (compaction) betas.add("compact-2026-09-04")
  if (contextManagement) {
    betas.add("context-management-2025-06-27")
    if (contextManagement.edits.some((e) => e.type === "compact_20260112")) betas.add("compact-2026-01-12")
  }
  if (anthropicOptions.container?.skills && anthropicOptions.container.skills.length > 0) {
    betas.add("code-execution-2025-08-25")
    betas.add("skills-2025-10-02")
    betas.add("files-api-2025-04-14")
    if (
      !call.tools?.some((tool) =>
        tool.type === "provider" &&
        (tool.id === "anthropic.code_execution_20250825" || tool.id === "anthropic.code_execution_20260120")
      )
    ) {
      warnings.push({ type: "other", message: "code execution tool is required when using skills" })
    }
  }
  if (taskBudget) betas.add("task-budgets-2026-03-13")
  if (anthropicOptions.speed === "fast") betas.add("fast-mode-2026-02-01")
  if (thinkingDisplay === "updates") betas.add("thinking-display-updates-2026-08-18")
  if (blockBinding != null) betas.add("thinking-binding-controls-2026-08-01")
  if (anthropicOptions.fallbacks === "default") betas.add("server-side-fallback-2026-07-01")
  else if (anthropicOptions.fallbacks && anthropicOptions.fallbacks.length > 0) {
    betas.add("server-side-fallback-2026-06-01")
  }

  const toolChoice = call.toolChoice
  const rejectsForcedToolUse = caps.rejectsForcedToolUse || thinkingType === "enabled"
  const prepared = jsonResponseTool != null
    ? prepareTools({
      // the JSON tool is forced: other tools stay only where the tool choice allows them
      tools: [
        ...(call.tools ?? []).filter((tool: CallTool) =>
          toolChoice?.type !== "none" && (toolChoice?.type !== "tool" || tool.name === toolChoice.toolName)
        ),
        jsonResponseTool
      ],
      toolChoice: { type: "required" },
      disableParallelToolUse: true,
      cacheControl,
      supportsStructuredOutput: false,
      supportsStrictTools,
      defaultEagerInputStreaming,
      rejectsForcedToolUse
    })
    : prepareTools({
      tools: call.tools,
      toolChoice,
      disableParallelToolUse: anthropicOptions.disableParallelToolUse,
      cacheControl,
      supportsStructuredOutput,
      supportsStrictTools,
      defaultEagerInputStreaming,
      rejectsForcedToolUse
    })

  // Forced-choice and JSON-tool fallbacks restrict the declared tools: MCP
  // connectors must not restore others.
  if (
    (toolChoice?.type === "tool" && (prepared.toolChoice?.type === "auto" || jsonResponseTool != null)) ||
    (toolChoice?.type === "none" && jsonResponseTool != null)
  ) {
    const servers = baseArgs["mcp_servers"]
    if (Array.isArray(servers)) {
      for (const server of servers) {
        server.tool_configuration = { allowed_tools: server.tool_configuration?.allowed_tools, enabled: false }
      }
    }
  }

  const request: PreparedRequest = {
    args: {
      ...baseArgs,
      tools: prepared.tools,
      tool_choice: prepared.toolChoice,
      stream: stream ? true : undefined
    },
    warnings: [...warnings, ...prepared.toolWarnings, ...cacheControl.warnings],
    betas: new Set([
      ...betas,
      ...prepared.betas,
      ...options.userSuppliedBetas,
      ...(anthropicOptions.anthropicBeta ?? [])
    ]),
    markCodeExecutionDynamic: hasDynamicFilteringWebToolWithoutCodeExecution(prepared.tools),
    usesJsonResponseTool: jsonResponseTool != null,
    includePings: stream && anthropicOptions.includePings === true,
    toolNameMapping,
    preparedTools: prepared.tools,
    providerOptionsName,
    usedCustomProviderKey
  }
  return request
})
