/**
 * The chat stream as V4 parts (upstream `doStream`'s TransformStream of
 * `@ai-sdk/cohere` 4.0.52), one parsed event at a time. Kept as upstream:
 * content blocks are keyed by their `index`; a `content-end` ends reasoning
 * while a thinking block is open, else text; one tool call is pending at a
 * time (deltas without one are dropped) and its arguments are re-serialized
 * at `tool-call-end` (empty → `{}`; unparsable fails the stream with
 * `JSONParseError`); `tool-plan-delta` and citation events give no parts
 * (citations become sources in `generate` only); an event that fails the
 * schema (any unknown `type` too) is an `error` part and sets the finish
 * reason to `error`; the finish reason starts as `other`.
 */
import { Result } from "effect"
import type { JSONParseError } from "../../../contract/errors/JSONParseError.ts"
import type { TypeValidationError } from "../../../contract/errors/TypeValidationError.ts"
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import { type ParseResult, safeParseJson } from "../../../runtime/ParseJson.ts"
import * as WireJson from "../../../runtime/WireJson.ts"
import type { ChatChunk, Usage } from "../CohereApi.ts"
import { mapFinishReason } from "./FinishReason.ts"
import { convertUsage } from "./Usage.ts"

type Out = Array<StreamPart>

/**
 * What fails the stream: tool arguments that do not parse (or are too deep to re-serialize).
 *
 * @since 0.1.0
 */
export type Failure = JSONParseError | TypeValidationError

/**
 * A stateful transducer: `push` per parsed event (an error fails the stream), `end` once.
 *
 * @since 0.1.0
 */
export interface Transducer {
  readonly push: (chunk: ParseResult<ChatChunk>, out: Out) => Failure | undefined
  readonly end: (out: Out) => void
}

interface PendingToolCall {
  readonly id: string
  readonly name: string
  arguments: string
}

/**
 * A fresh transducer for one stream (the caller sends `stream-start`).
 *
 * @since 0.1.0
 */
export const makeTransducer = (options: {
  readonly includeRawChunks: boolean
}): Transducer => {
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  let usage: Usage | undefined = undefined
  let pending: PendingToolCall | undefined = undefined
  let isActiveReasoning = false

  const event = (value: ChatChunk, out: Out): Failure | undefined => {
    switch (value.type) {
      case "content-start": {
        const id = String(value.index)
        if (value.delta.message.content.type === "thinking") {
          out.push({ type: "reasoning-start", id })
          isActiveReasoning = true
        } else {
          out.push({ type: "text-start", id })
        }
        return undefined
      }
      case "content-delta": {
        const content = value.delta.message.content
        const id = String(value.index)
        out.push("thinking" in content
          ? { type: "reasoning-delta", id, delta: content.thinking }
          : { type: "text-delta", id, delta: content.text })
        return undefined
      }
      case "content-end": {
        const id = String(value.index)
        if (isActiveReasoning) {
          out.push({ type: "reasoning-end", id })
          isActiveReasoning = false
        } else {
          out.push({ type: "text-end", id })
        }
        return undefined
      }
      case "tool-call-start": {
        const call = value.delta.message.tool_calls
        pending = { id: call.id, name: call.function.name, arguments: call.function.arguments }
        out.push({ type: "tool-input-start", id: call.id, toolName: call.function.name })
        if (call.function.arguments.length > 0) {
          out.push({ type: "tool-input-delta", id: call.id, delta: call.function.arguments })
        }
        return undefined
      }
      case "tool-call-delta": {
        if (pending !== undefined) {
          const delta = value.delta.message.tool_calls.function.arguments
          pending.arguments += delta
          out.push({ type: "tool-input-delta", id: pending.id, delta })
        }
        return undefined
      }
      case "tool-call-end": {
        if (pending === undefined) return undefined
        const call = pending
        pending = undefined
        out.push({ type: "tool-input-end", id: call.id })
        const parsed = safeParseJson(call.arguments.trim() || "{}")
        if (!parsed.success) return parsed.error
        // re-serialized through the bounded stringify: arguments nested too deep are a JSONParseError, not a defect
        const input = WireJson.stringify(parsed.value)
        if (Result.isFailure(input)) return input.failure
        out.push({ type: "tool-call", toolCallId: call.id, toolName: call.name, input: input.success })
        return undefined
      }
      case "message-start":
        out.push({ type: "response-metadata", id: value.id ?? undefined })
        return undefined
      case "message-end":
        finishReason = { unified: mapFinishReason(value.delta.finish_reason), raw: value.delta.finish_reason }
        usage = value.delta.usage
        return undefined
      default:
        return undefined
    }
  }

  return {
    push: (chunk, out) => {
      if (options.includeRawChunks) out.push({ type: "raw", rawValue: chunk.rawValue })
      if (!chunk.success) {
        finishReason = { unified: "error", raw: undefined }
        out.push({ type: "error", error: chunk.error })
        return undefined
      }
      return event(chunk.value, out)
    },
    end: (out) => {
      out.push({ type: "finish", finishReason, usage: convertUsage(usage) })
    }
  }
}
