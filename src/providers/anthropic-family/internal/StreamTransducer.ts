/**
 * The stream state machine: Anthropic SSE events (as parse results) to V4
 * stream parts, a line-by-line port of upstream's `doStream` transform,
 * including the trailing "interrupted" finish that upstream appends when
 * output was seen but the stream ended without a finish.
 *
 * Plain synchronous code on purpose: it runs once per event on the hot path.
 */
import { Result } from "effect"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import { InvalidResponseDataError } from "../../../spec/errors/InvalidResponseDataError.ts"
import { createProviderStreamError } from "../../../spec/errors/ProviderStreamError.ts"
import type { JsonObject } from "../../../spec/Json.ts"
import type { ProviderMetadata } from "../../../spec/ProviderMetadata.ts"
import type { FinishReason } from "../../../spec/FinishReason.ts"
import type { ToolCall } from "../../../spec/Content.ts"
import type { Finish, StreamPart } from "../../../spec/StreamPart.ts"
import type { Warning } from "../../../spec/Warning.ts"
import type { Citation, StreamEvent } from "../AnthropicApi.ts"
import { secureJsonParse } from "../../../runtime/ParseJson.ts"
import { convertUsage, mapIterations, type AnthropicUsage } from "./AnthropicUsage.ts"
import { createCitationSource, mapCitation, type CitationDocument } from "./Citations.ts"
import { callerInfo, mapResultBlock, type ResultContext } from "./ServerToolResults.ts"
import { isContinuationStopReason, mapStopReason } from "./StopReason.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import type { RequestTool } from "./PrepareTools.ts"
import { toToolsetMemberInput, validateToolsetMember } from "./Toolset.ts"
import { mapContextManagement, mapStopDetails } from "./Metadata.ts"

/**
 * What the transducer needs from the request preparation.
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

type ToolCallBlock = {
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
type ContentBlock = ToolCallBlock | { type: "text"; citations: Array<Citation> } | { type: "reasoning" }
type HeldBackText = { id: string; text: string; citations: Array<Citation> }

const TEXT_OR_THINKING = new Set(["redacted_thinking", "text", "thinking"])

const emptyUsage = () => ({
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined }
})

/**
 * Builds a fresh transducer: `start` gives the first parts, `push` maps one
 * parse result, `end` gives the parts of a normal end of the body.
 */
