/**
 * The V4 prompt → OpenAI-compatible chat messages (upstream
 * `convert-to-openai-compatible-chat-messages.ts`), key order as upstream so
 * the serialized body is byte-identical.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { NoSuchProviderReferenceError } from "../../../contract/errors/NoSuchProviderReferenceError.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { JsonObject } from "../../../contract/Json.ts"
import type { FilePart, Prompt, TextPart, ToolResultOutput } from "../../../contract/Prompt.ts"
import type { ProviderOptions } from "../../../contract/ProviderMetadata.ts"
import { convertBase64ToUint8Array, convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../provider-utils/ResolveProviderReference.ts"
import { stringifyWithBigIntAndCycles } from "../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { toolOutputText } from "../../../provider-utils/ToolOutputText.ts"
import { serializeToolCallArguments } from "../../../provider-utils/SerializeToolCallArguments.ts"

/**
 * A message of the request body (plain JSON object).
 *
 * @since 0.1.0
 */
export type ChatMessage = Record<string, unknown>

/**
 * Failures of the conversion.
 *
 * @since 0.1.0
 */
export type ConversionError = UnsupportedFunctionalityError | NoSuchProviderReferenceError

const metadataOf = (value: { readonly providerOptions?: ProviderOptions | undefined }): JsonObject =>
  value.providerOptions?.openaiCompatible ?? {}

const audioFormat = (mediaType: string): "wav" | "mp3" | null => {
  switch (mediaType) {
    case "audio/wav":
      return "wav"
    case "audio/mp3":
    case "audio/mpeg":
      return "mp3"
    default:
      return null
  }
}

const unsupported = (functionality: string) => Effect.fail(new UnsupportedFunctionalityError({ functionality }))

const dataUrl = (part: FilePart, data: string | Uint8Array) =>
  Effect.map(resolveFullMediaType(part), (mediaType) => `data:${mediaType};base64,${convertToBase64(data)}`)

const textDecoder = new TextDecoder()

const convertContentPart = (
  part: TextPart | FilePart,
  provider: string
): Effect.Effect<ChatMessage, ConversionError> => {
  const partMetadata = metadataOf(part)
  if (part.type === "text") {
    return Effect.succeed({ type: "text", text: part.text, ...partMetadata })
  }
  const data = part.data
  switch (data.type) {
    case "reference":
      return Effect.map(
        resolveProviderReference(data.reference, provider),
        (fileId) => ({ type: "file", file: { file_id: fileId }, ...partMetadata })
      )
    case "text":
      return getTopLevelMediaType(part.mediaType) === "text"
        ? Effect.succeed({ type: "text", text: data.text, ...partMetadata })
        : unsupported("text file parts")
    case "url":
    case "data": {
      const topLevel = getTopLevelMediaType(part.mediaType)
      if (topLevel === "image" || topLevel === "video") {
        const key = topLevel === "image" ? "image_url" : "video_url"
        const url = data.type === "url" ? Effect.succeed(data.url.toString()) : dataUrl(part, data.data)
        return Effect.map(url, (url) => ({ type: key, [key]: { url }, ...partMetadata }))
      }
      if (topLevel === "audio") {
        if (data.type === "url") {
          return unsupported("audio file parts with URLs")
        }
        return Effect.flatMap(resolveFullMediaType(part), (fullMediaType) => {
          const format = audioFormat(fullMediaType)
          return format === null
            ? unsupported(`audio media type ${fullMediaType}`)
            : Effect.succeed({
              type: "input_audio",
              input_audio: { data: convertToBase64(data.data), format },
              ...partMetadata
            })
        })
      }
      if (topLevel === "application") {
        if (data.type === "url") {
          return unsupported("PDF file parts with URLs")
        }
        return Effect.flatMap(resolveFullMediaType(part), (fullMediaType) =>
          fullMediaType !== "application/pdf"
            ? unsupported(`file part media type ${fullMediaType}`)
            : Effect.succeed({
              type: "file",
              file: {
                filename: part.filename ?? "document.pdf",
                file_data: `data:application/pdf;base64,${convertToBase64(data.data)}`
              },
              ...partMetadata
            }))
      }
      if (topLevel === "text") {
        const text = data.type === "url"
          ? data.url.toString()
          : textDecoder.decode(typeof data.data === "string" ? convertBase64ToUint8Array(data.data) : data.data)
        return Effect.succeed({ type: "text", text, ...partMetadata })
      }
      return unsupported(`file part media type ${part.mediaType}`)
    }
  }
}

