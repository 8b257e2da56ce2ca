/**
 * The one OpenAI-family chat stream transformer: the `TransformStream` of upstream's chat
 * `doStream` as `@ai-sdk/openai` (chat), `@ai-sdk/openai-compatible`, `@ai-sdk/groq` and
 * `@ai-sdk/deepseek` each write it, with the skeleton they share written once and what differs
 * passed in.
 *
 * Shared, per parse result: the `raw` part (when asked), a failed parse or an error frame as an
 * `error` part that sets the finish reason to `error`, the `response-metadata` part, the last
 * `finish_reason` of the first choice, reasoning → text → tool-call deltas (tool calls end the
 * reasoning block and go through the streaming tool-call tracker). At the end: the open blocks
 * closed (reasoning, then text), the tracker flushed, the raw finish reason mapped, and the
 * `finish` part. A tracker error fails the stream after the parts so far, as upstream throws.
 *
 * What differs is an option: the tracker's settings, the text block id, the initial finish
 * reason (`interrupted`, `other`, or none: then an `InvalidResponseDataError` part at the end),
 * the finish-reason mapping, when the metadata part is sent, the error of an error frame, the
 * reasoning field and whether reasoning ends the text block, the content rule, per-tool-call-delta
 * handling, and the bookkeeping behind the `finish` part (usage, provider metadata).
 *
 * @since 0.1.0
 */
import { Predicate } from "effect"
import * as ElementTransformer from "../../../provider-utils/ElementTransformer.ts"
import { createLanguageModelResponseMetadata } from "../../../provider-utils/ResponseMetadata.ts"
import * as Tracker from "../../../provider-utils/StreamingToolCallTracker.ts"
import type * as StreamTransform from "../../../provider-utils/StreamTransform.ts"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import { InvalidResponseDataError } from "../../../contract/errors/InvalidResponseDataError.ts"
import type { FinishReason, UnifiedFinishReason } from "../../../contract/FinishReason.ts"
import type { Finish, StreamPart } from "../../../contract/StreamPart.ts"
import * as ChatStreamText from "./internal/ChatStreamText.ts"

/**
 * What the transformer reads of a chunk: the response metadata fields, and of the first choice
 * its `finish_reason` and its delta's tool-call deltas.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChunkShape {
  readonly id?: string | null | undefined
  readonly model?: string | null | undefined
  readonly created?: number | null | undefined
  readonly choices: ReadonlyArray<{
    readonly delta?: { readonly tool_calls?: ReadonlyArray<Tracker.Delta> | null | undefined } | null | undefined
    readonly finish_reason?: string | null | undefined
  }>
}

/**
 * The delta type of a chunk type.
 *
 * @since 0.1.0
 * @category models
 */
export type DeltaOf<C extends ChunkShape> = NonNullable<C["choices"][number]["delta"]>

/**
 * The tool-call delta type of a chunk type.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCallDeltaOf<C extends ChunkShape> = NonNullable<DeltaOf<C>["tool_calls"]>[number]

/**
 * The shared state a provider's hooks write through.
 *
 * @since 0.1.0
 * @category models
 */
export interface Kit<D extends Tracker.Delta> {
  /** The text and reasoning blocks. */
  readonly blocks: ChatStreamText.ChatStreamText
  /** A reasoning delta under the provider's rule (ends the text block first when `reasoningEndsText`). */
  readonly reasoningDelta: (out: Array<StreamPart>, delta: string) => void
  /** One tool-call delta through the tracker. */
  readonly track: (delta: D, out: Array<StreamPart>) => InvalidResponseDataError | undefined
}

/**
 * What differs between the OpenAI-family chat streams.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<C extends ChunkShape, E extends { readonly error: unknown }> {
  readonly includeRawChunks: boolean
  readonly tracker: Tracker.Options<ToolCallDeltaOf<C>>
  /** The text block id; default `ChatStreamText.textId`. */
  readonly textId?: string | undefined
  /** The finish reason before any `finish_reason`; `undefined`: a missing one is an error part at the end. */
  readonly initialFinishReason: FinishReason | undefined
  /** The unified reason of the last raw `finish_reason` (applied at the end). */
  readonly mapFinishReason: (raw: string) => UnifiedFinishReason
  /**
   * `first-chunk`: the first chunk's metadata, whatever it holds; `first-non-empty`: the first
   * chunk with an id, a model or a non-zero `created` (0 is Azure's placeholder).
   */
  readonly responseMetadata: "first-chunk" | "first-non-empty"
  /** The `error` of an error frame's `error` part. */
  readonly errorFrame: (frame: E) => unknown
  /** Sees every parsed value (error frames included), before anything else. */
  readonly onParsed?: ((rawValue: unknown) => void) | undefined
  /** Bookkeeping of a chunk (usage, logprobs, ...), after its metadata part. */
  readonly onChunk?: ((chunk: C, choice: C["choices"][number] | undefined) => void) | undefined
  /** The reasoning text of a delta (sent when non-empty). */
  readonly reasoning?: ((delta: DeltaOf<C>) => string | null | undefined) | undefined
  /** Whether a reasoning delta closes an open text block first. */
  readonly reasoningEndsText?: boolean | undefined
  /** The delta's content (text, refusal, content parts), after its reasoning. */
  readonly content: (delta: DeltaOf<C>, out: Array<StreamPart>, kit: Kit<ToolCallDeltaOf<C>>) => void
  /** One tool-call delta; default `kit.track`. */
  readonly toolCallDelta?: ((delta: ToolCallDeltaOf<C>, out: Array<StreamPart>, kit: Kit<ToolCallDeltaOf<C>>) => InvalidResponseDataError | undefined) | undefined
  /** After the tool-call deltas (e.g. annotations). */
  readonly afterDelta?: ((delta: DeltaOf<C>, out: Array<StreamPart>) => void) | undefined
  /** At the end, after the blocks close and before the tracker flushes. */
  readonly beforeToolFlush?: ((out: Array<StreamPart>, kit: Kit<ToolCallDeltaOf<C>>) => InvalidResponseDataError | undefined) | undefined
  /** The `finish` part for the final finish reason. */
  readonly finish: (finishReason: FinishReason) => Finish
}

