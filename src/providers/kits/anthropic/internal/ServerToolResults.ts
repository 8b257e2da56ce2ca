/**
 * Server (provider-executed) tool calls and results: the V4 parts that
 * `server_tool_use`, `mcp_tool_use` and the `*_tool_result` blocks become,
 * shared by `generate` and `stream` as upstream duplicates them.
 *
 * The V4 `tool-result` part has no `providerExecuted` field; core marks
 * provider results when it pairs them with their `tool-call`.
 *
 * @since 0.1.0
 */
import type { Source, ToolCall, ToolResult } from "../../../../contract/Content.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { StreamContentBlock, ToolCallCaller } from "../AnthropicApi.ts"
import type { CitationDocument } from "./Citations.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/**
 * Mutable per-response state the result mapping reads and extends.
 *
 * @since 0.1.0
 */
export interface ResultContext {
  readonly toolNameMapping: ToolNameMapping
  readonly citationDocuments: Array<CitationDocument>
  readonly mcpToolCalls: Map<string, ToolCall>
  readonly serverToolCalls: Map<string, string>
  readonly generateId: () => string
}

/**
 * The caller info of a tool call, as upstream `getAnthropicCallerInfo`.
 *
 * @since 0.1.0
 */
export const callerInfo = (caller: ToolCallCaller | undefined): JsonObject | undefined =>
  caller == null ? undefined : caller.type === "direct"
    ? { type: caller.type, toolId: undefined }
    : { type: caller.type, toolId: caller.tool_id }

/**
 * `{ providerMetadata: { anthropic: { caller } } }` when a caller is present.
 *
 * @since 0.1.0
 */
export const callerMetadata = (caller: ToolCallCaller | undefined): { providerMetadata?: { anthropic: JsonObject } } => {
  const info = callerInfo(caller)
  return info == null ? {} : { providerMetadata: { anthropic: { caller: info } } }
}

type ResultBlock = Exclude<
  StreamContentBlock,
  { readonly type: "text" | "thinking" | "tool_use" | "redacted_thinking" | "compaction" | "server_tool_use" | "fallback" }
>

type Block<T extends ResultBlock["type"]> = Extract<ResultBlock, { readonly type: T }>

// A failed server tool call's result part.
const errorResult = (
  toolCallId: string,
  toolName: string,
  result: JsonObject,
  metadata: { providerMetadata?: { anthropic: JsonObject } } = {}
): ToolResult => ({ type: "tool-result", toolCallId, toolName, isError: true, result, ...metadata })

// An MCP call, remembered for its result (which names neither tool nor server).
const mcpToolCall = (part: Block<"mcp_tool_use">, ctx: ResultContext): ToolCall => {
  const call: ToolCall = {
    type: "tool-call",
    toolCallId: part.id,
    toolName: part.name,
    input: WireJson.render(part.input),
    providerExecuted: true,
    dynamic: true,
    providerMetadata: { anthropic: { type: "mcp-tool-use", serverName: part.server_name } }
  }
  ctx.mcpToolCalls.set(part.id, call)
  return call
}

const mcpToolResult = (part: Block<"mcp_tool_result">, ctx: ResultContext): ToolResult => {
  const call = ctx.mcpToolCalls.get(part.tool_use_id)
  return {
    type: "tool-result",
    toolCallId: part.tool_use_id,
    toolName: call?.toolName ?? part.tool_use_id,
    isError: part.is_error,
    result: part.content,
    dynamic: true,
    providerMetadata: call?.providerMetadata
  }
}

// A fetched document (kept as a citation document) or the fetch error.
const webFetchResult = (part: Block<"web_fetch_tool_result">, ctx: ResultContext): ToolResult => {
  const content = part.content
  const toolName = ctx.toolNameMapping.toCustomToolName("web_fetch")
  if (content.type !== "web_fetch_result") {
    return errorResult(
      part.tool_use_id,
      toolName,
      { type: "web_fetch_tool_result_error", errorCode: content.error_code },
      callerMetadata(part.caller)
    )
  }
  ctx.citationDocuments.push({
    title: content.content.title ?? content.url,
    mediaType: content.content.source.media_type
  })
  return {
    type: "tool-result",
    toolCallId: part.tool_use_id,
    toolName,
    result: {
      type: "web_fetch_result",
      url: content.url,
      retrievedAt: content.retrieved_at,
      content: {
        type: content.content.type,
        title: content.content.title,
        citations: content.content.citations,
        source: {
          type: content.content.source.type,
          mediaType: content.content.source.media_type,
          data: content.content.source.data
        }
      }
    },
    ...callerMetadata(part.caller)
  }
}

