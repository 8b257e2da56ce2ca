/**
 * Port of upstream `convertToOpenAIResponsesInput` (`@ai-sdk/openai`
 * 4.0.118 `responses/convert-to-openai-responses-input.ts`): the V4 prompt
 * as Responses input items, with item references when `store` is on,
 * reasoning items (encrypted content), files, images and provider-tool
 * calls and results. Tool results and tool calls live in `ConvertTools.ts`.
 *
 * @internal
 */
import { Effect, Schema } from "effect"
import * as Base64 from "../../../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../../../provider-utils/ResolveProviderReference.ts"
import { stringifyWithBigIntAndCycles } from "../../../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { UnsupportedFunctionalityError } from "../../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt } from "../../../../../contract/Prompt.ts"
import type { ProviderOptions } from "../../../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../../../contract/Warning.ts"
import { ReasoningPartOptions, SystemMessageOptions } from "../OpenAIResponsesOptions.ts"
import { convertToolCall, convertToolMessagePart, convertToolResultInAssistant } from "./ConvertTools.ts"
import { type ConvertContext, type ConvertError, type InputItem, parseOptions, stringOption } from "./InputContext.ts"
import { collectParallelGroups } from "./ParallelGroups.ts"
import { normalizeTextFormat } from "./TextFormat.ts"

export type { ConvertContext, InputItem } from "./InputContext.ts"

/** @internal */
export const promptCacheBreakpoint = (
  providerOptions: ProviderOptions | undefined,
  name: string
): unknown => providerOptions?.[name]?.["promptCacheBreakpoint"]

const withBreakpoint = (breakpoint: unknown): Record<string, unknown> =>
  breakpoint != null ? { prompt_cache_breakpoint: breakpoint } : {}

const isFileId = (data: string, prefixes: ReadonlyArray<string> | undefined): boolean =>
  prefixes !== undefined && prefixes.some((prefix) => data.startsWith(prefix))

const userFilePart = Effect.fnUntraced(function*(part: FilePart, index: number, ctx: ConvertContext) {
  const name = ctx.providerOptionsName
  const breakpoint = withBreakpoint(promptCacheBreakpoint(part.providerOptions, name))
  const detail = part.providerOptions?.[name]?.["imageDetail"]
  const data = part.data
  switch (data.type) {
    case "reference": {
      const fileId = yield* resolveProviderReference(data.reference, name)
      if (getTopLevelMediaType(part.mediaType) === "image") {
        return { type: "input_image", file_id: fileId, detail, ...breakpoint }
      }
      return { type: "input_file", file_id: fileId, ...breakpoint }
    }
    case "text":
      return yield* new UnsupportedFunctionalityError({ functionality: "text file parts" })
    case "url":
    case "data": {
      if (getTopLevelMediaType(part.mediaType) === "image") {
        const source = data.type === "url"
          ? { image_url: data.url.toString() }
          : typeof data.data === "string" && isFileId(data.data, ctx.fileIdPrefixes)
          ? { file_id: data.data }
          : { image_url: `data:${yield* resolveFullMediaType(part)};base64,${Base64.convertToBase64(data.data)}` }
        return { type: "input_image", ...source, detail, ...breakpoint }
      }
      if (data.type === "url") return { type: "input_file", file_url: data.url.toString(), ...breakpoint }
      const fullMediaType = yield* resolveFullMediaType(part)
      if (fullMediaType !== "application/pdf" && !ctx.passThroughUnsupportedFiles) {
        return yield* new UnsupportedFunctionalityError({ functionality: `file part media type ${fullMediaType}` })
      }
      const source = typeof data.data === "string" && isFileId(data.data, ctx.fileIdPrefixes)
        ? { file_id: data.data }
        : {
          filename: part.filename ?? (fullMediaType === "application/pdf" ? `part-${index}.pdf` : `part-${index}`),
          file_data: `data:${fullMediaType};base64,${Base64.convertToBase64(data.data)}`
        }
      return { type: "input_file", ...source, ...breakpoint }
    }
  }
})

const decodeSystemOptions = Schema.decodeUnknownResult(SystemMessageOptions)
const decodeReasoningOptions = Schema.decodeUnknownResult(ReasoningPartOptions)

