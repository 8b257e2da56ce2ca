/**
 * Text blocks of the Anthropic stream: `text` (held back while a JSON response tool may answer),
 * `compaction`, their deltas (`text_delta`, `compaction_delta`, `citations_delta`), their end,
 * and the held-back text sent at `message_stop`.
 *
 * @internal
 */
import type { StreamPart } from "../../../../contract/StreamPart.ts"
import type { Citation } from "../AnthropicApi.ts"
import { createCitationSource, mapCitation } from "./Citations.ts"
import { type BlockOf, type DeltaOf, emit, type HeldBackText, type StreamState } from "./StreamState.ts"

/**
 * The `text-end` part of a text block, with its citations when it has any.
 *
 * @internal
 */
export const textEnd = (state: StreamState, id: string, citations: ReadonlyArray<Citation>): StreamPart =>
  citations.length > 0
    ? {
      type: "text-end",
      id,
      citations: citations.map((citation) => mapCitation(citation, state.config.citationDocuments)),
      providerMetadata: { anthropic: { citations } }
    }
    : { type: "text-end", id }

/**
 * `content_block_start` of a `text` block.
 *
 * @internal
 */
export const startText = (state: StreamState, index: number, id: string): void => {
  if (state.config.usesJsonResponseTool) {
    const entry: HeldBackText = { id, text: "", citations: [] }
    state.heldBackText.push(entry)
    state.heldBackTextByIndex.set(index, entry)
    return
  }
  state.contentBlocks.set(index, { type: "text", citations: [] })
  emit(state, { type: "text-start", id })
}

/**
 * `content_block_start` of a `compaction` block (a text block with the compaction's metadata).
 *
 * @internal
 */
export const startCompaction = (state: StreamState, index: number, id: string, part: BlockOf<"compaction">): void => {
  state.contentBlocks.set(index, { type: "text", citations: [] })
  emit(state, {
    type: "text-start",
    id,
    providerMetadata: {
      anthropic: { type: "compaction", ...(part.signature != null && { signature: part.signature }) }
    }
  })
  if (part.signature != null && part.content != null && part.content !== "") {
    emit(state, { type: "text-delta", id, delta: part.content })
  }
}

/**
 * `text_delta` (into the held-back text with a JSON response tool).
 *
 * @internal
 */
export const textDelta = (state: StreamState, index: number, id: string, delta: DeltaOf<"text_delta">): void => {
  if (state.config.usesJsonResponseTool) {
    const entry = state.heldBackTextByIndex.get(index)
    if (entry != null) entry.text += delta.text
    return
  }
  emit(state, { type: "text-delta", id, delta: delta.text })
}

/**
 * `compaction_delta`.
 *
 * @internal
 */
export const compactionDelta = (state: StreamState, id: string, delta: DeltaOf<"compaction_delta">): void => {
  if (delta.content != null) emit(state, { type: "text-delta", id, delta: delta.content })
}

/**
 * `citations_delta`: kept for the block's end; a document citation is a source at once, a web
 * search citation only at `message_stop` when no web search result was seen.
 *
 * @internal
 */
export const citationsDelta = (state: StreamState, index: number, delta: DeltaOf<"citations_delta">): void => {
  const citation = delta.citation
  const contentBlock = state.contentBlocks.get(index)
  if (contentBlock?.type === "text") contentBlock.citations.push(citation)
  state.heldBackTextByIndex.get(index)?.citations.push(citation)
  if (citation.type === "web_search_result_location") {
    state.fallbackWebCitations.push(citation)
  } else {
    const source = createCitationSource(citation, state.config.citationDocuments, state.config.generateId)
    if (source) emit(state, source)
  }
}

/**
 * At `message_stop`: the fallback web citations as sources, then the held-back text blocks
 * (unless a JSON response tool answered or the stop reason continues the turn).
 *
 * @internal
 */
export const flushHeldBack = (state: StreamState, continues: boolean): void => {
  const { citationDocuments, generateId } = state.config
  if (!state.hasWebSearchResults) {
    for (const citation of state.fallbackWebCitations) {
      const source = createCitationSource(citation, citationDocuments, generateId)
      if (source) emit(state, source)
    }
  }
  state.fallbackWebCitations.length = 0
  if (!state.isJsonResponseFromTool && !continues) {
    for (const { citations, id, text } of state.heldBackText) {
      if (text.length === 0) continue
      emit(state, { type: "text-start", id })
      emit(state, { type: "text-delta", id, delta: text })
      emit(state, textEnd(state, id, citations))
    }
  }
  state.heldBackText.length = 0
}
