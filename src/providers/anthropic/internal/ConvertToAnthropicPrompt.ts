/**
 * V4 prompt → Anthropic `system` + `messages` (upstream
 * `convert-to-anthropic-prompt.ts`): message grouping, multi-part user
 * content (text, images, PDFs, text documents, file references), tool
 * results, assistant text/thinking/tool calls, provider-executed tool calls
 * and results re-encoded as server tool blocks, cache control, and
 * `{ rawInvalidInput }` wrapping of non-object tool inputs.
 *
 * @since 0.1.0
 */
import { Effect, Predicate, Result, Schema } from "effect"
import { convertBase64ToUint8Array, convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { secureJsonParse } from "../../../runtime/ParseJson.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../provider-utils/ResolveProviderReference.ts"
import { stringifyWithBigIntAndCycles } from "../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { InvalidArgumentError } from "../../../spec/errors/InvalidArgumentError.ts"
import { TypeValidationError } from "../../../spec/errors/TypeValidationError.ts"
import { NoSuchProviderReferenceError } from "../../../spec/errors/NoSuchProviderReferenceError.ts"
import { UnsupportedFunctionalityError } from "../../../spec/errors/UnsupportedFunctionalityError.ts"
import type { BinaryData } from "../../../spec/FileData.ts"
import type { JsonObject, JsonValue } from "../../../spec/Json.ts"
import type {
  AssistantMessage,
  Prompt,
  SystemMessage,
  ToolMessage,
  ToolResultOutput,
  ToolResultPart,
  UserMessage
} from "../../../spec/Prompt.ts"
import type { ProviderOptions } from "../../../spec/ProviderMetadata.ts"
import type { Warning } from "../../../spec/Warning.ts"
import { FallbackBlock, ReasoningMetadata } from "../AnthropicApi.ts"
import { FilePartOptions, SystemMessageOptions } from "../AnthropicOptions.ts"
import type { CacheControlValidator } from "./CacheControl.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
import { toolsetNameOf } from "./Toolset.ts"
import type { RequestBlock } from "../AnthropicApi.ts"

/**
 * A message of the request.
 *
 * @since 0.1.0
 */
export type RequestMessage = {
  readonly role: "system" | "user" | "assistant"
  readonly content: Array<RequestBlock>
  [key: string]: unknown
}

/**
 * The converted prompt.
 *
 * @since 0.1.0
 */
export interface AnthropicPrompt {
  readonly system: Array<RequestBlock> | undefined
  readonly messages: Array<RequestMessage>
}

/**
 * Errors of the conversion.
 *
 * @since 0.1.0
 */
type ConvertError =
  | InvalidArgumentError
  | UnsupportedFunctionalityError
  | NoSuchProviderReferenceError
  | TypeValidationError

type ContentItem = Extract<ToolResultOutput, { readonly type: "content" }>["value"][number]

type Block =
  | { readonly type: "system"; readonly messages: Array<SystemMessage> }
  | { readonly type: "assistant"; readonly messages: Array<AssistantMessage> }
  | { readonly type: "user"; readonly messages: Array<UserMessage | ToolMessage> }

const groupIntoBlocks = (prompt: Prompt): Array<Block> => {
  const blocks: Array<Block> = []
  let current: Block | undefined
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        if (current?.type !== "system") blocks.push(current = { type: "system", messages: [] })
        current.messages.push(message)
        break
      case "assistant":
        if (current?.type !== "assistant") blocks.push(current = { type: "assistant", messages: [] })
        current.messages.push(message)
        break
      case "user":
      case "tool":
        if (current?.type !== "user") blocks.push(current = { type: "user", messages: [] })
        current.messages.push(message)
        break
    }
  }
  return blocks
}

const moveToolUseBlocksToEnd = (content: Array<RequestBlock>): Array<RequestBlock> => {
  const result: Array<RequestBlock> = []
  let segment: Array<RequestBlock> = []
  const flush = () => {
    result.push(...segment.filter((p) => p.type !== "tool_use"), ...segment.filter((p) => p.type === "tool_use"))
    segment = []
  }
  for (const part of content) {
    if (part.type === "thinking" || part.type === "redacted_thinking" || part.type === "fallback") {
      flush()
      result.push(part)
    } else {
      segment.push(part)
    }
  }
  flush()
  return result
}