const systemMessage = Effect.fnUntraced(function*(
  content: string,
  providerOptions: ProviderOptions | undefined,
  ctx: ConvertContext,
  input: Array<InputItem>,
  warnings: Array<Warning>
) {
  const name = ctx.providerOptionsName
  let options = yield* parseOptions(decodeSystemOptions, name, providerOptions)
  if (options == null && name !== "openai") options = yield* parseOptions(decodeSystemOptions, "openai", providerOptions)
  const effort = options?.reasoningEffortUpdate
  const textFormat = options?.textFormatUpdate
  const additionalTools = options?.additionalTools
  if (effort != null || textFormat != null || additionalTools != null) {
    const hasUpdate = effort != null || textFormat != null
    const feature = effort != null ? "reasoningEffortUpdate" : textFormat != null ? "textFormatUpdate" : "additionalTools"
    const reason = content !== ""
      ? `Message-level ${feature} requires empty system message content.`
      : hasUpdate
      ? ctx.configurationUpdateUnsupportedReason
      : undefined
    if (reason != null) {
      return yield* new UnsupportedFunctionalityError({ functionality: `Message-level ${feature}`, message: reason })
    }
    if (hasUpdate) {
      input.push({
        type: "configuration_update",
        ...(effort != null && { reasoning: { effort } }),
        ...(textFormat != null && { text: { format: yield* normalizeTextFormat(textFormat, warnings) } })
      })
    }
    if (additionalTools != null && additionalTools.length > 0) {
      input.push({ type: "additional_tools", role: "developer", tools: additionalTools })
    }
    return
  }
  if (ctx.systemMessageMode === "remove") {
    warnings.push({ type: "other", message: "system messages are removed for this model" })
    return
  }
  const breakpoint = promptCacheBreakpoint(providerOptions, name)
  input.push({
    ...(ctx.explicitMessageItemType && { type: "message" }),
    role: ctx.systemMessageMode,
    content: breakpoint == null ? content : [{ type: "input_text", text: content, prompt_cache_breakpoint: breakpoint }]
  })
})

type ReasoningItem = {
  type: "reasoning"
  id?: string
  encrypted_content?: string | null | undefined
  summary: Array<{ type: "summary_text"; text: string }>
  [key: string]: unknown
}

const reasoningPart = Effect.fnUntraced(function*(
  part: { readonly text: string; readonly providerOptions?: ProviderOptions | undefined },
  ctx: ConvertContext,
  reasoningMessages: Map<string, ReasoningItem>,
  input: Array<InputItem>,
  warnings: Array<Warning>
) {
  const options = yield* parseOptions(decodeReasoningOptions, ctx.providerOptionsName, part.providerOptions)
  const reasoningId = options?.itemId
  if ((ctx.hasConversation || ctx.hasPreviousResponseId) && reasoningId != null) return
  if (reasoningId != null) {
    const existing = reasoningMessages.get(reasoningId)
    if (ctx.store) {
      if (existing === undefined) {
        input.push({ type: "item_reference", id: reasoningId })
        reasoningMessages.set(reasoningId, { type: "reasoning", id: reasoningId, summary: [] })
      }
      return
    }
    const summary: Array<{ type: "summary_text"; text: string }> = []
    if (part.text.length > 0) {
      summary.push({ type: "summary_text", text: part.text })
    } else if (existing !== undefined) {
      warnings.push({
        type: "other",
        message: `Cannot append empty reasoning part to existing reasoning sequence. Skipping reasoning part: ${
          stringifyWithBigIntAndCycles(part)
        }.`
      })
    }
    if (existing === undefined) {
      const item: ReasoningItem = {
        type: "reasoning",
        id: reasoningId,
        encrypted_content: options?.reasoningEncryptedContent,
        summary
      }
      reasoningMessages.set(reasoningId, item)
      input.push(item)
    } else {
      existing.summary.push(...summary)
      if (options?.reasoningEncryptedContent != null) existing.encrypted_content = options.reasoningEncryptedContent
    }
    return
  }
  const encryptedContent = options?.reasoningEncryptedContent
  if (encryptedContent != null) {
    input.push({
      type: "reasoning",
      encrypted_content: encryptedContent,
      summary: part.text.length > 0 ? [{ type: "summary_text", text: part.text }] : []
    })
  } else {
    warnings.push({
      type: "other",
      message: `Non-OpenAI reasoning parts are not supported. Skipping reasoning part: ${
        stringifyWithBigIntAndCycles(part)
      }.`
    })
  }
})

