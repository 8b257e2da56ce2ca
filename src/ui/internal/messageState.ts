/**
 * The UI message a chunk stream builds (upstream `createStreamingUIMessageState` +
 * `processUIMessageStream`, `ai/src/ui/process-ui-message-stream.ts`), synchronous: `apply` folds
 * one chunk into the message and says whether the message changed (upstream's `write()`), or
 * returns the `UIMessageStreamError` upstream throws for an out-of-sequence chunk.
 *
 * @internal
 */
import * as PartialJson from "../../core/PartialJson.ts"
import type { JsonObject } from "../../contract/Json.ts"
import type { ProviderMetadata } from "../../contract/ProviderMetadata.ts"
import { UIMessageStreamError } from "../../contract/errors/UIMessageStreamError.ts"
import type * as UIMessage from "../UIMessage.ts"
import type { FinishReason, UIMessageChunk } from "../UIMessageChunk.ts"

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** @internal */
export type MPart = Mutable<UIMessage.Part>
type MTool = Mutable<UIMessage.ToolPart> | Mutable<UIMessage.DynamicToolPart>
type MText = Extract<MPart, { type: "text" }>
type MReasoning = Extract<MPart, { type: "reasoning" }>

/** @internal */
export interface MMessage {
  id: string
  role: "system" | "user" | "assistant"
  metadata?: unknown
  parts: Array<MPart>
}

interface PartialToolCall {
  text: string
  inputEncoding?: "json" | "text" | undefined
  index: number
  toolName: string
  dynamic?: boolean | undefined
  title?: string | undefined
  toolMetadata?: JsonObject | undefined
}

const idMap = <T>(): Record<string, T> => Object.create(null)

const isTool = (part: MPart): part is MTool => part.type === "dynamic-tool" || part.type.startsWith("tool-")
const isStaticTool = (part: MPart): part is Mutable<UIMessage.ToolPart> => part.type.startsWith("tool-")
const staticName = (part: Mutable<UIMessage.ToolPart>): string => part.type.slice(5)

const isMergeable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof RegExp)

/** Upstream `mergeObjects`: deep merge, arrays and primitives replaced, prototype keys skipped. */
export const mergeObjects = (base: unknown, overrides: unknown): unknown => {
  if (base === undefined) return overrides
  if (overrides === undefined) return base
  if (!isMergeable(overrides)) return overrides
  const result: Record<string, unknown> = isMergeable(base) ? { ...base } : {}
  for (const key in overrides) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") continue
    if (!Object.hasOwn(overrides, key)) continue
    const value = overrides[key]
    if (value === undefined) continue
    const baseValue = isMergeable(base) && key in base ? base[key] : undefined
    result[key] = isMergeable(value) && isMergeable(baseValue) ? mergeObjects(baseValue, value) : value
  }
  return result
}

type ToolUpdate = {
  readonly toolName: string
  readonly toolCallId: string
  readonly state: UIMessage.ToolState
  readonly input: unknown
  readonly output?: unknown
  readonly errorText?: string | undefined
  readonly rawInput?: unknown
  readonly inputEncoding?: "json" | "text" | undefined
  readonly providerExecuted?: boolean | undefined
  readonly preliminary?: boolean | undefined
  readonly providerMetadata?: ProviderMetadata | undefined
  readonly title?: string | undefined
  readonly toolMetadata?: JsonObject | undefined
}

const isResultState = (state: UIMessage.ToolState) => state === "output-available" || state === "output-error"

/**
 * The message under construction and the open parts (upstream `StreamingUIMessageState`).
 *
 * @internal
 */
export class MessageState {
  message: MMessage
  activeText: Record<string, MText> = idMap()
  activeReasoning: Record<string, MReasoning> = idMap()
  partialToolCalls: Record<string, PartialToolCall> = idMap()
  finishReason: typeof FinishReason.Type | undefined = undefined
  private firstStart = true

  private readonly options: { readonly resetOnMessageIdChange?: boolean }

