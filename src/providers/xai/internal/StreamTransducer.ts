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
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { Usage } from "../../../contract/Usage.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import type { ResponsesChunk } from "../XAIApi.ts"
import type { ToolNames } from "./RequestArgs.ts"
import { announce, makeState, outputItem, source } from "./StreamState.ts"
import { streamError } from "./StreamError.ts"
import { convertUsage, zeroUsage } from "./Usage.ts"
import { mapFinishReason } from "./FinishReason.ts"

/**
 * What the transducer needs from the call.
 *
 * @since 0.1.0
 */
export interface TransducerOptions {
  readonly warnings: ReadonlyArray<Warning>
  readonly includeRawChunks: boolean
  readonly toolNames: ToolNames
  readonly generateId: () => string
}

type Out = Array<StreamPart>

/**
 * A stateful transducer: `push` per parsed event, `end` once.
 *
 * @since 0.1.0
 */
export interface Transducer {
  readonly start: StreamPart
  readonly push: (chunk: ParseResult<ResponsesChunk>, out: Out) => void
  readonly end: (out: Out) => void
}

/**
 * A fresh transducer for one stream.
 *
 * @since 0.1.0
 */
export const makeTransducer = (options: TransducerOptions): Transducer => {
  const { generateId, toolNames } = options
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  let usage: Usage | undefined = undefined
  let costInUsdTicks: number | undefined = undefined
  let serviceTier: string | undefined = undefined
  let promptCacheKey: string | undefined = undefined
  let safetyIdentifier: string | undefined = undefined
  let isFirstChunk = true
  const st = makeState(toolNames, generateId)
  const { activeReasoning, contentBlocks, ongoingToolCalls, seenToolCalls } = st

  // The part ids of the item the last delta belonged to: a stream's deltas continue one item, and
  // building `text-${id}` and looking it up in `contentBlocks` per delta was most of this
  // transducer's time (blocks are never removed, so a block seen once stays started).
  let textItem: string | undefined
  let textBlock = ""
  let reasoningItem: string | undefined
  let reasoningBlock = ""
  const reasoningId = (itemId: string): string => {
    if (itemId !== reasoningItem) {
      reasoningItem = itemId
      reasoningBlock = `reasoning-${itemId}`
    }
    return reasoningBlock
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
          id: reasoningId(value.item_id),
          delta: value.delta,
          providerMetadata: { xai: { itemId: value.item_id } }
        })
        return
      case "response.reasoning_text.delta":
        reasoningStart(value.item_id, out)
        out.push({
          type: "reasoning-delta",
          id: reasoningId(value.item_id),
          delta: value.delta,
          providerMetadata: { xai: { itemId: value.item_id } }
        })
        return
      case "response.output_text.delta": {
        if (value.item_id !== textItem) {
          const blockId = `text-${value.item_id}`
          if (contentBlocks[blockId] == null) {
            contentBlocks[blockId] = { type: "text" }
            out.push({ type: "text-start", id: blockId })
          }
          textItem = value.item_id
          textBlock = blockId
        }
        out.push({ type: "text-delta", id: textBlock, delta: value.delta })
        return
      }
      case "response.output_text.done":
        if (value.annotations) for (const annotation of value.annotations) source(st, annotation, out)
        return
      case "response.output_text.annotation.added":
        source(st, value.annotation, out)
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
            unified: st.hasFunctionCall ? "tool-calls" : mapFinishReason(value.response.status),
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
        outputItem(st, true, value.output_index, value.item, out)
        return
      case "response.output_item.done":
        outputItem(st, false, value.output_index, value.item, out)
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