export const makeStreamTransducer = (config: TransducerConfig) => {
  const { toolNameMapping, citationDocuments, generateId, usesJsonResponseTool, markCodeExecutionDynamic } = config
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  const usage: AnthropicUsage = {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    iterations: null
  }
  const contentBlocks = new Map<number, ContentBlock>()
  const ctx: ResultContext = {
    toolNameMapping,
    citationDocuments,
    mcpToolCalls: new Map<string, ToolCall>(),
    serverToolCalls: new Map<string, string>(),
    generateId
  }
  let contextManagement: JsonObject | null = null
  let rawUsage: JsonObject | undefined = undefined
  let stopSequence: string | null = null
  let serviceTier: string | null = null
  let stopDetails: JsonObject | undefined = undefined
  let inputTransformations: ReadonlyArray<JsonObject> | undefined = undefined
  let safeguardResults: ReadonlyArray<JsonObject> | undefined = undefined
  let container: JsonObject | null = null
  let isJsonResponseFromTool = false
  const heldBackText: Array<HeldBackText> = []
  const heldBackTextByIndex = new Map<number, HeldBackText>()
  let hasWebSearchResults = false
  const fallbackWebCitations: Array<Citation> = []
  let isMessageOpen = false
  let activeMessageId: string | null | undefined
  let hasInvalidMessageSequence = false
  let blockType: string | undefined = undefined
  let failure: InvalidResponseDataError | undefined = undefined

  // state of upstream's second TransformStream (the interrupted-finish rule)
  let hasOutput = false
  let hasStreamError = false
  let lastFinish: Finish | undefined

  const out: Array<StreamPart> = []
  const emit = (part: StreamPart): void => {
    switch (part.type) {
      case "response-metadata":
        hasOutput = false
        break
      case "finish":
        hasOutput = false
        lastFinish = part
        break
      case "error":
        hasStreamError = true
        break
      case "text-delta":
      case "reasoning-delta":
      case "tool-input-delta":
        hasOutput ||= part.delta.length > 0
        break
      case "tool-call":
        hasOutput = true
        break
    }
    out.push(part)
  }

  const createTextEnd = (id: string, citations: ReadonlyArray<Citation>): StreamPart =>
    citations.length > 0
      ? {
        type: "text-end",
        id,
        citations: citations.map((citation) => mapCitation(citation, citationDocuments)),
        providerMetadata: { anthropic: { citations } }
      }
      : { type: "text-end", id }

  const onEvent = (value: StreamEvent): void => {
    switch (value.type) {
      case "ping": {
        if (config.includePings) emit({ type: "ping" })
        return
      }
      case "content_block_start": {
        const part = value.content_block
        const id = String(value.index)
        if (part.type === "fallback") {
          emit({
            type: "custom",
            kind: "anthropic.fallback",
            providerMetadata: { anthropic: { type: "fallback", from: part.from, to: part.to } }
          })
          return
        }
        blockType = part.type
        if (!TEXT_OR_THINKING.has(part.type)) heldBackText.length = 0
        switch (part.type) {
          case "text": {
            if (usesJsonResponseTool) {
              const entry: HeldBackText = { id, text: "", citations: [] }
              heldBackText.push(entry)
              heldBackTextByIndex.set(value.index, entry)
              return
            }
            contentBlocks.set(value.index, { type: "text", citations: [] })
            emit({ type: "text-start", id })
            return
          }
          case "thinking": {
            contentBlocks.set(value.index, { type: "reasoning" })
            emit({ type: "reasoning-start", id })
            return
          }
          case "redacted_thinking": {
            contentBlocks.set(value.index, { type: "reasoning" })
            emit({ type: "reasoning-start", id, providerMetadata: { anthropic: { redactedData: part.data } } })
            return
          }
          case "compaction": {
            contentBlocks.set(value.index, { type: "text", citations: [] })
            emit({
              type: "text-start",
              id,
              providerMetadata: {
                anthropic: { type: "compaction", ...(part.signature != null && { signature: part.signature }) }
              }
            })
            if (part.signature != null && part.content != null && part.content !== "") {
              emit({ type: "text-delta", id, delta: part.content })
            }
            return
          }
          case "tool_use": {
            if (usesJsonResponseTool && part.name === "json") {
              isJsonResponseFromTool = true
              contentBlocks.set(value.index, { type: "text", citations: [] })
              emit({ type: "text-start", id })
              return
            }
            if (part.toolset_name != null) {
              failure = validateToolsetMember(part.toolset_name, part.name, config.preparedTools)
              if (failure !== undefined) return
              const caller = callerInfo(part.caller)
              const customToolName = toolNameMapping.toCustomToolName(part.toolset_name)
              const hasNonEmptyInput = part.input !== undefined && Object.keys(part.input).length > 0
              contentBlocks.set(value.index, {
                type: "tool-call",
                toolCallId: part.id,
                toolName: customToolName,
                input: hasNonEmptyInput ? JSON.stringify(part.input) : "",
                firstDelta: true,
                toolset: { name: part.toolset_name, memberName: part.name },
                ...(caller && { caller })
              })
              emit({ type: "tool-input-start", id: part.id, toolName: customToolName })
              return
            }
            const caller = callerInfo(part.caller)
            const hasNonEmptyInput = part.input !== undefined && Object.keys(part.input).length > 0
            const initialInput = hasNonEmptyInput ? JSON.stringify(part.input) : ""
            contentBlocks.set(value.index, {
              type: "tool-call",
              toolCallId: part.id,
              toolName: part.name,
              input: initialInput,
              firstDelta: initialInput.length === 0,
              ...(caller && { caller })
            })
            emit({ type: "tool-input-start", id: part.id, toolName: part.name })
            return
          }
          case "server_tool_use": {
            const caller = callerInfo(part.caller)
            const name = part.name
            if (
              name === "web_fetch" || name === "web_search" || name === "code_execution" ||
              name === "text_editor_code_execution" || name === "bash_code_execution"
            ) {
              const isSubtool = name === "text_editor_code_execution" || name === "bash_code_execution"
              const providerToolName = isSubtool ? "code_execution" : name
              const providerToolInputType = isSubtool
                ? name
                : name === "code_execution"
                ? "programmatic-tool-call"
                : undefined
              const customToolName = toolNameMapping.toCustomToolName(providerToolName)
              const finalInput = part.input != null && Object.keys(part.input).length > 0
                ? JSON.stringify(part.input)
                : ""
              const dynamic = markCodeExecutionDynamic && providerToolName === "code_execution"
              contentBlocks.set(value.index, {
                type: "tool-call",
                toolCallId: part.id,
                toolName: customToolName,
                input: finalInput,
                providerExecuted: true,
                ...(dynamic ? { dynamic: true } : {}),
                firstDelta: finalInput.length === 0,
                providerToolName,
                providerToolInputType,
                ...(caller && { caller })
              })
              emit({
                type: "tool-input-start",
                id: part.id,
                toolName: customToolName,
                providerExecuted: true,
                ...(dynamic ? { dynamic: true } : {})
              })
            } else if (name === "tool_search_tool_regex" || name === "tool_search_tool_bm25") {
              ctx.serverToolCalls.set(part.id, name)
              const customToolName = toolNameMapping.toCustomToolName(name)
              contentBlocks.set(value.index, {
                type: "tool-call",
                toolCallId: part.id,
                toolName: customToolName,
                input: "",
                providerExecuted: true,
                firstDelta: true,
                providerToolName: name,
                ...(caller && { caller })
              })
              emit({ type: "tool-input-start", id: part.id, toolName: customToolName, providerExecuted: true })
            } else if (name === "advisor") {
              const customToolName = toolNameMapping.toCustomToolName("advisor")
              contentBlocks.set(value.index, {
                type: "tool-call",
                toolCallId: part.id,
                toolName: customToolName,
                input: "{}",
                providerExecuted: true,
                firstDelta: true,
                providerToolName: name,
                ...(caller && { caller })
              })
              emit({ type: "tool-input-start", id: part.id, toolName: customToolName, providerExecuted: true })
            }
            return
          }
          default: {
            for (const mapped of mapResultBlock(part, ctx, () => {
              hasWebSearchResults = true
            })) {
              emit(mapped)
            }
            return
          }
        }
      }
      case "content_block_stop": {
        const contentBlock = contentBlocks.get(value.index)
        if (contentBlock != null) {
          switch (contentBlock.type) {
            case "text":
              emit(createTextEnd(String(value.index), contentBlock.citations))
              break
            case "reasoning":
              emit({ type: "reasoning-end", id: String(value.index) })
              break
            case "tool-call": {
              if (!(usesJsonResponseTool && contentBlock.toolName === "json")) {
                if (contentBlock.toolset != null) {
                  // the member's input, with the member as `action`, in one delta
                  const parsed = contentBlock.input === "" ? Result.succeed({}) : secureJsonParse(contentBlock.input)
                  if (Result.isFailure(parsed)) {
                    failure = new InvalidResponseDataError({
                      data: contentBlock.input,
                      message: "Invalid toolset member input JSON."
                    })
                    return
                  }
                  const memberInput = toToolsetMemberInput(contentBlock.toolset.memberName, parsed.success)
                  if (memberInput instanceof InvalidResponseDataError) {
                    failure = memberInput
                    return
                  }
                  contentBlock.input = memberInput
                  emit({ type: "tool-input-delta", id: contentBlock.toolCallId, delta: memberInput })
                }
                emit({ type: "tool-input-end", id: contentBlock.toolCallId })
                let finalInput = contentBlock.input === "" ? "{}" : contentBlock.input
                if (contentBlock.providerToolName === "code_execution") {
                  // upstream keeps the original input when it does not parse
                  const parsed = secureJsonParse(finalInput)
                  if (
                    Result.isSuccess(parsed) && parsed.success != null && typeof parsed.success === "object" &&
                    "code" in parsed.success && !("type" in parsed.success)
                  ) {
                    finalInput = JSON.stringify({ type: "programmatic-tool-call", ...parsed.success })
                  }
                }
                emit({
                  type: "tool-call",
                  toolCallId: contentBlock.toolCallId,
                  toolName: contentBlock.toolName,
                  input: finalInput,
                  providerExecuted: contentBlock.providerExecuted,
                  ...(markCodeExecutionDynamic && contentBlock.providerToolName === "code_execution"
                    ? { dynamic: true }
                    : {}),
                  ...((contentBlock.caller || contentBlock.toolset) && {
                    providerMetadata: {
                      anthropic: {
                        ...(contentBlock.toolset && { toolsetName: contentBlock.toolset.name }),
                        ...(contentBlock.caller && { caller: contentBlock.caller })
                      }
                    }
                  })
                })
              }
              break
            }
          }
          contentBlocks.delete(value.index)
        }
        blockType = undefined
        return
      }
      case "content_block_delta": {
        const delta = value.delta
        const id = String(value.index)
        switch (delta.type) {
          case "text_delta": {
            if (usesJsonResponseTool) {
              const entry = heldBackTextByIndex.get(value.index)
              if (entry != null) entry.text += delta.text
              return
            }
            emit({ type: "text-delta", id, delta: delta.text })
            return
          }
          case "thinking_delta": {
            emit({ type: "reasoning-delta", id, delta: delta.thinking })
            return
          }
          case "signature_delta": {
            if (blockType === "thinking") {
              emit({
                type: "reasoning-delta",
                id,
                delta: "",
                providerMetadata: { anthropic: { signature: delta.signature } }
              })
            }
            return
          }
          case "compaction_delta": {
            if (delta.content != null) emit({ type: "text-delta", id, delta: delta.content })
            return
          }
          case "input_json_delta": {
            const contentBlock = contentBlocks.get(value.index)
            let text = delta.partial_json
            if (text.length === 0) return
            if (isJsonResponseFromTool) {
              if (contentBlock?.type !== "text") return
              emit({ type: "text-delta", id, delta: text })
            } else {
              if (contentBlock?.type !== "tool-call") return
              if (contentBlock.toolset != null) {
                contentBlock.input += text
                return
              }
              if (contentBlock.firstDelta && contentBlock.providerToolInputType != null) {
                text = `{"type": "${contentBlock.providerToolInputType}",${text.substring(1)}`
              }
              emit({ type: "tool-input-delta", id: contentBlock.toolCallId, delta: text })
              contentBlock.input += text
              contentBlock.firstDelta = false
            }
            return
          }
          case "citations_delta": {
            const citation = delta.citation
            const contentBlock = contentBlocks.get(value.index)
            if (contentBlock?.type === "text") contentBlock.citations.push(citation)
            heldBackTextByIndex.get(value.index)?.citations.push(citation)
            if (citation.type === "web_search_result_location") {
              fallbackWebCitations.push(citation)
            } else {
              const source = createCitationSource(citation, citationDocuments, generateId)
              if (source) emit(source)
            }
            return
          }
        }
        return
      }
      case "message_start": {
        const message = value.message
        if (isMessageOpen) {
          if (activeMessageId === message.id) return
          hasInvalidMessageSequence = true
          emit({
            type: "error",
            error: new InvalidResponseDataError({
              data: value,
              message: `Received message_start for message ${JSON.stringify(message.id)} ` +
                `while message ${JSON.stringify(activeMessageId)} is still open.`
            })
          })
          return
        }
        serviceTier = message.usage.service_tier ?? message.service_tier ?? null
        isMessageOpen = true
        activeMessageId = message.id
        heldBackTextByIndex.clear()
        usage.input_tokens = message.usage.input_tokens
        usage.cache_read_input_tokens = message.usage.cache_read_input_tokens ?? 0
        usage.cache_creation_input_tokens = message.usage.cache_creation_input_tokens ?? 0
        rawUsage = { ...message.usage }
        if (message.input_transformations != null) inputTransformations = message.input_transformations
        if (message.container != null) {
          container = { expiresAt: message.container.expires_at, id: message.container.id, skills: null }
        }
        if (message.stop_reason != null) {
          finishReason = {
            unified: mapStopReason(message.stop_reason, isJsonResponseFromTool),
            raw: message.stop_reason
          }
        }
        emit({ type: "response-metadata", id: message.id ?? undefined, modelId: message.model ?? undefined })
        emit({
          type: "custom",
          kind: "anthropic.message_start",
          providerMetadata: { anthropic: { id: message.id ?? null, model: message.model ?? null, usage: rawUsage } }
        })
        if (message.content != null) {
          for (const part of message.content) {
            const caller = callerInfo(part.caller)
            emit({ type: "tool-input-start", id: part.id, toolName: part.name })
            const inputStr = JSON.stringify(part.input ?? {})
            emit({ type: "tool-input-delta", id: part.id, delta: inputStr })
            emit({ type: "tool-input-end", id: part.id })
            emit({
              type: "tool-call",
              toolCallId: part.id,
              toolName: part.name,
              input: inputStr,
              ...(caller && { providerMetadata: { anthropic: { caller } } })
            })
          }
        }
        return
      }
      case "message_delta": {
        const u = value.usage
        if (u.input_tokens != null && usage.input_tokens !== u.input_tokens) usage.input_tokens = u.input_tokens
        usage.output_tokens = u.output_tokens
        if (u.output_tokens_details != null) usage.output_tokens_details = u.output_tokens_details
        if (u.cache_read_input_tokens != null) usage.cache_read_input_tokens = u.cache_read_input_tokens
        if (u.cache_creation_input_tokens != null) usage.cache_creation_input_tokens = u.cache_creation_input_tokens
        if (u.iterations != null) usage.iterations = u.iterations
        finishReason = {
          unified: mapStopReason(value.delta.stop_reason, isJsonResponseFromTool),
          raw: value.delta.stop_reason ?? undefined
        }
        stopSequence = value.delta.stop_sequence ?? null
        stopDetails = mapStopDetails(value.delta.stop_details)
        const c = value.delta.container
        container = c != null
          ? {
            expiresAt: c.expires_at,
            id: c.id,
            skills: c.skills?.map((skill) => ({ type: skill.type, skillId: skill.skill_id, version: skill.version })) ??
              null
          }
          : null
        if (value.context_management) contextManagement = mapContextManagement(value.context_management)
        if (value.input_transformations != null) inputTransformations = value.input_transformations
        if (value.delta.safeguard_results != null) safeguardResults = value.delta.safeguard_results
        serviceTier = u.service_tier ?? serviceTier
        rawUsage = { ...rawUsage, ...u }
        return
      }
      case "message_stop": {
        isMessageOpen = false
        activeMessageId = undefined
        const anthropicMetadata: JsonObject = {
          usage: rawUsage ?? null,
          stopSequence,
          ...(serviceTier != null ? { serviceTier } : {}),
          ...(stopDetails != null ? { stopDetails } : {}),
          ...(inputTransformations != null ? { inputTransformations } : {}),
          ...(safeguardResults != null ? { safeguardResults } : {}),
          iterations: mapIterations(usage.iterations),
          container,
          contextManagement
        }
        const providerMetadata: ProviderMetadata = { anthropic: anthropicMetadata }
        if (!hasWebSearchResults) {
          for (const citation of fallbackWebCitations) {
            const source = createCitationSource(citation, citationDocuments, generateId)
            if (source) emit(source)
          }
        }
        fallbackWebCitations.length = 0
        if (!isJsonResponseFromTool && !isContinuationStopReason(finishReason.raw)) {
          for (const { citations, id, text } of heldBackText) {
            if (text.length === 0) continue
            emit({ type: "text-start", id })
            emit({ type: "text-delta", id, delta: text })
            emit(createTextEnd(id, citations))
          }
        }
        heldBackText.length = 0
        emit({
          type: "finish",
          finishReason,
          usage: convertUsage(usage, rawUsage ?? {}),
          providerMetadata
        })
        return
      }
      case "error": {
        const error = value.error
        const inferred = streamErrorMetadata(error.type)
        emit({
          type: "error",
          error: createProviderStreamError({
            message: error.message,
            type: error.type,
            code: error.code ?? undefined,
            statusCode: error.statusCode ?? inferred.statusCode,
            isRetryable: error.isRetryable ?? inferred.isRetryable,
            data: "data" in error ? error.data : error
          })
        })
        return
      }
    }
  }

  return {
    /** A failure that ends the stream (upstream throws inside its transform). */
    failure: (): InvalidResponseDataError | undefined => failure,
    start: (): Array<StreamPart> => {
      emit({ type: "stream-start", warnings: config.warnings })
      return drain()
    },
    push: (chunk: ParseResult<StreamEvent>): Array<StreamPart> => {
      if (hasInvalidMessageSequence) return []
      if (config.includeRawChunks) emit({ type: "raw", rawValue: chunk.rawValue })
      if (!chunk.success) {
        emit({ type: "error", error: chunk.error })
      } else {
        onEvent(chunk.value)
      }
      return drain()
    },
    end: (): Array<StreamPart> => {
      if (hasOutput && !hasStreamError) {
        emit({
          type: "finish",
          finishReason: { unified: "interrupted", raw: undefined },
          usage: lastFinish?.usage ?? emptyUsage(),
          ...(lastFinish?.providerMetadata != null ? { providerMetadata: lastFinish.providerMetadata } : {})
        })
      }
      return drain()
    }
  }

  function drain(): Array<StreamPart> {
    const parts = out.slice()
    out.length = 0
    return parts
  }
}

const streamErrorMetadata = (type: string): { statusCode?: number; isRetryable?: boolean } => {
  switch (type) {
    case "api_error":
      return { statusCode: 500, isRetryable: true }
    case "overloaded_error":
      return { statusCode: 529, isRetryable: true }
    case "rate_limit_error":
      return { statusCode: 429, isRetryable: true }
    case "request_too_large":
      return { statusCode: 413, isRetryable: false }
    case "authentication_error":
      return { statusCode: 401, isRetryable: false }
    case "permission_error":
      return { statusCode: 403, isRetryable: false }
    case "not_found_error":
      return { statusCode: 404, isRetryable: false }
    case "billing_error":
    case "invalid_request_error":
      return { statusCode: 400, isRetryable: false }
    default:
      return {}
  }
}