  constructor(
    lastMessage: UIMessage.UIMessage | undefined,
    messageId: string,
    options: { readonly resetOnMessageIdChange?: boolean } = {}
  ) {
    this.options = options
    this.message = MessageState.initial(lastMessage, messageId)
    this.restorePartialToolCalls()
  }

  private static initial(lastMessage: UIMessage.UIMessage | undefined, messageId: string): MMessage {
    if (lastMessage?.role === "assistant") {
      const parts: Array<MPart> = [...lastMessage.parts]
      return { ...lastMessage, parts }
    }
    return { id: messageId, metadata: undefined, role: "assistant", parts: [] }
  }

  private restorePartialToolCalls(): void {
    const parts = this.message.parts
    let last = parts.length - 1
    while (last >= 0 && parts[last]!.type !== "step-start") last--
    let staticIndex = 0
    for (const part of parts.slice(last + 1)) {
      if (!isTool(part)) continue
      const index = staticIndex
      if (isStaticTool(part)) staticIndex++
      if (part.state !== "input-streaming") continue
      this.partialToolCalls[part.toolCallId] = {
        text: typeof part.rawInput === "string" ? part.rawInput : "",
        inputEncoding: part.inputEncoding,
        index,
        toolName: part.type === "dynamic-tool" ? part.toolName : staticName(part),
        dynamic: part.type === "dynamic-tool",
        title: part.title,
        toolMetadata: part.toolMetadata
      }
    }
  }

  private currentStepParts(): Array<MPart> {
    const parts = this.message.parts
    let i = parts.length - 1
    while (i >= 0 && parts[i]!.type !== "step-start") i--
    return parts.slice(i + 1)
  }

