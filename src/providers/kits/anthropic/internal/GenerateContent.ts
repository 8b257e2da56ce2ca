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

/**
 * Maps a response; with the JSON response tool its call becomes the text,
 * toolset member calls become calls of the toolset tool. Fails like upstream
 * on a member of no toolset of the request.
 */
export const mapResponse = (
  response: MessagesResponse,
  options: {
    readonly toolNameMapping: ToolNameMapping
    readonly citationDocuments: Array<CitationDocument>
    readonly markCodeExecutionDynamic: boolean
    readonly usesJsonResponseTool: boolean
    readonly preparedTools: ReadonlyArray<RequestTool> | undefined
    readonly generateId: () => string
  }
): GeneratedContent | InvalidResponseDataError => {
  const { citationDocuments, generateId, markCodeExecutionDynamic, preparedTools, toolNameMapping, usesJsonResponseTool } =
    options
  const content: Array<Content> = []
  const ctx: ResultContext = {
    toolNameMapping,
    citationDocuments,
    mcpToolCalls: new Map<string, ToolCall>(),
    serverToolCalls: new Map<string, string>(),
    generateId
  }
  const hasWebSearchResults = response.content.some((part) =>
    part.type === "web_search_tool_result" && Array.isArray(part.content) && part.content.length > 0
  )
  const fallbackText = usesJsonResponseTool
    ? jsonResponseToolFallbackText(response.content, response.stop_reason)
    : undefined
  let isJsonResponseFromTool = false
  for (const part of response.content) {
    switch (part.type) {
      case "text": {
        if (fallbackText !== undefined && !fallbackText.has(part)) break
        const citations = part.citations ?? []
        content.push({
          type: "text",
          text: part.text,
          ...(citations.length > 0 && {
            citations: citations.map((citation) => mapCitation(citation, citationDocuments)),
            providerMetadata: { anthropic: { citations } }
          })
        })
        for (const citation of part.citations ?? []) {
          if (citation.type === "web_search_result_location" && hasWebSearchResults) continue
          const source = createCitationSource(citation, citationDocuments, generateId)
          if (source) content.push(source)
        }
        break
      }
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
        if (usesJsonResponseTool && part.name === "json") {
          isJsonResponseFromTool = true
          content.push({ type: "text", text: WireJson.render(part.input) })
          break
        }
        if (part.toolset_name != null) {
          const unavailable = validateToolsetMember(part.toolset_name, part.name, preparedTools)
          if (unavailable !== undefined) return unavailable
          const input = toToolsetMemberInput(part.name, part.input)
          if (input instanceof InvalidResponseDataError) return input
          // a member call is a call of the toolset tool with the member as `action`
          content.push({
            type: "tool-call",
            toolCallId: part.id,
            toolName: toolNameMapping.toCustomToolName(part.toolset_name),
            input,
            providerMetadata: {
              anthropic: { toolsetName: part.toolset_name, ...callerMetadata(part.caller).providerMetadata?.anthropic }
            }
          })
          break
        }
        content.push({
          type: "tool-call",
          toolCallId: part.id,
          toolName: part.name,
          input: WireJson.render(part.input),
          ...callerMetadata(part.caller)
        })
        break
      }
      case "server_tool_use": {
        if (part.name === "text_editor_code_execution" || part.name === "bash_code_execution") {
          content.push({
            type: "tool-call",
            toolCallId: part.id,
            toolName: toolNameMapping.toCustomToolName("code_execution"),
            input: WireJson.render({ type: part.name, ...part.input }),
            providerExecuted: true,
            ...(markCodeExecutionDynamic ? { dynamic: true } : {}),
            ...callerMetadata(part.caller)
          })
        } else if (part.name === "web_search" || part.name === "code_execution" || part.name === "web_fetch") {
          const input = part.name === "code_execution" && part.input != null && "code" in part.input &&
              !("type" in part.input)
            ? { type: "programmatic-tool-call", ...part.input }
            : part.input
          content.push({
            type: "tool-call",
            toolCallId: part.id,
            toolName: toolNameMapping.toCustomToolName(part.name),
            input: WireJson.render(input),
            providerExecuted: true,
            ...(markCodeExecutionDynamic && part.name === "code_execution" ? { dynamic: true } : {}),
            ...callerMetadata(part.caller)
          })
        } else if (part.name === "tool_search_tool_regex" || part.name === "tool_search_tool_bm25") {
          ctx.serverToolCalls.set(part.id, part.name)
          content.push({
            type: "tool-call",
            toolCallId: part.id,
            toolName: toolNameMapping.toCustomToolName(part.name),
            input: WireJson.render(part.input),
            providerExecuted: true,
            ...callerMetadata(part.caller)
          })
        } else if (part.name === "advisor") {
          content.push({
            type: "tool-call",
            toolCallId: part.id,
            toolName: toolNameMapping.toCustomToolName("advisor"),
            input: WireJson.render(part.input),
            providerExecuted: true,
            ...callerMetadata(part.caller)
          })
        }
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
  const stopDetails = mapStopDetails(response.stop_details)
  const serviceTier = response.usage.service_tier ?? response.service_tier
  const c = response.container
  const anthropic: JsonObject = {
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
  return {
    content,
    finishReason: { unified: mapStopReason(response.stop_reason, isJsonResponseFromTool), raw: response.stop_reason ?? undefined },
    usage: convertUsage(response.usage, response.usage),
    providerMetadata: { anthropic }
  }
}