/**
 * Upstream `toAnthropicToolInput`: a string that parses to a plain object is
 * that object, a plain object is kept, anything else becomes
 * `{ rawInvalidInput: input }` (the API requires an object).
 *
 * @since 0.1.0
 */
export const toAnthropicToolInput = (input: unknown): { readonly [key: string]: unknown } => {
  if (typeof input === "string") {
    const parsed = secureJsonParse(input)
    if (Result.isSuccess(parsed) && Predicate.isObject(parsed.success)) return parsed.success
  }
  return Predicate.isObject(input) ? input : { rawInvalidInput: input }
}

const bytesToString = (data: BinaryData): string =>
  new TextDecoder().decode(typeof data === "string" ? convertBase64ToUint8Array(data) : data)

const resolveReference = (reference: { readonly [provider: string]: string }) =>
  resolveProviderReference(reference, "anthropic")

const extractErrorCode = (value: unknown): string | undefined => {
  if (typeof value === "string") {
    const parsed = secureJsonParse(value)
    if (Result.isFailure(parsed)) return "unavailable"
    const code = Predicate.isObject(parsed.success) ? parsed.success["errorCode"] : undefined
    return typeof code === "string" ? code : undefined
  }
  if (Predicate.isObject(value)) {
    const code = value["errorCode"]
    return typeof code === "string" ? code : undefined
  }
  return undefined
}

const getCaller = (providerOptions: ProviderOptions | undefined): JsonObject | undefined => {
  const caller = providerOptions?.["anthropic"]?.["caller"]
  if (!Predicate.isObject(caller)) return undefined
  const type = caller["type"]
  const toolId = caller["toolId"]
  if ((type === "code_execution_20250825" || type === "code_execution_20260120") && typeof toolId === "string" && toolId) {
    return { type, tool_id: toolId }
  }
  return type === "direct" ? { type: "direct" } : undefined
}

const decodeReasoningMetadata = Schema.decodeUnknownResult(ReasoningMetadata)
const decodeFallback = Schema.decodeUnknownResult(FallbackBlock)

/**
 * Converts a prompt; `betas` collects the beta headers the content needs.
 *
 * @since 0.1.0
 */