  private toolInvocation(toolCallId: string): MTool | UIMessageStreamError {
    for (const part of this.currentStepParts()) if (isTool(part) && part.toolCallId === toolCallId) return part
    const parts = this.message.parts
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!
      if (isTool(part) && part.toolCallId === toolCallId) return part
    }
    return new UIMessageStreamError({
      chunkType: "tool-invocation",
      chunkId: toolCallId,
      message: `No tool invocation found for tool call ID "${toolCallId}".`
    })
  }

  private updateTool(dynamic: boolean, o: ToolUpdate, existing?: MTool): void {
    const part = existing ?? this.currentStepParts().find((p): p is MTool =>
      (dynamic ? p.type === "dynamic-tool" : isStaticTool(p)) && isTool(p) && p.toolCallId === o.toolCallId
    )
    if (part !== undefined) {
      part.state = o.state
      if (part.type === "dynamic-tool") part.toolName = o.toolName
      else part.type = `tool-${o.toolName}`
      part.input = o.input
      part.output = o.output
      part.errorText = o.errorText
      part.rawInput = o.rawInput
      if (o.inputEncoding != null) part.inputEncoding = o.inputEncoding
      else delete part.inputEncoding
      part.preliminary = o.preliminary
      if (o.title !== undefined) part.title = o.title
      if (o.toolMetadata !== undefined) part.toolMetadata = o.toolMetadata
      part.providerExecuted = o.providerExecuted ?? part.providerExecuted
      if (o.providerMetadata != null) {
        if (isResultState(o.state)) part.resultProviderMetadata = o.providerMetadata
        else part.callProviderMetadata = o.providerMetadata
      }
      return
    }
    const meta = o.providerMetadata != null
      ? isResultState(o.state) ? { resultProviderMetadata: o.providerMetadata } : { callProviderMetadata: o.providerMetadata }
      : {}
    const toolMetadata = o.toolMetadata !== undefined ? { toolMetadata: o.toolMetadata } : {}
    const inputEncoding = o.inputEncoding != null ? { inputEncoding: o.inputEncoding } : {}
    // key order as upstream's literals (it shows in JSON snapshots)
    this.message.parts.push(
      dynamic
        ? {
          type: "dynamic-tool",
          toolName: o.toolName,
          toolCallId: o.toolCallId,
          state: o.state,
          input: o.input,
          ...inputEncoding,
          output: o.output,
          errorText: o.errorText,
          preliminary: o.preliminary,
          providerExecuted: o.providerExecuted,
          title: o.title,
          ...toolMetadata,
          ...meta
        }
        : {
          type: `tool-${o.toolName}`,
          toolCallId: o.toolCallId,
          state: o.state,
          title: o.title,
          ...toolMetadata,
          input: o.input,
          ...inputEncoding,
          output: o.output,
          rawInput: o.rawInput,
          errorText: o.errorText,
          providerExecuted: o.providerExecuted,
          preliminary: o.preliminary,
          ...meta
        }
    )
  }

  private updateMetadata(metadata: unknown): void {
    if (metadata == null) return
    this.message.metadata = this.message.metadata != null ? mergeObjects(this.message.metadata, metadata) : metadata
  }

  private missing(chunkType: string, chunkId: string, what: string, start: string): UIMessageStreamError {
    return new UIMessageStreamError({
      chunkType,
      chunkId,
      message: `Received ${chunkType} for missing ${what} with ID "${chunkId}". ` +
        `Ensure a "${start}" chunk is sent before any "${chunkType}" chunks.`
    })
  }

  /** The tool chunks (see {@link apply}). */
  private applyTool(chunk: Extract<UIMessageChunk, { readonly type: `tool-${string}` }>): boolean | UIMessageStreamError {
    const parts = this.message.parts
    switch (chunk.type) {
      case "tool-input-start": {
        const index = this.currentStepParts().filter(isStaticTool).length
        this.partialToolCalls[chunk.toolCallId] = {
          text: "",
          inputEncoding: chunk.inputEncoding,
          toolName: chunk.toolName,
          index,
          dynamic: chunk.dynamic,
          title: chunk.title,
          toolMetadata: chunk.toolMetadata
        }
        this.updateTool(chunk.dynamic === true, {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: "input-streaming",
          inputEncoding: chunk.inputEncoding,
          input: undefined,
          providerExecuted: chunk.providerExecuted,
          title: chunk.title,
          toolMetadata: chunk.toolMetadata,
          providerMetadata: chunk.providerMetadata
        })
        return true
      }
      case "tool-input-delta": {
        const partial = this.partialToolCalls[chunk.toolCallId]
        if (partial === undefined) return this.missing("tool-input-delta", chunk.toolCallId, "tool call", "tool-input-start")
        partial.text += chunk.inputTextDelta
        const input = partial.inputEncoding === "text" ? partial.text : PartialJson.parsePartialJson(partial.text).value
        this.updateTool(partial.dynamic === true, {
          toolCallId: chunk.toolCallId,
          toolName: partial.toolName,
          state: "input-streaming",
          inputEncoding: partial.inputEncoding,
          input,
          rawInput: partial.text,
          title: partial.title,
          toolMetadata: partial.toolMetadata
        })
        return true
      }
      case "tool-input-available":
        this.updateTool(chunk.dynamic === true, {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: "input-available",
          input: chunk.input,
          providerExecuted: chunk.providerExecuted,
          providerMetadata: chunk.providerMetadata,
          title: chunk.title,
          toolMetadata: chunk.toolMetadata
        })
        return true
      case "tool-input-error": {
        const existing = this.currentStepParts().find((p): p is MTool => isTool(p) && p.toolCallId === chunk.toolCallId)
        const dynamic = existing !== undefined ? existing.type === "dynamic-tool" : chunk.dynamic === true
        this.updateTool(dynamic, {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: "output-error",
          input: chunk.input,
          errorText: chunk.errorText,
          providerExecuted: chunk.providerExecuted,
          providerMetadata: chunk.providerMetadata,
          toolMetadata: chunk.toolMetadata
        })
        return true
      }
      case "tool-approval-request": {
        const tool = this.toolInvocation(chunk.toolCallId)
        if (tool instanceof UIMessageStreamError) return tool
        tool.state = "approval-requested"
        tool.approval = {
          id: chunk.approvalId,
          ...(chunk.approvalDescriptor != null ? { descriptor: chunk.approvalDescriptor } : {}),
          ...(Object.hasOwn(chunk, "inputSchemaInput") ? { inputSchemaInput: chunk.inputSchemaInput } : {}),
          ...(chunk.reason != null ? { requestReason: chunk.reason } : {}),
          ...(chunk.isAutomatic === true ? { isAutomatic: true } : {}),
          ...(chunk.signature != null ? { signature: chunk.signature } : {})
        }
        return true
      }
      case "tool-approval-response": {
        const tool = parts.find((p): p is MTool => isTool(p) && p.approval?.id === chunk.approvalId)
        if (tool === undefined) {
          return new UIMessageStreamError({
            chunkType: "tool-approval-response",
            chunkId: chunk.approvalId,
            message: `No tool invocation found for approval ID "${chunk.approvalId}".`
          })
        }
        const approval = tool.approval ?? { id: chunk.approvalId }
        tool.state = "approval-responded"
        tool.approval = { ...approval, id: chunk.approvalId, approved: chunk.approved, ...(chunk.reason != null ? { reason: chunk.reason } : {}) }
        if (chunk.providerExecuted != null) tool.providerExecuted = chunk.providerExecuted
        if (chunk.providerMetadata != null) tool.callProviderMetadata = chunk.providerMetadata
        return true
      }
      case "tool-output-denied": {
        const tool = this.toolInvocation(chunk.toolCallId)
        if (tool instanceof UIMessageStreamError) return tool
        tool.state = "output-denied"
        return true
      }
      case "tool-output-available":
      case "tool-output-error": {
        const tool = this.toolInvocation(chunk.toolCallId)
        if (tool instanceof UIMessageStreamError) return tool
        const dynamic = tool.type === "dynamic-tool"
        const common = {
          toolCallId: chunk.toolCallId,
          toolName: tool.type === "dynamic-tool" ? tool.toolName : staticName(tool),
          input: tool.input,
          providerExecuted: chunk.providerExecuted,
          providerMetadata: chunk.providerMetadata,
          title: tool.title,
          toolMetadata: chunk.toolMetadata ?? tool.toolMetadata
        }
        this.updateTool(
          dynamic,
          chunk.type === "tool-output-available"
            ? { ...common, state: "output-available", output: chunk.output, preliminary: chunk.preliminary }
            : { ...common, state: "output-error", errorText: chunk.errorText, ...(dynamic ? {} : { rawInput: tool.rawInput }) },
          tool
        )
        return true
      }
    }
  }

  /**
   * Folds one chunk in: `true` when the message changed (upstream writes a snapshot), `false`
   * when not, or the error upstream throws.
   */
  apply(chunk: UIMessageChunk): boolean | UIMessageStreamError {
    const parts = this.message.parts
    switch (chunk.type) {
      case "text-start": {
        const part: MText = { type: "text", text: "", providerMetadata: chunk.providerMetadata, state: "streaming" }
        this.activeText[chunk.id] = part
        parts.push(part)
        return true
      }
      case "text-delta": {
        const part = this.activeText[chunk.id]
        if (part === undefined) return this.missing("text-delta", chunk.id, "text part", "text-start")
        part.text += chunk.delta
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata
        return true
      }
      case "text-end": {
        const part = this.activeText[chunk.id]
        if (part === undefined) return this.missing("text-end", chunk.id, "text part", "text-start")
        part.state = "done"
        if (chunk.citations != null) part.citations = chunk.citations
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata
        delete this.activeText[chunk.id]
        return true
      }
      case "custom":
        parts.push({ type: "custom", kind: chunk.kind, providerMetadata: chunk.providerMetadata })
        return true
      case "reasoning-start": {
        const part: MReasoning = { type: "reasoning", id: chunk.id, text: "", providerMetadata: chunk.providerMetadata, state: "streaming" }
        this.activeReasoning[chunk.id] = part
        parts.push(part)
        return true
      }
      case "reasoning-delta": {
        const part = this.activeReasoning[chunk.id]
        if (part === undefined) return this.missing("reasoning-delta", chunk.id, "reasoning part", "reasoning-start")
        part.text += chunk.delta
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata
        return true
      }
      case "reasoning-end": {
        const part = this.activeReasoning[chunk.id]
        if (part === undefined) return this.missing("reasoning-end", chunk.id, "reasoning part", "reasoning-start")
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata
        part.state = "done"
        delete this.activeReasoning[chunk.id]
        return true
      }
      case "file":
      case "reasoning-file":
        parts.push({
          type: chunk.type,
          mediaType: chunk.mediaType,
          url: chunk.url,
          ...(chunk.providerMetadata != null ? { providerMetadata: chunk.providerMetadata } : {})
        })
        return true
      case "source-url":
        parts.push({ type: "source-url", sourceId: chunk.sourceId, url: chunk.url, title: chunk.title, providerMetadata: chunk.providerMetadata })
        return true
      case "source-document":
        parts.push({
          type: "source-document",
          sourceId: chunk.sourceId,
          mediaType: chunk.mediaType,
          title: chunk.title,
          filename: chunk.filename,
          providerMetadata: chunk.providerMetadata
        })
        return true
      case "tool-input-start":
      case "tool-input-delta":
      case "tool-input-available":
      case "tool-input-error":
      case "tool-approval-request":
      case "tool-approval-response":
      case "tool-output-denied":
      case "tool-output-available":
      case "tool-output-error":
        return this.applyTool(chunk)
      case "steering-message":
        parts.push({ type: "steering-message", id: chunk.id, parts: chunk.parts })
        return true
      case "start-step":
        parts.push({ type: "step-start" })
        return false
      case "finish-step":
        return false
      case "reset-step": {
        const step = this.currentStepParts()
        this.activeText = idMap()
        this.activeReasoning = idMap()
        this.partialToolCalls = idMap()
        if (step.length === 0) return false
        parts.splice(parts.length - step.length, step.length)
        return true
      }
      case "start": {
        const reset = this.options.resetOnMessageIdChange === true && chunk.messageId != null &&
          chunk.messageId !== this.message.id
        this.firstStart = false
        if (reset) {
          this.message = MessageState.initial(undefined, chunk.messageId ?? this.message.id)
          this.activeText = idMap()
          this.activeReasoning = idMap()
          this.partialToolCalls = idMap()
          this.finishReason = undefined
        }
        if (chunk.messageId != null) this.message.id = chunk.messageId
        this.updateMetadata(chunk.messageMetadata)
        return reset || chunk.messageId != null || chunk.messageMetadata != null
      }
      case "finish":
        if (chunk.finishReason != null) this.finishReason = chunk.finishReason
        this.updateMetadata(chunk.messageMetadata)
        return chunk.messageMetadata != null
      case "message-metadata":
        this.updateMetadata(chunk.messageMetadata)
        return chunk.messageMetadata != null
      case "error":
      case "abort":
        return false
      default: {
        if (chunk.transient === true) return false
        const existing = chunk.id != null
          ? parts.find((p): p is Mutable<UIMessage.DataPart> => p.type === chunk.type && "id" in p && p.id === chunk.id)
          : undefined
        if (existing !== undefined) existing.data = chunk.data
        else parts.push({ ...chunk })
        return true
      }
    }
  }

  /** Whether `start` was seen (kept for replay resets). */
  get started(): boolean {
    return !this.firstStart
  }
}

/**
 * A snapshot of the message (upstream `createUIMessageSnapshot`: a structured clone).
 *
 * @internal
 */
export const snapshot = (message: MMessage): UIMessage.UIMessage => structuredClone(message)
