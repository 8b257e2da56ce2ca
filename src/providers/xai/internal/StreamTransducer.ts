/**
 * The Responses stream as V4 parts (upstream `doStream`'s TransformStream in
 * `xai-responses-language-model.ts`), one parsed event at a time. Upstream's
 * behaviour is kept where it looks odd, because the promise is the same
 * parts: a url citation becomes a `source` from each of `output_text.done`,
 * `output_text.annotation.added` and the message's `output_item.done`; a
 * provider-executed call's result is `{}` for every tool but web search and
 * file search; a custom tool call is announced only when its item is done;
 * the finish reason starts as `other`.
 */
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import type { FinishReason } from "../../../spec/FinishReason.ts"
import type { JsonObject } from "../../../spec/Json.ts"
import type { StreamPart } from "../../../spec/StreamPart.ts"
import type { Usage } from "../../../spec/Usage.ts"
import type { Warning } from "../../../spec/Warning.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import type { Annotation, OutputItem, ResponsesChunk } from "../XAIApi.ts"
import type { ToolNames } from "./RequestArgs.ts"
import { fileSearchResult, isToolCallItem, mapWebSearchAction, toolInputOf, toolNameOf } from "./ServerTools.ts"
import { streamError } from "./StreamError.ts"
import { convertUsage, mapFinishReason, zeroUsage } from "./Usage.ts"

/** What the transducer needs from the call. */
export interface TransducerOptions {
  readonly warnings: ReadonlyArray<Warning>
  readonly includeRawChunks: boolean
  readonly toolNames: ToolNames
  readonly generateId: () => string
}

type Out = Array<StreamPart>

/** A stateful transducer: `push` per parsed event, `end` once. */
export interface Transducer {
  readonly start: StreamPart
  readonly push: (chunk: ParseResult<ResponsesChunk>, out: Out) => void
  readonly end: (out: Out) => void
}

