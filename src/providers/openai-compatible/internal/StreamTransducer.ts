/**
 * The stream transform of the OpenAI-compatible chat model (upstream
 * `doStream`'s TransformStream): parse results in, V4 parts out, with the
 * per-index pre-buffer for unnamed tool-call deltas, the tracker without type
 * validation, and the "ended without a finish reason" rule at flush.
 *
 * @since 0.1.0
 */
import type { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import type { ProviderMetadata } from "../../../contract/ProviderMetadata.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { Usage } from "../../../contract/Usage.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as ChatStream from "../../kits/openai/ChatStream.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { ChunkBase, TokenUsage, ToolCallDelta } from "../OpenAICompatibleApi.ts"
import { convertContent } from "./GenerateContent.ts"
import { mapOpenAIFamilyFinishReason } from "../../kits/openai/FinishReason.ts"

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
 * A transformer for `StreamTransform.transform` (the caller emits `stream-start` before it): the
 * shared OpenAI-family chat stream with openai-compatible's rules.
 *
 * @since 0.1.0
 */
export const makeTransformer = <E extends { readonly error: unknown }>(
  options: ChatStreamOptions
): StreamTransform.Transformer<ParseResult<ChunkBase | E>, StreamPart, InvalidResponseDataError> => {
  const providerOptionsName = options.metadataKey
  const pendingToolCalls = new Map<number, PendingToolCall>()
  const forwardedToolCallIndices = new Set<number>()
  let usage: TokenUsage | null | undefined
  let hasRefusal = false

  // Unnamed deltas of an index are buffered until its name arrives (upstream's pre-buffer).
  const processToolCallDelta = (
    delta: ToolCallDelta,
    out: Array<StreamPart>,
    kit: ChatStream.Kit<ToolCallDelta>
  ): InvalidResponseDataError | undefined => {
    const index = delta.index
    if (index == null || forwardedToolCallIndices.has(index)) {
      return kit.track(delta, out)
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
      const error = kit.track(forward, out)
      pendingToolCalls.delete(index)
      forwardedToolCallIndices.add(index)
      return error
    }
    return undefined
  }

  return ChatStream.make({
    includeRawChunks: options.includeRawChunks,
    tracker: {
      generateId: options.generateId,
      extractMetadata: (delta: ToolCallDelta) => {
        const thoughtSignature = delta.extra_content?.google?.thought_signature
        return thoughtSignature ? { [providerOptionsName]: { thoughtSignature } } : undefined
      },
      buildToolCallProviderMetadata: (metadata) => metadata
    },
    initialFinishReason: undefined,
    mapFinishReason: (raw) => mapOpenAIFamilyFinishReason(raw, hasRefusal),
    responseMetadata: "first-non-empty",
    errorFrame: (frame: E) => frame.error,
    onParsed: (rawValue) => options.metadataExtractor?.processChunk(rawValue),
    onChunk: (value: ChunkBase) => {
      if (value.usage != null) usage = value.usage
    },
    reasoning: (delta) => delta.reasoning_content ?? delta.reasoning,
    // Reasoning after text ends the text block, and text after reasoning ends
    // the reasoning block (upstream openai-compatible alternates the two).
    reasoningEndsText: true,
    content: (delta, out, kit) => {
      const textDelta = (text: string) => {
        kit.blocks.endReasoning(out)
        kit.blocks.textDelta(out, text)
      }
      for (const part of convertContent(delta.content)) {
        if (part.type === "reasoning") kit.reasoningDelta(out, part.text)
        else textDelta(part.text)
      }
      const refusal = delta.refusal
      if (typeof refusal === "string" && refusal.length > 0) {
        hasRefusal = true
        textDelta(refusal)
      }
    },
    toolCallDelta: processToolCallDelta,
    beforeToolFlush: (out, kit) => {
      for (const [index, pending] of pendingToolCalls) {
        const error = kit.track({ index, id: pending.id, function: { arguments: pending.bufferedArguments } }, out)
        if (error !== undefined) return error
      }
      pendingToolCalls.clear()
      return undefined
    },
    finish: (finishReason) => {
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
      return { type: "finish", finishReason, usage: options.convertUsage(usage), providerMetadata }
    }
  })
}
