/**
 * The stream transform of the Groq chat model (upstream `doStream`): the
 * tracker with `typeValidation: 'required'`, finish reasons mapped per chunk
 * (last writer wins), usage only from `x_groq.usage`, `interrupted` when the
 * stream ends without a finish reason; and the JSON-response-tool transform.
 *
 * @since 0.1.0
 */
import { createProviderStreamError } from "../../../spec/errors/ProviderStreamError.ts"
import type { InvalidResponseDataError } from "../../../spec/errors/InvalidResponseDataError.ts"
import type { StreamPart } from "../../../spec/StreamPart.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as ChatStream from "../../openai-family/ChatStream.ts"
import { fromErrorType } from "../../openai-family/ErrorTypeMetadata.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { ChunkBase, ErrorData, TokenUsage } from "../GroqApi.ts"
import { mapOpenAIFamilyFinishReason } from "../../openai-family/FinishReason.ts"
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
 * A transformer for `StreamTransform.transform` (the caller emits `stream-start` before it): the
 * shared OpenAI-family chat stream with Groq's rules.
 *
 * @since 0.1.0
 */
export const makeTransformer = (options: {
  readonly includeRawChunks: boolean
  readonly generateId: () => string
}): StreamTransform.Transformer<ParseResult<ChunkBase | ErrorData>, StreamPart, InvalidResponseDataError> => {
  let usage: TokenUsage | undefined
  return ChatStream.make({
    includeRawChunks: options.includeRawChunks,
    tracker: { generateId: options.generateId, typeValidation: "required" },
    initialFinishReason: { unified: "interrupted", raw: undefined },
    mapFinishReason: (raw) => mapOpenAIFamilyFinishReason(raw),
    responseMetadata: "first-chunk",
    errorFrame: (frame: ErrorData) => groqStreamError(frame.error, frame),
    onChunk: (value: ChunkBase) => {
      if (value.x_groq?.usage != null) usage = value.x_groq.usage
    },
    reasoning: (delta) => delta.reasoning,
    content: (delta, out, { blocks }) => {
      if (delta.content != null && delta.content.length > 0) {
        blocks.endReasoning(out)
        blocks.textDelta(out, delta.content)
      }
    },
    finish: (finishReason) => ({ type: "finish", finishReason, usage: convertUsage(usage) })
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
