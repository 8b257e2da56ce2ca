/**
 * The per-stream state of the xAI stream transform and its output-item
 * handling (upstream's `response.output_item.added` / `.done` branches):
 * reasoning ends, provider-executed calls and their results, message text
 * not streamed by deltas and its citations, function calls.
 */
import type { JsonObject } from "../../../contract/Json.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { Annotation, OutputItem } from "../XAIApi.ts"
import type { ToolNames } from "./RequestArgs.ts"
import { fileSearchResult, isToolCallItem, mapWebSearchAction, toolInputOf, toolNameOf } from "./ServerTools.ts"

type Out = Array<StreamPart>

/**
 * The state shared by the event handlers of one stream.
 *
 * @since 0.2.0
 */
export interface State {
  readonly toolNames: ToolNames
  readonly generateId: () => string
  // Plain objects as upstream (ids such as `constructor` then behave as there).
  readonly contentBlocks: Record<string, { type: "text" }>
  readonly seenToolCalls: Set<string>
  readonly ongoingToolCalls: Record<number, { toolName: string; toolCallId: string } | undefined>
  readonly activeReasoning: Record<string, object>
  hasFunctionCall: boolean
}

/**
 * A fresh state.
 *
 * @since 0.2.0
 */
export const makeState = (toolNames: ToolNames, generateId: () => string): State => ({
  toolNames,
  generateId,
  contentBlocks: {},
  seenToolCalls: new Set(),
  ongoingToolCalls: {},
  activeReasoning: {},
  hasFunctionCall: false
})

/**
 * A `source` part for a url citation (other annotations give none).
 *
 * @since 0.2.0
 */
export const source = (st: State, annotation: Annotation, out: Out) => {
  if (annotation.type === "url_citation" && "url" in annotation) {
    out.push({ type: "source", sourceType: "url", id: st.generateId(), url: annotation.url, title: annotation.title ?? annotation.url })
  }
}

/**
 * A provider-executed call, announced in one go (its input does not stream).
 *
 * @since 0.2.0
 */
export const announce = (id: string, toolName: string, input: string, out: Out) => {
  out.push({ type: "tool-input-start", id, toolName })
  out.push({ type: "tool-input-delta", id, delta: input })
  out.push({ type: "tool-input-end", id })
  out.push({ type: "tool-call", toolCallId: id, toolName, input, providerExecuted: true })
}

/**
 * `response.output_item.added` (`added`) or `.done` for one item.
 *
 * @since 0.2.0
 */
export const outputItem = (st: State, added: boolean, outputIndex: number, part: OutputItem, out: Out) => {
  if (part.type === "reasoning") {
    if (!added) {
      const blockId = `reasoning-${part.id}`
      // Encrypted reasoning may arrive without any summary-part event.
      if (!(part.id in st.activeReasoning)) {
        st.activeReasoning[part.id] = {}
        out.push({ type: "reasoning-start", id: blockId, providerMetadata: { xai: { ...(part.id && { itemId: part.id }) } } })
      }
      out.push({
        type: "reasoning-end",
        id: blockId,
        providerMetadata: {
          xai: {
            ...(part.encrypted_content && { reasoningEncryptedContent: part.encrypted_content }),
            ...(part.id && { itemId: part.id })
          }
        }
      })
      delete st.activeReasoning[part.id]
    }
    return
  }
  if (part.type === "file_search_call") {
    const toolName = st.toolNames.fileSearch ?? "file_search"
    if (!st.seenToolCalls.has(part.id)) {
      st.seenToolCalls.add(part.id)
      announce(part.id, toolName, "", out)
    }
    if (!added) out.push({ type: "tool-result", toolCallId: part.id, toolName, result: fileSearchResult(part) })
    return
  }
  if (part.type === "image_generation_call") {
    const toolName = st.toolNames.imageGeneration ?? "image_generation"
    if (!st.seenToolCalls.has(part.id)) {
      st.seenToolCalls.add(part.id)
      announce(part.id, toolName, "{}", out)
    }
    if (!added) {
      if (part.result != null) {
        out.push({
          type: "tool-result",
          toolCallId: part.id,
          toolName,
          result: { result: part.result, ...(part.prompt != null && { prompt: part.prompt }) }
        })
      } else {
        out.push({
          type: "tool-result",
          toolCallId: part.id,
          toolName,
          isError: true,
          result: `Image generation failed (status: ${part.status}).`
        })
      }
    }
    return
  }
  if (isToolCallItem(part)) {
    const toolName = toolNameOf(part, st.toolNames)
    const input = toolInputOf(part)
    const shouldEmit = part.type === "custom_tool_call" ? !added : !st.seenToolCalls.has(part.id)
    if (shouldEmit && !st.seenToolCalls.has(part.id)) {
      st.seenToolCalls.add(part.id)
      announce(part.id, toolName, input, out)
    }
    if (!added) {
      const result: JsonObject = part.type === "web_search_call" ? mapWebSearchAction(part.action) : {}
      out.push({ type: "tool-result", toolCallId: part.id, toolName, result })
    }
    return
  }
  if (part.type === "message") {
    for (const contentPart of part.content) {
      if (contentPart.text && contentPart.text.length > 0) {
        const blockId = `text-${part.id}`
        // Text not already streamed by `output_text.delta` events.
        if (st.contentBlocks[blockId] == null) {
          st.contentBlocks[blockId] = { type: "text" }
          out.push({ type: "text-start", id: blockId })
          out.push({ type: "text-delta", id: blockId, delta: contentPart.text })
        }
      }
      if (contentPart.annotations) for (const annotation of contentPart.annotations) source(st, annotation, out)
    }
  } else if (part.type === "function_call") {
    if (added) {
      st.ongoingToolCalls[outputIndex] = { toolName: part.name, toolCallId: part.call_id }
      out.push({ type: "tool-input-start", id: part.call_id, toolName: part.name })
    } else {
      st.hasFunctionCall = true
      st.ongoingToolCalls[outputIndex] = undefined
      out.push({ type: "tool-input-end", id: part.call_id })
      out.push({ type: "tool-call", toolCallId: part.call_id, toolName: part.name, input: part.arguments })
    }
  }
}
