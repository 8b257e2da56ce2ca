/**
 * Provider-executed tool items of a response: the name a call is reported
 * under, its input, and the result objects upstream builds from the item
 * (shared by the generate mapping and the stream transform, which upstream
 * writes twice with the same rules).
 */
import { Result, Schema } from "effect"
import type { JsonObject } from "../../../contract/Json.ts"
import type { OutputItem } from "../XAIApi.ts"
import { WebSearchWireAction, WebSearchWireSource } from "../XAIApi.ts"
import type { ToolNames } from "./RequestArgs.ts"

/**
 * The generic tool-call items (reported as provider-executed calls).
 *
 * @since 0.2.0
 */
export type ToolCallItem = Extract<OutputItem, {
  type:
    | "web_search_call"
    | "x_search_call"
    | "code_interpreter_call"
    | "code_execution_call"
    | "view_image_call"
    | "view_x_video_call"
    | "custom_tool_call"
    | "mcp_call"
}>

const toolCallTypes = new Set<string>([
  "web_search_call",
  "x_search_call",
  "code_interpreter_call",
  "code_execution_call",
  "view_image_call",
  "view_x_video_call",
  "custom_tool_call",
  "mcp_call"
])

/**
 * True for the generic tool-call items.
 *
 * @since 0.2.0
 */
export const isToolCallItem = (item: OutputItem): item is ToolCallItem => toolCallTypes.has(item.type)

const webSearchSubTools = ["web_search", "web_search_with_snippets", "browse_page"]
const xSearchSubTools = ["x_user_search", "x_keyword_search", "x_semantic_search", "x_thread_fetch"]

/**
 * The name a generic tool-call item is reported under (sub-tools map to their server tool).
 *
 * @since 0.2.0
 */
export const toolNameOf = (item: ToolCallItem, names: ToolNames): string => {
  const name = item.name ?? ""
  if (webSearchSubTools.includes(name) || item.type === "web_search_call") return names.webSearch ?? "web_search"
  if (xSearchSubTools.includes(name) || item.type === "x_search_call") return names.xSearch ?? "x_search"
  if (name === "code_execution" || item.type === "code_interpreter_call" || item.type === "code_execution_call") {
    return names.codeExecution ?? "code_execution"
  }
  if (item.type === "mcp_call") return names.mcp ?? item.name ?? "mcp"
  return name
}

/**
 * The input text of a generic tool-call item.
 *
 * @since 0.2.0
 */
export const toolInputOf = (item: ToolCallItem): string =>
  item.type === "custom_tool_call" ? (item.input ?? "") : (item.arguments ?? "")

const decodeAction = Schema.decodeUnknownResult(WebSearchWireAction)
const decodeSource = Schema.decodeUnknownResult(WebSearchWireSource)

/**
 * Upstream `mapWebSearchAction`: the wire action as the tool's output (`{}` when it does not decode).
 *
 * @since 0.2.0
 */
export const mapWebSearchAction = (action: unknown): JsonObject => {
  const parsed = decodeAction(action)
  if (Result.isFailure(parsed)) return {}
  const a = parsed.success
  const sources = a.sources?.flatMap((source) => {
    const decoded = decodeSource(source)
    return Result.isSuccess(decoded) ? [decoded.success] : []
  })
  const sourcesExtra = sources != null && sources.length > 0 ? { sources } : {}
  switch (a.type) {
    case "search":
      return {
        action: {
          type: "search",
          ...(a.query != null && { query: a.query }),
          ...(a.queries != null && { queries: a.queries })
        },
        ...sourcesExtra
      }
    case "open_page":
      return { action: { type: "openPage", url: a.url }, ...sourcesExtra }
    case "find_in_page":
      return { action: { type: "findInPage", url: a.url, pattern: a.pattern }, ...sourcesExtra }
  }
}

/**
 * The output of a `file_search_call` item.
 *
 * @since 0.2.0
 */
export const fileSearchResult = (item: Extract<OutputItem, { type: "file_search_call" }>) => ({
  queries: item.queries ?? [],
  results: item.results?.map((result) => ({
    fileId: result.file_id,
    filename: result.filename,
    score: result.score,
    text: result.text
  })) ?? null
})