export const convertToAnthropicPrompt = Effect.fnUntraced(function*(options: {
  readonly prompt: Prompt
  readonly sendReasoning: boolean
  readonly warnings: Array<Warning>
  readonly cacheControl: CacheControlValidator
  readonly toolNameMapping: ToolNameMapping
  /** Custom tool name → `toolset_name` of the call's toolset tools. */
  readonly toolsetNames: Readonly<Record<string, string>>
  readonly betas: Set<string>
}) {
  const { betas, cacheControl: validator, sendReasoning, toolNameMapping, toolsetNames, warnings } = options
  const blocks = groupIntoBlocks(options.prompt)
  let system: Array<RequestBlock> | undefined = undefined
  const messages: Array<RequestMessage> = []
  let lastUserMessageIndex = -1

  const fileOptions = (providerOptions: ProviderOptions | undefined) =>
    parseProviderOptions("anthropic", providerOptions, FilePartOptions)

  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!
    const isLastBlock = i === blocks.length - 1
    switch (block.type) {
      case "system": {
        const converted: Array<{
          content: Array<RequestBlock>
          clearAt: string | undefined
          effort: string | undefined
        }> = []
        for (const { content: text, providerOptions } of block.messages) {
          const systemOptions = yield* parseProviderOptions("anthropic", providerOptions, SystemMessageOptions)
          if ((systemOptions?.toolChanges ?? []).length > 0) {
            return yield* new UnsupportedFunctionalityError({
              functionality: "mid-conversation tool changes (not ported)"
            })
          }
          const content: Array<RequestBlock> = []
          if (text !== "" || (systemOptions?.clearAt == null && systemOptions?.effort == null)) {
            content.push({
              type: "text",
              text,
              cache_control: validator.get(providerOptions, { type: "system message", canCache: true })
            })
          }
          converted.push({ content, clearAt: systemOptions?.clearAt, effort: systemOptions?.effort })
        }
        const hasInlineSystemOptions = converted.some((m) => m.clearAt != null || m.effort != null)
        if (i === 0 || (system == null && !hasInlineSystemOptions)) {
          for (const message of converted) {
            if (message.content.length === 0 && message.clearAt == null && message.effort != null) {
              messages.push({ role: "system", content: [], output_config: { effort: message.effort } })
              betas.add("mid-conversation-output-config-2026-07-01")
            } else if (message.clearAt != null || message.effort != null) {
              warnings.push({
                type: "other",
                message: "clearAt and effort on this initial system message are not supported by Anthropic. " +
                  "Use a separate effort-only system message with empty content to set effort. " +
                  "These options have been ignored."
              })
            }
          }
          system = converted.flatMap((m) => m.content.filter((p) => p.type === "text"))
        } else {
          betas.add("mid-conversation-system-2026-04-07")
          for (const message of converted) {
            messages.push({
              role: "system",
              content: message.content,
              ...(message.clearAt != null && { clear_at: message.clearAt }),
              ...(message.effort != null && { output_config: { effort: message.effort } })
            })
            if (message.clearAt != null) betas.add("mid-conversation-system-clear-at-2026-08-21")
            if (message.effort != null) betas.add("mid-conversation-output-config-2026-07-01")
          }
        }
        break
      }
      case "user": {
        const content: Array<RequestBlock> = []
        for (const message of block.messages) {
          if (message.role === "user") {
            if (message.content.length > 0) lastUserMessageIndex = messages.length
            for (let j = 0; j < message.content.length; j++) {
              const part = message.content[j]!
              const isLastPart = j === message.content.length - 1
              const cache_control = validator.get(part.providerOptions, { type: "user message part", canCache: true }) ??
                (isLastPart
                  ? validator.get(message.providerOptions, { type: "user message", canCache: true })
                  : undefined)
              if (part.type === "text") {
                content.push({ type: "text", text: part.text, cache_control })
                continue
              }
              const data = part.data
              switch (data.type) {
                case "reference": {
                  const fileId = yield* resolveReference(data.reference)
                  betas.add("files-api-2025-04-14")
                  const opts = yield* fileOptions(part.providerOptions)
                  if (opts?.containerUpload ?? false) {
                    content.push({ type: "container_upload", file_id: fileId })
                  } else if (getTopLevelMediaType(part.mediaType) === "image") {
                    content.push({ type: "image", source: { type: "file", file_id: fileId }, cache_control })
                  } else {
                    content.push({ type: "document", source: { type: "file", file_id: fileId }, cache_control })
                  }
                  break
                }
                case "text": {
                  const opts = yield* fileOptions(part.providerOptions)
                  content.push({
                    type: "document",
                    source: { type: "text", media_type: "text/plain", data: data.text },
                    title: opts?.title ?? part.filename,
                    ...(opts?.context && { context: opts.context }),
                    ...((opts?.citations?.enabled ?? false) && { citations: { enabled: true } }),
                    cache_control
                  })
                  break
                }
                case "url":
                case "data": {
                  const topLevel = getTopLevelMediaType(part.mediaType)
                  if (topLevel === "image") {
                    content.push({
                      type: "image",
                      source: data.type === "url"
                        ? { type: "url", url: data.url.toString() }
                        : {
                          type: "base64",
                          media_type: yield* resolveFullMediaType(part),
                          data: convertToBase64(data.data)
                        },
                      cache_control
                    })
                  } else if (
                    topLevel === "application" &&
                    (data.type === "url"
                      ? part.mediaType === "application/pdf"
                      : (yield* resolveFullMediaType(part)) === "application/pdf")
                  ) {
                    betas.add("pdfs-2024-09-25")
                    const opts = yield* fileOptions(part.providerOptions)
                    content.push({
                      type: "document",
                      source: data.type === "url"
                        ? { type: "url", url: data.url.toString() }
                        : { type: "base64", media_type: "application/pdf", data: convertToBase64(data.data) },
                      title: opts?.title ?? part.filename,
                      ...(opts?.context && { context: opts.context }),
                      ...((opts?.citations?.enabled ?? false) && { citations: { enabled: true } }),
                      cache_control
                    })
                  } else if (part.mediaType === "text/plain") {
                    const opts = yield* fileOptions(part.providerOptions)
                    content.push({
                      type: "document",
                      source: data.type === "url"
                        ? { type: "url", url: data.url.toString() }
                        : { type: "text", media_type: "text/plain", data: bytesToString(data.data) },
                      title: opts?.title ?? part.filename,
                      ...(opts?.context && { context: opts.context }),
                      ...((opts?.citations?.enabled ?? false) && { citations: { enabled: true } }),
                      cache_control
                    })
                  } else {
                    return yield* new UnsupportedFunctionalityError({ functionality: `media type: ${part.mediaType}` })
                  }
                  break
                }
              }
            }
          } else {
            for (let j = 0; j < message.content.length; j++) {
              const part = message.content[j]!
              if (part.type === "tool-approval-response") continue
              const output = part.output
              const outputProviderOptions = "providerOptions" in output
                ? output.providerOptions
                : output.type === "content"
                ? output.value.find((c) => c.providerOptions != null)?.providerOptions
                : undefined
              const isLastPart = j === message.content.length - 1
              const cache_control = validator.get(part.providerOptions, { type: "tool result part", canCache: true }) ??
                validator.get(outputProviderOptions, { type: "tool result output", canCache: true }) ??
                (isLastPart
                  ? validator.get(message.providerOptions, { type: "tool result message", canCache: true })
                  : undefined)
              let contentValue: unknown
              switch (output.type) {
                case "content": {
                  const items: Array<RequestBlock> = []
                  for (const item of output.value) {
                    const converted = yield* convertToolResultContentItem(item, betas, warnings)
                    if (converted !== undefined) items.push(converted)
                  }
                  contentValue = items
                  break
                }
                case "text":
                case "error-text":
                  contentValue = output.value
                  break
                case "execution-denied":
                  contentValue = output.reason ?? "Tool call execution denied."
                  break
                default:
                  contentValue = stringifyWithBigIntAndCycles(output.value)
              }
              const toolsetName = toolsetNameOf(part.toolName, part.providerOptions, toolsetNames)
              content.push({
                type: "tool_result",
                tool_use_id: part.toolCallId,
                ...(toolsetName != null && { toolset_name: toolsetName }),
                content: contentValue,
                is_error: output.type === "error-text" || output.type === "error-json" ? true : undefined,
                cache_control
              })
            }
          }
        }
        messages.push({ role: "user", content })
        break
      }
      case "assistant": {
        const content: Array<RequestBlock> = []
        const mcpToolUseIds = new Set<string>()
        for (let j = 0; j < block.messages.length; j++) {
          const message = block.messages[j]!
          const isLastMessage = j === block.messages.length - 1
          const parts = message.content.filter((p) => p.type !== "text" || p.text.length > 0)
          for (let k = 0; k < parts.length; k++) {
            const part = parts[k]!
            const isLastContentPart = k === parts.length - 1
            const cache_control = validator.get(part.providerOptions, { type: "assistant message part", canCache: true }) ??
              (isLastContentPart
                ? validator.get(message.providerOptions, { type: "assistant message", canCache: true })
                : undefined)
            switch (part.type) {
              case "text": {
                const meta = part.providerOptions?.["anthropic"]
                if (meta?.["type"] === "compaction") {
                  if (part.text === "") break
                  const signature = meta["signature"]
                  if (typeof signature === "string") betas.add("compact-2026-09-04")
                  content.push({
                    type: "compaction",
                    content: part.text,
                    ...(typeof signature === "string" && { signature }),
                    cache_control
                  })
                } else {
                  content.push({
                    type: "text",
                    text: isLastBlock && isLastMessage && isLastContentPart ? part.text.trim() : part.text,
                    ...(meta?.["citations"] != null && { citations: meta["citations"] }),
                    cache_control
                  })
                }
                break
              }
              case "reasoning": {
                if (!sendReasoning) {
                  warnings.push({ type: "other", message: "sending reasoning content is disabled for this model" })
                  break
                }
                const raw = part.providerOptions?.["anthropic"]
                const decoded = raw == null ? undefined : decodeReasoningMetadata(raw)
                if (decoded !== undefined && Result.isFailure(decoded)) {
                  return yield* new InvalidArgumentError({
                    argument: "providerOptions",
                    message: "invalid anthropic provider options",
                    cause: decoded.failure
                  })
                }
                const meta = decoded === undefined ? undefined : decoded.success
                if (meta?.signature != null) {
                  validator.get(part.providerOptions, { type: "thinking block", canCache: false })
                  content.push({ type: "thinking", thinking: part.text, signature: meta.signature })
                } else if (meta?.redactedData != null) {
                  validator.get(part.providerOptions, { type: "redacted thinking block", canCache: false })
                  content.push({ type: "redacted_thinking", data: meta.redactedData })
                } else {
                  warnings.push({ type: "other", message: "unsupported reasoning metadata" })
                }
                break
              }
              case "custom": {
                if (part.kind !== "anthropic.fallback") break
                const fallback = decodeFallback(part.providerOptions?.["anthropic"])
                if (Result.isFailure(fallback)) {
                  warnings.push({ type: "other", message: "anthropic fallback metadata must include from.model and to.model" })
                  break
                }
                betas.add("server-side-fallback-2026-06-01")
                content.push({ type: "fallback", from: fallback.success.from, to: fallback.success.to })
                break
              }
              case "tool-call": {
                const caller = getCaller(part.providerOptions)
                if (part.providerExecuted) {
                  const providerToolName = toolNameMapping.toProviderToolName(part.toolName)
                  const anthropicOptions = part.providerOptions?.["anthropic"]
                  if (anthropicOptions?.["type"] === "mcp-tool-use") {
                    mcpToolUseIds.add(part.toolCallId)
                    const serverName = anthropicOptions["serverName"]
                    if (serverName == null || typeof serverName !== "string") {
                      warnings.push({ type: "other", message: "mcp tool use server name is required and must be a string" })
                      break
                    }
                    content.push({
                      type: "mcp_tool_use",
                      id: part.toolCallId,
                      name: part.toolName,
                      input: part.input,
                      server_name: serverName,
                      cache_control
                    })
                    break
                  }
                  const input = part.input
                  const inputType = Predicate.isObject(input) ? input["type"] : undefined
                  if (
                    providerToolName === "code_execution" && Predicate.isObject(input) &&
                    (inputType === "bash_code_execution" || inputType === "text_editor_code_execution")
                  ) {
                    const { type: _type, ...rest } = input
                    content.push({
                      type: "server_tool_use",
                      id: part.toolCallId,
                      name: inputType,
                      input: rest,
                      ...(caller && { caller }),
                      cache_control
                    })
                  } else if (
                    providerToolName === "code_execution" && Predicate.isObject(input) && inputType === "programmatic-tool-call"
                  ) {
                    const { type: _type, ...rest } = input
                    content.push({
                      type: "server_tool_use",
                      id: part.toolCallId,
                      name: "code_execution",
                      input: rest,
                      ...(caller && { caller }),
                      cache_control
                    })
                  } else if (
                    providerToolName === "code_execution" || providerToolName === "web_fetch" ||
                    providerToolName === "web_search" || providerToolName === "tool_search_tool_regex" ||
                    providerToolName === "tool_search_tool_bm25"
                  ) {
                    content.push({
                      type: "server_tool_use",
                      id: part.toolCallId,
                      name: providerToolName,
                      input: part.input,
                      ...(caller && { caller }),
                      cache_control
                    })
                  } else if (providerToolName === "advisor") {
                    content.push({
                      type: "server_tool_use",
                      id: part.toolCallId,
                      name: "advisor",
                      input: {},
                      ...(caller && { caller }),
                      cache_control
                    })
                  } else {
                    warnings.push({
                      type: "other",
                      message: `provider executed tool call for tool ${part.toolName} is not supported`
                    })
                  }
                  break
                }
                const toolsetName = toolsetNameOf(part.toolName, part.providerOptions, toolsetNames)
                if (toolsetName != null) {
                  // a toolset member call: the `action` is the member tool name
                  const input = toAnthropicToolInput(part.input)
                  const action = input["action"]
                  if (typeof action !== "string") {
                    warnings.push({ type: "other", message: `toolset tool call for tool ${part.toolName} is missing the action` })
                  }
                  content.push({
                    type: "tool_use",
                    id: part.toolCallId,
                    name: typeof action === "string" ? action : toolsetName,
                    toolset_name: toolsetName,
                    input,
                    ...(caller && { caller }),
                    cache_control
                  })
                  break
                }
                content.push({
                  type: "tool_use",
                  id: part.toolCallId,
                  name: part.toolName,
                  input: toAnthropicToolInput(part.input),
                  ...(caller && { caller }),
                  cache_control
                })
                break
              }
              case "tool-result": {
                const converted = yield* convertProviderToolResult(
                  part,
                  toolNameMapping.toProviderToolName(part.toolName),
                  mcpToolUseIds.has(part.toolCallId),
                  getCaller(part.providerOptions),
                  cache_control,
                  warnings
                )
                if (converted !== undefined) content.push(converted)
                break
              }
            }
          }
        }
        if (content.length > 0) messages.push({ role: "assistant", content: moveToolUseBlocksToEnd(content) })
        break
      }
    }
  }

  // Pruning can remove a code execution call while keeping calls it made;
  // their caller metadata is dropped before the last user message.
  const codeExecutionIds = new Set<string>()
  for (const message of messages) {
    if (message.role !== "assistant") continue
    for (const part of message.content) {
      if (part.type === "server_tool_use" && part["name"] === "code_execution" && typeof part["id"] === "string") {
        codeExecutionIds.add(part["id"])
      }
    }
  }
  const warned = new Set<string>()
  for (let i = 0; i < lastUserMessageIndex; i++) {
    const message = messages[i]!
    if (message.role !== "assistant") continue
    for (const part of message.content) {
      if (!("caller" in part)) continue
      const caller = part["caller"]
      if (!Predicate.isObject(caller) || caller["type"] === "direct") continue
      const toolId = String(caller["tool_id"])
      if (codeExecutionIds.has(toolId)) continue
      const toolCallId = String("id" in part ? part["id"] : part["tool_use_id"])
      delete part["caller"]
      if (!warned.has(toolCallId)) {
        warned.add(toolCallId)
        warnings.push({
          type: "other",
          message:
            `Omitted caller metadata for tool ${toolCallId} because source code execution tool ${toolId} is missing from the conversation history.`
        })
      }
    }
  }

  const prompt: AnthropicPrompt = { system, messages }
  return prompt
})

