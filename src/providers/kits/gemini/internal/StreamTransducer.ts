/**
 * The Gemini stream transform (upstream `GoogleLanguageModel.doStream`'s
 * TransformStream) as a synchronous transducer over parse results: text and
 * thought blocks with upstream's block ids, complete, argument-less and
 * streamed (`partialArgs`) function calls, code execution and server-side
 * tool calls as provider-executed pairs, inline data as files, grounding
 * sources (de-duplicated), prompt blocks, in-band errors as `error` parts,
 * usage and metadata of continued (long decode) responses.
 */
import { Result } from "effect"
import type { ParseResult } from "../../../../runtime/ParseJson.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"
import type { ModelError } from "../../../../contract/errors/ModelError.ts"
import { TypeValidationError } from "../../../../contract/errors/TypeValidationError.ts"
import { createProviderStreamError } from "../../../../contract/errors/ProviderStreamError.ts"
import type { FinishReason } from "../../../../contract/FinishReason.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { ProviderMetadata } from "../../../../contract/ProviderMetadata.ts"
import type { StreamPart } from "../../../../contract/StreamPart.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import type {
  Chunk,
  GroundingMetadata,
  PartialArg,
  Part,
  PromptFeedback,
  SafetyRating,
  UrlContextMetadata,
  UsageMetadata
} from "../GeminiApi.ts"
import { JsonAccumulator } from "./JsonAccumulator.ts"
import { extractSources } from "./Sources.ts"
import { addUsageMetadata, convertUsage, statusCodeOfRpcStatus, toolResponseResult } from "./Usage.ts"
import { isConfirmedPromptBlockReason, mapFinishReason } from "./FinishReason.ts"
import { type Refined, refine } from "./Refine.ts"

/**
 * One item of the (possibly continued) response: a parse result, or the
 * marker that a continuation request's events follow.
 */
export type Item =
  | ParseResult<Chunk>
  | { readonly success: false; readonly error: ModelError; readonly rawValue: undefined }
  | { readonly type: "continuation-start" }

/**
 * Transducer options.
 */
export interface Options {
  readonly warnings: ReadonlyArray<Warning>
  readonly providerOptionsNames: ReadonlyArray<string>
  readonly includeRawChunks: boolean
  readonly codeExecutionToolName: string
  readonly generateId: () => string
  readonly responseHeaders: Readonly<Record<string, string>> | undefined
}

/**
 * The continuation state shared with the request loop.
 */
export interface Continuation {
  /** The token of the current response's `CONTINUATION` chunk, if any. */
  pendingToken: string | undefined
  /** Grounding of the current request (last non-null). */
  requestGroundingMetadata: GroundingMetadata | null
  /** Grounding of each finished request, in order. */
  readonly groundingMetadataPerRequest: Array<GroundingMetadata | null>
}

interface ActiveCall {
  readonly toolCallId: string
  readonly toolName: string
  readonly accumulator: JsonAccumulator
  readonly providerMetadata: ProviderMetadata | undefined
}

/**
 * A transducer: `start` gives the first parts, `push` maps one item, `end` flushes.
 */
export interface StreamTransducer {
  readonly start: () => Array<StreamPart>
  readonly push: (item: Item, out: Array<StreamPart>) => void
  readonly end: (out: Array<StreamPart>) => void
  readonly continuation: Continuation
}

/**
 * Builds the transducer of one stream call.
 */
