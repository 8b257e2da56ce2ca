/**
 * A non-streamed Responses response as V4 content, finish reason, usage and
 * provider metadata (upstream `doGenerate` of
 * `xai-responses-language-model.ts`). As upstream, only web search and file
 * search calls get a result part; other provider-executed calls have none.
 */
import type { Content } from "../../../contract/Content.ts"
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { ProviderMetadata } from "../../../contract/ProviderMetadata.ts"
import type { Usage } from "../../../contract/Usage.ts"
import type { ResponsesResponse } from "../XAIApi.ts"
import type { ToolNames } from "./RequestArgs.ts"
import { fileSearchResult, isToolCallItem, mapWebSearchAction, toolInputOf, toolNameOf } from "./ServerTools.ts"
import { convertUsage, zeroUsage } from "./Usage.ts"
import { mapFinishReason } from "./FinishReason.ts"

/**
 * The mapped response.
 *
 * @since 0.1.0
 */
export interface Mapped {
  readonly content: Array<Content>
  readonly finishReason: FinishReason
  readonly usage: Usage
  readonly providerMetadata?: ProviderMetadata
}

/**
 * Maps the response's output items in order.
 *
 * @since 0.1.0
 */
export const mapResponse = (response: ResponsesResponse, toolNames: ToolNames, generateId: () => string): Mapped => {
  const content: Array<Content> = []
  let hasFunctionCall = false
  for (const part of response.output) {
    if (part.type === "file_search_call") {
      const toolName = toolNames.fileSearch ?? "file_search"
      content.push({ type: "tool-call", toolCallId: part.id, toolName, input: "", providerExecuted: true })
      content.push({ type: "tool-result", toolCallId: part.id, toolName, result: fileSearchResult(part) })
      continue
    }
    if (part.type === "image_generation_call") {
      const toolName = toolNames.imageGeneration ?? "image_generation"
      content.push({ type: "tool-call", toolCallId: part.id, toolName, input: "{}", providerExecuted: true })
      content.push(
        part.result != null
          ? {
            type: "tool-result",
            toolCallId: part.id,
            toolName,
            result: { result: part.result, ...(part.prompt != null && { prompt: part.prompt }) }
          }
          : {
            type: "tool-result",
            toolCallId: part.id,
            toolName,
            isError: true,
            result: `Image generation failed (status: ${part.status}).`
          }
      )
      continue
    }
    if (isToolCallItem(part)) {
      const toolName = toolNameOf(part, toolNames)
      content.push({ type: "tool-call", toolCallId: part.id, toolName, input: toolInputOf(part), providerExecuted: true })
      if (part.type === "web_search_call") {
        content.push({ type: "tool-result", toolCallId: part.id, toolName, result: mapWebSearchAction(part.action) })
      }
      continue
    }
    switch (part.type) {
      case "message":
        for (const contentPart of part.content) {
          if (contentPart.text) content.push({ type: "text", text: contentPart.text })
          for (const annotation of contentPart.annotations ?? []) {
            if (annotation.type === "url_citation" && "url" in annotation) {
              content.push({
                type: "source",
                sourceType: "url",
                id: generateId(),
                url: annotation.url,
                title: annotation.title ?? annotation.url
              })
            }
          }
        }
        break
      case "function_call":
        hasFunctionCall = true
        content.push({ type: "tool-call", toolCallId: part.call_id, toolName: part.name, input: part.arguments })
        break
      case "reasoning": {
        const texts = part.summary.length > 0 ? part.summary.map((s) => s.text) : (part.content ?? []).map((c) => c.text)
        const text = texts.filter((t) => t && t.length > 0).join("")
        // Encrypted content can come with an empty reasoning text.
        if (text || part.encrypted_content) {
          const hasMetadata = part.encrypted_content || part.id
          content.push({
            type: "reasoning",
            text,
            ...(hasMetadata && {
              providerMetadata: {
                xai: {
                  ...(part.encrypted_content && { reasoningEncryptedContent: part.encrypted_content }),
                  ...(part.id && { itemId: part.id })
                }
              }
            })
          })
        }
        break
      }
    }
  }
  const usage = response.usage
  const hasMetadata = usage?.cost_in_usd_ticks != null || response.service_tier != null ||
    response.prompt_cache_key != null || response.safety_identifier != null
  return {
    content,
    finishReason: {
      unified: hasFunctionCall ? "tool-calls" : mapFinishReason(response.status),
      raw: response.status ?? undefined
    },
    usage: usage ? convertUsage(usage) : zeroUsage(),
    ...(hasMetadata && {
      providerMetadata: {
        xai: {
          ...(usage?.cost_in_usd_ticks != null && { costInUsdTicks: usage.cost_in_usd_ticks }),
          ...(response.service_tier != null && { serviceTier: response.service_tier }),
          ...(response.prompt_cache_key != null && { promptCacheKey: response.prompt_cache_key }),
          ...(response.safety_identifier != null && { safetyIdentifier: response.safety_identifier })
        }
      }
    })
  }
}