/** A fresh transducer for one stream. */
export const makeTransducer = (options: TransducerOptions): Transducer => {
  const { generateId, toolNames } = options
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  let hasFunctionCall = false
  let usage: Usage | undefined = undefined
  let costInUsdTicks: number | undefined = undefined
  let serviceTier: string | undefined = undefined
  let promptCacheKey: string | undefined = undefined
  let safetyIdentifier: string | undefined = undefined
  let isFirstChunk = true
  // Plain objects as upstream (ids such as `constructor` then behave as there).
  const contentBlocks: Record<string, { type: "text" }> = {}
  const seenToolCalls = new Set<string>()
  const ongoingToolCalls: Record<number, { toolName: string; toolCallId: string } | undefined> = {}
  const activeReasoning: Record<string, object> = {}

  const source = (annotation: Annotation, out: Out) => {
    if (annotation.type === "url_citation" && "url" in annotation) {
      out.push({ type: "source", sourceType: "url", id: generateId(), url: annotation.url, title: annotation.title ?? annotation.url })
    }
  }

  const announce = (id: string, toolName: string, input: string, out: Out) => {
    out.push({ type: "tool-input-start", id, toolName })
    out.push({ type: "tool-input-delta", id, delta: input })
    out.push({ type: "tool-input-end", id })
    out.push({ type: "tool-call", toolCallId: id, toolName, input, providerExecuted: true })
  }

  const outputItem = (added: boolean, outputIndex: number, part: OutputItem, out: Out) => {
    if (part.type === "reasoning") {
      if (!added) {
        const blockId = `reasoning-${part.id}`
        // Encrypted reasoning may arrive without any summary-part event.
        if (!(part.id in activeReasoning)) {
          activeReasoning[part.id] = {}
          out.push({ type: "reasoning-start", id: blockId, providerMetadata: { xai: { ...(part.id && { itemId: part.id }) } } })
        }
        out.push({
          type: "reasoning-end",
          id: blockId,
          providerMetadata: {
            xai: {
              ...(part.encrypted_content && { reasoningEncryptedContent: part.encrypted_content }),
              ...(part.id && { itemId: part.id })
            }
          }
        })
        delete activeReasoning[part.id]
      }
      return
    }
    if (part.type === "file_search_call") {
      const toolName = toolNames.fileSearch ?? "file_search"
      if (!seenToolCalls.has(part.id)) {
        seenToolCalls.add(part.id)
        announce(part.id, toolName, "", out)
      }
      if (!added) out.push({ type: "tool-result", toolCallId: part.id, toolName, result: fileSearchResult(part) })
      return
    }
    if (part.type === "image_generation_call") {
      const toolName = toolNames.imageGeneration ?? "image_generation"
      if (!seenToolCalls.has(part.id)) {
        seenToolCalls.add(part.id)
        announce(part.id, toolName, "{}", out)
      }
      if (!added) {
        if (part.result != null) {
          out.push({
            type: "tool-result",
            toolCallId: part.id,
            toolName,
            result: { result: part.result, ...(part.prompt != null && { prompt: part.prompt }) }
          })
        } else {
          out.push({
            type: "tool-result",
            toolCallId: part.id,
            toolName,
            isError: true,
            result: `Image generation failed (status: ${part.status}).`
          })
        }
      }
      return
    }
    if (isToolCallItem(part)) {
      const toolName = toolNameOf(part, toolNames)
      const input = toolInputOf(part)
      const shouldEmit = part.type === "custom_tool_call" ? !added : !seenToolCalls.has(part.id)
      if (shouldEmit && !seenToolCalls.has(part.id)) {
        seenToolCalls.add(part.id)
        announce(part.id, toolName, input, out)
      }
      if (!added) {
        const result: JsonObject = part.type === "web_search_call" ? mapWebSearchAction(part.action) : {}
        out.push({ type: "tool-result", toolCallId: part.id, toolName, result })
      }
      return
    }
    if (part.type === "message") {
      for (const contentPart of part.content) {
        if (contentPart.text && contentPart.text.length > 0) {
          const blockId = `text-${part.id}`
          // Text not already streamed by `output_text.delta` events.
          if (contentBlocks[blockId] == null) {
            contentBlocks[blockId] = { type: "text" }
            out.push({ type: "text-start", id: blockId })
            out.push({ type: "text-delta", id: blockId, delta: contentPart.text })
          }
        }
        if (contentPart.annotations) for (const annotation of contentPart.annotations) source(annotation, out)
      }
    } else if (part.type === "function_call") {
      if (added) {
        ongoingToolCalls[outputIndex] = { toolName: part.name, toolCallId: part.call_id }
        out.push({ type: "tool-input-start", id: part.call_id, toolName: part.name })
      } else {
        hasFunctionCall = true
        ongoingToolCalls[outputIndex] = undefined
        out.push({ type: "tool-input-end", id: part.call_id })
        out.push({ type: "tool-call", toolCallId: part.call_id, toolName: part.name, input: part.arguments })
      }
    }
  }

  const reasoningStart = (itemId: string, out: Out) => {
    if (activeReasoning[itemId] == null) {
      activeReasoning[itemId] = {}
      out.push({ type: "reasoning-start", id: `reasoning-${itemId}`, providerMetadata: { xai: { itemId } } })
    }
  }

  const event = (value: ResponsesChunk, out: Out) => {
    switch (value.type) {
      case "response.created":
      case "response.in_progress":
        if (isFirstChunk) {
          const response = value.response
          out.push({
            type: "response-metadata",
            ...createLanguageModelResponseMetadata({ id: response.id, model: response.model, created: response.created_at })
          })
          isFirstChunk = false
        }
        return
      case "response.reasoning_summary_part.added":
        reasoningStart(value.item_id, out)
        return
      case "response.reasoning_summary_text.delta":
        out.push({
          type: "reasoning-delta",
          id: `reasoning-${value.item_id}`,
          delta: value.delta,
          providerMetadata: { xai: { itemId: value.item_id } }
        })
        return
      case "response.reasoning_text.delta":
        reasoningStart(value.item_id, out)
        out.push({
          type: "reasoning-delta",
          id: `reasoning-${value.item_id}`,
          delta: value.delta,
          providerMetadata: { xai: { itemId: value.item_id } }
        })
        return
      case "response.output_text.delta": {
        const blockId = `text-${value.item_id}`
        if (contentBlocks[blockId] == null) {
          contentBlocks[blockId] = { type: "text" }
          out.push({ type: "text-start", id: blockId })
        }
        out.push({ type: "text-delta", id: blockId, delta: value.delta })
        return
      }
      case "response.output_text.done":
        if (value.annotations) for (const annotation of value.annotations) source(annotation, out)
        return
      case "response.output_text.annotation.added":
        source(value.annotation, out)
        return
      case "response.done":
      case "response.completed":
      case "response.incomplete": {
        const response = value.response
        if (response.usage) {
          usage = convertUsage(response.usage)
          costInUsdTicks = response.usage.cost_in_usd_ticks ?? undefined
        }
        serviceTier = response.service_tier ?? undefined
        promptCacheKey = response.prompt_cache_key ?? undefined
        safetyIdentifier = response.safety_identifier ?? undefined
        if (value.type === "response.incomplete") {
          const reason = value.response.incomplete_details?.reason
          finishReason = { unified: reason ? mapFinishReason(reason) : "other", raw: reason ?? "incomplete" }
        } else if (value.response.status) {
          finishReason = {
            unified: hasFunctionCall ? "tool-calls" : mapFinishReason(value.response.status),
            raw: value.response.status
          }
        }
        return
      }
      case "response.failed": {
        const reason = value.response.incomplete_details?.reason
        finishReason = { unified: reason ? mapFinishReason(reason) : "error", raw: reason ?? "error" }
        if (value.response.usage) usage = convertUsage(value.response.usage)
        const error = value.response.error
        if (error != null) {
          out.push({
            type: "error",
            error: streamError({ message: error.message, code: error.code, eventType: value.type, data: value })
          })
        }
        return
      }
      case "error":
        out.push({
          type: "error",
          error: streamError({ message: value.message, code: value.code, eventType: value.type, data: value })
        })
        return
      case "response.function_call_arguments.delta": {
        const toolCall = ongoingToolCalls[value.output_index]
        if (toolCall != null) out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: value.delta })
        return
      }
      case "response.image_generation_call.in_progress":
      case "response.image_generation_call.generating":
      case "response.image_generation_call.completed":
        if (!seenToolCalls.has(value.item_id)) {
          seenToolCalls.add(value.item_id)
          announce(value.item_id, toolNames.imageGeneration ?? "image_generation", "{}", out)
        }
        return
      case "response.output_item.added":
        outputItem(true, value.output_index, value.item, out)
        return
      case "response.output_item.done":
        outputItem(false, value.output_index, value.item, out)
        return
      default:
        return
    }
  }

  return {
    start: { type: "stream-start", warnings: [...options.warnings] },
    push: (chunk, out) => {
      if (options.includeRawChunks) out.push({ type: "raw", rawValue: chunk.rawValue })
      if (!chunk.success) {
        out.push({ type: "error", error: chunk.error })
        return
      }
      event(chunk.value, out)
    },
    end: (out) => {
      for (const blockId of Object.keys(contentBlocks)) out.push({ type: "text-end", id: blockId })
      const hasMetadata = costInUsdTicks != null || serviceTier != null || promptCacheKey != null ||
        safetyIdentifier != null
      out.push({
        type: "finish",
        finishReason,
        usage: usage ?? zeroUsage(),
        ...(hasMetadata && {
          providerMetadata: {
            xai: {
              ...(costInUsdTicks != null && { costInUsdTicks }),
              ...(serviceTier != null && { serviceTier }),
              ...(promptCacheKey != null && { promptCacheKey }),
              ...(safetyIdentifier != null && { safetyIdentifier })
            }
          }
        })
      })
    }
  }
}
