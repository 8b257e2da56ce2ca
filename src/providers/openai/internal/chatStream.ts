/**
 * The OpenAI chat stream transform (upstream `doStream`'s TransformStream,
 * `@ai-sdk/openai` 4.0.118 l.610–800) and the "error before first output"
 * peek (`throwIfOpenAIStreamErrorBeforeOutput`).
 *
 * @internal
 */
import type { Effect, Stream } from "effect"
import * as EarlyError from "../../../provider-utils/EarlyError.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as Tracker from "../../../provider-utils/StreamingToolCallTracker.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { APICallError } from "../../../spec/errors/APICallError.ts"
import { InvalidResponseDataError } from "../../../spec/errors/InvalidResponseDataError.ts"
import type { FinishReason } from "../../../spec/FinishReason.ts"
import type { JsonObject } from "../../../spec/Json.ts"
import type { StreamPart } from "../../../spec/StreamPart.ts"
import type { Logprob, OpenAIChatChunk, OpenAIChatToolCallDelta, OpenAIChatUsage } from "../OpenAIChatApi.ts"
import { convertOpenAIChatUsage, mapOpenAIFinishReason } from "./mapFinishReason.ts"
import { createOpenAIProviderStreamError } from "./streamError.ts"

/** @internal */
export type ChunkResult = ParseResult<OpenAIChatChunk>

/**
 * Upstream `getResponseMetadata`: `created` 0 (Azure's placeholder) counts as absent.
 *
 * @internal
 */
export const getResponseMetadata = (value: {
  readonly id?: string | null
  readonly model?: string | null
  readonly created?: number | null
}) => ({
  id: value.id ?? undefined,
  modelId: value.model ?? undefined,
  timestamp: value.created ? new Date(value.created * 1000) : undefined
})

/**
 * Upstream `isOpenAIChatOutputChunk`: a chunk with any non-empty content,
 * refusal, tool calls or annotations.
 *
 * @internal
 */
export const isOutputChunk = (chunk: OpenAIChatChunk): boolean => {
  if ("error" in chunk) return false
  return chunk.choices.some((choice) => {
    const delta = choice.delta
    return (delta?.content != null && delta.content.length > 0) ||
      (delta?.refusal != null && delta.refusal.length > 0) ||
      (delta?.tool_calls != null && delta.tool_calls.length > 0) ||
      (delta?.annotations != null && delta.annotations.length > 0)
  })
}

/**
 * Upstream `throwIfOpenAIStreamErrorBeforeOutput` as an `EarlyError.peek`:
 * an error frame before the first output chunk fails with the `APICallError`
 * built by `onErrorFrame`; a parse failure or an output chunk ends the peek.
 * The caller puts `Stream.ensuring(close)` on the whole stream it returns.
 *
 * @internal
 */
export const peekEarlyError = <E>(
  source: Stream.Stream<ChunkResult, E>,
  onErrorFrame: (frame: unknown) => APICallError
): Effect.Effect<EarlyError.Peeked<ChunkResult, E>, E | APICallError> =>
  EarlyError.peek(source, {
    failure: (item) => item.success && "error" in item.value ? onErrorFrame(item.value.error) : undefined,
    isOutput: (item) => !item.success || isOutputChunk(item.value)
  })

/** @internal */
export interface TransformOptions {
  readonly includeRawChunks: boolean
  readonly generateId: () => string
}

/**
 * The per-run transformer: parse results in, V4 parts out (`stream-start` is
 * emitted by the caller, before the first chunk).
 *
 * @internal
 */
