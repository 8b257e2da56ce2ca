/**
 * The Anthropic stream transform: SSE events (as parse results) to V4 stream parts, a port of
 * upstream's `doStream` transform including the trailing "interrupted" finish that upstream
 * appends when output was seen but the stream ended without a finish. A `StreamTransform`
 * transformer that dispatches each event by type, and a content block's start, deltas and end by
 * the block's kind: text (`TextBlocks`), reasoning (`ReasoningBlocks`), tools (`ToolBlocks`),
 * server tool results (`ServerToolResults`); message events in `MessageEvents`; the shared state
 * in `StreamState`. Parts go straight into the chunk's output array.
 *
 * Plain synchronous code on purpose: it runs once per event on the hot path.
 *
 * @internal
 */
import type * as StreamTransform from "../../../../provider-utils/StreamTransform.ts"
import type { ParseResult } from "../../../../runtime/ParseJson.ts"
import type { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import type { StreamPart } from "../../../../contract/StreamPart.ts"
import type { StreamEvent } from "../AnthropicApi.ts"
import { messageDelta, messageStart, messageStop, streamError } from "./MessageEvents.ts"
import { signatureDelta, startRedactedThinking, startThinking, thinkingDelta } from "./ReasoningBlocks.ts"
import { mapResultBlock } from "./ServerToolResults.ts"
import { type BlockStart, emit, makeStreamState, type StreamState, type TransducerConfig } from "./StreamState.ts"
import { citationsDelta, compactionDelta, startCompaction, startText, textDelta, textEnd } from "./TextBlocks.ts"
import { inputJsonDelta, startServerToolUse, startToolUse, stopToolCall } from "./ToolBlocks.ts"

export type { TransducerConfig } from "./StreamState.ts"

const TEXT_OR_THINKING = new Set(["redacted_thinking", "text", "thinking"])

const emptyUsage = () => ({
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined }
})

/** `content_block_start`, by the block's kind. */
const blockStart = (state: StreamState, value: BlockStart): void => {
  const part = value.content_block
  const index = value.index
  const id = String(index)
  if (part.type === "fallback") {
    emit(state, {
      type: "custom",
      kind: "anthropic.fallback",
      providerMetadata: { anthropic: { type: "fallback", from: part.from, to: part.to } }
    })
    return
  }
  state.blockType = part.type
  if (!TEXT_OR_THINKING.has(part.type)) state.heldBackText.length = 0
  switch (part.type) {
    case "text":
      return startText(state, index, id)
    case "thinking":
      return startThinking(state, index, id)
    case "redacted_thinking":
      return startRedactedThinking(state, index, id, part)
    case "compaction":
      return startCompaction(state, index, id, part)
    case "tool_use":
      return startToolUse(state, index, id, part)
    case "server_tool_use":
      return startServerToolUse(state, index, part)
    default: {
      for (
        const mapped of mapResultBlock(part, state.ctx, () => {
          state.hasWebSearchResults = true
        })
      ) {
        emit(state, mapped)
      }
    }
  }
}

/** `content_block_stop`: the open block's end, by its kind. */
const blockStop = (state: StreamState, index: number): void => {
  const contentBlock = state.contentBlocks.get(index)
  if (contentBlock != null) {
    switch (contentBlock.type) {
      case "text":
        emit(state, textEnd(state, String(index), contentBlock.citations))
        break
      case "reasoning":
        emit(state, { type: "reasoning-end", id: String(index) })
        break
      case "tool-call": {
        stopToolCall(state, contentBlock)
        if (state.failure !== undefined) return
        break
      }
    }
    state.contentBlocks.delete(index)
  }
  state.blockType = undefined
}

/** `content_block_delta`, by the delta's kind. */
const blockDelta = (state: StreamState, value: Extract<StreamEvent, { readonly type: "content_block_delta" }>): void => {
  const delta = value.delta
  const index = value.index
  const id = String(index)
  switch (delta.type) {
    case "text_delta":
      return textDelta(state, index, id, delta)
    case "thinking_delta":
      return thinkingDelta(state, id, delta)
    case "signature_delta":
      return signatureDelta(state, id, delta)
    case "compaction_delta":
      return compactionDelta(state, id, delta)
    case "input_json_delta":
      return inputJsonDelta(state, index, id, delta)
    case "citations_delta":
      return citationsDelta(state, index, delta)
  }
}

const onEvent = (state: StreamState, value: StreamEvent): void => {
  switch (value.type) {
    case "ping": {
      if (state.config.includePings) emit(state, { type: "ping" })
      return
    }
    case "content_block_start":
      return blockStart(state, value)
    case "content_block_stop":
      return blockStop(state, value.index)
    case "content_block_delta":
      return blockDelta(state, value)
    case "message_start":
      return messageStart(state, value)
    case "message_delta":
      return messageDelta(state, value)
    case "message_stop":
      return messageStop(state)
    case "error":
      return streamError(state, value)
  }
}

/**
 * The transform of one stream run: `start` is the parts before the body (`stream-start`), and
 * `transformer` the `StreamTransform` transformer of the body's parse results (an
 * `InvalidResponseDataError` ends the stream after the parts so far, as upstream throws).
 *
 * @internal
 */
export interface StreamTransducer {
  readonly start: () => Array<StreamPart>
  readonly transformer: () => StreamTransform.Transformer<ParseResult<StreamEvent>, StreamPart, InvalidResponseDataError>
}

/**
 * Builds the transform of one stream run.
 *
 * @internal
 */
export const makeStreamTransducer = (config: TransducerConfig): StreamTransducer => {
  const state = makeStreamState(config)
  return {
    start: () => {
      const out: Array<StreamPart> = []
      state.out = out
      emit(state, { type: "stream-start", warnings: config.warnings })
      return out
    },
    transformer: () => ({
      onChunk: (chunk, out) => {
        state.out = out
        for (let i = 0; i < chunk.length; i++) {
          if (state.hasInvalidMessageSequence) continue
          const item = chunk[i]
          if (config.includeRawChunks) emit(state, { type: "raw", rawValue: item.rawValue })
          if (!item.success) emit(state, { type: "error", error: item.error })
          else onEvent(state, item.value)
          if (state.failure !== undefined) return state.failure
        }
        return undefined
      },
      onEnd: (out) => {
        state.out = out
        if (state.hasOutput && !state.hasStreamError) {
          const lastFinish = state.lastFinish
          emit(state, {
            type: "finish",
            finishReason: { unified: "interrupted", raw: undefined },
            usage: lastFinish?.usage ?? emptyUsage(),
            ...(lastFinish?.providerMetadata != null ? { providerMetadata: lastFinish.providerMetadata } : {})
          })
        }
        return undefined
      }
    })
  }
}
