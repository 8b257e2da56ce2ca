/**
 * Port of upstream `OpenAIResponsesLanguageModel.doStream`'s transform: one
 * decoded Responses event in, its V4 stream parts out (text and refusal
 * deltas, reasoning summary parts, tool input deltas, annotations, finish,
 * errors), and the flush at the end (citation fallbacks, buffered parallel
 * calls, `finish`). Synchronous and per element: the caller runs it over a
 * network chunk's events at once.
 *
 * @internal
 */
import type { ParseResult } from "../../../../../runtime/ParseJson.ts"
import { APICallError } from "../../../../../contract/errors/APICallError.ts"
import type { StreamPart } from "../../../../../contract/StreamPart.ts"
import type { Chunk } from "../OpenAIResponsesApi.ts"
import { createOpenAIProviderStreamError } from "../../internal/StreamError.ts"
import { annotationSource, escapeJsonDelta } from "./Sources.ts"
import { mapFinishReason } from "./FinishReason.ts"
import { convertUsage } from "./Usage.ts"
import { onItemAdded, onItemDone } from "./StreamOutputItems.ts"
import { initialState, resolveOutputItemId, skewOf, type StreamOptions, type StreamState } from "./StreamState.ts"
import * as WireJson from "../../../../../runtime/WireJson.ts"

type Out = Array<StreamPart>

/** What a chat-completions mismatch error needs to know about the request. @internal */
export interface RequestInfo {
  readonly url: string
  readonly requestBodyValues: unknown
  readonly responseHeaders: Record<string, string> | undefined
}

const isChatCompletionChunk = (value: unknown): boolean =>
  typeof value === "object" && value !== null && Array.isArray(Reflect.get(value, "choices")) &&
  typeof Reflect.get(value, "type") !== "string"

const chatCompletionsMismatch = (value: unknown, cause: unknown, request: RequestInfo) =>
  new APICallError({
    message: "Received a Chat Completions stream while using the OpenAI Responses API. " +
      "The default OpenAI provider model uses the Responses API. If your custom baseURL targets a Chat Completions-compatible endpoint, use openai.chat('model-id') or createOpenAI(...).chat('model-id') instead. " +
      "You can also use @ai-sdk/openai-compatible for OpenAI-compatible providers.",
    url: request.url,
    requestBodyValues: request.requestBodyValues,
    responseHeaders: request.responseHeaders,
    responseBody: WireJson.render(value),
    cause,
    data: value,
    isRetryable: false
  })

const summaryPartAdded = (
  value: Extract<Chunk, { type: "response.reasoning_summary_part.added" }>,
  state: StreamState,
  name: string,
  out: Out
) => {
  // The first summary part starts with the reasoning item itself.
  if (value.summary_index <= 0) return
  const itemId = resolveOutputItemId(state, value.item_id, value.output_index)
  const active = state.activeReasoning[itemId]
  if (active == null) return
  active.summaryParts[value.summary_index] = "active"
  for (const summaryIndex of Object.keys(active.summaryParts)) {
    if (active.summaryParts[summaryIndex] !== "can-conclude") continue
    out.push({ type: "reasoning-end", id: `${itemId}:${summaryIndex}`, providerMetadata: { [name]: { itemId } } })
    active.summaryParts[summaryIndex] = "concluded"
  }
  out.push({
    type: "reasoning-start",
    id: `${itemId}:${value.summary_index}`,
    providerMetadata: { [name]: { itemId, reasoningEncryptedContent: active.encryptedContent ?? null } }
  })
}

