/**
 * Port of upstream `convertToOpenAIChatMessages` (`@ai-sdk/openai` 4.0.118
 * `chat/convert-to-openai-chat-messages.ts`): V4 prompt → chat `messages`.
 *
 * @internal
 */
import { Result, Schema } from "effect"
import { convertToBase64 } from "../../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../../provider-utils/DetectMediaType.ts"
import { InvalidArgumentError } from "../../../../contract/errors/InvalidArgumentError.ts"
import { TypeValidationError } from "../../../../contract/errors/TypeValidationError.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt } from "../../../../contract/Prompt.ts"
import type { ProviderOptions } from "../../../../contract/ProviderMetadata.ts"
import type { Warning } from "../../../../contract/Warning.ts"
import { OpenAIChatMessageOptions } from "../OpenAIChatOptions.ts"
import { encodeToolCallArguments } from "./EncodeToolCallArguments.ts"
import { resolveFullMediaType } from "./MediaType.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

/** @internal */
export type SystemMessageMode = "system" | "developer" | "remove"

/** @internal */
export type ChatMessage = { readonly [key: string]: unknown }

/** @internal */
export type ConversionError = InvalidArgumentError | UnsupportedFunctionalityError

const decodeMessageOptions = Schema.decodeUnknownResult(OpenAIChatMessageOptions)

/**
 * Upstream `parseProviderOptions` for a namespace: absent → undefined, invalid →
 * `InvalidArgumentError` wrapping the validation error.
 *
 * @internal
 */
export const parseProviderOptions = <A>(
  decode: (u: unknown) => Result.Result<A, Schema.SchemaError>,
  provider: string,
  providerOptions: ProviderOptions | undefined
): Result.Result<A | undefined, InvalidArgumentError> => {
  const value = providerOptions?.[provider]
  if (value == null) return Result.succeed(undefined)
  const decoded = decode(value)
  return Result.isSuccess(decoded)
    ? Result.succeed(decoded.success)
    : Result.fail(
      new InvalidArgumentError({
        argument: "providerOptions",
        message: `invalid ${provider} provider options`,
        cause: new TypeValidationError({ value, cause: decoded.failure })
      })
    )
}

type Breakpoint = NonNullable<unknown>

const getPromptCacheBreakpoint = (providerOptions: ProviderOptions | undefined): Breakpoint | undefined =>
  providerOptions?.openai?.promptCacheBreakpoint ?? undefined

const withBreakpoint = (breakpoint: Breakpoint | undefined) =>
  breakpoint != null ? { prompt_cache_breakpoint: breakpoint } : {}

const imageDetail = (part: FilePart): unknown => part.providerOptions?.openai?.imageDetail

const convertUserFilePart = (
  part: FilePart,
  index: number
): Result.Result<ChatMessage, ConversionError> => {
  const breakpoint = getPromptCacheBreakpoint(part.providerOptions)
  const data = part.data
  switch (data.type) {
    case "reference": {
      const fileId = data.reference.openai
      if (fileId == null) {
        return Result.fail(
          new InvalidArgumentError({
            argument: "reference",
            message: `No provider reference found for provider 'openai'. Available providers: ${
              Object.keys(data.reference).join(", ")
            }`
          })
        )
      }
      return Result.succeed({ type: "file", file: { file_id: fileId }, ...withBreakpoint(breakpoint) })
    }
    case "text":
      return Result.fail(new UnsupportedFunctionalityError({ functionality: "text file parts" }))
    case "url":
    case "data": {
      const topLevel = getTopLevelMediaType(part.mediaType)
      if (topLevel === "image") {
        let url: string
        if (data.type === "url") {
          url = data.url.toString()
        } else {
          const full = resolveFullMediaType(part)
          if (Result.isFailure(full)) return Result.fail(full.failure)
          url = `data:${full.success};base64,${convertToBase64(data.data)}`
        }
        return Result.succeed({
          type: "image_url",
          image_url: { url, detail: imageDetail(part) },
          ...withBreakpoint(breakpoint)
        })
      }
      if (topLevel === "audio") {
        if (data.type === "url") {
          return Result.fail(new UnsupportedFunctionalityError({ functionality: "audio file parts with URLs" }))
        }
        const full = resolveFullMediaType(part)
        if (Result.isFailure(full)) return Result.fail(full.failure)
        const format = full.success === "audio/wav"
          ? "wav"
          : full.success === "audio/mp3" || full.success === "audio/mpeg"
          ? "mp3"
          : undefined
        if (format === undefined) {
          return Result.fail(
            new UnsupportedFunctionalityError({
              functionality: `audio content parts with media type ${full.success}`
            })
          )
        }
        return Result.succeed({
          type: "input_audio",
          input_audio: { data: convertToBase64(data.data), format },
          ...withBreakpoint(breakpoint)
        })
      }
      const full = resolveFullMediaType(part)
      if (Result.isFailure(full)) return Result.fail(full.failure)
      if (full.success !== "application/pdf") {
        return Result.fail(
          new UnsupportedFunctionalityError({ functionality: `file part media type ${full.success}` })
        )
      }
      if (data.type === "url") {
        return Result.fail(new UnsupportedFunctionalityError({ functionality: "PDF file parts with URLs" }))
      }
      return Result.succeed({
        type: "file",
        file: {
          filename: part.filename ?? `part-${index}.pdf`,
          file_data: `data:application/pdf;base64,${convertToBase64(data.data)}`
        },
        ...withBreakpoint(breakpoint)
      })
    }
  }
}

