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
import { createProviderStreamError } from "../../../contract/errors/ProviderStreamError.ts"
import type { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import * as ChatStream from "../../kits/openai/ChatStream.ts"
import { fromErrorType, fromStatusCode } from "../../kits/openai/ErrorTypeMetadata.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { ChunkBase, ErrorData, Logprob, TokenUsage } from "../DeepSeekApi.ts"
import { convertUsage } from "./Usage.ts"
import { mapFinishReason } from "./FinishReason.ts"

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
 * A transformer for `StreamTransform.transform` (the caller emits `stream-start` before it): the
 * shared OpenAI-family chat stream with DeepSeek's rules.
 *
 * @since 0.1.0
 */
export const makeTransformer = (options: {
  readonly includeRawChunks: boolean
  readonly generateId: () => string
  readonly providerOptionsName: string
}): StreamTransform.Transformer<ParseResult<ChunkBase | ErrorData>, StreamPart, InvalidResponseDataError> => {
  let usage: TokenUsage | undefined
  let systemFingerprint: string | undefined
  let responseObject: "chat.completion.chunk" | undefined
  let choiceIndex: number | undefined
  let messageRole: "assistant" | undefined
  const toolCallTypes = new Map<number, "function">()
  const contentLogprobs: Array<Logprob> = []
  const reasoningLogprobs: Array<Logprob> = []

  return ChatStream.make({
    includeRawChunks: options.includeRawChunks,
    tracker: { generateId: options.generateId },
    initialFinishReason: { unified: "other", raw: undefined },
    mapFinishReason,
    responseMetadata: "first-chunk",
    errorFrame: (frame: ErrorData) => deepSeekStreamError(frame.error, frame),
    onChunk: (value: ChunkBase, choice) => {
      if (value.usage != null) usage = value.usage
      if (value.object != null) responseObject = value.object
      // The fingerprint repeats on every chunk; keep the latest non-null value.
      if (value.system_fingerprint != null) systemFingerprint = value.system_fingerprint
      if (choice?.index != null) choiceIndex = choice.index
      if (choice?.logprobs?.content != null) contentLogprobs.push(...choice.logprobs.content)
      if (choice?.logprobs?.reasoning_content != null) reasoningLogprobs.push(...choice.logprobs.reasoning_content)
      if (choice?.delta?.role != null) messageRole = choice.delta.role
    },
    reasoning: (delta) => delta.reasoning_content,
    content: (delta, out, { blocks }) => {
      if (delta.content) {
        // Upstream DeepSeek opens the text block before it ends reasoning.
        blocks.startText(out)
        blocks.endReasoning(out)
        blocks.textDelta(out, delta.content)
      }
    },
    toolCallDelta: (toolCallDelta, out, kit) => {
      if (toolCallDelta.type != null) toolCallTypes.set(toolCallDelta.index, toolCallDelta.type)
      return kit.track(toolCallDelta, out)
    },
    finish: (finishReason) => ({
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
  })
}
