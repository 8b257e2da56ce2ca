/**
 * Call options → request body, warnings and beta headers (upstream
 * `AnthropicLanguageModel.prepareRequest`).
 *
 * @since 0.1.0
 */
import { Effect, Result, type Types } from "effect"
import type { CallOptions, CallTool, FunctionTool, JsonSchema7 } from "../../../../contract/CallOptions.ts"
import { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { parseProviderOptions } from "../../../../provider-utils/ParseProviderOptions.ts"
import { resolveProviderOptions } from "../../../../provider-utils/ResolveProviderOptions.ts"
import { LanguageModelOptions } from "../AnthropicOptions.ts"
import { type CacheControlValidator, makeCacheControlValidator } from "./CacheControl.ts"
import { convertToAnthropicPrompt } from "./ConvertPrompt.ts"
import { getModelCapabilities, type ModelCapabilities } from "./ModelCapabilities.ts"
import {
  addOptionBetas,
  containerArgs,
  contextArgs,
  mcpServersArgs,
  outputConfigArgs,
  safeguardsArgs
} from "./OptionFields.ts"
import { hasDynamicFilteringWebToolWithoutCodeExecution, type PreparedTools, prepareTools, type RequestTool } from "./PrepareTools.ts"
import { sanitizeJsonSchema, supportsNativeStructuredOutputSchema } from "./StructuredOutput.ts"
import { applyThinkingLimits, reconcileThinking, thinkingArgs, type ThinkingSettings, thinkingSettingsOf } from "./Thinking.ts"
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

interface Sampling {
  readonly temperature: number | undefined
  readonly topP: number | undefined
  readonly topK: number | undefined
}

// Penalties and seed are not supported; the temperature is clamped to [0, 1].
const checkSampling = (call: CallOptions, warnings: Array<Warning>): Sampling => {
  let temperature = call.temperature
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
  return { temperature, topP: call.topP, topK: call.topK }
}

// The JSON response format's schema; without one the format is ignored.
const responseSchemaOf = (call: CallOptions, warnings: Array<Warning>): JsonSchema7 | undefined => {
  const responseFormat = call.responseFormat
  if (responseFormat?.type !== "json") return undefined
  if (responseFormat.schema == null) {
    warnings.push({
      type: "unsupported",
      feature: "responseFormat",
      details: "JSON response format requires a schema. The response format is ignored."
    })
  }
  return responseFormat.schema
}

// The `anthropic` options merged with the host's custom key (or a legacy alias of it).
const resolveAnthropicOptions = Effect.fnUntraced(function*(
  call: CallOptions,
  provider: string,
  warnings: Array<Warning>
) {
  const providerOptionsName = providerOptionsNameOf(provider)
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
  const anthropicOptions: Types.Mutable<LanguageModelOptions> = Object.assign({}, parsed ?? {}, custom.options ?? {})

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
  return { providerOptionsName, usedCustomProviderKey: custom.namespaces[0] === providerOptionsName, anthropicOptions }
})

// An unknown model's output limit, and the sampling parameters a model rejects.
const checkModelSampling = (
  call: CallOptions,
  modelId: string,
  caps: ModelCapabilities,
  sampling: Sampling,
  warnings: Array<Warning>
): Sampling => {
  let { temperature, topK, topP } = sampling
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
  return { temperature, topK, topP }
}

interface ResponseMode {
  readonly supportsStructuredOutput: boolean
  readonly supportsStrictTools: boolean
  /** The response schema goes as the native `output_config.format`. */
  readonly useStructuredOutput: boolean
  /** Otherwise a forced `json` tool carries the response schema. */
  readonly jsonResponseTool: FunctionTool | undefined
}

// Native structured output or the JSON response tool, by mode, host and model.
const resolveResponseMode = (options: {
  readonly modelId: string
  readonly caps: ModelCapabilities
  readonly host: HostOptions
  readonly anthropicOptions: LanguageModelOptions
  readonly responseSchema: JsonSchema7 | undefined
  readonly warnings: Array<Warning>
}): ResponseMode => {
  const { anthropicOptions, caps, host, modelId, responseSchema, warnings } = options
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
  return { supportsStructuredOutput, supportsStrictTools, useStructuredOutput, jsonResponseTool }
}

// Option combinations that fail the call: compaction with context management; message threads.
const checkUnsupportedOptions = Effect.fnUntraced(function*(
  anthropicOptions: LanguageModelOptions,
  host: HostOptions,
  defaultHost: boolean
) {
  if (anthropicOptions.contextManagement != null && anthropicOptions.compaction != null) {
    return yield* new InvalidArgumentError({
      argument: "providerOptions",
      message: "Anthropic provider options `compaction` and `contextManagement` cannot be used together."
    })
  }
  if (anthropicOptions.thread != null) {
    return yield* new UnsupportedFunctionalityError(
      defaultHost
        ? { functionality: "Anthropic message threads (not ported)" }
        : { functionality: "Anthropic message threads", message: `${host.provider} does not support Anthropic message threads.` }
    )
  }
})

// The native structured output format of the response schema (sanitized).
const outputFormatOf = Effect.fnUntraced(function*(useStructuredOutput: boolean, responseSchema: JsonSchema7 | undefined) {
  if (!useStructuredOutput || responseSchema == null) return undefined
  const sanitized = sanitizeJsonSchema(responseSchema)
  if (Result.isFailure(sanitized)) {
    return yield* new InvalidArgumentError({ argument: "responseFormat.schema", message: sanitized.failure })
  }
  const format: { readonly [key: string]: unknown } = { type: "json_schema", schema: sanitized.success }
  return format
})

// The request body before thinking limits and tools, in upstream's field order.
const bodyOf = (options: {
  readonly modelId: string
  readonly call: CallOptions
  readonly maxTokens: number
  readonly sampling: Sampling
  readonly thinking: ThinkingSettings
  readonly anthropicOptions: LanguageModelOptions
  readonly outputFormat: { readonly [key: string]: unknown } | undefined
  readonly container: { readonly container: unknown } | undefined
  readonly prompt: { readonly system: unknown; readonly messages: unknown }
}): { [key: string]: unknown } => {
  const { anthropicOptions, sampling } = options
  return {
    model: options.modelId,
    max_tokens: options.maxTokens,
    temperature: sampling.temperature,
    top_k: sampling.topK,
    top_p: sampling.topP,
    stop_sequences: options.call.stopSequences,
    ...thinkingArgs(options.thinking),
    ...outputConfigArgs(anthropicOptions, options.outputFormat),
    ...(anthropicOptions.speed && { speed: anthropicOptions.speed }),
    ...(anthropicOptions.serviceTier && { service_tier: anthropicOptions.serviceTier }),
    ...(anthropicOptions.inferenceGeo && { inference_geo: anthropicOptions.inferenceGeo }),
    ...(anthropicOptions.fallbacks != null &&
      (anthropicOptions.fallbacks === "default" || anthropicOptions.fallbacks.length > 0) && {
      fallbacks: anthropicOptions.fallbacks
    }),
    ...(anthropicOptions.cacheControl && { cache_control: anthropicOptions.cacheControl }),
    ...(anthropicOptions.metadata?.userId != null && { metadata: { user_id: anthropicOptions.metadata.userId } }),
    ...mcpServersArgs(anthropicOptions),
    ...options.container,
    system: options.prompt.system,
    messages: options.prompt.messages,
    ...safeguardsArgs(anthropicOptions),
    ...contextArgs(anthropicOptions)
  }
}

// The call's tools, or (with the JSON response tool) the tools the tool choice allows beside it, forced.
const prepareCallTools = (options: {
  readonly call: CallOptions
  readonly mode: ResponseMode
  readonly anthropicOptions: LanguageModelOptions
  readonly cacheControl: CacheControlValidator
  readonly defaultEagerInputStreaming: boolean
  readonly rejectsForcedToolUse: boolean
}): PreparedTools => {
  const { call, mode } = options
  const toolChoice = call.toolChoice
  const shared = {
    cacheControl: options.cacheControl,
    supportsStrictTools: mode.supportsStrictTools,
    defaultEagerInputStreaming: options.defaultEagerInputStreaming,
    rejectsForcedToolUse: options.rejectsForcedToolUse
  }
  return mode.jsonResponseTool != null
    ? prepareTools({
      ...shared,
      // the JSON tool is forced: other tools stay only where the tool choice allows them
      tools: [
        ...(call.tools ?? []).filter((tool: CallTool) =>
          toolChoice?.type !== "none" && (toolChoice?.type !== "tool" || tool.name === toolChoice.toolName)
        ),
        mode.jsonResponseTool
      ],
      toolChoice: { type: "required" },
      disableParallelToolUse: true,
      supportsStructuredOutput: false
    })
    : prepareTools({
      ...shared,
      tools: call.tools,
      toolChoice,
      disableParallelToolUse: options.anthropicOptions.disableParallelToolUse,
      supportsStructuredOutput: mode.supportsStructuredOutput
    })
}

// Forced-choice and JSON-tool fallbacks restrict the declared tools: MCP
// connectors must not restore others.
const restrictMcpServers = (
  args: { readonly [key: string]: unknown },
  call: CallOptions,
  prepared: PreparedTools,
  jsonResponseTool: FunctionTool | undefined
): void => {
  const toolChoice = call.toolChoice
  if (
    (toolChoice?.type === "tool" && (prepared.toolChoice?.type === "auto" || jsonResponseTool != null)) ||
    (toolChoice?.type === "none" && jsonResponseTool != null)
  ) {
    const servers = args["mcp_servers"]
    if (Array.isArray(servers)) {
      for (const server of servers) {
        server.tool_configuration = { allowed_tools: server.tool_configuration?.allowed_tools, enabled: false }
      }
    }
  }
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
  const requestedSampling = checkSampling(call, warnings)
  const responseSchema = responseSchemaOf(call, warnings)
  const { anthropicOptions, providerOptionsName, usedCustomProviderKey } = yield* resolveAnthropicOptions(
    call,
    host.provider,
    warnings
  )
  const caps = getModelCapabilities(modelId)
  const sampling = checkModelSampling(call, modelId, caps, requestedSampling, warnings)
  const mode = resolveResponseMode({ modelId, caps, host, anthropicOptions, responseSchema, warnings })
  yield* checkUnsupportedOptions(anthropicOptions, host, options.host === undefined)

  const cacheControl = makeCacheControlValidator()
  const toolNameMapping = makeToolNameMapping(call.tools)
  const betas = new Set<string>()
  const prompt = yield* convertToAnthropicPrompt({
    prompt: call.prompt,
    sendReasoning: anthropicOptions.sendReasoning ?? true,
    warnings,
    cacheControl,
    toolNameMapping,
    toolsetNames: toolsetNames(call.tools),
    betas
  })

  reconcileThinking(anthropicOptions, call.reasoning, modelId, caps, warnings)
  const thinking = thinkingSettingsOf(anthropicOptions.thinking)
  const maxTokens = call.maxOutputTokens ?? caps.maxOutputTokens
  const outputFormat = yield* outputFormatOf(mode.useStructuredOutput, responseSchema)
  const container = yield* containerArgs(anthropicOptions)
  const args = bodyOf({ modelId, call, maxTokens, sampling, thinking, anthropicOptions, outputFormat, container, prompt })
  applyThinkingLimits({
    args,
    thinking,
    sampling,
    maxTokens,
    requestedMaxTokens: call.maxOutputTokens,
    isAnthropicModel: caps.isKnownModel || modelId.includes("claude-"),
    modelId,
    caps,
    warnings
  })
  addOptionBetas(betas, anthropicOptions, thinking, call.tools, warnings)

  const prepared = prepareCallTools({
    call,
    mode,
    anthropicOptions,
    cacheControl,
    defaultEagerInputStreaming: stream && (anthropicOptions.toolStreaming ?? true),
    rejectsForcedToolUse: caps.rejectsForcedToolUse || thinking.type === "enabled"
  })
  restrictMcpServers(args, call, prepared, mode.jsonResponseTool)

  const request: PreparedRequest = {
    args: {
      ...args,
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
    usesJsonResponseTool: mode.jsonResponseTool != null,
    includePings: stream && anthropicOptions.includePings === true,
    toolNameMapping,
    preparedTools: prepared.tools,
    providerOptionsName,
    usedCustomProviderKey
  }
  return request
})
