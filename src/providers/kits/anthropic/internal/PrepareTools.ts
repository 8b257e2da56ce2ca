/**
 * Call-option tools and tool choice → Anthropic `tools`, `tool_choice` and
 * the beta headers they need (upstream `anthropic-prepare-tools.ts`),
 * including the provider tools: code execution, computer, text editor,
 * bash, memory, web fetch, web search, tool search and advisor.
 *
 * @since 0.1.0
 */
import type { CallTool, FunctionTool, ProviderTool, ToolChoice } from "../../../../contract/CallOptions.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import type { CacheControlValidator } from "./CacheControl.ts"
import type { RequestBlock } from "../AnthropicApi.ts"

/**
 * A tool definition of the request.
 *
 * @since 0.1.0
 */
export type RequestTool = { [key: string]: unknown }

/**
 * The prepared tools.
 *
 * @since 0.1.0
 */
export interface PreparedTools {
  readonly tools: Array<RequestTool> | undefined
  readonly toolChoice: RequestBlock | undefined
  readonly toolWarnings: Array<Warning>
  readonly betas: Set<string>
}

interface Options {
  readonly tools: ReadonlyArray<CallTool> | undefined
  readonly toolChoice: ToolChoice | undefined
  readonly disableParallelToolUse?: boolean | undefined
  readonly cacheControl: CacheControlValidator
  readonly supportsStructuredOutput: boolean
  readonly supportsStrictTools: boolean
  readonly defaultEagerInputStreaming?: boolean | undefined
  readonly rejectsForcedToolUse?: boolean | undefined
}

const arg = (args: { readonly [key: string]: unknown }, key: string): unknown => args[key]

// A function tool with its Anthropic options (eager input streaming, deferred loading, callers, examples).
const functionToolOf = (
  tool: FunctionTool,
  options: Options,
  betas: Set<string>,
  toolWarnings: Array<Warning>
): RequestTool => {
  const cache_control = options.cacheControl.get(tool.providerOptions, { type: "tool definition", canCache: true })
  const anthropicOptions = tool.providerOptions?.["anthropic"]
  const eager = anthropicOptions?.["eagerInputStreaming"] ?? options.defaultEagerInputStreaming ?? false
  const deferLoading = anthropicOptions?.["deferLoading"]
  const allowedCallers = anthropicOptions?.["allowedCallers"]
  if (!options.supportsStrictTools && tool.strict === true) {
    toolWarnings.push({
      type: "unsupported",
      feature: "strict",
      details:
        `Tool '${tool.name}' has strict: ${tool.strict}, but strict mode is not supported by this provider. The strict property will be ignored.`
    })
  }
  if (options.supportsStructuredOutput && options.supportsStrictTools) betas.add("structured-outputs-2025-11-13")
  if (tool.inputExamples != null || allowedCallers != null) betas.add("advanced-tool-use-2025-11-20")
  return {
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
    cache_control,
    ...(eager ? { eager_input_streaming: true } : {}),
    ...(options.supportsStrictTools && tool.strict != null ? { strict: tool.strict } : {}),
    ...(deferLoading != null ? { defer_loading: deferLoading } : {}),
    ...(allowedCallers != null ? { allowed_callers: allowedCallers } : {}),
    ...(tool.inputExamples != null ? { input_examples: tool.inputExamples.map((example) => example.input) } : {})
  }
}