export const makeStreamTransducer = (options: Options): StreamTransducer => {
  // One closure: the block, call and metadata state of one stream, shared by small per-part steps.
  const { codeExecutionToolName, generateId, providerOptionsNames } = options
  const wrap = (payload: JsonObject): ProviderMetadata => {
    const out: Record<string, JsonObject> = {}
    for (const name of providerOptionsNames) out[name] = payload
    return out
  }
  const continuation: Continuation = {
    pendingToken: undefined,
    requestGroundingMetadata: null,
    groundingMetadataPerRequest: []
  }

  // A clean end without the provider's completion signal is interrupted.
  let finishReason: FinishReason = { unified: "interrupted", raw: undefined }
  let usage: UsageMetadata | undefined
  let continuedUsage: UsageMetadata | undefined
  let initialPromptTokenCount: number | null | undefined
  let promptFeedback: PromptFeedback | null = null
  let lastGroundingMetadata: GroundingMetadata | null = null
  let lastUrlContextMetadata: UrlContextMetadata | null = null
  let lastSafetyRatings: ReadonlyArray<SafetyRating> | null = null
  let lastFinishMessage: string | null = null
  let lastContinuationToken: string | null = null
  let confirmedPromptBlockReason: string | undefined
  let hasToolCalls = false
  let hasEmittedResponseMetadata = false
  let currentTextBlockId: string | null = null
  let currentReasoningBlockId: string | null = null
  let blockCounter = 0
  const emittedSourceKeys = new Set<string>()
  let lastCodeExecutionToolCallId: string | undefined
  let lastServerToolCallId: string | undefined
  const activeCalls: Array<ActiveCall> = []

  const endText = (out: Array<StreamPart>) => {
    if (currentTextBlockId !== null) {
      out.push({ type: "text-end", id: currentTextBlockId })
      currentTextBlockId = null
    }
  }
  const endReasoning = (out: Array<StreamPart>) => {
    if (currentReasoningBlockId !== null) {
      out.push({ type: "reasoning-end", id: currentReasoningBlockId })
      currentReasoningBlockId = null
    }
  }

  const finishActiveCall = (out: Array<StreamPart>) => {
    const active = activeCalls.pop()
    if (active === undefined) return
    // finalized partial-argument calls also separate the surrounding blocks
    endText(out)
    endReasoning(out)
    const { closingDelta, finalJSON } = active.accumulator.finalize()
    if (closingDelta.length > 0) {
      out.push({ type: "tool-input-delta", id: active.toolCallId, delta: closingDelta, providerMetadata: active.providerMetadata })
    }
    out.push({ type: "tool-input-end", id: active.toolCallId, providerMetadata: active.providerMetadata })
    out.push({
      type: "tool-call",
      toolCallId: active.toolCallId,
      toolName: active.toolName,
      input: finalJSON,
      providerMetadata: active.providerMetadata
    })
    hasToolCalls = true
  }

  const streamPartialArgs = (
    active: ActiveCall,
    partialArgs: ReadonlyArray<PartialArg>,
    willContinue: boolean | null | undefined,
    providerMetadata: ProviderMetadata | undefined,
    out: Array<StreamPart>
  ) => {
    const textDelta = active.accumulator.processPartialArgs(partialArgs)
    if (textDelta.length > 0) {
      out.push({ type: "tool-input-delta", id: active.toolCallId, delta: textDelta, providerMetadata })
    }
    if (willContinue !== true && partialArgs.every((arg) => arg.willContinue !== true)) finishActiveCall(out)
  }

  const onFunctionCall = (part: Extract<Part, { readonly functionCall: unknown }>, out: Array<StreamPart>) => {
    const call = part.functionCall
    const providerMetadata = part.thoughtSignature ? wrap({ thoughtSignature: part.thoughtSignature }) : undefined
    const isStreamingChunk = call.partialArgs != null || (call.name != null && call.willContinue === true)
    const isTerminalChunk = call.name == null && call.args == null && call.partialArgs == null &&
      call.willContinue == null
    const isCompleteCall = call.name != null && call.args != null && call.partialArgs == null
    // `{ name }` alone: a complete call without arguments
    const isNoArgsCompleteCall = call.name != null && call.args == null && call.partialArgs == null &&
      call.willContinue !== true
    if (!isStreamingChunk && (isCompleteCall || isNoArgsCompleteCall)) {
      endText(out)
      endReasoning(out)
    }
    if (isStreamingChunk) {
      if (call.name != null) {
        const active: ActiveCall = {
          toolCallId: call.id || generateId(),
          toolName: call.name,
          accumulator: new JsonAccumulator(),
          providerMetadata
        }
        activeCalls.push(active)
        out.push({ type: "tool-input-start", id: active.toolCallId, toolName: call.name, providerMetadata })
        if (call.partialArgs != null) streamPartialArgs(active, call.partialArgs, call.willContinue, providerMetadata, out)
      } else if (call.partialArgs != null && activeCalls.length > 0) {
        streamPartialArgs(activeCalls[activeCalls.length - 1], call.partialArgs, call.willContinue, providerMetadata, out)
      }
    } else if (isTerminalChunk && activeCalls.length > 0) {
      finishActiveCall(out)
    } else if (isCompleteCall && call.name != null) {
      const toolCallId = call.id || generateId()
      const toolName = call.name
      const args = typeof call.args === "string" ? call.args : printed(call.args ?? {}, out)
      if (args === undefined) return
      out.push(
        { type: "tool-input-start", id: toolCallId, toolName, providerMetadata },
        { type: "tool-input-delta", id: toolCallId, delta: args, providerMetadata },
        { type: "tool-input-end", id: toolCallId, providerMetadata },
        { type: "tool-call", toolCallId, toolName, input: args, providerMetadata }
      )
      hasToolCalls = true
    } else if (isNoArgsCompleteCall && call.name != null) {
      const toolCallId = call.id || generateId()
      const toolName = call.name
      out.push(
        { type: "tool-input-start", id: toolCallId, toolName, providerMetadata },
        { type: "tool-input-end", id: toolCallId, providerMetadata },
        { type: "tool-call", toolCallId, toolName, input: "{}", providerMetadata }
      )
      hasToolCalls = true
    }
  }

  const onText = (
    text: string,
    thought: boolean,
    thoughtSignature: string | null | undefined,
    out: Array<StreamPart>
  ) => {
    const providerMetadata = thoughtSignature ? wrap({ thoughtSignature }) : undefined
    if (text.length === 0) {
      if (providerMetadata === undefined) return
      if (currentTextBlockId !== null) {
        out.push({ type: "text-delta", id: currentTextBlockId, delta: "", providerMetadata })
        return
      }
      endReasoning(out)
      // keeps the signature in position without merging later content
      const id = String(blockCounter++)
      if (thought) {
        out.push(
          { type: "reasoning-start", id, providerMetadata },
          { type: "reasoning-delta", id, delta: "", providerMetadata },
          { type: "reasoning-end", id }
        )
      } else {
        out.push(
          { type: "text-start", id, providerMetadata },
          { type: "text-delta", id, delta: "", providerMetadata },
          { type: "text-end", id }
        )
      }
      return
    }
    if (thought) {
      endText(out)
      if (currentReasoningBlockId === null) {
        currentReasoningBlockId = String(blockCounter++)
        out.push({ type: "reasoning-start", id: currentReasoningBlockId, providerMetadata })
      }
      out.push({ type: "reasoning-delta", id: currentReasoningBlockId, delta: text, providerMetadata })
      return
    }
    endReasoning(out)
    if (currentTextBlockId === null) {
      currentTextBlockId = String(blockCounter++)
      out.push({ type: "text-start", id: currentTextBlockId, providerMetadata })
    }
    out.push({ type: "text-delta", id: currentTextBlockId, delta: text, providerMetadata })
  }

  const serverMetadata = (thoughtSignature: string | null | undefined, id: string, toolType: string) =>
    wrap({ ...(thoughtSignature ? { thoughtSignature } : {}), serverToolCallId: id, serverToolType: toolType })

  const onPart = (part: Part, out: Array<StreamPart>) => {
    if ("executableCode" in part && part.executableCode?.code) {
      const input = printed(part.executableCode, out)
      if (input === undefined) return
      const toolCallId = generateId()
      lastCodeExecutionToolCallId = toolCallId
      out.push({
        type: "tool-call",
        toolCallId,
        toolName: codeExecutionToolName,
        input,
        providerExecuted: true
      })
    } else if ("codeExecutionResult" in part && part.codeExecutionResult) {
      // results belong to the most recent executable code part
      if (lastCodeExecutionToolCallId) {
        out.push({
          type: "tool-result",
          toolCallId: lastCodeExecutionToolCallId,
          toolName: codeExecutionToolName,
          result: { outcome: part.codeExecutionResult.outcome, output: part.codeExecutionResult.output ?? "" }
        })
      }
    } else if ("text" in part && part.text != null) {
      onText(part.text, part.thought === true, part.thoughtSignature, out)
    } else if ("inlineData" in part) {
      endText(out)
      endReasoning(out)
      out.push({
        type: part.thought === true ? "reasoning-file" : "file",
        mediaType: part.inlineData.mimeType,
        data: { type: "data", data: part.inlineData.data },
        providerMetadata: part.thoughtSignature ? wrap({ thoughtSignature: part.thoughtSignature }) : undefined
      })
    } else if ("toolCall" in part) {
      const input = printed(part.toolCall.args ?? {}, out)
      if (input === undefined) return
      const toolCallId = part.toolCall.id || generateId()
      lastServerToolCallId = toolCallId
      out.push({
        type: "tool-call",
        toolCallId,
        toolName: `server:${part.toolCall.toolType}`,
        input,
        providerExecuted: true,
        dynamic: true,
        providerMetadata: serverMetadata(part.thoughtSignature, toolCallId, part.toolCall.toolType)
      })
    } else if ("toolResponse" in part) {
      const toolCallId = lastServerToolCallId || part.toolResponse.id || generateId()
      out.push({
        type: "tool-result",
        toolCallId,
        toolName: `server:${part.toolResponse.toolType}`,
        result: toolResponseResult(part.toolResponse.response),
        providerMetadata: serverMetadata(part.thoughtSignature, toolCallId, part.toolResponse.toolType)
      })
      lastServerToolCallId = undefined
    } else if ("functionCall" in part) {
      onFunctionCall(part, out)
    }
  }

  const onChunk = (value: Chunk, refined: Refined, out: Array<StreamPart>) => {
    if (value.error != null) {
      finishReason = { unified: "error", raw: undefined }
      const error = value.error
      const statusCode = error.code ?? statusCodeOfRpcStatus(error.status)
      out.push({
        type: "error",
        error: createProviderStreamError({
          message: error.message,
          type: error.status,
          code: error.code ?? undefined,
          statusCode,
          isRetryable: statusCode != null &&
            (statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500),
          data: error
        })
      })
      return
    }
    if (!hasEmittedResponseMetadata && value.responseId != null) {
      hasEmittedResponseMetadata = true
      out.push({ type: "response-metadata", id: value.responseId })
    }
    if (refined.usage != null) usage = refined.usage
    if (value.promptFeedback != null && confirmedPromptBlockReason == null) {
      promptFeedback = value.promptFeedback
      if (isConfirmedPromptBlockReason(value.promptFeedback.blockReason)) {
        confirmedPromptBlockReason = value.promptFeedback.blockReason
        finishReason = { unified: "content-filter", raw: confirmedPromptBlockReason }
      }
    }
    const candidate = value.candidates?.[0]
    if (candidate !== undefined) {
      if (refined.grounding != null) lastGroundingMetadata = refined.grounding
      if (candidate.urlContextMetadata != null) lastUrlContextMetadata = candidate.urlContextMetadata
      if (candidate.safetyRatings != null) lastSafetyRatings = candidate.safetyRatings
      if (candidate.finishMessage != null) lastFinishMessage = candidate.finishMessage
      if (candidate.continuationToken != null) lastContinuationToken = candidate.continuationToken
    }
    // a confirmed prompt block ends generated content; usage and metadata still count
    if (confirmedPromptBlockReason != null || candidate === undefined) return
    const sources = extractSources(refined.grounding, generateId, emittedSourceKeys)
    if (sources !== undefined) for (const source of sources) out.push(source)
    const parts = candidate.content?.parts
    if (parts != null) for (const part of parts) onPart(part, out)
    if (candidate.finishReason === "CONTINUATION") {
      // usage is per request: bank this one's
      if (continuedUsage == null) initialPromptTokenCount = usage?.promptTokenCount
      continuedUsage = addUsageMetadata(continuedUsage, usage)
      usage = undefined
    }
    if (candidate.finishReason != null) {
      finishReason = { unified: mapFinishReason(candidate.finishReason, hasToolCalls), raw: candidate.finishReason }
    }
  }

  const fail = (error: unknown, out: Array<StreamPart>) => {
    if (finishReason.unified === "interrupted") finishReason = { unified: "error", raw: undefined }
    out.push({ type: "error", error })
  }

  // Tool arguments from the wire may nest deeper than `JSON.stringify` can recurse (issue 31):
  // such a part becomes a typed error part (`AI_JSONParseError`) instead of a defect.
  const printed = (value: unknown, out: Array<StreamPart>): string | undefined => {
    const text = WireJson.stringify(value)
    if (Result.isSuccess(text)) return text.success
    fail(text.failure, out)
    return undefined
  }

  const push = (item: Item, out: Array<StreamPart>) => {
    if ("type" in item) {
      // reset in stream order, after the previous response's CONTINUATION chunk
      finishReason = { unified: "interrupted", raw: undefined }
      return
    }
    if (!item.success) {
      if (options.includeRawChunks) out.push({ type: "raw", rawValue: item.rawValue })
      return fail(item.error, out)
    }
    const refined = refine(item.value, item.rawValue)
    if (refined instanceof TypeValidationError) {
      if (options.includeRawChunks) out.push({ type: "raw", rawValue: item.rawValue })
      return fail(refined, out)
    }
    // what upstream's `continueGoogleStream` reads before the transform sees the chunk
    const candidate = item.value.candidates?.[0]
    if (refined.grounding != null) continuation.requestGroundingMetadata = refined.grounding
    if (candidate?.finishReason === "CONTINUATION" && candidate.continuationToken != null) {
      continuation.pendingToken = candidate.continuationToken
    }
    if (options.includeRawChunks) out.push({ type: "raw", rawValue: item.rawValue })
    onChunk(item.value, refined, out)
  }

  const end = (out: Array<StreamPart>) => {
    usage = addUsageMetadata(continuedUsage, usage)
    if (currentTextBlockId !== null) out.push({ type: "text-end", id: currentTextBlockId })
    if (currentReasoningBlockId !== null) out.push({ type: "reasoning-end", id: currentReasoningBlockId })
    const perRequest = continuation.groundingMetadataPerRequest
    out.push({
      type: "finish",
      finishReason,
      usage: convertUsage(usage),
      providerMetadata: wrap({
        promptFeedback,
        groundingMetadata: lastGroundingMetadata,
        ...(perRequest.length > 0
          ? { groundingMetadataPerRequest: [...perRequest, continuation.requestGroundingMetadata] }
          : {}),
        urlContextMetadata: lastUrlContextMetadata,
        safetyRatings: lastSafetyRatings,
        usageMetadata: usage ?? null,
        finishMessage: lastFinishMessage,
        serviceTier: usage?.serviceTier ?? options.responseHeaders?.["x-gemini-service-tier"] ?? null,
        // only when the response stopped early, not a finished stream's checkpoints
        ...(lastContinuationToken != null && (finishReason.raw === "MAX_TOKENS" || finishReason.raw === "CONTINUATION")
          ? { continuationToken: lastContinuationToken }
          : {}),
        ...(initialPromptTokenCount != null ? { initialPromptTokenCount } : {})
      })
    })
  }

  return {
    start: () => [{ type: "stream-start", warnings: options.warnings }],
    push,
    end,
    continuation
  }
}
