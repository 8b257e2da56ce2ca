/**
 * Maps between the names tools have in the call options and the fixed names
 * Anthropic uses for its provider tools (upstream `createToolNameMapping`
 * with Anthropic's provider tool names).
 *
 * @since 0.1.0
 */
import { createToolNameMapping, type ToolNameMapping as ProviderToolNameMapping } from "../../../../provider-utils/ToolNameMapping.ts"
import type { CallTool } from "../../../../contract/CallOptions.ts"

/**
 * The Anthropic API name of each provider tool id.
 *
 * @since 0.1.0
 */
export const providerToolNames: Readonly<Record<string, string>> = {
  "anthropic.code_execution_20250522": "code_execution",
  "anthropic.code_execution_20250825": "code_execution",
  "anthropic.code_execution_20260120": "code_execution",
  "anthropic.computer_20241022": "computer",
  "anthropic.computer_20250124": "computer",
  "anthropic.computer_20251124": "computer",
  "anthropic.computer_toolset_20260801": "computer",
  "anthropic.text_editor_20241022": "str_replace_editor",
  "anthropic.text_editor_20250124": "str_replace_editor",
  "anthropic.text_editor_20250429": "str_replace_based_edit_tool",
  "anthropic.text_editor_20250728": "str_replace_based_edit_tool",
  "anthropic.bash_20241022": "bash",
  "anthropic.bash_20250124": "bash",
  "anthropic.memory_20250818": "memory",
  "anthropic.web_search_20250305": "web_search",
  "anthropic.web_search_20260209": "web_search",
  "anthropic.web_search_20260318": "web_search",
  "anthropic.web_fetch_20250910": "web_fetch",
  "anthropic.web_fetch_20260209": "web_fetch",
  "anthropic.web_fetch_20260318": "web_fetch",
  "anthropic.tool_search_regex_20251119": "tool_search_tool_regex",
  "anthropic.tool_search_bm25_20251119": "tool_search_tool_bm25",
  "anthropic.advisor_20260301": "advisor"
}

/**
 * Two-way tool name mapping.
 *
 * @since 0.1.0
 */
export type ToolNameMapping = ProviderToolNameMapping

/**
 * The mapping for the tools of a call; later tools win on collisions.
 *
 * @since 0.1.0
 */
export const makeToolNameMapping = (tools: ReadonlyArray<CallTool> | undefined): ToolNameMapping =>
  createToolNameMapping(tools, providerToolNames)
