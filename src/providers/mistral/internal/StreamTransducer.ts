/**
 * The chat stream as V4 parts (upstream `doStream`'s TransformStream of
 * `@ai-sdk/mistral` 4.0.87), one parsed chunk at a time. Kept as upstream: the
 * first chunk gives the response metadata; a chunk's thinking chunks come
 * before its text (thinking ends an open text block; text ends an open
 * reasoning block, whose id is a fresh generated id each time, the text block
 * is `0`); tool-call deltas go through the streaming tool-call tracker and
 * neither end a block; the last usage and finish reason win; an unparsable
 * chunk is an `error` part and sets the finish reason to `error`; a stream
 * that ends without a finish reason ends `interrupted`.
 *
 * A chunk without choices fails the stream with `InvalidResponseDataError`
 * where upstream's transform throws a `TypeError` (docs/divergences.md).
 */
import { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import * as Tracker from "../../../provider-utils/StreamingToolCallTracker.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import type { ChatChunk, ToolCallDelta, Usage } from "../MistralApi.ts"
import { mapFinishReason } from "./FinishReason.ts"
import { reasoningText, textContent } from "./GenerateContent.ts"
import { convertUsage } from "./Usage.ts"

type Out = Array<StreamPart>

/**
 * What fails the stream: a chunk without choices, a tool-call delta the tracker rejects.
 *
 * @since 0.1.0
 */
export type Failure = InvalidResponseDataError

/**
 * A stateful transducer: `push` per parsed chunk (an error fails the stream), `end` once.
 *
 * @since 0.1.0
 */
export interface Transducer {
  readonly push: (chunk: ParseResult<ChatChunk>, out: Out) => Failure | undefined
  readonly end: (out: Out) => void
}

const textId = "0"

/**
 * A fresh transducer for one stream (the caller sends `stream-start`).
 *
 * @since 0.1.0
 */
export const makeTransducer = (options: {
  readonly includeRawChunks: boolean
  readonly generateId: () => string
}): Transducer => {
  const generateId = options.generateId
  const tracker = Tracker.make<ToolCallDelta>({ generateId })
  let finishReason: FinishReason = { unified: "interrupted", raw: undefined }
  let usage: Usage | undefined = undefined
  let isFirstChunk = true
  let activeText = false
  let activeReasoningId: string | undefined = undefined

  const endText = (out: Out) => {
    if (activeText) {
      out.push({ type: "text-end", id: textId })
      activeText = false
    }
  }

  const endReasoning = (out: Out) => {
    if (activeReasoningId !== undefined) {
      out.push({ type: "reasoning-end", id: activeReasoningId })
      activeReasoningId = undefined
    }
  }

  const chunk = (value: ChatChunk, out: Out): Failure | undefined => {
    if (isFirstChunk) {
      isFirstChunk = false
      out.push({ type: "response-metadata", ...createLanguageModelResponseMetadata(value) })
    }
    if (value.usage != null) usage = value.usage
    const choice = value.choices[0]
    if (choice === undefined) {
      return new InvalidResponseDataError({ data: value, message: "Expected a chunk with at least one choice." })
    }
    const delta = choice.delta
    const content = delta.content
    if (content != null && typeof content !== "string") {
      for (const part of content) {
        if (part.type !== "thinking") continue
        const text = reasoningText(part.thinking)
        if (text.length === 0) continue
        if (activeReasoningId === undefined) {
          endText(out)
          activeReasoningId = generateId()
          out.push({ type: "reasoning-start", id: activeReasoningId })
        }
        out.push({ type: "reasoning-delta", id: activeReasoningId, delta: text })
      }
    }
    const text = textContent(content)
    if (text != null && text.length > 0) {
      if (!activeText) {
        endReasoning(out)
        out.push({ type: "text-start", id: textId })
        activeText = true
      }
      out.push({ type: "text-delta", id: textId, delta: text })
    }
    const toolCalls = delta.tool_calls
    if (toolCalls != null) {
      for (const toolCall of toolCalls) {
        const result = tracker.processDelta(toolCall, out)
        if (result instanceof InvalidResponseDataError) return result
      }
    }
    if (choice.finish_reason != null) {
      finishReason = { unified: mapFinishReason(choice.finish_reason), raw: choice.finish_reason }
    }
    return undefined
  }

  return {
    push: (parsed, out) => {
      if (options.includeRawChunks) out.push({ type: "raw", rawValue: parsed.rawValue })
      if (!parsed.success) {
        finishReason = { unified: "error", raw: undefined }
        out.push({ type: "error", error: parsed.error })
        return undefined
      }
      return chunk(parsed.value, out)
    },
    end: (out) => {
      endReasoning(out)
      endText(out)
      tracker.flush(out)
      out.push({ type: "finish", finishReason, usage: convertUsage(usage) })
    }
  }
}