const convertToolResultContentItem = Effect.fnUntraced(function*(
  item: ContentItem,
  betas: Set<string>,
  warnings: Array<Warning>
) {
  switch (item.type) {
    case "text":
      return { type: "text", text: item.text } satisfies RequestBlock
    case "file": {
      const topLevel = getTopLevelMediaType(item.mediaType)
      const data = item.data
      if (data.type === "reference") {
        const fileId = yield* resolveReference(data.reference)
        betas.add("files-api-2025-04-14")
        return topLevel === "image"
          ? { type: "image", source: { type: "file", file_id: fileId } }
          : { type: "document", source: { type: "file", file_id: fileId } }
      }
      if (data.type === "url") {
        return topLevel === "image"
          ? { type: "image", source: { type: "url", url: data.url.toString() } }
          : { type: "document", source: { type: "url", url: data.url.toString() } }
      }
      if (data.type === "data") {
        if (topLevel === "image") {
          return {
            type: "image",
            source: {
              type: "base64",
              media_type: yield* resolveFullMediaType(item),
              data: convertToBase64(data.data)
            }
          }
        }
        if ((yield* resolveFullMediaType(item)) === "application/pdf") {
          betas.add("pdfs-2024-09-25")
          return { type: "document", source: { type: "base64", media_type: "application/pdf", data: convertToBase64(data.data) } }
        }
        warnings.push({
          type: "other",
          message: `unsupported tool content part type: ${item.type} with media type: ${item.mediaType}`
        })
        return undefined
      }
      warnings.push({ type: "other", message: `unsupported tool content part type: ${item.type} with data type: ${data.type}` })
      return undefined
    }
    case "custom": {
      const anthropic = item.providerOptions?.["anthropic"]
      if (anthropic?.["type"] === "tool-reference") {
        return { type: "tool_reference", tool_name: anthropic["toolName"] }
      }
      warnings.push({ type: "other", message: "unsupported custom tool content part" })
      return undefined
    }
  }
})