// The provider tools without arguments: the beta each needs and its definition.
const fixedTools: ReadonlyMap<string, { readonly beta?: string; readonly tool: RequestTool }> = new Map([
  ["anthropic.code_execution_20250522", {
    beta: "code-execution-2025-05-22",
    tool: { type: "code_execution_20250522", name: "code_execution", cache_control: undefined }
  }],
  ["anthropic.code_execution_20250825", {
    beta: "code-execution-2025-08-25",
    tool: { type: "code_execution_20250825", name: "code_execution" }
  }],
  ["anthropic.code_execution_20260120", { tool: { type: "code_execution_20260120", name: "code_execution" } }],
  ["anthropic.text_editor_20250124", {
    beta: "computer-use-2025-01-24",
    tool: { name: "str_replace_editor", type: "text_editor_20250124", cache_control: undefined }
  }],
  ["anthropic.text_editor_20241022", {
    beta: "computer-use-2024-10-22",
    tool: { name: "str_replace_editor", type: "text_editor_20241022", cache_control: undefined }
  }],
  ["anthropic.text_editor_20250429", {
    beta: "computer-use-2025-01-24",
    tool: { name: "str_replace_based_edit_tool", type: "text_editor_20250429", cache_control: undefined }
  }],
  ["anthropic.bash_20250124", {
    beta: "computer-use-2025-01-24",
    tool: { name: "bash", type: "bash_20250124", cache_control: undefined }
  }],
  ["anthropic.bash_20241022", {
    beta: "computer-use-2024-10-22",
    tool: { name: "bash", type: "bash_20241022", cache_control: undefined }
  }],
  ["anthropic.memory_20250818", {
    beta: "context-management-2025-06-27",
    tool: { name: "memory", type: "memory_20250818" }
  }],
  ["anthropic.tool_search_regex_20251119", {
    tool: { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" }
  }],
  ["anthropic.tool_search_bm25_20251119", {
    tool: { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" }
  }]
])

const computerBetas: Readonly<Record<string, string>> = {
  "20241022": "computer-use-2024-10-22",
  "20250124": "computer-use-2025-01-24",
  "20251124": "computer-use-2025-11-24"
}

const computerTool = (version: string, args: ProviderTool["args"], betas: Set<string>): RequestTool => {
  betas.add(computerBetas[version] ?? "computer-use-2025-11-24")
  return {
    name: "computer",
    type: `computer_${version}`,
    display_width_px: arg(args, "displayWidthPx"),
    display_height_px: arg(args, "displayHeightPx"),
    display_number: arg(args, "displayNumber"),
    ...(version === "20251124" ? { enable_zoom: arg(args, "enableZoom") } : {}),
    cache_control: undefined
  }
}

// The computer toolset: each member's `enabled` and `defer_loading`.
const computerToolsetTool = (args: ProviderTool["args"]): RequestTool => {
  const configs = arg(args, "configs")
  const field = (config: unknown, key: string): unknown =>
    config != null && typeof config === "object" ? Reflect.get(config, key) : undefined
  return {
    type: "computer_toolset_20260801",
    ...(configs != null && typeof configs === "object" && {
      configs: Object.fromEntries(Object.entries(configs).map(([member, config]: [string, unknown]) => {
        const enabled = field(config, "enabled")
        const deferLoading = field(config, "deferLoading")
        return [member, {
          ...(enabled != null && { enabled }),
          ...(deferLoading != null && { defer_loading: deferLoading })
        }]
      }))
    }),
    cache_control: undefined
  }
}

const webFetchTool = (version: string, args: ProviderTool["args"], betas: Set<string>): RequestTool => {
  if (version === "20250910") betas.add("web-fetch-2025-09-10")
  if (version === "20260209") betas.add("code-execution-web-tools-2026-02-09")
  return {
    type: `web_fetch_${version}`,
    name: "web_fetch",
    max_uses: arg(args, "maxUses"),
    allowed_domains: arg(args, "allowedDomains"),
    blocked_domains: arg(args, "blockedDomains"),
    citations: arg(args, "citations"),
    max_content_tokens: arg(args, "maxContentTokens"),
    ...(version === "20260318"
      ? { use_cache: arg(args, "useCache"), response_inclusion: arg(args, "responseInclusion") }
      : {}),
    cache_control: undefined
  }
}

const webSearchTool = (version: string, args: ProviderTool["args"], betas: Set<string>): RequestTool => {
  if (version === "20260209") betas.add("code-execution-web-tools-2026-02-09")
  return {
    type: `web_search_${version}`,
    name: "web_search",
    max_uses: arg(args, "maxUses"),
    allowed_domains: arg(args, "allowedDomains"),
    blocked_domains: arg(args, "blockedDomains"),
    user_location: arg(args, "userLocation"),
    ...(version === "20260318" ? { response_inclusion: arg(args, "responseInclusion") } : {}),
    cache_control: undefined
  }
}

const advisorTool = (args: ProviderTool["args"], betas: Set<string>): RequestTool => {
  betas.add("advisor-tool-2026-03-01")
  return {
    type: "advisor_20260301",
    name: "advisor",
    model: arg(args, "model"),
    ...(arg(args, "maxUses") !== undefined && { max_uses: arg(args, "maxUses") }),
    ...(arg(args, "maxTokens") !== undefined && { max_tokens: arg(args, "maxTokens") }),
    ...(arg(args, "caching") !== undefined && { caching: arg(args, "caching") })
  }
}

// A provider tool's definition, or `undefined` (with a warning) for one Anthropic does not have.
const providerToolOf = (tool: ProviderTool, betas: Set<string>, toolWarnings: Array<Warning>): RequestTool | undefined => {
  const fixed = fixedTools.get(tool.id)
  if (fixed !== undefined) {
    if (fixed.beta !== undefined) betas.add(fixed.beta)
    return { ...fixed.tool }
  }
  const args = tool.args
  switch (tool.id) {
    case "anthropic.computer_20250124":
    case "anthropic.computer_20241022":
    case "anthropic.computer_20251124":
      return computerTool(tool.id.substring("anthropic.computer_".length), args, betas)
    case "anthropic.computer_toolset_20260801":
      return computerToolsetTool(args)
    case "anthropic.text_editor_20250728":
      return {
        name: "str_replace_based_edit_tool",
        type: "text_editor_20250728",
        max_characters: arg(args, "maxCharacters"),
        cache_control: undefined
      }
    case "anthropic.web_fetch_20250910":
    case "anthropic.web_fetch_20260209":
    case "anthropic.web_fetch_20260318":
      return webFetchTool(tool.id.substring("anthropic.web_fetch_".length), args, betas)
    case "anthropic.web_search_20250305":
    case "anthropic.web_search_20260209":
    case "anthropic.web_search_20260318":
      return webSearchTool(tool.id.substring("anthropic.web_search_".length), args, betas)
    case "anthropic.advisor_20260301":
      return advisorTool(args, betas)
    default:
      toolWarnings.push({ type: "unsupported", feature: `provider-defined tool ${tool.id}` })
      return undefined
  }
}

// The tool choice; a forced choice the model rejects becomes `auto` (a named tool: the only one sent).
const toolChoiceOf = (
  anthropicTools: Array<RequestTool>,
  options: Options,
  toolWarnings: Array<Warning>,
  betas: Set<string>
): PreparedTools => {
  const disable = options.disableParallelToolUse
  const toolChoice = options.toolChoice
  if (toolChoice == null) {
    return {
      tools: anthropicTools,
      toolChoice: disable ? { type: "auto", disable_parallel_tool_use: disable } : undefined,
      toolWarnings,
      betas
    }
  }
  switch (toolChoice.type) {
    case "auto":
      return { tools: anthropicTools, toolChoice: { type: "auto", disable_parallel_tool_use: disable }, toolWarnings, betas }
    case "required":
      if (options.rejectsForcedToolUse) {
        toolWarnings.push({
          type: "unsupported",
          feature: "toolChoice",
          details: `toolChoice 'required' is not supported with this model or thinking configuration. ` +
            `Using 'auto' instead. Instruct the model to use a tool in the prompt and verify that a tool call was made.`
        })
        return { tools: anthropicTools, toolChoice: { type: "auto", disable_parallel_tool_use: disable }, toolWarnings, betas }
      }
      return { tools: anthropicTools, toolChoice: { type: "any", disable_parallel_tool_use: disable }, toolWarnings, betas }
    case "none":
      return { tools: anthropicTools, toolChoice: { type: "none" }, toolWarnings, betas }
    case "tool":
      if (options.rejectsForcedToolUse) {
        toolWarnings.push({
          type: "unsupported",
          feature: "toolChoice",
          details: `toolChoice 'tool' is not supported with this model or thinking configuration. ` +
            `Only the '${toolChoice.toolName}' tool is sent with 'auto' tool choice. ` +
            `Instruct the model to use the tool in the prompt and verify that a tool call was made.`
        })
        return {
          tools: anthropicTools.filter((tool) => "name" in tool && tool["name"] === toolChoice.toolName),
          toolChoice: { type: "auto", disable_parallel_tool_use: disable },
          toolWarnings,
          betas
        }
      }
      return {
        tools: anthropicTools,
        toolChoice: { type: "tool", name: toolChoice.toolName, disable_parallel_tool_use: disable },
        toolWarnings,
        betas
      }
  }
}

/**
 * Prepares tools and tool choice.
 *
 * @since 0.1.0
 */
export const prepareTools = (options: Options): PreparedTools => {
  const tools = options.tools?.length ? options.tools : undefined
  const toolWarnings: Array<Warning> = []
  const betas = new Set<string>()
  if (tools == null) return { tools: undefined, toolChoice: undefined, toolWarnings, betas }
  const anthropicTools: Array<RequestTool> = []
  for (const tool of tools) {
    const definition = tool.type === "function"
      ? functionToolOf(tool, options, betas, toolWarnings)
      : providerToolOf(tool, betas, toolWarnings)
    if (definition !== undefined) anthropicTools.push(definition)
  }
  return toolChoiceOf(anthropicTools, options, toolWarnings, betas)
}
/**
 * True when a web tool with dynamic filtering is present without a code
 * execution tool: the API then provisions code execution implicitly, and its
 * calls are marked `dynamic`.
 *
 * @since 0.1.0
 */
export const hasDynamicFilteringWebToolWithoutCodeExecution = (tools: ReadonlyArray<RequestTool> | undefined): boolean => {
  if (!tools) return false
  let dynamicWebTool = false
  for (const tool of tools) {
    const type = tool["type"]
    if (
      type === "web_fetch_20260209" || type === "web_fetch_20260318" || type === "web_search_20260209" ||
      type === "web_search_20260318"
    ) {
      dynamicWebTool = true
      continue
    }
    if (type === "code_execution_20250522" || type === "code_execution_20250825" || type === "code_execution_20260120") {
      return false
    }
  }
  return dynamicWebTool
}
