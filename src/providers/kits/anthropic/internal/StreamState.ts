/**
 * The state one Anthropic stream run shares between its event handlers (message events and the
 * per-block-kind handlers of `TextBlocks`, `ReasoningBlocks`, `ToolBlocks`): the open content
 * blocks by index, usage and finish bookkeeping, the message's provider metadata, held-back text
 * (JSON response tool), citations, and the output array of the current network chunk with the
 * "interrupted finish" bookkeeping of upstream's second TransformStream.
 *
 * @internal
 */
import type { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import type { ToolCall } from "../../../../contract/Content.ts"
import type { FinishReason } from "../../../../contract/FinishReason.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { Finish, StreamPart } from "../../../../contract/StreamPart.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import type { Citation, StreamEvent } from "../AnthropicApi.ts"
import type { AnthropicUsage } from "./Usage.ts"
import type { CitationDocument } from "./Citations.ts"
import type { RequestTool } from "./PrepareTools.ts"
import type { ResultContext } from "./ServerToolResults.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"

/**
 * What the stream transform needs from the request preparation.
 *
 * @internal
 */
export interface TransducerConfig {
  readonly warnings: ReadonlyArray<Warning>
  readonly usesJsonResponseTool: boolean
  readonly preparedTools: ReadonlyArray<RequestTool> | undefined
  readonly markCodeExecutionDynamic: boolean
  readonly includePings: boolean
  readonly includeRawChunks: boolean
  readonly toolNameMapping: ToolNameMapping
  readonly citationDocuments: Array<CitationDocument>
  readonly generateId: () => string
}

/**
 * An open tool-call block (client tool, toolset member, server tool).
 *
 * @internal
 */
export type ToolCallBlock = {
  type: "tool-call"
  toolCallId: string
  toolName: string
  input: string
  providerExecuted?: boolean | undefined
  dynamic?: boolean | undefined
  firstDelta: boolean
  providerToolName?: string | undefined
  providerToolInputType?: string | undefined
  caller?: JsonObject | undefined
  /** A toolset member call: its input is buffered and sent whole at the block's end. */
  toolset?: { readonly name: string; readonly memberName: string } | undefined
}

/**
 * An open content block, by kind.
 *
 * @internal
 */
export type ContentBlock = ToolCallBlock | { type: "text"; citations: Array<Citation> } | { type: "reasoning" }

/**
 * A text block held back while a JSON response tool may still answer (sent at `message_stop`).
 *
 * @internal
 */
export type HeldBackText = { id: string; text: string; citations: Array<Citation> }

/**
 * A `content_block_start` event, and the block it announces.
 *
 * @internal
 */
export type BlockStart = Extract<StreamEvent, { readonly type: "content_block_start" }>

/**
 * A block announced by `content_block_start`, of one kind.
 *
 * @internal
 */
export type BlockOf<K extends BlockStart["content_block"]["type"]> = Extract<BlockStart["content_block"], { readonly type: K }>

/**
 * A `content_block_delta` delta, of one kind.
 *
 * @internal
 */
export type DeltaOf<K extends Extract<StreamEvent, { readonly type: "content_block_delta" }>["delta"]["type"]> = Extract<
  Extract<StreamEvent, { readonly type: "content_block_delta" }>["delta"],
  { readonly type: K }
>

/**
 * The shared state of one stream run.
 *
 * @internal
 */
export interface StreamState {
  readonly config: TransducerConfig
  readonly ctx: ResultContext
  readonly usage: AnthropicUsage
  finishReason: FinishReason
  readonly contentBlocks: Map<number, ContentBlock>
  contextManagement: JsonObject | null
  rawUsage: JsonObject | undefined
  stopSequence: string | null
  serviceTier: string | null
  stopDetails: JsonObject | undefined
  inputTransformations: ReadonlyArray<JsonObject> | undefined
  safeguardResults: ReadonlyArray<JsonObject> | undefined
  container: JsonObject | null
  isJsonResponseFromTool: boolean
  readonly heldBackText: Array<HeldBackText>
  readonly heldBackTextByIndex: Map<number, HeldBackText>
  hasWebSearchResults: boolean
  readonly fallbackWebCitations: Array<Citation>
  isMessageOpen: boolean
  activeMessageId: string | null | undefined
  hasInvalidMessageSequence: boolean
  /** The type of the block between `content_block_start` and `content_block_stop`. */
  blockType: string | undefined
  /** A failure that ends the stream (upstream throws inside its transform). */
  failure: InvalidResponseDataError | undefined
  // upstream's second TransformStream (the interrupted-finish rule)
  hasOutput: boolean
  hasStreamError: boolean
  lastFinish: Finish | undefined
  /** Where parts go: the output array of the chunk being transformed. */
  out: Array<StreamPart>
}

/**
 * A fresh state for one stream run.
 *
 * @internal
 */
export const makeStreamState = (config: TransducerConfig): StreamState => ({
  config,
  ctx: {
    toolNameMapping: config.toolNameMapping,
    citationDocuments: config.citationDocuments,
    mcpToolCalls: new Map<string, ToolCall>(),
    serverToolCalls: new Map<string, string>(),
    generateId: config.generateId
  },
  usage: {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    iterations: null
  },
  finishReason: { unified: "other", raw: undefined },
  contentBlocks: new Map<number, ContentBlock>(),
  contextManagement: null,
  rawUsage: undefined,
  stopSequence: null,
  serviceTier: null,
  stopDetails: undefined,
  inputTransformations: undefined,
  safeguardResults: undefined,
  container: null,
  isJsonResponseFromTool: false,
  heldBackText: [],
  heldBackTextByIndex: new Map<number, HeldBackText>(),
  hasWebSearchResults: false,
  fallbackWebCitations: [],
  isMessageOpen: false,
  activeMessageId: undefined,
  hasInvalidMessageSequence: false,
  blockType: undefined,
  failure: undefined,
  hasOutput: false,
  hasStreamError: false,
  lastFinish: undefined,
  out: []
})

/**
 * Emits one part, keeping the interrupted-finish bookkeeping (output since the last metadata or
 * finish, a stream error seen, the last finish).
 *
 * @internal
 */
export const emit = (state: StreamState, part: StreamPart): void => {
  switch (part.type) {
    case "response-metadata":
      state.hasOutput = false
      break
    case "finish":
      state.hasOutput = false
      state.lastFinish = part
      break
    case "error":
      state.hasStreamError = true
      break
    case "text-delta":
    case "reasoning-delta":
    case "tool-input-delta":
      state.hasOutput ||= part.delta.length > 0
      break
    case "tool-call":
      state.hasOutput = true
      break
  }
  state.out.push(part)
}
