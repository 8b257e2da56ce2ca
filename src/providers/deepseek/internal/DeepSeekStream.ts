/**
 * The stream transform of the DeepSeek chat model (upstream `doStream`): the
 * tracker without type validation, finish reason `other` until a
 * `finish_reason` arrives, reasoning before text, logprobs and response
 * details collected into provider metadata.
 *
 * aimux uses the fixed (5.0.55+) tracker here, where upstream's DeepSeek
 * package pins provider-utils 5.0.51 and merges some parallel calls; see
 * `docs/divergences.md`.
 *
 * @since 0.1.0
 */
import { createProviderStreamError } from "../../../spec/errors/ProviderStreamError.ts"
import { InvalidResponseDataError } from "../../../spec/errors/InvalidResponseDataError.ts"
import type { FinishReason } from "../../../spec/FinishReason.ts"
import type { StreamPart } from "../../../spec/StreamPart.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as ChatStreamText from "../../../provider-utils/ChatStreamText.ts"
import * as ElementTransformer from "../../../provider-utils/ElementTransformer.ts"
import { fromErrorType, fromStatusCode } from "../../../provider-utils/ErrorTypeMetadata.ts"
import * as StreamingToolCallTracker from "../../../provider-utils/StreamingToolCallTracker.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import type { ChunkBase, ErrorData, Logprob, TokenUsage } from "./DeepSeekApi.ts"
import { convertUsage, mapFinishReason } from "./DeepSeekUsage.ts"

const streamErrorMetadata = (
  error: ErrorData["error"]
): { statusCode?: number; isRetryable?: boolean } => {
  if (error.code === "insufficient_quota" || error.type === "insufficient_quota") {
    return { statusCode: 429, isRetryable: false }
  }
  const explicit = fromStatusCode(error.code)
  if (explicit !== undefined) return explicit
  for (const discriminator of [error.code, error.type]) {
    // DeepSeek knows one more rate-limit name than the shared table.
    if (discriminator === "rate_limit_exceeded") return { statusCode: 429, isRetryable: true }
    const metadata = fromErrorType(discriminator)
    if (metadata !== undefined) return metadata
  }
  return {}
}

/**
 * The in-stream error payload of a DeepSeek error frame.
 *
 * @since 0.1.0
 */
export const deepSeekStreamError = (error: ErrorData["error"], data: unknown) => {
  const metadata = streamErrorMetadata(error)
  return createProviderStreamError({
    message: error.message,
    type: error.type ?? undefined,
    code: error.code ?? undefined,
    statusCode: metadata.statusCode,
    isRetryable: metadata.isRetryable,
    data
  })
}

/**
 * A transformer for `StreamTransform.transform` (the caller emits `stream-start` before it).
 *
 * @since 0.1.0
 */
export const makeTransformer = (options: {
  readonly includeRawChunks: boolean
  readonly generateId: () => string
  readonly providerOptionsName: string
}): StreamTransform.Transformer<ParseResult<ChunkBase | ErrorData>, StreamPart, InvalidResponseDataError> => {
  const tracker = StreamingToolCallTracker.make({ generateId: options.generateId })
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  let usage: TokenUsage | undefined
  let systemFingerprint: string | undefined
  let isFirstChunk = true
  const blocks = ChatStreamText.make()
  let responseObject: "chat.completion.chunk" | undefined
  let choiceIndex: number | undefined
  let messageRole: "assistant" | undefined
  const toolCallTypes = new Map<number, "function">()
  const contentLogprobs: Array<Logprob> = []
  const reasoningLogprobs: Array<Logprob> = []

  const processChunk = (
    chunk: ParseResult<ChunkBase | ErrorData>,
    out: Array<StreamPart>
  ): InvalidResponseDataError | undefined => {
    if (options.includeRawChunks) {
      out.push({ type: "raw", rawValue: chunk.rawValue })
    }
    if (!chunk.success) {
      finishReason = { unified: "error", raw: undefined }
      out.push({ type: "error", error: chunk.error })
      return undefined
    }
    const value = chunk.value
    if ("error" in value) {
      finishReason = { unified: "error", raw: undefined }
      out.push({ type: "error", error: deepSeekStreamError(value.error, value) })
      return undefined
    }
    if (isFirstChunk) {
      isFirstChunk = false
      out.push({ type: "response-metadata", ...createLanguageModelResponseMetadata(value) })
    }
    if (value.usage != null) usage = value.usage
    if (value.object != null) responseObject = value.object
    // The fingerprint repeats on every chunk; keep the latest non-null value.
    if (value.system_fingerprint != null) systemFingerprint = value.system_fingerprint
    const choice = value.choices[0]
    if (choice?.index != null) choiceIndex = choice.index
    if (choice?.finish_reason != null) {
      finishReason = { unified: mapFinishReason(choice.finish_reason), raw: choice.finish_reason }
    }
    if (choice?.logprobs?.content != null) contentLogprobs.push(...choice.logprobs.content)
    if (choice?.logprobs?.reasoning_content != null) reasoningLogprobs.push(...choice.logprobs.reasoning_content)
    if (choice?.delta == null) {
      return undefined
    }
    const delta = choice.delta
    if (delta.role != null) messageRole = delta.role
    const reasoningContent = delta.reasoning_content
    if (reasoningContent) {
      blocks.reasoningDelta(out, reasoningContent)
    }
    if (delta.content) {
      // Upstream DeepSeek opens the text block before it ends reasoning.
      blocks.startText(out)
      blocks.endReasoning(out)
      blocks.textDelta(out, delta.content)
    }
    if (delta.tool_calls != null && delta.tool_calls.length > 0) {
      blocks.endReasoning(out)
      for (const toolCallDelta of delta.tool_calls) {
        if (toolCallDelta.type != null) toolCallTypes.set(toolCallDelta.index, toolCallDelta.type)
        const result = tracker.processDelta(toolCallDelta, out)
        if (result instanceof InvalidResponseDataError) return result
      }
    }
    return undefined
  }

  return ElementTransformer.make({
    onElement: processChunk,
    onEnd: (out) => {
      blocks.flush(out)
      tracker.flush(out)
      out.push({
        type: "finish",
        finishReason,
        usage: convertUsage(usage),
        providerMetadata: {
          [options.providerOptionsName]: {
            promptCacheHitTokens: usage?.prompt_cache_hit_tokens ?? undefined,
            promptCacheMissTokens: usage?.prompt_cache_miss_tokens ?? undefined,
            ...(responseObject != null && { responseObject }),
            ...(choiceIndex != null && { choiceIndex }),
            ...(messageRole != null && { messageRole }),
            ...(toolCallTypes.size > 0 && {
              toolCallTypes: [...toolCallTypes.entries()].sort(([left], [right]) => left - right).map(([, type]) => type)
            }),
            ...((contentLogprobs.length > 0 || reasoningLogprobs.length > 0) && {
              logprobs: {
                ...(contentLogprobs.length > 0 && { content: contentLogprobs }),
                ...(reasoningLogprobs.length > 0 && { reasoning_content: reasoningLogprobs })
              }
            }),
            ...(systemFingerprint != null && { systemFingerprint })
          }
        }
      })
      return undefined
    }
  })
}