const onValue = (value: Chunk, state: StreamState, o: StreamOptions, out: Out): void => {
  const name = o.providerOptionsName
  switch (value.type) {
    case "response.output_text.delta": {
      const itemId = resolveOutputItemId(state, value.item_id, value.output_index)
      out.push({ type: "text-delta", id: itemId, delta: value.delta })
      if (o.logprobs && value.logprobs) state.logprobs.push(value.logprobs)
      return
    }
    case "response.output_item.added":
      return onItemAdded(value.item, value.output_index, state, o, out)
    case "response.output_item.done":
      return onItemDone(value.item, value.output_index, state, o, out)
    case "response.function_call_arguments.delta": {
      const toolCall = state.ongoingToolCalls[value.output_index]
      if (toolCall == null) return
      if (toolCall.suppressInputStreaming) toolCall.bufferedInputDeltas?.push(value.delta)
      else out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: value.delta })
      return
    }
    case "response.custom_tool_call_input.delta": {
      const toolCall = state.ongoingToolCalls[value.output_index]
      if (toolCall != null) out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: value.delta })
      return
    }
    case "response.apply_patch_call_operation_diff.delta": {
      const toolCall = state.ongoingToolCalls[value.output_index]
      if (toolCall?.applyPatch) {
        out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: escapeJsonDelta(value.delta) })
        toolCall.applyPatch.hasDiff = true
      }
      return
    }
    case "response.apply_patch_call_operation_diff.done": {
      const toolCall = state.ongoingToolCalls[value.output_index]
      if (toolCall?.applyPatch && !toolCall.applyPatch.endEmitted) {
        if (!toolCall.applyPatch.hasDiff) {
          out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: escapeJsonDelta(value.diff) })
          toolCall.applyPatch.hasDiff = true
        }
        out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: "\"}}" })
        out.push({ type: "tool-input-end", id: toolCall.toolCallId })
        toolCall.applyPatch.endEmitted = true
      }
      return
    }
    case "response.image_generation_call.partial_image":
      out.push({
        type: "tool-result",
        toolCallId: value.item_id,
        toolName: o.toolNameMapping.toCustomToolName("image_generation"),
        result: { result: value.partial_image_b64 },
        preliminary: true
      })
      return
    case "response.code_interpreter_call_code.delta": {
      const toolCall = state.ongoingToolCalls[value.output_index]
      if (toolCall != null) out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: escapeJsonDelta(value.delta) })
      return
    }
    case "response.code_interpreter_call_code.done": {
      const toolCall = state.ongoingToolCalls[value.output_index]
      if (toolCall == null) return
      out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta: "\"}" })
      out.push({ type: "tool-input-end", id: toolCall.toolCallId })
      out.push({
        type: "tool-call",
        toolCallId: toolCall.toolCallId,
        toolName: o.toolNameMapping.toCustomToolName("code_interpreter"),
        input: WireJson.render({ code: value.code, containerId: toolCall.codeInterpreter?.containerId }),
        providerExecuted: true
      })
      return
    }
    case "response.created":
      state.responseId = value.response.id
      out.push({
        type: "response-metadata",
        id: value.response.id,
        timestamp: new Date(value.response.created_at * 1000),
        modelId: value.response.model
      })
      return
    case "response.refusal.delta": {
      // 4.0.81 has no refusal events: unknown chunks, ignored
      if (!skewOf(o).refusals) return
      state.hasRefusal = true
      const itemId = resolveOutputItemId(state, value.item_id, value.output_index)
      out.push({ type: "text-delta", id: itemId, delta: value.delta })
      return
    }
    case "response.refusal.done":
      if (skewOf(o).refusals) state.hasRefusal = true
      return
    case "response.reasoning_summary_part.added":
      return summaryPartAdded(value, state, name, out)
    case "response.reasoning_summary_text.delta": {
      const itemId = resolveOutputItemId(state, value.item_id, value.output_index)
      out.push({
        type: "reasoning-delta",
        id: `${itemId}:${value.summary_index}`,
        delta: value.delta,
        providerMetadata: { [name]: { itemId } }
      })
      return
    }
    case "response.reasoning_summary_part.done": {
      const itemId = resolveOutputItemId(state, value.item_id, value.output_index)
      const active = state.activeReasoning[itemId]
      if (active == null) return
      // A stored response needs no encrypted content: the part ends now.
      // Otherwise the last part waits for the item's encrypted content.
      if (o.store) {
        out.push({
          type: "reasoning-end",
          id: `${itemId}:${value.summary_index}`,
          providerMetadata: { [name]: { itemId } }
        })
        active.summaryParts[value.summary_index] = "concluded"
      } else {
        active.summaryParts[value.summary_index] = "can-conclude"
      }
      return
    }
    case "response.completed":
    case "response.incomplete": {
      const response = value.response
      if (!state.encounteredStreamError) {
        state.finishReason = {
          unified: mapFinishReason(response.incomplete_details?.reason, state.hasFunctionCall, state.hasRefusal),
          raw: response.incomplete_details?.reason ?? undefined
        }
      }
      state.usage = response.usage ?? undefined
      if (skewOf(o).promptCacheDiagnostics) state.promptCacheDiagnostics = response.prompt_cache_diagnostics ?? undefined
      if (typeof response.service_tier === "string") state.serviceTier = response.service_tier
      if (response.reasoning?.context != null) state.reasoningContext = response.reasoning.context
      return
    }
    case "response.failed": {
      const response = value.response
      if (skewOf(o).promptCacheDiagnostics) state.promptCacheDiagnostics = response.prompt_cache_diagnostics ?? undefined
      const incompleteReason = response.incomplete_details?.reason
      state.finishReason = {
        unified: incompleteReason ? mapFinishReason(incompleteReason, state.hasFunctionCall) : "error",
        raw: incompleteReason ?? "error"
      }
      state.usage = response.usage ?? undefined
      if (response.reasoning?.context != null) state.reasoningContext = response.reasoning.context
      if (!state.encounteredStreamError && response.error != null) {
        state.encounteredStreamError = true
        const error = {
          type: "response.failed",
          sequence_number: value.sequence_number,
          response: {
            error: response.error,
            incomplete_details: response.incomplete_details,
            service_tier: response.service_tier
          }
        }
        out.push({ type: "error", error: createOpenAIProviderStreamError(error) ?? error })
      }
      return
    }
    case "response.output_text.annotation.added": {
      const annotation = value.annotation
      state.ongoingAnnotations.push(annotation)
      // Retrieval events may come after the annotation: whether a citation
      // needs its own source is decided at the end.
      // (4.0.81: every annotation is a source when it arrives)
      if (skewOf(o).retrievalSources && (annotation.type === "url_citation" || annotation.type === "file_citation")) {
        state.fallbackAnnotations.push(annotation)
      } else {
        out.push(annotationSource(annotation, name, o.generateId()))
      }
      return
    }
    case "error":
      state.encounteredStreamError = true
      state.finishReason = { unified: "error", raw: "error" }
      out.push({ type: "error", error: createOpenAIProviderStreamError(value) ?? value })
      return
    default:
      // response.in_progress, function_call_arguments.done, unknown_chunk
      return
  }
}

