/**
 * The pieces of the Anthropic prompt conversion the message roles share (upstream
 * `convert-to-anthropic-prompt.ts`): request message types, the conversion context, tool input
 * wrapping, file references, tool result content and provider tool results.
 *
 * @since 0.1.0
 */
import { Effect, Predicate, Result, Schema } from "effect"
import { convertBase64ToUint8Array, convertToBase64 } from "../../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../../provider-utils/DetectMediaType.ts"
import { secureJsonParse } from "../../../../runtime/ParseJson.ts"
import { resolveFullMediaType } from "../../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../../provider-utils/ResolveProviderReference.ts"
import { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
import { TypeValidationError } from "../../../../contract/errors/TypeValidationError.ts"
import { NoSuchProviderReferenceError } from "../../../../contract/errors/NoSuchProviderReferenceError.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { BinaryData } from "../../../../contract/FileData.ts"
import type { JsonObject, JsonValue } from "../../../../contract/Json.ts"
import type {
  AssistantMessage,
  SystemMessage,
  ToolMessage,
  ToolResultOutput,
  ToolResultPart,
  UserMessage
} from "../../../../contract/Prompt.ts"
import type { ProviderOptions } from "../../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { FallbackBlock, ReasoningMetadata } from "../AnthropicApi.ts"
import { FilePartOptions } from "../AnthropicOptions.ts"
import type { CacheControlValidator } from "./CacheControl.ts"
import type { ToolNameMapping } from "./ToolNameMapping.ts"
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
 * Errors of the conversion.
 *
 * @since 0.1.0
 */
export type ConvertError =
  | InvalidArgumentError
  | UnsupportedFunctionalityError
  | NoSuchProviderReferenceError
  | TypeValidationError

export type ContentItem = Extract<ToolResultOutput, { readonly type: "content" }>["value"][number]

export type Block =
  | { readonly type: "system"; readonly messages: Array<SystemMessage> }
  | { readonly type: "assistant"; readonly messages: Array<AssistantMessage> }
  | { readonly type: "user"; readonly messages: Array<UserMessage | ToolMessage> }

export const moveToolUseBlocksToEnd = (content: Array<RequestBlock>): Array<RequestBlock> => {
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

export const bytesToString = (data: BinaryData): string =>
  new TextDecoder().decode(typeof data === "string" ? convertBase64ToUint8Array(data) : data)

export const resolveReference = (reference: { readonly [provider: string]: string }) =>
  resolveProviderReference(reference, "anthropic")

export const extractErrorCode = (value: unknown): string | undefined => {
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

export const getCaller = (providerOptions: ProviderOptions | undefined): JsonObject | undefined => {
  const caller = providerOptions?.["anthropic"]?.["caller"]
  if (!Predicate.isObject(caller)) return undefined
  const type = caller["type"]
  const toolId = caller["toolId"]
  if ((type === "code_execution_20250825" || type === "code_execution_20260120") && typeof toolId === "string" && toolId) {
    return { type, tool_id: toolId }
  }
  return type === "direct" ? { type: "direct" } : undefined
}

export const decodeReasoningMetadata = Schema.decodeUnknownResult(ReasoningMetadata)
export const decodeFallback = Schema.decodeUnknownResult(FallbackBlock)

/**
 * What the per-role conversions share: the call's settings and the prompt under construction.
 *
 * @since 0.1.0
 */
export interface Context {
  readonly betas: Set<string>
  readonly validator: CacheControlValidator
  readonly sendReasoning: boolean
  readonly toolNameMapping: ToolNameMapping
  readonly toolsetNames: Readonly<Record<string, string>>
  readonly warnings: Array<Warning>
  readonly fileOptions: (
    providerOptions: ProviderOptions | undefined
  ) => Effect.Effect<typeof FilePartOptions.Type | undefined, InvalidArgumentError>
  system: Array<RequestBlock> | undefined
  readonly messages: Array<RequestMessage>
  lastUserMessageIndex: number
}

export const convertToolResultContentItem = Effect.fnUntraced(function*(
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

export const unsupportedOutput = (part: ToolResultPart, warnings: Array<Warning>): undefined => {
  warnings.push({
    type: "other",
    message: `provider executed tool result output type ${part.output.type} for tool ${part.toolName} is not supported`
  })
  return undefined
}

// Upstream validates these outputs with its zod output schemas; here the shape checks the re-encoding needs.
export const invalidOutput = (value: unknown, cause: string) => new TypeValidationError({ value, cause: new Error(cause) })

export const field = (o: { readonly [key: string]: unknown }, key: string): unknown => o[key]

// A code execution error: a code execution error block by its `type`, otherwise a bash one.
const codeExecutionErrorBlock = (part: ToolResultPart, value: unknown, cache_control: unknown): RequestBlock => {
  let info: unknown = {}
  if (typeof value === "string") {
    const parsed = secureJsonParse(value)
    if (Result.isSuccess(parsed)) info = parsed.success
  } else if (Predicate.isObject(value)) {
    info = value
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

// A code execution result (plain, encrypted, bash or text editor) by the output's `type`.
const codeExecutionResultBlock = (
  part: ToolResultPart,
  cache_control: unknown,
  warnings: Array<Warning>
): RequestBlock | undefined => {
  const output = part.output
  if (output.type === "error-text" || output.type === "error-json") {
    return codeExecutionErrorBlock(part, output.value, cache_control)
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

// A web fetch result: the fetched document.
const webFetchResultBlock = Effect.fnUntraced(function*(
  part: ToolResultPart,
  value: JsonValue,
  callerField: { readonly caller?: JsonObject },
  cache_control: unknown
) {
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
})

// A web search result: the list of results.
const webSearchResultBlock = Effect.fnUntraced(function*(
  part: ToolResultPart,
  value: JsonValue,
  callerField: { readonly caller?: JsonObject },
  cache_control: unknown
) {
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
})

// A web fetch or web search result, or its error.
const webResultBlock = Effect.fnUntraced(function*(
  part: ToolResultPart,
  providerToolName: "web_fetch" | "web_search",
  callerField: { readonly caller?: JsonObject },
  cache_control: unknown,
  warnings: Array<Warning>
) {
  const output = part.output
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
  return providerToolName === "web_fetch"
    ? yield* webFetchResultBlock(part, output.value, callerField, cache_control)
    : yield* webSearchResultBlock(part, output.value, callerField, cache_control)
})

// A tool search result: the tool references found, or the search error.
const toolSearchResultBlock = Effect.fnUntraced(function*(
  part: ToolResultPart,
  cache_control: unknown,
  warnings: Array<Warning>
) {
  const output = part.output
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
})

// An advisor result: its text, its redacted text, or its error.
const advisorResultBlock = Effect.fnUntraced(function*(
  part: ToolResultPart,
  cache_control: unknown,
  warnings: Array<Warning>
) {
  const output = part.output
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
})

// An MCP tool result; upstream's MCP branch falls through to its final "not supported" warning.
const mcpResultBlock = (part: ToolResultPart, cache_control: unknown, warnings: Array<Warning>): RequestBlock | undefined => {
  const output = part.output
  if (output.type !== "json" && output.type !== "error-json") return unsupportedOutput(part, warnings)
  warnings.push({ type: "other", message: `provider executed tool result for tool ${part.toolName} is not supported` })
  return {
    type: "mcp_tool_result",
    tool_use_id: part.toolCallId,
    is_error: output.type === "error-json",
    content: output.value,
    cache_control
  }
}

// Re-encodes a provider-executed tool result into its server tool result block.
export const convertProviderToolResult = Effect.fnUntraced(function*(
  part: ToolResultPart,
  providerToolName: string,
  isMcp: boolean,
  caller: JsonObject | undefined,
  cache_control: unknown,
  warnings: Array<Warning>
) {
  if (isMcp) return mcpResultBlock(part, cache_control, warnings)
  switch (providerToolName) {
    case "code_execution":
      return codeExecutionResultBlock(part, cache_control, warnings)
    case "web_fetch":
    case "web_search":
      return yield* webResultBlock(part, providerToolName, caller ? { caller } : {}, cache_control, warnings)
    case "tool_search_tool_regex":
    case "tool_search_tool_bm25":
      return yield* toolSearchResultBlock(part, cache_control, warnings)
    case "advisor":
      return yield* advisorResultBlock(part, cache_control, warnings)
  }
  warnings.push({ type: "other", message: `provider executed tool result for tool ${part.toolName} is not supported` })
  return undefined
})