const unsupportedOutput = (part: ToolResultPart, warnings: Array<Warning>): undefined => {
  warnings.push({
    type: "other",
    message: `provider executed tool result output type ${part.output.type} for tool ${part.toolName} is not supported`
  })
  return undefined
}

// Upstream validates these outputs with its zod output schemas; here the shape checks the re-encoding needs.
const invalidOutput = (value: unknown, cause: string) => new TypeValidationError({ value, cause: new Error(cause) })

const field = (o: { readonly [key: string]: unknown }, key: string): unknown => o[key]

// Re-encodes a provider-executed tool result into its server tool result block.
const convertProviderToolResult = Effect.fnUntraced(function*(
  part: ToolResultPart,
  providerToolName: string,
  isMcp: boolean,
  caller: JsonObject | undefined,
  cache_control: unknown,
  warnings: Array<Warning>
) {
  const output = part.output
  const callerField = caller ? { caller } : {}
  if (isMcp) {
    if (output.type !== "json" && output.type !== "error-json") return unsupportedOutput(part, warnings)
    // upstream's MCP branch falls through to its final "not supported" warning
    warnings.push({ type: "other", message: `provider executed tool result for tool ${part.toolName} is not supported` })
    return {
      type: "mcp_tool_result",
      tool_use_id: part.toolCallId,
      is_error: output.type === "error-json",
      content: output.value,
      cache_control
    } satisfies RequestBlock
  }
  if (providerToolName === "code_execution") {
    if (output.type === "error-text" || output.type === "error-json") {
      let info: unknown = {}
      if (typeof output.value === "string") {
        const parsed = secureJsonParse(output.value)
        if (Result.isSuccess(parsed)) info = parsed.success
      } else if (Predicate.isObject(output.value)) {
        info = output.value
      }
      const errorType = Predicate.isObject(info) ? info["type"] : undefined
      const errorCode = Predicate.isObject(info) && info["errorCode"] != null ? info["errorCode"] : "unknown"
      return errorType === "code_execution_tool_result_error"
        ? {
          type: "code_execution_tool_result",
          tool_use_id: part.toolCallId,
          content: { type: "code_execution_tool_result_error", error_code: errorCode },
          cache_control
        }
        : {
          type: "bash_code_execution_tool_result",
          tool_use_id: part.toolCallId,
          cache_control,
          content: { type: "bash_code_execution_tool_result_error", error_code: errorCode }
        }
    }
    if (output.type !== "json") return unsupportedOutput(part, warnings)
    const value = output.value
    if (!Predicate.isObject(value) || typeof value["type"] !== "string") {
      warnings.push({
        type: "other",
        message:
          `provider executed tool result output value is not a valid code execution result for tool ${part.toolName}`
      })
      return undefined
    }
    switch (value["type"]) {
      case "code_execution_result":
        return {
          type: "code_execution_tool_result",
          tool_use_id: part.toolCallId,
          content: {
            type: value["type"],
            stdout: field(value, "stdout"),
            stderr: field(value, "stderr"),
            return_code: field(value, "return_code"),
            content: field(value, "content") ?? []
          },
          cache_control
        }
      case "encrypted_code_execution_result":
        return {
          type: "code_execution_tool_result",
          tool_use_id: part.toolCallId,
          content: {
            type: value["type"],
            encrypted_stdout: field(value, "encrypted_stdout"),
            stderr: field(value, "stderr"),
            return_code: field(value, "return_code"),
            content: field(value, "content") ?? []
          },
          cache_control
        }
      case "bash_code_execution_result":
        return {
          type: "bash_code_execution_tool_result",
          tool_use_id: part.toolCallId,
          cache_control,
          content: {
            type: value["type"],
            stdout: field(value, "stdout"),
            stderr: field(value, "stderr"),
            return_code: field(value, "return_code"),
            content: field(value, "content")
          }
        }
      case "bash_code_execution_tool_result_error":
        return { type: "bash_code_execution_tool_result", tool_use_id: part.toolCallId, cache_control, content: value }
      default:
        return { type: "text_editor_code_execution_tool_result", tool_use_id: part.toolCallId, cache_control, content: value }
    }
  }
  if (providerToolName === "web_fetch" || providerToolName === "web_search") {
    const errorType = providerToolName === "web_fetch" ? "web_fetch_tool_result_error" : "web_search_tool_result_error"
    if (output.type === "error-json") {
      return {
        type: `${providerToolName}_tool_result`,
        tool_use_id: part.toolCallId,
        content: { type: errorType, error_code: extractErrorCode(output.value) ?? "unavailable" },
        ...callerField,
        cache_control
      } satisfies RequestBlock
    }
    if (output.type !== "json") return unsupportedOutput(part, warnings)
    const value: JsonValue = output.value
    if (providerToolName === "web_fetch") {
      const content = Predicate.isObject(value) ? value["content"] : undefined
      const source = Predicate.isObject(content) ? content["source"] : undefined
      if (!Predicate.isObject(value) || !Predicate.isObject(content) || !Predicate.isObject(source)) {
        return yield* invalidOutput(value, "expected a web fetch result")
      }
      return {
        type: "web_fetch_tool_result",
        tool_use_id: part.toolCallId,
        content: {
          type: "web_fetch_result",
          url: value["url"],
          retrieved_at: value["retrievedAt"],
          content: {
            type: "document",
            title: content["title"],
            citations: content["citations"],
            source: { type: source["type"], media_type: source["mediaType"], data: source["data"] }
          }
        },
        ...callerField,
        cache_control
      } satisfies RequestBlock
    }
    if (!Array.isArray(value)) return yield* invalidOutput(value, "expected an array of web search results")
    const results: Array<{ readonly [key: string]: unknown }> = []
    for (const result of value) {
      if (!Predicate.isObject(result)) return yield* invalidOutput(value, "expected web search result objects")
      results.push({
        url: result["url"],
        title: result["title"],
        page_age: result["pageAge"],
        encrypted_content: result["encryptedContent"],
        type: result["type"]
      })
    }
    return {
      type: "web_search_tool_result",
      tool_use_id: part.toolCallId,
      content: results,
      ...callerField,
      cache_control
    } satisfies RequestBlock
  }
  if (providerToolName === "tool_search_tool_regex" || providerToolName === "tool_search_tool_bm25") {
    if (
      output.type === "error-json" ||
      (output.type === "json" && Predicate.isObject(output.value) && output.value["type"] === "tool_search_tool_result_error")
    ) {
      return {
        type: "tool_search_tool_result",
        tool_use_id: part.toolCallId,
        content: { type: "tool_search_tool_result_error", error_code: extractErrorCode(output.value) ?? "unavailable" },
        cache_control
      } satisfies RequestBlock
    }
    if (output.type !== "json") return unsupportedOutput(part, warnings)
    if (!Array.isArray(output.value)) return yield* invalidOutput(output.value, "expected an array of tool references")
    const references: Array<{ readonly [key: string]: unknown }> = []
    for (const ref of output.value) {
      if (!Predicate.isObject(ref)) return yield* invalidOutput(output.value, "expected tool reference objects")
      references.push({ type: "tool_reference", tool_name: ref["toolName"] })
    }
    return {
      type: "tool_search_tool_result",
      tool_use_id: part.toolCallId,
      content: { type: "tool_search_tool_search_result", tool_references: references },
      cache_control
    } satisfies RequestBlock
  }
  if (providerToolName === "advisor") {
    if (output.type !== "json" && output.type !== "error-json") return unsupportedOutput(part, warnings)
    const value = output.value
    if (!Predicate.isObject(value)) return yield* invalidOutput(value, "expected an advisor result")
    const stopReason = value["stopReason"] !== undefined ? { stop_reason: value["stopReason"] } : {}
    const content = value["type"] === "advisor_result"
      ? { type: "advisor_result", text: value["text"], ...stopReason }
      : value["type"] === "advisor_redacted_result"
      ? { type: "advisor_redacted_result", encrypted_content: value["encryptedContent"], ...stopReason }
      : { type: "advisor_tool_result_error", error_code: value["errorCode"] }
    return { type: "advisor_tool_result", tool_use_id: part.toolCallId, content, cache_control } satisfies RequestBlock
  }
  warnings.push({ type: "other", message: `provider executed tool result for tool ${part.toolName} is not supported` })
  return undefined
})