/**
 * Converts a V4 prompt into OpenAI chat messages and warnings.
 *
 * @internal
 */
export const convertToOpenAIChatMessages = (
  prompt: Prompt,
  systemMessageMode: SystemMessageMode = "system"
): Result.Result<{ readonly messages: Array<ChatMessage>; readonly warnings: Array<Warning> }, ConversionError> => {
  const messages: Array<ChatMessage> = []
  const warnings: Array<Warning> = []

  for (const message of prompt) {
    const options = parseProviderOptions(decodeMessageOptions, "openai", message.providerOptions)
    if (Result.isFailure(options)) return Result.fail(options.failure)
    const name = options.success?.name
    const withName = name != null ? { name } : {}

    switch (message.role) {
      case "system": {
        if (systemMessageMode === "remove") {
          warnings.push({ type: "other", message: "system messages are removed for this model" })
          break
        }
        const breakpoint = getPromptCacheBreakpoint(message.providerOptions)
        messages.push({
          role: systemMessageMode,
          ...withName,
          content: breakpoint == null
            ? message.content
            : [{ type: "text", text: message.content, prompt_cache_breakpoint: breakpoint }]
        })
        break
      }
      case "user": {
        const content = message.content
        const first = content[0]
        if (
          content.length === 1 && first.type === "text" && getPromptCacheBreakpoint(first.providerOptions) == null
        ) {
          messages.push({ role: "user", content: first.text, ...withName })
          break
        }
        const parts: Array<ChatMessage> = []
        for (let index = 0; index < content.length; index++) {
          const part = content[index]
          if (part.type === "text") {
            parts.push({
              type: "text",
              text: part.text,
              ...withBreakpoint(getPromptCacheBreakpoint(part.providerOptions))
            })
          } else {
            const converted = convertUserFilePart(part, index)
            if (Result.isFailure(converted)) return Result.fail(converted.failure)
            parts.push(converted.success)
          }
        }
        messages.push({ role: "user", ...withName, content: parts })
        break
      }
      case "assistant": {
        let text = ""
        const textParts: Array<ChatMessage> = []
        let hasBreakpoint = false
        const toolCalls: Array<ChatMessage> = []
        for (const part of message.content) {
          if (part.type === "text") {
            const breakpoint = getPromptCacheBreakpoint(part.providerOptions)
            text += part.text
            textParts.push({ type: "text", text: part.text, ...withBreakpoint(breakpoint) })
            hasBreakpoint ||= breakpoint != null
          } else if (part.type === "tool-call") {
            toolCalls.push({
              id: part.toolCallId,
              type: "function",
              function: { name: part.toolName, arguments: encodeToolCallArguments(part.input) }
            })
          }
        }
        messages.push({
          role: "assistant",
          ...withName,
          content: hasBreakpoint ? textParts : toolCalls.length > 0 ? text || null : text,
          tool_calls: toolCalls.length > 0 ? toolCalls : undefined
        })
        break
      }
      case "tool": {
        if (name != null) {
          warnings.push({ type: "unsupported", feature: "message name on tool messages" })
        }
        for (const toolResponse of message.content) {
          if (toolResponse.type === "tool-approval-response") continue
          const output = toolResponse.output
          const breakpoint = (output.type === "content"
            ? output.value.map((item) => getPromptCacheBreakpoint(item.providerOptions)).find((b) => b != null)
            : getPromptCacheBreakpoint(output.providerOptions)) ??
            getPromptCacheBreakpoint(toolResponse.providerOptions)
          let contentValue: string
          switch (output.type) {
            case "text":
              contentValue = output.value
              break
            case "error-text":
            case "error-json":
              contentValue = WireJson.render({ error: output.value })
              break
            case "execution-denied":
              contentValue = output.reason ?? "Tool call execution denied."
              break
            case "content":
            case "json":
              contentValue = WireJson.render(output.value)
              break
          }
          messages.push({
            role: "tool",
            tool_call_id: toolResponse.toolCallId,
            content: breakpoint == null
              ? contentValue
              : [{ type: "text", text: contentValue, prompt_cache_breakpoint: breakpoint }]
          })
        }
        break
      }
    }
  }
  return Result.succeed({ messages, warnings })
}
