/**
 * The stream transform of the Groq chat model (upstream `doStream`): the
 * tracker with `typeValidation: 'required'`, finish reasons mapped per chunk
 * (last writer wins), usage only from `x_groq.usage`, `interrupted` when the
 * stream ends without a finish reason; and the JSON-response-tool transform.
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
import { fromErrorType } from "../../../provider-utils/ErrorTypeMetadata.ts"
import * as StreamingToolCallTracker from "../../../provider-utils/StreamingToolCallTracker.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import type { ChunkBase, ErrorData, TokenUsage } from "./GroqApi.ts"
import { mapOpenAIFamilyFinishReason } from "../../../provider-utils/MapOpenAIFamilyFinishReason.ts"
import { convertUsage } from "./GroqUsage.ts"

/**
 * The in-stream error payload of a Groq error frame (status from `error.type` only).
 *
 * @since 0.1.0
 */
export const groqStreamError = (error: ErrorData["error"], data: unknown) => {
  const metadata = fromErrorType(error.type)
  return createProviderStreamError({
    message: error.message,
    type: error.type,
    statusCode: metadata?.statusCode,
    isRetryable: metadata?.isRetryable,
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
}): StreamTransform.Transformer<ParseResult<ChunkBase | ErrorData>, StreamPart, InvalidResponseDataError> => {
  const tracker = StreamingToolCallTracker.make({ generateId: options.generateId, typeValidation: "required" })
  let finishReason: FinishReason = { unified: "interrupted", raw: undefined }
  let usage: TokenUsage | undefined
  let isFirstChunk = true
  const blocks = ChatStreamText.make()

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
      out.push({ type: "error", error: groqStreamError(value.error, value) })
      return undefined
    }
    if (isFirstChunk) {
      isFirstChunk = false
      out.push({ type: "response-metadata", ...createLanguageModelResponseMetadata(value) })
    }
    if (value.x_groq?.usage != null) {
      usage = value.x_groq.usage
    }
    const choice = value.choices[0]
    if (choice?.finish_reason != null) {
      finishReason = { unified: mapOpenAIFamilyFinishReason(choice.finish_reason), raw: choice.finish_reason }
    }
    if (choice?.delta == null) {
      return undefined
    }
    const delta = choice.delta
    if (delta.reasoning != null && delta.reasoning.length > 0) {
      blocks.reasoningDelta(out, delta.reasoning)
    }
    if (delta.content != null && delta.content.length > 0) {
      blocks.endReasoning(out)
      blocks.textDelta(out, delta.content)
    }
    if (delta.tool_calls != null && delta.tool_calls.length > 0) {
      blocks.endReasoning(out)
      for (const toolCallDelta of delta.tool_calls) {
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
      out.push({ type: "finish", finishReason, usage: convertUsage(usage) })
      return undefined
    }
  })
}

/**
 * Turns the JSON response tool's streamed input into text parts (upstream
 * `convertJsonResponseToolStream`): other text is dropped, application tool
 * calls pass, a response with only the JSON tool finishes with `stop`.
 *
 * @since 0.1.0
 */
export const makeJsonResponseToolTransformer = (
  toolName: string
): StreamTransform.Transformer<StreamPart, StreamPart, never> => {
  const responseToolIds = new Set<string>()
  const responseToolsWithDeltas = new Set<string>()
  let hasResponseTool = false
  let hasApplicationTool = false
  const onPart = (part: StreamPart, out: Array<StreamPart>) => {
    switch (part.type) {
      case "text-start":
      case "text-delta":
      case "text-end":
        return
      case "tool-input-start":
        if (part.toolName === toolName) {
          responseToolIds.add(part.id)
          out.push({ type: "text-start", id: part.id, ...(part.providerMetadata && { providerMetadata: part.providerMetadata }) })
          return
        }
        break
      case "tool-input-delta":
        if (responseToolIds.has(part.id)) {
          if (part.delta.length > 0) responseToolsWithDeltas.add(part.id)
          out.push({
            type: "text-delta",
            id: part.id,
            delta: part.delta,
            ...(part.providerMetadata && { providerMetadata: part.providerMetadata })
          })
          return
        }
        break
      case "tool-input-end":
        if (responseToolIds.has(part.id)) return
        break
      case "tool-call":
        if (part.toolName === toolName) {
          if (!responseToolsWithDeltas.has(part.toolCallId)) {
            out.push({
              type: "text-delta",
              id: part.toolCallId,
              delta: part.input,
              ...(part.providerMetadata && { providerMetadata: part.providerMetadata })
            })
          }
          out.push({
            type: "text-end",
            id: part.toolCallId,
            ...(part.providerMetadata && { providerMetadata: part.providerMetadata })
          })
          hasResponseTool = true
          return
        }
        if (!part.providerExecuted) hasApplicationTool = true
        break
      case "finish":
        if (hasResponseTool && !hasApplicationTool && part.finishReason.unified === "tool-calls") {
          out.push({ ...part, finishReason: { ...part.finishReason, unified: "stop" } })
          return
        }
        break
    }
    out.push(part)
  }
  return {
    onChunk: (chunk, out) => {
      for (let i = 0; i < chunk.length; i++) onPart(chunk[i], out)
      return undefined
    }
  }
}
