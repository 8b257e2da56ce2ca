/**
 * The stream transform of the OpenAI-compatible chat model (upstream
 * `doStream`'s TransformStream): parse results in, V4 parts out, with the
 * per-index pre-buffer for unnamed tool-call deltas, the tracker without type
 * validation, and the "ended without a finish reason" rule at flush.
 *
 * @since 0.1.0
 */
import { InvalidResponseDataError } from "../../../spec/errors/InvalidResponseDataError.ts"
import type { FinishReason } from "../../../spec/FinishReason.ts"
import type { ProviderMetadata } from "../../../spec/ProviderMetadata.ts"
import type { StreamPart } from "../../../spec/StreamPart.ts"
import type { Usage } from "../../../spec/Usage.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as ChatStreamText from "../../../provider-utils/ChatStreamText.ts"
import * as ElementTransformer from "../../../provider-utils/ElementTransformer.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import * as StreamingToolCallTracker from "../../../provider-utils/StreamingToolCallTracker.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { ChunkBase, TokenUsage, ToolCallDelta } from "./ChatApi.ts"
import { convertContent } from "./ChatContent.ts"
import { mapOpenAIFamilyFinishReason } from "../../../provider-utils/MapOpenAIFamilyFinishReason.ts"

/**
 * The per-stream half of a metadata extractor (upstream `createStreamExtractor()`).
 *
 * @since 0.1.0
 */
export interface StreamMetadataExtractor {
  readonly processChunk: (parsedChunk: unknown) => void
  readonly buildMetadata: () => ProviderMetadata | undefined
}

/**
 * What the transform needs.
 *
 * @since 0.1.0
 */
export interface ChatStreamOptions {
  readonly metadataKey: string
  readonly includeRawChunks: boolean
  readonly generateId: () => string
  readonly convertUsage: (usage: TokenUsage | null | undefined) => Usage
  readonly metadataExtractor: StreamMetadataExtractor | undefined
}

interface PendingToolCall {
  id: string | null
  bufferedArguments: string
  extraContent: ToolCallDelta["extra_content"] | null
}

/**
 * A transformer for `StreamTransform.transform` (the caller emits `stream-start` before it).
 *
 * @since 0.1.0
 */
