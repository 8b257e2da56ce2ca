/**
 * ConverseStream events → V4 stream parts (upstream `doStream`'s
 * `TransformStream`): a synchronous state machine fed one parse result at a
 * time, so the stream works per network chunk with no per-event Effect.
 *
 * @internal
 */
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { JsonObject } from "../../../contract/Json.ts"
import type { ProviderMetadata } from "../../../contract/ProviderMetadata.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { Usage } from "../../../contract/Usage.ts"
import type { Warning } from "../../../contract/Warning.ts"
import type { StreamEvent } from "../AmazonBedrockApi.ts"
import { JsonObjectTextExtractor } from "./JsonObjectTextExtractor.ts"
import { normalizeToolCallId } from "./ModelSupport.ts"
import { convertUsage } from "./Usage.ts"
import { mapFinishReason } from "./FinishReason.ts"
import { exceptionPart } from "./StreamError.ts"

type ContentBlock =
  | {
    readonly type: "tool-call"
    readonly toolCallId: string
    readonly toolName: string
    jsonText: string
    readonly isJsonResponseTool: boolean
  }
  | { readonly type: "text" }
  | { readonly type: "reasoning"; redactedContent?: string }

const both = (payload: JsonObject): ProviderMetadata => ({ amazonBedrock: payload, bedrock: payload })

/** What the transducer needs from the call. */
export interface Options {
  readonly warnings: ReadonlyArray<Warning>
  readonly modelId: string
  readonly isMistral: boolean
  readonly includeRawChunks: boolean
  readonly usesJsonInstruction: boolean
  readonly usesJsonResponseTool: boolean
  readonly responseHeaders: Record<string, string>
}

/** The stream state machine. */
export interface StreamTransducer {
  readonly start: () => Array<StreamPart>
  readonly push: (chunk: ParseResult<StreamEvent>, out: Array<StreamPart>) => void
  readonly end: (out: Array<StreamPart>) => void
}

/** The parts before the body's: `stream-start` and the response metadata of the headers. */
const startParts = (options: Options): Array<StreamPart> => {
  const date = options.responseHeaders["date"]
  return [
    { type: "stream-start", warnings: options.warnings },
    {
      type: "response-metadata",
      id: options.responseHeaders["x-amzn-requestid"] ?? undefined,
      timestamp: date != null ? new Date(date) : undefined,
      modelId: options.modelId
    }
  ]
}

type Metadata = NonNullable<StreamEvent["metadata"]>

/** The provider metadata of a `metadata` event (cache usage, trace, performance, tier), if any. */
const metadataOf = (metadata: Metadata): ProviderMetadata | undefined => {
  const u = metadata.usage
  const cacheUsage = u?.cacheWriteInputTokens != null || u?.cacheDetails != null
    ? {
      usage: {
        ...(u?.cacheWriteInputTokens != null && { cacheWriteInputTokens: u.cacheWriteInputTokens }),
        ...(u?.cacheDetails != null && { cacheDetails: u.cacheDetails })
      }
    }
    : undefined
  const trace = metadata.trace ? { trace: metadata.trace } : undefined
  if (!cacheUsage && !trace && !metadata.performanceConfig && !metadata.serviceTier) return undefined
  return both({
    ...cacheUsage,
    ...trace,
    ...(metadata.performanceConfig && { performanceConfig: metadata.performanceConfig }),
    ...(metadata.serviceTier && { serviceTier: metadata.serviceTier })
  })
}

/** The `finish` part: the metadata event's, plus the JSON-tool flag and the stop sequence. */
const finishPart = (
  finishReason: FinishReason,
  usage: Usage,
  metadata: ProviderMetadata | undefined,
  isJsonResponseFromTool: boolean,
  stopSequence: string | null
): StreamPart => {
  let providerMetadata = metadata
  if (isJsonResponseFromTool || stopSequence != null) {
    const payload: JsonObject = {
      ...(providerMetadata?.["amazonBedrock"] ?? providerMetadata?.["bedrock"]),
      ...(isJsonResponseFromTool && { isJsonResponseFromTool: true }),
      stopSequence
    }
    providerMetadata = { ...providerMetadata, amazonBedrock: payload, bedrock: payload }
  }
  return { type: "finish", finishReason, usage, ...(providerMetadata && { providerMetadata }) }
}

type Reasoning = Extract<NonNullable<NonNullable<StreamEvent["contentBlockDelta"]>["delta"]>, { readonly reasoningContent: unknown }>["reasoningContent"]

const reasoningStart = (contentBlocks: Map<number, ContentBlock>, blockIndex: number, out: Array<StreamPart>) => {
  if (!contentBlocks.has(blockIndex)) {
    contentBlocks.set(blockIndex, { type: "reasoning" })
    out.push({ type: "reasoning-start", id: String(blockIndex) })
  }
}

/** A reasoning delta: text, signature, redacted data, or redacted content (kept for the block's end). */
const reasoningDelta = (
  contentBlocks: Map<number, ContentBlock>,
  blockIndex: number,
  reasoning: Reasoning,
  out: Array<StreamPart>
) => {
  const id = String(blockIndex)
  if ("text" in reasoning && reasoning.text) {
    reasoningStart(contentBlocks, blockIndex, out)
    out.push({ type: "reasoning-delta", id, delta: reasoning.text })
  } else if ("signature" in reasoning && reasoning.signature) {
    reasoningStart(contentBlocks, blockIndex, out)
    out.push({ type: "reasoning-delta", id, delta: "", providerMetadata: both({ signature: reasoning.signature }) })
  } else if ("data" in reasoning && reasoning.data) {
    reasoningStart(contentBlocks, blockIndex, out)
    out.push({ type: "reasoning-delta", id, delta: "", providerMetadata: both({ redactedData: reasoning.data }) })
  } else if ("redactedContent" in reasoning && reasoning.redactedContent) {
    reasoningStart(contentBlocks, blockIndex, out)
    const block = contentBlocks.get(blockIndex)
    // accumulated and attached once, on reasoning-end: a reasoning part's
    // merged metadata is last-write-wins
    if (block?.type === "reasoning") block.redactedContent = (block.redactedContent ?? "") + reasoning.redactedContent
  }
}

