/**
 * The stream transform of the Groq chat model (upstream `doStream`): the
 * tracker with `typeValidation: 'required'`, finish reasons mapped per chunk
 * (last writer wins), usage only from `x_groq.usage`, `interrupted` when the
 * stream ends without a finish reason; and the JSON-response-tool transform.
 *
 * @since 0.1.0
 */
import * as JsonResponseToolStream from "../../../provider-utils/JsonResponseToolStream.ts"
import { createProviderStreamError } from "../../../contract/errors/ProviderStreamError.ts"
import type { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as ChatStream from "../../kits/openai/ChatStream.ts"
import { fromErrorType } from "../../kits/openai/ErrorTypeMetadata.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { ChunkBase, ErrorData, TokenUsage } from "../GroqApi.ts"
import { mapOpenAIFamilyFinishReason } from "../../kits/openai/FinishReason.ts"
import { convertUsage } from "./Usage.ts"

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
 * `convertJsonResponseToolStream`, the one provider-utils port).
 *
 * @since 0.1.0
 */
export const makeJsonResponseToolTransformer = JsonResponseToolStream.makeJsonResponseToolTransformer