export const makeTransformer = (
  options: TransformOptions
): StreamTransform.Transformer<ChunkResult, StreamPart, InvalidResponseDataError> => {
  const tracker = Tracker.make<OpenAIChatToolCallDelta>({
    generateId: options.generateId,
    typeValidation: "if-present"
  })
  let finishReason: FinishReason = { unified: "interrupted", raw: undefined }
  let usage: OpenAIChatUsage | undefined = undefined
  let metadataExtracted = false
  let isActiveText = false
  let hasRefusal = false
  let rawFinishReason: string | undefined = undefined
  let hasLogprobs = false
  const streamedLogprobs: Array<Logprob> = []
  const openaiMetadata: { [key: string]: JsonObject[string] } = {}

  const textDelta = (out: Array<StreamPart>, delta: string) => {
    if (!isActiveText) {
      out.push({ type: "text-start", id: "0" })
      isActiveText = true
    }
    out.push({ type: "text-delta", id: "0", delta })
  }

  const processChunk = (chunk: ChunkResult, out: Array<StreamPart>): InvalidResponseDataError | undefined => {
    if (options.includeRawChunks) out.push({ type: "raw", rawValue: chunk.rawValue })
    if (!chunk.success) {
      finishReason = { unified: "error", raw: undefined }
      rawFinishReason = undefined
      out.push({ type: "error", error: chunk.error })
      return undefined
    }
    const value = chunk.value
    if ("error" in value) {
      finishReason = { unified: "error", raw: undefined }
      rawFinishReason = undefined
      out.push({ type: "error", error: createOpenAIProviderStreamError(value.error) ?? value.error })
      return undefined
    }
    if (!metadataExtracted) {
      const metadata = getResponseMetadata(value)
      if (metadata.id || metadata.modelId || metadata.timestamp) {
        metadataExtracted = true
        out.push({ type: "response-metadata", ...metadata })
      }
    }
    if (value.usage != null) {
      usage = value.usage
      const details = value.usage.completion_tokens_details
      if (details?.accepted_prediction_tokens != null) {
        openaiMetadata.acceptedPredictionTokens = details.accepted_prediction_tokens
      }
      if (details?.rejected_prediction_tokens != null) {
        openaiMetadata.rejectedPredictionTokens = details.rejected_prediction_tokens
      }
    }
    const choice = value.choices[0]
    if (choice?.finish_reason != null) rawFinishReason = choice.finish_reason
    if (choice?.logprobs != null) {
      const content = choice.logprobs.content
      const refusal = choice.logprobs.refusal
      if (content != null || refusal != null) {
        hasLogprobs = true
        if (content != null) streamedLogprobs.push(...content)
        if (refusal != null) streamedLogprobs.push(...refusal)
      }
    }
    const delta = choice?.delta
    if (delta == null) return undefined
    let emitted = false
    if (delta.content != null && delta.content.length > 0) {
      textDelta(out, delta.content)
      emitted = true
    }
    if (delta.refusal != null && delta.refusal.length > 0) {
      hasRefusal = true
      textDelta(out, delta.refusal)
      emitted = true
    }
    if (!emitted && delta.content === "") textDelta(out, "")
    if (delta.tool_calls != null) {
      const toolCalls = delta.tool_calls
      for (let i = 0; i < toolCalls.length; i++) {
        const result = tracker.processDelta(toolCalls[i], out)
        if (result instanceof InvalidResponseDataError) return result
      }
    }
    if (delta.annotations != null) {
      for (const annotation of delta.annotations) {
        out.push({
          type: "source",
          sourceType: "url",
          id: options.generateId(),
          url: annotation.url_citation.url,
          title: annotation.url_citation.title
        })
      }
    }
    return undefined
  }

  return {
    onChunk: (chunk, out) => {
      for (let i = 0; i < chunk.length; i++) {
        const error = processChunk(chunk[i], out)
        if (error !== undefined) return error
      }
      return undefined
    },
    onEnd: (out) => {
      if (isActiveText) out.push({ type: "text-end", id: "0" })
      tracker.flush(out)
      if (rawFinishReason != null) {
        finishReason = { unified: mapOpenAIFinishReason(rawFinishReason, hasRefusal), raw: rawFinishReason }
      }
      if (hasLogprobs) openaiMetadata.logprobs = streamedLogprobs
      out.push({
        type: "finish",
        finishReason,
        usage: convertOpenAIChatUsage(usage),
        providerMetadata: { openai: openaiMetadata }
      })
      return undefined
    }
  }
}