/**
 * A stream transform over decoded events.
 *
 * @internal
 */
export interface Transducer {
  readonly start: () => StreamPart
  readonly push: (chunk: ParseResult<Chunk>, out: Out) => void
  readonly flush: (out: Out) => void
}

/** @internal */
export const makeTransducer = (o: StreamOptions, request: RequestInfo): Transducer => {
  const state = initialState(o.skew)
  const name = o.providerOptionsName
  return {
    start: () => ({ type: "stream-start", warnings: [...o.warnings] }),
    push: (chunk, out) => {
      if (o.includeRawChunks) out.push({ type: "raw", rawValue: chunk.rawValue })
      if (!chunk.success) {
        const error = isChatCompletionChunk(chunk.rawValue)
          ? chatCompletionsMismatch(chunk.rawValue, chunk.error, request)
          : chunk.error
        state.encounteredStreamError = true
        state.finishReason = { unified: "error", raw: undefined }
        out.push({ type: "error", error })
        return
      }
      onValue(chunk.value, state, o, out)
    },
    flush: (out) => {
      for (const annotation of state.fallbackAnnotations) {
        if (
          (annotation.type === "url_citation" && state.hasWebSearchActionSources) ||
          (annotation.type === "file_citation" && state.hasFileSearchResults)
        ) continue
        out.push(annotationSource(annotation, name, o.generateId()))
      }
      for (const toolCall of Object.values(state.ongoingToolCalls)) {
        if (!toolCall?.suppressInputStreaming) continue
        out.push({ type: "tool-input-start", id: toolCall.toolCallId, toolName: toolCall.toolName })
        for (const delta of toolCall.bufferedInputDeltas ?? []) {
          out.push({ type: "tool-input-delta", id: toolCall.toolCallId, delta })
        }
      }
      out.push({
        type: "finish",
        finishReason: state.finishReason,
        usage: convertUsage(state.usage),
        providerMetadata: {
          [name]: {
            responseId: state.responseId,
            ...(state.logprobs.length > 0 ? { logprobs: state.logprobs } : {}),
            ...(state.serviceTier !== undefined ? { serviceTier: state.serviceTier } : {}),
            ...(state.reasoningContext !== undefined ? { reasoningContext: state.reasoningContext } : {}),
            ...(state.promptCacheDiagnostics !== undefined ? { promptCacheDiagnostics: state.promptCacheDiagnostics } : {})
          }
        }
      })
    }
  }
}

/**
 * Upstream `isResponseOutputChunk`: the first event that settles the
 * early-error peek.
 *
 * @internal
 */
export const isOutputChunk = (chunk: Chunk): boolean =>
  !(chunk.type === "response.created" || chunk.type === "response.in_progress" || chunk.type === "response.failed" ||
    chunk.type === "error" || chunk.type === "unknown_chunk")

/**
 * Upstream's early-error frame: an `error` event, or a `response.failed` with an error.
 *
 * @internal
 */
export const earlyErrorFrame = (chunk: Chunk): Chunk | undefined =>
  chunk.type === "error" || (chunk.type === "response.failed" && chunk.response.error != null) ? chunk : undefined