// The search results, then a URL source each; or the search error.
const webSearchResult = (
  part: Block<"web_search_tool_result">,
  ctx: ResultContext,
  onWebSearchResult: () => void
): Array<ToolResult | Source> => {
  const content = part.content
  const toolName = ctx.toolNameMapping.toCustomToolName("web_search")
  if (!Array.isArray(content)) {
    if (!("error_code" in content)) return []
    return [errorResult(
      part.tool_use_id,
      toolName,
      { type: "web_search_tool_result_error", errorCode: content.error_code },
      callerMetadata(part.caller)
    )]
  }
  const parts: Array<ToolResult | Source> = [{
    type: "tool-result",
    toolCallId: part.tool_use_id,
    toolName,
    result: content.map((result) => ({
      url: result.url,
      ...(result.title != null ? { title: result.title } : {}),
      pageAge: result.page_age ?? null,
      encryptedContent: result.encrypted_content,
      type: result.type
    })),
    ...callerMetadata(part.caller)
  }]
  for (const result of content) {
    onWebSearchResult()
    parts.push({
      type: "source",
      sourceType: "url",
      id: ctx.generateId(),
      url: result.url,
      ...(result.title != null ? { title: result.title } : {}),
      providerMetadata: { anthropic: { pageAge: result.page_age ?? null } }
    })
  }
  return parts
}

const codeExecutionResult = (part: Block<"code_execution_tool_result">, ctx: ResultContext): Array<ToolResult> => {
  const content = part.content
  const toolName = ctx.toolNameMapping.toCustomToolName("code_execution")
  switch (content.type) {
    case "code_execution_result":
      return [{
        type: "tool-result",
        toolCallId: part.tool_use_id,
        toolName,
        result: {
          type: content.type,
          stdout: content.stdout,
          stderr: content.stderr,
          return_code: content.return_code,
          content: content.content ?? []
        }
      }]
    case "encrypted_code_execution_result":
      return [{
        type: "tool-result",
        toolCallId: part.tool_use_id,
        toolName,
        result: {
          type: content.type,
          encrypted_stdout: content.encrypted_stdout,
          stderr: content.stderr,
          return_code: content.return_code,
          content: content.content ?? []
        }
      }]
    case "code_execution_tool_result_error":
      return [errorResult(part.tool_use_id, toolName, {
        type: "code_execution_tool_result_error",
        errorCode: content.error_code
      })]
  }
  return []
}

// The tool references found; the search tool is the one its call named (or the one the mapping renames).
const toolSearchResult = (part: Block<"tool_search_tool_result">, ctx: ResultContext): ToolResult => {
  const name = ctx.toolNameMapping.toCustomToolName
  let providerToolName = ctx.serverToolCalls.get(part.tool_use_id)
  if (providerToolName == null) {
    providerToolName = name("tool_search_tool_bm25") !== "tool_search_tool_bm25"
      ? "tool_search_tool_bm25"
      : "tool_search_tool_regex"
  }
  const content = part.content
  if (content.type !== "tool_search_tool_search_result") {
    return errorResult(part.tool_use_id, name(providerToolName), {
      type: "tool_search_tool_result_error",
      errorCode: content.error_code
    })
  }
  return {
    type: "tool-result",
    toolCallId: part.tool_use_id,
    toolName: name(providerToolName),
    result: content.tool_references.map((ref) => ({ type: ref.type, toolName: ref.tool_name }))
  }
}

const advisorResult = (part: Block<"advisor_tool_result">, ctx: ResultContext): ToolResult => {
  const content = part.content
  const toolName = ctx.toolNameMapping.toCustomToolName("advisor")
  switch (content.type) {
    case "advisor_result":
      return {
        type: "tool-result",
        toolCallId: part.tool_use_id,
        toolName,
        result: {
          type: "advisor_result",
          text: content.text,
          ...(content.stop_reason != null && { stopReason: content.stop_reason })
        }
      }
    case "advisor_redacted_result":
      return {
        type: "tool-result",
        toolCallId: part.tool_use_id,
        toolName,
        result: {
          type: "advisor_redacted_result",
          encryptedContent: content.encrypted_content,
          ...(content.stop_reason != null && { stopReason: content.stop_reason })
        }
      }
    default:
      return errorResult(part.tool_use_id, toolName, { type: "advisor_tool_result_error", errorCode: content.error_code })
  }
}

/**
 * The parts of a result block (or of `mcp_tool_use`), in upstream order;
 * `onWebSearchResult` is told about each web search result before its source.
 *
 * @since 0.1.0
 */
export const mapResultBlock = (
  part: ResultBlock,
  ctx: ResultContext,
  onWebSearchResult: () => void
): Array<ToolCall | ToolResult | Source> => {
  switch (part.type) {
    case "mcp_tool_use":
      return [mcpToolCall(part, ctx)]
    case "mcp_tool_result":
      return [mcpToolResult(part, ctx)]
    case "web_fetch_tool_result":
      return [webFetchResult(part, ctx)]
    case "web_search_tool_result":
      return webSearchResult(part, ctx, onWebSearchResult)
    case "code_execution_tool_result":
      return codeExecutionResult(part, ctx)
    case "bash_code_execution_tool_result":
    case "text_editor_code_execution_tool_result":
      return [{
        type: "tool-result",
        toolCallId: part.tool_use_id,
        toolName: ctx.toolNameMapping.toCustomToolName("code_execution"),
        result: part.content
      }]
    case "tool_search_tool_result":
      return [toolSearchResult(part, ctx)]
    case "advisor_tool_result":
      return [advisorResult(part, ctx)]
  }
}