export const makeTransformer = <E extends { readonly error: unknown }>(
  options: ChatStreamOptions
): StreamTransform.Transformer<ParseResult<ChunkBase | E>, StreamPart, InvalidResponseDataError> => {
  const providerOptionsName = options.metadataKey
  const tracker = StreamingToolCallTracker.make<ToolCallDelta>({
    generateId: options.generateId,
    extractMetadata: (delta) => {
      const thoughtSignature = delta.extra_content?.google?.thought_signature
      return thoughtSignature ? { [providerOptionsName]: { thoughtSignature } } : undefined
    },
    buildToolCallProviderMetadata: (metadata) => metadata
  })
  const pendingToolCalls = new Map<number, PendingToolCall>()
  const forwardedToolCallIndices = new Set<number>()

  let finishReason: FinishReason | undefined
  let rawFinishReason: string | undefined
  let usage: TokenUsage | null | undefined
  let metadataExtracted = false
  const blocks = ChatStreamText.make()
  let hasRefusal = false

  const track = (delta: ToolCallDelta, out: Array<StreamPart>): InvalidResponseDataError | undefined => {
    const result = tracker.processDelta(delta, out)
    return result instanceof InvalidResponseDataError ? result : undefined
  }

  const processToolCallDelta = (delta: ToolCallDelta, out: Array<StreamPart>): InvalidResponseDataError | undefined => {
    const index = delta.index
    if (index == null || forwardedToolCallIndices.has(index)) {
      return track(delta, out)
    }
    let pending = pendingToolCalls.get(index)
    if (pending === undefined) {
      pending = { id: delta.id ?? null, bufferedArguments: "", extraContent: delta.extra_content ?? null }
      pendingToolCalls.set(index, pending)
    } else {
      if (pending.id == null && delta.id != null) pending.id = delta.id
      if (pending.extraContent == null && delta.extra_content != null) pending.extraContent = delta.extra_content
    }
    const argumentsDelta = delta.function.arguments
    if (argumentsDelta != null) pending.bufferedArguments += argumentsDelta
    const name = delta.function.name
    if (name != null) {
      const forward: ToolCallDelta = {
        index,
        id: pending.id,
        function: { name, arguments: pending.bufferedArguments },
        extra_content: pending.extraContent ?? undefined
      }
      const error = track(forward, out)
      pendingToolCalls.delete(index)
      forwardedToolCallIndices.add(index)
      return error
    }
    return undefined
  }

  // Reasoning after text ends the text block, and text after reasoning ends
  // the reasoning block (upstream openai-compatible alternates the two).
  const reasoningDelta = (delta: string, out: Array<StreamPart>) => {
    blocks.endText(out)
    blocks.reasoningDelta(out, delta)
  }

  const textDelta = (delta: string, out: Array<StreamPart>) => {
    blocks.endReasoning(out)
    blocks.textDelta(out, delta)
  }

  const processChunk = (chunk: ParseResult<ChunkBase | E>, out: Array<StreamPart>): InvalidResponseDataError | undefined => {
    if (options.includeRawChunks) {
      out.push({ type: "raw", rawValue: chunk.rawValue })
    }
    if (!chunk.success) {
      finishReason = { unified: "error", raw: undefined }
      rawFinishReason = undefined
      out.push({ type: "error", error: chunk.error })
      return undefined
    }
    options.metadataExtractor?.processChunk(chunk.rawValue)
    const value = chunk.value
    if ("error" in value) {
      finishReason = { unified: "error", raw: undefined }
      rawFinishReason = undefined
      out.push({ type: "error", error: value.error })
      return undefined
    }
    if (!metadataExtracted) {
      const metadata = createLanguageModelResponseMetadata({ id: value.id, model: value.model, created: value.created || undefined })
      if (metadata.id || metadata.modelId || metadata.timestamp) {
        metadataExtracted = true
        out.push({ type: "response-metadata", ...metadata })
      }
    }
    if (value.usage != null) {
      usage = value.usage
    }
    const choice = value.choices[0]
    if (choice?.finish_reason != null) {
      rawFinishReason = choice.finish_reason
    }
    if (choice?.delta == null) {
      return undefined
    }
    const delta = choice.delta
    const reasoningContent = delta.reasoning_content ?? delta.reasoning
    if (reasoningContent) {
      reasoningDelta(reasoningContent, out)
    }
    for (const part of convertContent(delta.content)) {
      if (part.type === "reasoning") reasoningDelta(part.text, out)
      else textDelta(part.text, out)
    }
    const refusal = delta.refusal
    if (typeof refusal === "string" && refusal.length > 0) {
      hasRefusal = true
      textDelta(refusal, out)
    }
    if (delta.tool_calls != null && delta.tool_calls.length > 0) {
      blocks.endReasoning(out)
      for (const toolCallDelta of delta.tool_calls) {
        const error = processToolCallDelta(toolCallDelta, out)
        if (error !== undefined) return error
      }
    }
    return undefined
  }

  return ElementTransformer.make({
    onElement: processChunk,
    onEnd: (out) => {
      blocks.flush(out)
      for (const [index, pending] of pendingToolCalls) {
        const error = track({ index, id: pending.id, function: { arguments: pending.bufferedArguments } }, out)
        if (error !== undefined) return error
      }
      pendingToolCalls.clear()
      tracker.flush(out)
      if (rawFinishReason != null) {
        finishReason = { unified: mapOpenAIFamilyFinishReason(rawFinishReason, hasRefusal), raw: rawFinishReason }
      }
      if (finishReason == null) {
        finishReason = { unified: "error", raw: undefined }
        out.push({
          type: "error",
          error: new InvalidResponseDataError({
            data: undefined,
            message: "Response stream ended without a finish reason."
          })
        })
      }
      const extracted = options.metadataExtractor?.buildMetadata()
      const details = usage?.completion_tokens_details
      const entry = {
        ...extracted?.[providerOptionsName],
        ...(details?.accepted_prediction_tokens != null
          ? { acceptedPredictionTokens: details.accepted_prediction_tokens }
          : {}),
        ...(details?.rejected_prediction_tokens != null
          ? { rejectedPredictionTokens: details.rejected_prediction_tokens }
          : {})
      }
      const providerMetadata: ProviderMetadata = { [providerOptionsName]: {}, ...extracted, [providerOptionsName]: entry }
      out.push({
        type: "finish",
        finishReason,
        usage: options.convertUsage(usage),
        providerMetadata
      })
      return undefined
    }
  })
}
