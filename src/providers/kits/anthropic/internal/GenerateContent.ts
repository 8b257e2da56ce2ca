/**
 * The non-streamed response → V4 content, finish reason, usage and provider
 * metadata (the body of upstream `doGenerate` after the HTTP call).
 */
import type { Content, ToolCall } from "../../../../contract/Content.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { FinishReason } from "../../../../contract/FinishReason.ts"
import type { ProviderMetadata } from "../../../../contract/ProviderMetadata.ts"
import type { Usage } from "../../../../contract/Usage.ts"
import { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import type { MessagesResponse } from "../AnthropicApi.ts"
import { convertUsage, mapIterations } from "./Usage.ts"
import { createCitationSource, mapCitation, type CitationDocument } from "./Citations.ts"
import { callerMetadata, mapResultBlock, type ResultContext } from "./ServerToolResults.ts"
import { isContinuationStopReason, mapStopReason } from "./FinishReason.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import type { RequestTool } from "./PrepareTools.ts"
import { toToolsetMemberInput, validateToolsetMember } from "./Toolset.ts"
import { mapContextManagement, mapStopDetails } from "./Metadata.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/**
 * The mapped response.
 */
export interface GeneratedContent {
  readonly content: Array<Content>
  readonly finishReason: FinishReason
  readonly usage: Usage
  readonly providerMetadata: ProviderMetadata
}

const TEXT_OR_THINKING = new Set(["redacted_thinking", "text", "thinking"])

type ResponseBlock = MessagesResponse["content"][number]

// With the JSON response tool, its call is the answer; text counts only when
// the model never called it: the text after the last tool call or result.
const jsonResponseToolFallbackText = (
  content: ReadonlyArray<ResponseBlock>,
  stopReason: string | null | undefined
): Set<ResponseBlock> => {
  const text = new Set<ResponseBlock>()
  if (isContinuationStopReason(stopReason)) return text
  for (const part of content) {
    if (part.type === "tool_use" && part.name === "json") return new Set()
    if (part.type === "text") text.add(part)
    else if (!TEXT_OR_THINKING.has(part.type)) text.clear()
  }
  return text
}

type Block<T extends ResponseBlock["type"]> = Extract<ResponseBlock, { readonly type: T }>

interface Options {
  readonly toolNameMapping: ToolNameMapping
  readonly citationDocuments: Array<CitationDocument>
  readonly markCodeExecutionDynamic: boolean
  readonly usesJsonResponseTool: boolean
  readonly preparedTools: ReadonlyArray<RequestTool> | undefined
  readonly generateId: () => string
}

// A text block with its citations, then a source per citation (web search ones only without search results).
const textContent = (part: Block<"text">, options: Options, hasWebSearchResults: boolean): Array<Content> => {
  const { citationDocuments, generateId } = options
  const citations = part.citations ?? []
  const content: Array<Content> = [{
    type: "text",
    text: part.text,
    ...(citations.length > 0 && {
      citations: citations.map((citation) => mapCitation(citation, citationDocuments)),
      providerMetadata: { anthropic: { citations } }
    })
  }]
  for (const citation of part.citations ?? []) {
    if (citation.type === "web_search_result_location" && hasWebSearchResults) continue
    const source = createCitationSource(citation, citationDocuments, generateId)
    if (source) content.push(source)
  }
  return content
}

// A client tool call; a toolset member's is a call of the toolset tool with the member as `action`.
const toolUseContent = (part: Block<"tool_use">, options: Options): ToolCall | InvalidResponseDataError => {
  if (part.toolset_name == null) {
    return {
      type: "tool-call",
      toolCallId: part.id,
      toolName: part.name,
      input: WireJson.render(part.input),
      ...callerMetadata(part.caller)
    }
  }
  const unavailable = validateToolsetMember(part.toolset_name, part.name, options.preparedTools)
  if (unavailable !== undefined) return unavailable
  const input = toToolsetMemberInput(part.name, part.input)
  if (input instanceof InvalidResponseDataError) return input
  return {
    type: "tool-call",
    toolCallId: part.id,
    toolName: options.toolNameMapping.toCustomToolName(part.toolset_name),
    input,
    providerMetadata: {
      anthropic: { toolsetName: part.toolset_name, ...callerMetadata(part.caller).providerMetadata?.anthropic }
    }
  }
}

// A provider-executed call (code execution and its sub-tools, web, tool search, advisor), or none.
const serverToolUseContent = (part: Block<"server_tool_use">, options: Options, ctx: ResultContext): ToolCall | undefined => {
  const { markCodeExecutionDynamic, toolNameMapping } = options
  const call = (toolName: string, input: unknown, dynamic: boolean): ToolCall => ({
    type: "tool-call",
    toolCallId: part.id,
    toolName: toolNameMapping.toCustomToolName(toolName),
    input: WireJson.render(input),
    providerExecuted: true,
    ...(dynamic ? { dynamic: true } : {}),
    ...callerMetadata(part.caller)
  })
  switch (part.name) {
    case "text_editor_code_execution":
    case "bash_code_execution":
      return call("code_execution", { type: part.name, ...part.input }, markCodeExecutionDynamic)
    case "web_search":
    case "code_execution":
    case "web_fetch": {
      const input = part.name === "code_execution" && part.input != null && "code" in part.input &&
          !("type" in part.input)
        ? { type: "programmatic-tool-call", ...part.input }
        : part.input
      return call(part.name, input, markCodeExecutionDynamic && part.name === "code_execution")
    }
    case "tool_search_tool_regex":
    case "tool_search_tool_bm25":
      ctx.serverToolCalls.set(part.id, part.name)
      return call(part.name, part.input, false)
    case "advisor":
      return call("advisor", part.input, false)
  }
  return undefined
}

// The Anthropic provider metadata of a response: usage, stop, tier, container and context management.
const responseMetadata = (response: MessagesResponse): JsonObject => {
  const stopDetails = mapStopDetails(response.stop_details)
  const serviceTier = response.usage.service_tier ?? response.service_tier
  const c = response.container
  return {
    usage: response.usage,
    stopSequence: response.stop_sequence ?? null,
    ...(serviceTier != null ? { serviceTier } : {}),
    ...(stopDetails != null ? { stopDetails } : {}),
    ...(response.input_transformations != null ? { inputTransformations: response.input_transformations } : {}),
    ...(response.safeguard_results != null ? { safeguardResults: response.safeguard_results } : {}),
    iterations: mapIterations(response.usage.iterations),
    container: c
      ? {
        expiresAt: c.expires_at,
        id: c.id,
        skills: c.skills?.map((skill) => ({ type: skill.type, skillId: skill.skill_id, version: skill.version })) ?? null
      }
      : null,
    contextManagement: mapContextManagement(response.context_management) ?? null
  }
}

/**
 * Maps a response; with the JSON response tool its call becomes the text,
 * toolset member calls become calls of the toolset tool. Fails like upstream
 * on a member of no toolset of the request.
 */
export const mapResponse = (response: MessagesResponse, options: Options): GeneratedContent | InvalidResponseDataError => {
  const content: Array<Content> = []
  const ctx: ResultContext = {
    toolNameMapping: options.toolNameMapping,
    citationDocuments: options.citationDocuments,
    mcpToolCalls: new Map<string, ToolCall>(),
    serverToolCalls: new Map<string, string>(),
    generateId: options.generateId
  }
  const hasWebSearchResults = response.content.some((part) =>
    part.type === "web_search_tool_result" && Array.isArray(part.content) && part.content.length > 0
  )
  const fallbackText = options.usesJsonResponseTool
    ? jsonResponseToolFallbackText(response.content, response.stop_reason)
    : undefined
  let isJsonResponseFromTool = false
  for (const part of response.content) {
    switch (part.type) {
      case "text":
        if (fallbackText !== undefined && !fallbackText.has(part)) break
        content.push(...textContent(part, options, hasWebSearchResults))
        break
      case "thinking":
        content.push({ type: "reasoning", text: part.thinking, providerMetadata: { anthropic: { signature: part.signature } } })
        break
      case "redacted_thinking":
        content.push({ type: "reasoning", text: "", providerMetadata: { anthropic: { redactedData: part.data } } })
        break
      case "container_upload":
        content.push({
          type: "custom",
          kind: "anthropic.container_upload",
          providerMetadata: { anthropic: { fileId: part.file_id } }
        })
        break
      case "compaction":
        if (!part.content) break
        content.push({
          type: "text",
          text: part.content,
          providerMetadata: {
            anthropic: { type: "compaction", ...(part.signature != null && { signature: part.signature }) }
          }
        })
        break
      case "tool_use": {
        if (options.usesJsonResponseTool && part.name === "json") {
          isJsonResponseFromTool = true
          content.push({ type: "text", text: WireJson.render(part.input) })
          break
        }
        const call = toolUseContent(part, options)
        if (call instanceof InvalidResponseDataError) return call
        content.push(call)
        break
      }
      case "server_tool_use": {
        const call = serverToolUseContent(part, options, ctx)
        if (call !== undefined) content.push(call)
        break
      }
      case "fallback":
        content.push({
          type: "custom",
          kind: "anthropic.fallback",
          providerMetadata: { anthropic: { type: "fallback", from: part.from, to: part.to } }
        })
        break
      default:
        content.push(...mapResultBlock(part, ctx, () => {}))
    }
  }
  return {
    content,
    finishReason: { unified: mapStopReason(response.stop_reason, isJsonResponseFromTool), raw: response.stop_reason ?? undefined },
    usage: convertUsage(response.usage, response.usage),
    providerMetadata: { anthropic: responseMetadata(response) }
  }
}
