/**
 * The OpenAI chat stream transform (upstream `doStream`'s TransformStream,
 * `@ai-sdk/openai` 4.0.118 l.610–800) and the "error before first output"
 * peek (`throwIfOpenAIStreamErrorBeforeOutput`).
 *
 * @internal
 */
import type { Effect, Stream } from "effect"
import * as EarlyError from "../../../../provider-utils/EarlyError.ts"
import type { ParseResult } from "../../../../runtime/ParseJson.ts"
import * as ChatStream from "../ChatStream.ts"
import { v4_0_118, type VersionSkew } from "../VersionSkew.ts"
import type * as StreamTransform from "../../../../provider-utils/StreamTransform.ts"
import type { APICallError } from "../../../../contract/errors/APICallError.ts"
import type { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { StreamPart } from "../../../../contract/StreamPart.ts"
import type { Logprob, OpenAIChatChunk, OpenAIChatUsage, OpenAIErrorData } from "../OpenAIChatApi.ts"
import { convertOpenAIChatUsage, mapOpenAIFinishReason } from "./FinishReason.ts"
import { createOpenAIProviderStreamError } from "./StreamError.ts"

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
  /** Default 4.0.118's behaviours. */
  readonly skew?: VersionSkew | undefined
}

type Chunk = Exclude<OpenAIChatChunk, OpenAIErrorData>

/**
 * The per-run transformer: parse results in, V4 parts out (`stream-start` is
 * emitted by the caller, before the first chunk): the shared OpenAI-family
 * chat stream with OpenAI's rules (text block `0`, refusals as text, an empty
 * `content` still opens the block, annotations as sources, logprobs and
 * prediction tokens in the metadata).
 *
 * @internal
 */
export const makeTransformer = (
  options: TransformOptions
): StreamTransform.Transformer<ChunkResult, StreamPart, InvalidResponseDataError> => {
  let usage: OpenAIChatUsage | undefined = undefined
  let hasRefusal = false
  let hasLogprobs = false
  const streamedLogprobs: Array<Logprob> = []
  const openaiMetadata: { [key: string]: JsonObject[string] } = {}
  const skew = options.skew ?? v4_0_118

  return ChatStream.make({
    includeRawChunks: options.includeRawChunks,
    tracker: { generateId: options.generateId, typeValidation: "if-present" },
    textId: "0",
    initialFinishReason: { unified: skew.unfinishedStream, raw: undefined },
    mapFinishReason: (raw) => mapOpenAIFinishReason(raw, hasRefusal),
    responseMetadata: "first-non-empty",
    errorFrame: (frame: OpenAIErrorData) => createOpenAIProviderStreamError(frame.error) ?? frame.error,
    onChunk: (value: Chunk, choice) => {
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
      if (skew.chatStreamLogprobs === "last-chunk") {
        // 4.0.81: the last chunk's content logprobs
        if (choice?.logprobs?.content != null) {
          hasLogprobs = true
          streamedLogprobs.length = 0
          streamedLogprobs.push(...choice.logprobs.content)
        }
      } else if (choice?.logprobs != null) {
        const content = choice.logprobs.content
        const refusal = choice.logprobs.refusal
        if (content != null || refusal != null) {
          hasLogprobs = true
          if (content != null) streamedLogprobs.push(...content)
          if (refusal != null) streamedLogprobs.push(...refusal)
        }
      }
    },
    content: (delta, out, { blocks }) => {
      let emitted = false
      if (delta.content != null && delta.content.length > 0) {
        blocks.textDelta(out, delta.content)
        emitted = true
      }
      if (skew.refusals && delta.refusal != null && delta.refusal.length > 0) {
        hasRefusal = true
        blocks.textDelta(out, delta.refusal)
        emitted = true
      }
      if (!emitted && delta.content === "") blocks.textDelta(out, "")
    },
    afterDelta: (delta, out) => {
      if (delta.annotations == null) return
      for (const annotation of delta.annotations) {
        out.push({
          type: "source",
          sourceType: "url",
          id: options.generateId(),
          url: annotation.url_citation.url,
          title: annotation.url_citation.title
        })
      }
    },
    finish: (finishReason) => {
      if (hasLogprobs) openaiMetadata.logprobs = streamedLogprobs
      return { type: "finish", finishReason, usage: convertOpenAIChatUsage(usage), providerMetadata: { openai: openaiMetadata } }
    }
  })
}
