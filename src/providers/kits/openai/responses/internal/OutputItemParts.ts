/**
 * The V4 parts of a finished output item, for the item types whose parts
 * upstream builds the same way in `doGenerate` (from the response body's
 * `output`) and in `doStream` (from `response.output_item.done` / `added`):
 * one builder per part, shared by `GenerateContent.ts` and
 * `StreamOutputItems.ts`. What differs between the two (which id a tool call
 * carries, the stream's running state) stays with the caller and comes in as
 * arguments. Key order is upstream's (the CLI prints parts as JSON).
 *
 * @internal
 */
import { toJsonValue } from "../../../../../contract/Json.ts"
import type { CustomContent, DocumentSource, ToolApprovalRequest, ToolCall, ToolResult, UrlSource } from "../../../../../contract/Content.ts"
import type { DoneItem } from "../OpenAIResponsesApi.ts"
import { v4_0_118, type VersionSkew } from "../../VersionSkew.ts"
import { webSearchOutput, webSearchResult } from "./Sources.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

type Item<T extends DoneItem["type"]> = Extract<DoneItem, { readonly type: T }>

/** The provider options key and the custom-name mapping of provider tools. @internal */
export interface Names {
  readonly name: string
  readonly custom: (toolName: string) => string
}

/** @internal */
export const programCall = (item: Item<"program">, n: Names): ToolCall => ({
  type: "tool-call",
  toolCallId: item.call_id,
  toolName: n.custom("programmatic_tool_calling"),
  input: WireJson.render({ code: item.code, fingerprint: item.fingerprint }),
  providerExecuted: true,
  providerMetadata: { [n.name]: { itemId: item.id } }
})

/** @internal */
export const programResult = (item: Item<"program_output">, n: Names): ToolResult => ({
  type: "tool-result",
  toolCallId: item.call_id,
  toolName: n.custom("programmatic_tool_calling"),
  result: { result: item.result, status: item.status },
  providerMetadata: { [n.name]: { itemId: item.id } }
})

/** A `custom_tool_call`'s call; `async` as the item (or, streaming, its added event) says. @internal */
export const customToolCall = (
  item: { readonly id: string; readonly call_id: string; readonly name: string; readonly input: string },
  asyncFlag: boolean | null | undefined,
  n: Names
): ToolCall => ({
  type: "tool-call",
  toolCallId: item.call_id,
  toolName: n.custom(item.name),
  input: WireJson.render(item.input),
  providerMetadata: { [n.name]: { itemId: item.id, ...(asyncFlag != null ? { async: asyncFlag } : {}) } }
})

/** @internal */
export const webSearchToolResult = (
  item: Item<"web_search_call">,
  toolName: string,
  skew: VersionSkew = v4_0_118
): ToolResult => ({
  type: "tool-result",
  toolCallId: item.id,
  toolName,
  // 4.0.81: the action's output whatever the status
  ...(skew.retrievalSources ? webSearchResult(item) : { result: webSearchOutput(item.action) })
})

/** The URL sources of a web search's `search` action, an id each. @internal */
export const webSearchSources = (item: Item<"web_search_call">, generateId: () => string): Array<UrlSource> => {
  const sources: Array<UrlSource> = []
  if (item.action?.type === "search") {
    for (const source of item.action.sources ?? []) {
      if (source.type === "url") sources.push({ type: "source", sourceType: "url", id: generateId(), url: source.url })
    }
  }
  return sources
}

/** The provider-executed call a file search, image generation (input `{}`) opens with. @internal */
export const providerToolCall = (toolCallId: string, toolName: string): ToolCall => ({
  type: "tool-call",
  toolCallId,
  toolName,
  input: "{}",
  providerExecuted: true
})

/** @internal */
export const fileSearchResult = (item: Item<"file_search_call">, n: Names): ToolResult => ({
  type: "tool-result",
  toolCallId: item.id,
  toolName: n.custom("file_search"),
  result: {
    queries: item.queries,
    results: item.results?.map((result) => ({
      attributes: result.attributes,
      fileId: result.file_id,
      filename: result.filename,
      score: result.score,
      text: result.text
    })) ?? null
  }
})

/** One document source per file not in `retrieved` yet (which it then holds). @internal */
export const fileSearchSources = (
  item: Item<"file_search_call">,
  retrieved: Set<string>,
  n: Names,
  generateId: () => string
): Array<DocumentSource> => {
  const sources: Array<DocumentSource> = []
  for (const result of item.results ?? []) {
    if (retrieved.has(result.file_id)) continue
    retrieved.add(result.file_id)
    sources.push({
      type: "source",
      sourceType: "document",
      id: generateId(),
      mediaType: "text/plain",
      title: result.filename,
      filename: result.filename,
      providerMetadata: { [n.name]: { type: "file_search", fileId: result.file_id } }
    })
  }
  return sources
}