/** A fresh transducer for one stream. */
export const make = (options: Options): StreamTransducer => {
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  let usage: StreamEvent["metadata"] extends infer M ? M extends { readonly usage?: infer U } ? U : never : never
  let providerMetadata: ProviderMetadata | undefined = undefined
  let isJsonResponseFromTool = false
  let stopSequence: string | null = null
  const extractor = options.usesJsonInstruction ? new JsonObjectTextExtractor() : undefined
  const contentBlocks = new Map<number, ContentBlock>()

  const stopBlock = (blockIndex: number, out: Array<StreamPart>) => {
    const block = contentBlocks.get(blockIndex)
    if (block === undefined) return
    const id = String(blockIndex)
    if (block.type === "reasoning") {
      out.push(
        block.redactedContent != null
          ? { type: "reasoning-end", id, providerMetadata: both({ redactedContent: block.redactedContent }) }
          : { type: "reasoning-end", id }
      )
    } else if (block.type === "text") {
      out.push({ type: "text-end", id })
    } else if (block.isJsonResponseTool) {
      // the json response tool's input is the text of the response
      isJsonResponseFromTool = true
      out.push({ type: "text-start", id }, { type: "text-delta", id, delta: block.jsonText }, { type: "text-end", id })
    } else {
      out.push(
        { type: "tool-input-end", id: block.toolCallId },
        {
          type: "tool-call",
          toolCallId: block.toolCallId,
          toolName: block.toolName,
          input: block.jsonText === "" ? "{}" : block.jsonText
        }
      )
    }
    contentBlocks.delete(blockIndex)
  }

  const push = (chunk: ParseResult<StreamEvent>, out: Array<StreamPart>) => {
    if (options.includeRawChunks) out.push({ type: "raw", rawValue: chunk.rawValue })
    if (!chunk.success) {
      finishReason = { unified: "error", raw: undefined }
      out.push({ type: "error", error: chunk.error })
      return
    }
    const value = chunk.value
    const exception = exceptionPart(value, chunk.rawValue)
    if (exception !== undefined) {
      finishReason = { unified: "error", raw: undefined }
      out.push(exception)
      return
    }
    if (value.messageStop) {
      finishReason = {
        unified: mapFinishReason(value.messageStop.stopReason, isJsonResponseFromTool),
        raw: value.messageStop.stopReason ?? undefined
      }
      stopSequence = value.messageStop.additionalModelResponseFields?.delta?.stop_sequence ?? null
    }
    if (value.metadata) {
      if (value.metadata.usage) usage = value.metadata.usage
      providerMetadata = metadataOf(value.metadata) ?? providerMetadata
    }

    const blockStart = value.contentBlockStart
    if (blockStart?.contentBlockIndex != null && !blockStart.start?.toolUse) {
      contentBlocks.set(blockStart.contentBlockIndex, { type: "text" })
      out.push({ type: "text-start", id: String(blockStart.contentBlockIndex) })
    }

    const delta = value.contentBlockDelta?.delta
    if (delta && "text" in delta && delta.text) {
      const blockIndex = value.contentBlockDelta?.contentBlockIndex || 0
      if (!contentBlocks.has(blockIndex)) {
        contentBlocks.set(blockIndex, { type: "text" })
        out.push({ type: "text-start", id: String(blockIndex) })
      }
      const textDelta = extractor?.process(delta.text) ?? delta.text
      if (textDelta.length > 0) out.push({ type: "text-delta", id: String(blockIndex), delta: textDelta })
    }

    if (value.contentBlockStop?.contentBlockIndex != null) stopBlock(value.contentBlockStop.contentBlockIndex, out)

    if (delta && "reasoningContent" in delta && delta.reasoningContent) {
      reasoningDelta(contentBlocks, value.contentBlockDelta?.contentBlockIndex || 0, delta.reasoningContent, out)
    }

    const toolUse = blockStart?.start?.toolUse
    if (blockStart != null && toolUse != null) {
      const isJsonResponseTool = options.usesJsonResponseTool && toolUse.name === "json"
      const toolCallId = normalizeToolCallId(toolUse.toolUseId, options.isMistral)
      contentBlocks.set(blockStart.contentBlockIndex, {
        type: "tool-call",
        toolCallId,
        toolName: toolUse.name,
        jsonText: "",
        isJsonResponseTool
      })
      if (!isJsonResponseTool) out.push({ type: "tool-input-start", id: toolCallId, toolName: toolUse.name })
    }

    if (delta && "toolUse" in delta && delta.toolUse) {
      const block = value.contentBlockDelta !== undefined && value.contentBlockDelta !== null
        ? contentBlocks.get(value.contentBlockDelta.contentBlockIndex)
        : undefined
      if (block?.type === "tool-call") {
        const input = delta.toolUse.input ?? ""
        if (!block.isJsonResponseTool) out.push({ type: "tool-input-delta", id: block.toolCallId, delta: input })
        block.jsonText += input
      }
    }
  }

  const end = (out: Array<StreamPart>) => {
    out.push(finishPart(finishReason, convertUsage(usage), providerMetadata, isJsonResponseFromTool, stopSequence))
  }

  return { start: () => startParts(options), push, end }
}