/**
 * The Responses input items of a prompt, and the conversion warnings.
 *
 * @internal
 */
export const convertToResponsesInput = Effect.fnUntraced(function*(prompt: Prompt, options: ConvertContext) {
  const ctx: ConvertContext = {
    ...options,
    parallel: {
      groups: options.hasConversation || options.hasPreviousResponseId
        ? collectParallelGroups(prompt, options.providerOptionsName)
        : new Map(),
      emittedCalls: new Set(),
      emittedResults: new Set()
    }
  }
  let input: Array<InputItem> = []
  const warnings: Array<Warning> = []
  const processedApprovalIds = new Set<string>()
  const programmaticToolCallIds = new Set<string>()
  const name = ctx.providerOptionsName
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        yield* systemMessage(message.content, message.providerOptions, ctx, input, warnings)
        break
      case "user": {
        const content: Array<unknown> = []
        for (let index = 0; index < message.content.length; index++) {
          const part = message.content[index]
          if (part.type === "text") {
            content.push({
              type: "input_text",
              text: part.text,
              ...withBreakpoint(promptCacheBreakpoint(part.providerOptions, name))
            })
          } else {
            content.push(yield* userFilePart(part, index, ctx))
          }
        }
        input.push({ ...(ctx.explicitMessageItemType && { type: "message" }), role: "user", content })
        break
      }
      case "assistant": {
        const reasoningMessages = new Map<string, ReasoningItem>()
        const emittedTextItemIds = new Set<string>()
        let hasPrecedingReasoning = false
        for (const part of message.content) {
          switch (part.type) {
            case "text": {
              const options = part.providerOptions?.[name]
              const id = stringOption(options?.["itemId"])
              const phase = options?.["phase"]
              if (ctx.hasConversation && id != null) break
              if (ctx.store && id != null && (!ctx.isReasoningModel || hasPrecedingReasoning)) {
                if (!emittedTextItemIds.has(id)) {
                  emittedTextItemIds.add(id)
                  input.push({ type: "item_reference", id })
                }
                break
              }
              input.push({
                ...(ctx.explicitMessageItemType && { type: "message" }),
                role: "assistant",
                content: part.text,
                ...(phase != null && { phase })
              })
              break
            }
            case "tool-call":
              yield* convertToolCall(part, ctx, input, programmaticToolCallIds)
              break
            case "tool-result":
              yield* convertToolResultInAssistant(part, ctx, input, warnings)
              break
            case "reasoning":
              hasPrecedingReasoning = true
              yield* reasoningPart(part, ctx, reasoningMessages, input, warnings)
              break
            case "custom": {
              if (part.kind !== "openai.compaction") break
              const options = part.providerOptions?.[name]
              const id = stringOption(options?.["itemId"])
              if (ctx.hasConversation && id != null) break
              if (ctx.store && id != null) {
                input.push({ type: "item_reference", id })
                break
              }
              if (id != null) input.push({ type: "compaction", id, encrypted_content: options?.["encryptedContent"] })
              break
            }
          }
        }
        break
      }
      case "tool": {
        for (const part of message.content) {
          if (part.type === "tool-approval-response") {
            if (processedApprovalIds.has(part.approvalId)) continue
            processedApprovalIds.add(part.approvalId)
            if (ctx.store && !ctx.hasConversation && !ctx.hasPreviousResponseId) {
              input.push({ type: "item_reference", id: part.approvalId })
            }
            input.push({ type: "mcp_approval_response", approval_request_id: part.approvalId, approve: part.approved })
            continue
          }
          yield* convertToolMessagePart(part, ctx, input, warnings, programmaticToolCallIds)
        }
        break
      }
    }
  }
  if (!ctx.store && input.some((item) => item.type === "reasoning" && item.encrypted_content == null)) {
    warnings.push({
      type: "other",
      message:
        "Reasoning parts without encrypted content are not supported when store is false. Skipping reasoning parts."
    })
    input = input.filter((item) => item.type !== "reasoning" || item.encrypted_content != null)
  }
  return { input, warnings }
})

/** @internal */
export type ConvertResult = Effect.Success<ReturnType<typeof convertToResponsesInput>>

/** @internal */
export type { ConvertError }