/** @internal */
export const codeInterpreterResult = (item: Item<"code_interpreter_call">, n: Names): ToolResult => ({
  type: "tool-result",
  toolCallId: item.id,
  toolName: n.custom("code_interpreter"),
  result: { outputs: item.outputs }
})

/** @internal */
export const imageGenerationResult = (item: Item<"image_generation_call">, n: Names): ToolResult => ({
  type: "tool-result",
  toolCallId: item.id,
  toolName: n.custom("image_generation"),
  result: { result: item.result }
})

/** A tool search's output; without a `call_id` it answers the oldest open hosted search. @internal */
export const toolSearchResult = (item: Item<"tool_search_output">, hostedCallIds: Array<string>, n: Names): ToolResult => ({
  type: "tool-result",
  toolCallId: item.call_id ?? hostedCallIds.shift() ?? item.id,
  toolName: n.custom("tool_search"),
  result: { tools: toJsonValue(item.tools) },
  providerMetadata: { [n.name]: { itemId: item.id } }
})

/** An MCP call and its result under `toolCallId` (the approval's tool call id where there was one). @internal */
export const mcpCallParts = (item: Item<"mcp_call">, toolCallId: string, n: Names): [ToolCall, ToolResult] => {
  const toolName = `mcp.${item.name}`
  return [
    { type: "tool-call", toolCallId, toolName, input: item.arguments, providerExecuted: true, dynamic: true },
    {
      type: "tool-result",
      toolCallId,
      toolName,
      result: {
        type: "call",
        serverLabel: item.server_label,
        name: item.name,
        arguments: item.arguments,
        ...(item.output != null ? { output: item.output } : {}),
        ...(item.error != null ? { error: toJsonValue(item.error) } : {})
      },
      providerMetadata: { [n.name]: { itemId: item.id } }
    }
  ]
}

/** An MCP approval request: a dynamic call under a generated id, and the request naming it. @internal */
export const mcpApprovalParts = (
  item: Item<"mcp_approval_request">,
  dummyToolCallId: string,
  approvalId: string
): [ToolCall, ToolApprovalRequest] => [
  {
    type: "tool-call",
    toolCallId: dummyToolCallId,
    toolName: `mcp.${item.name}`,
    input: item.arguments,
    providerExecuted: true,
    dynamic: true
  },
  { type: "tool-approval-request", approvalId, toolCallId: dummyToolCallId }
]

/** An `apply_patch_call`'s call under `toolCallId`. @internal */
export const applyPatchCall = (item: Item<"apply_patch_call">, toolCallId: string, n: Names): ToolCall => ({
  type: "tool-call",
  toolCallId,
  toolName: n.custom("apply_patch"),
  input: WireJson.render({ callId: item.call_id, operation: item.operation }),
  providerMetadata: { [n.name]: { itemId: item.id } }
})

/** @internal */
export const shellCall = (
  item: Item<"shell_call">,
  isShellProviderExecuted: boolean,
  n: Names,
  skew: VersionSkew = v4_0_118
): ToolCall => ({
  type: "tool-call",
  toolCallId: item.call_id,
  toolName: n.custom("shell"),
  input: WireJson.render({
    action: skew.toolInputDetails
      ? {
        commands: item.action.commands,
        timeoutMs: item.action.timeout_ms ?? undefined,
        maxOutputLength: item.action.max_output_length ?? undefined
      }
      : { commands: item.action.commands }
  }),
  ...(isShellProviderExecuted && { providerExecuted: true }),
  providerMetadata: { [n.name]: { itemId: item.id } }
})

/** The `openai.shell` tool result of a `shell_call_output` item. @internal */
export const shellOutputResult = (item: Item<"shell_call_output">, skew: VersionSkew = v4_0_118) => ({
  ...(skew.toolInputDetails && item.max_output_length != null && { maxOutputLength: item.max_output_length }),
  output: item.output.map((entry) => ({
    stdout: entry.stdout,
    stderr: entry.stderr,
    outcome: entry.outcome.type === "exit"
      ? { type: "exit", exitCode: entry.outcome.exit_code }
      : { type: "timeout" }
  }))
})

/** @internal */
export const shellResult = (item: Item<"shell_call_output">, n: Names, skew: VersionSkew = v4_0_118): ToolResult => ({
  type: "tool-result",
  toolCallId: item.call_id,
  toolName: n.custom("shell"),
  result: shellOutputResult(item, skew)
})

/** @internal */
export const compaction = (item: { readonly id: string; readonly encrypted_content: string }, n: Names): CustomContent => ({
  type: "custom",
  kind: "openai.compaction",
  providerMetadata: { [n.name]: { type: "compaction", itemId: item.id, encryptedContent: item.encrypted_content } }
})