/**
 * The per-run transformer: parse results in, V4 parts out (`stream-start` is the caller's).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <C extends ChunkShape, E extends { readonly error: unknown }>(
  options: Options<C, E>
): StreamTransform.Transformer<ParseResult<C | E>, StreamPart, InvalidResponseDataError> => {
  type D = ToolCallDeltaOf<C>
  const tracker = Tracker.make<D>(options.tracker)
  const blocks = ChatStreamText.make({ textId: options.textId })
  const reasoningEndsText = options.reasoningEndsText === true
  const kit: Kit<D> = {
    blocks,
    reasoningDelta: (out, delta) => {
      if (reasoningEndsText) blocks.endText(out)
      blocks.reasoningDelta(out, delta)
    },
    track: (delta, out) => {
      const result = tracker.processDelta(delta, out)
      return result instanceof InvalidResponseDataError ? result : undefined
    }
  }
  const toolCallDelta = options.toolCallDelta ?? ((delta: D, out: Array<StreamPart>) => kit.track(delta, out))
  const firstChunkOnly = options.responseMetadata === "first-chunk"
  const isErrorFrame = (value: C | E): value is E => Predicate.hasProperty(value, "error")
  let finishReason = options.initialFinishReason
  let rawFinishReason: string | undefined
  let metadataSent = false

  const sendMetadata = (value: C, out: Array<StreamPart>) => {
    if (firstChunkOnly) {
      metadataSent = true
      out.push({ type: "response-metadata", ...createLanguageModelResponseMetadata(value) })
      return
    }
    const metadata = createLanguageModelResponseMetadata({ id: value.id, model: value.model, created: value.created || undefined })
    if (metadata.id || metadata.modelId || metadata.timestamp) {
      metadataSent = true
      out.push({ type: "response-metadata", ...metadata })
    }
  }

  const onElement = (chunk: ParseResult<C | E>, out: Array<StreamPart>): InvalidResponseDataError | undefined => {
    if (options.includeRawChunks) out.push({ type: "raw", rawValue: chunk.rawValue })
    if (!chunk.success) {
      finishReason = { unified: "error", raw: undefined }
      rawFinishReason = undefined
      out.push({ type: "error", error: chunk.error })
      return undefined
    }
    options.onParsed?.(chunk.rawValue)
    const value = chunk.value
    if (isErrorFrame(value)) {
      finishReason = { unified: "error", raw: undefined }
      rawFinishReason = undefined
      out.push({ type: "error", error: options.errorFrame(value) })
      return undefined
    }
    if (!metadataSent) sendMetadata(value, out)
    const choice = value.choices[0]
    if (choice?.finish_reason != null) rawFinishReason = choice.finish_reason
    options.onChunk?.(value, choice)
    const delta = choice?.delta
    if (delta == null) return undefined
    const reasoning = options.reasoning?.(delta)
    if (reasoning) kit.reasoningDelta(out, reasoning)
    options.content(delta, out, kit)
    const toolCalls = delta.tool_calls
    if (toolCalls != null && toolCalls.length > 0) {
      blocks.endReasoning(out)
      for (let i = 0; i < toolCalls.length; i++) {
        const error = toolCallDelta(toolCalls[i], out, kit)
        if (error !== undefined) return error
      }
    }
    options.afterDelta?.(delta, out)
    return undefined
  }

  return ElementTransformer.make({
    onElement,
    onEnd: (out) => {
      blocks.flush(out)
      const error = options.beforeToolFlush?.(out, kit)
      if (error !== undefined) return error
      tracker.flush(out)
      if (rawFinishReason != null) {
        finishReason = { unified: options.mapFinishReason(rawFinishReason), raw: rawFinishReason }
      }
      if (finishReason === undefined) {
        finishReason = { unified: "error", raw: undefined }
        out.push({
          type: "error",
          error: new InvalidResponseDataError({ data: undefined, message: "Response stream ended without a finish reason." })
        })
      }
      out.push(options.finish(finishReason))
      return undefined
    }
  })
}