type ToolContentItem = Extract<ToolResultOutput, { type: "content" }>["value"][number]

const convertToolContentPart = (item: ToolContentItem, provider: string) =>
  item.type === "custom" ? unsupported("custom tool content parts") : convertContentPart(item, provider)

/**
 * Options of the conversion (upstream defaults: provider `openaiCompatible`,
 * key `google`, no multi-part tool content).
 *
 * @since 0.1.0
 */
export interface ConvertOptions {
  readonly provider: string
  readonly providerOptionsKey: string
  readonly supportsMultiPartToolContent: boolean
}

/**
 * Converts a V4 prompt into chat messages.
 *
 * @since 0.1.0
 */
export const convertToChatMessages = Effect.fnUntraced(function*(prompt: Prompt, options: ConvertOptions) {
  const messages: Array<ChatMessage> = []
  for (const message of prompt) {
    const metadata = metadataOf(message)
    switch (message.role) {
      case "system": {
        messages.push({ role: "system", content: message.content, ...metadata })
        break
      }
      case "user": {
        const content = message.content
        if (content.length === 1 && content[0].type === "text") {
          messages.push({ role: "user", content: content[0].text, ...metadataOf(content[0]) })
          break
        }
        const parts: Array<ChatMessage> = []
        for (const part of content) {
          parts.push(yield* convertContentPart(part, options.provider))
        }
        messages.push({ role: "user", content: parts, ...metadata })
        break
      }
      case "assistant": {
        let text = ""
        let reasoning = ""
        const toolCalls: Array<ChatMessage> = []
        for (const part of message.content) {
          switch (part.type) {
            case "text":
              text += part.text
              break
            case "reasoning":
              reasoning += part.text
              break
            case "tool-call": {
              const thoughtSignature = part.providerOptions?.[options.providerOptionsKey]?.thoughtSignature ??
                part.providerOptions?.google?.thoughtSignature
              toolCalls.push({
                id: part.toolCallId,
                type: "function",
                function: { name: part.toolName, arguments: serializeToolCallArguments(part.input) },
                ...metadataOf(part),
                ...(thoughtSignature ? { extra_content: { google: { thought_signature: String(thoughtSignature) } } } : {})
              })
              break
            }
          }
        }
        messages.push({
          role: "assistant",
          content: toolCalls.length > 0 ? text || null : text,
          ...(reasoning.length > 0 ? { reasoning_content: reasoning } : {}),
          tool_calls: toolCalls.length > 0 ? toolCalls : undefined,
          ...metadata
        })
        break
      }
      case "tool": {
        for (const toolResponse of message.content) {
          if (toolResponse.type === "tool-approval-response") {
            continue
          }
          const output = toolResponse.output
          let contentValue: string | undefined | Array<ChatMessage>
          if (output.type === "content" && options.supportsMultiPartToolContent) {
            const parts: Array<ChatMessage> = []
            for (const item of output.value) {
              parts.push(yield* convertToolContentPart(item, options.provider))
            }
            contentValue = parts
          } else {
            contentValue = toolOutputText(output, stringifyWithBigIntAndCycles)
          }
          messages.push({
            role: "tool",
            tool_call_id: toolResponse.toolCallId,
            content: contentValue,
            ...metadataOf(toolResponse)
          })
        }
        break
      }
    }
  }
  return messages
})
