/**
 * V4 prompt → Converse `system` and `messages` (upstream
 * `convertToAmazonBedrockChatMessages`): consecutive user and tool messages
 * merge into one user message, cache points follow the part or message that
 * asks for one, tool-call inputs that are not objects are wrapped as
 * `{ rawInvalidInput }`, and unsigned reasoning is not replayed.
 *
 * @internal
 */
import { Effect } from "effect"
import { convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType, isFullMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import type { InvalidArgumentError } from "../../../contract/errors/InvalidArgumentError.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FileDataDataOrUrl } from "../../../contract/FileData.ts"
import type { ProviderOptions } from "../../../contract/ProviderMetadata.ts"
import type {
  AssistantMessage,
  Message as PromptMessage,
  Prompt,
  SystemMessage,
  ToolMessage,
  ToolResultOutput,
  UserMessage
} from "../../../contract/Prompt.ts"
import {
  BEDROCK_DOCUMENT_MIME_TYPES,
  BEDROCK_IMAGE_MIME_TYPES,
  BEDROCK_VIDEO_MIME_TYPES,
  type CachePoint,
  type ContentBlock,
  type MediaSource,
  type Message,
  type SystemBlock,
  type ToolResultContent
} from "../AmazonBedrockApi.ts"
import { FilePartOptions, ImagePartOptions, ReasoningMetadata, TextPartOptions } from "../AmazonBedrockOptions.ts"
import { normalizeToolCallId } from "./ModelSupport.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

type ConvertError = UnsupportedFunctionalityError | InvalidArgumentError

// Unvalidated, as upstream: any truthy `cachePoint` value is sent as given.
const cachePointOf = (providerOptions: ProviderOptions | undefined): CachePoint | undefined => {
  const config = providerOptions?.["amazonBedrock"]?.["cachePoint"] ?? providerOptions?.["bedrock"]?.["cachePoint"]
  return config ? { cachePoint: config } : undefined
}

const pushCachePoint = (content: Array<ContentBlock>, providerOptions: ProviderOptions | undefined) => {
  const cachePoint = cachePointOf(providerOptions)
  if (cachePoint) content.push(cachePoint)
}

const sanitizeToolName = (toolName: string): string => toolName.replace(/[^a-zA-Z0-9_-]/g, "") || "_"

const stripFileExtension = (filename: string): string => {
  const dot = filename.indexOf(".")
  return dot === -1 ? filename : filename.slice(0, dot)
}

const sanitizeDocumentName = (filename: string): string =>
  stripFileExtension(filename)
    .replace(/\s+/g, " ")
    .replace(/[^a-zA-Z0-9 ()[\]-]/g, "")
    .trim()
    .slice(0, 200)
    .trim()

// Either key, `amazonBedrock` first, as upstream's two `parseProviderOptions` calls.
const bedrockOptions = <A>(providerOptions: ProviderOptions | undefined, schema: Parameters<typeof parseProviderOptions<A>>[2]) =>
  Effect.flatMap(
    parseProviderOptions("amazonBedrock", providerOptions, schema),
    (value) => value !== undefined ? Effect.succeed(value) : parseProviderOptions("bedrock", providerOptions, schema)
  )

const mediaSource = (data: FileDataDataOrUrl, functionality: string): Effect.Effect<MediaSource, UnsupportedFunctionalityError> => {
  if (data.type === "data") return Effect.succeed({ bytes: convertToBase64(data.data) })
  if (data.url.protocol !== "s3:") return Effect.fail(new UnsupportedFunctionalityError({ functionality }))
  return Effect.succeed({ s3Location: { uri: data.url.toString() } })
}

const formatOf = (table: Readonly<Record<string, string>>, kind: "image" | "file" | "video") =>
(mimeType: string): Effect.Effect<string, UnsupportedFunctionalityError> => {
  const format = Object.hasOwn(table, mimeType) ? table[mimeType] : undefined
  if (format !== undefined) return Effect.succeed(format)
  const label = kind === "image" ? "image" : kind === "video" ? "video" : "file"
  return Effect.fail(
    new UnsupportedFunctionalityError({
      functionality: `${label} mime type: ${mimeType}`,
      message: `Unsupported ${label} mime type: ${mimeType}, expected one of: ${Object.keys(table).join(", ")}`
    })
  )
}

const imageFormat = formatOf(BEDROCK_IMAGE_MIME_TYPES, "image")
const documentFormat = formatOf(BEDROCK_DOCUMENT_MIME_TYPES, "file")
const videoFormat = formatOf(BEDROCK_VIDEO_MIME_TYPES, "video")

const citationsEnabled = (providerOptions: ProviderOptions | undefined) =>
  Effect.map(bedrockOptions(providerOptions, FilePartOptions), (options) => options?.citations?.enabled ?? false)

// Bedrock requires tool-use input to be an object.
const toBedrockToolInput = (input: unknown): unknown =>
  typeof input === "object" && input !== null && !Array.isArray(input) ? input : { rawInvalidInput: input }

type DocumentNamer = (filename: string | undefined) => string

const convertToolResultOutput = (
  output: ToolResultOutput,
  documentName: DocumentNamer
): Effect.Effect<Array<ToolResultContent>, ConvertError> => {
  switch (output.type) {
    case "content":
      return Effect.forEach(output.value, (item): Effect.Effect<ToolResultContent, ConvertError> => {
        switch (item.type) {
          case "text":
            return Effect.succeed({ text: item.text })
          case "file":
            return Effect.gen(function*() {
              const functionality = `tool result file data of type "${item.data.type}"`
              const data = item.data
              if (data.type !== "data" && (data.type !== "url" || data.url.protocol !== "s3:")) {
                return yield* new UnsupportedFunctionalityError({ functionality })
              }
              const fullMediaType = yield* resolveFullMediaType(item)
              switch (getTopLevelMediaType(fullMediaType)) {
                case "image":
                  return { image: { format: yield* imageFormat(fullMediaType), source: yield* mediaSource(data, functionality) } }
                case "video":
                  return { video: { format: yield* videoFormat(fullMediaType), source: yield* mediaSource(data, functionality) } }
                default: {
                  if (data.type !== "data") return yield* new UnsupportedFunctionalityError({ functionality })
                  const enableCitations = yield* citationsEnabled(item.providerOptions)
                  return {
                    document: {
                      format: yield* documentFormat(fullMediaType),
                      name: documentName(item.filename),
                      source: { bytes: convertToBase64(data.data) },
                      ...(enableCitations && { citations: { enabled: true } })
                    }
                  }
                }
              }
            })
          default:
            return Effect.fail(
              new UnsupportedFunctionalityError({ functionality: `unsupported tool content part type: ${item.type}` })
            )
        }
      })
    case "text":
    case "error-text":
      return Effect.succeed([{ text: output.value }])
    case "execution-denied":
      return Effect.succeed([{ text: output.reason ?? "Tool call execution denied." }])
    default:
      return Effect.succeed([{ text: WireJson.render(output.value) }])
  }
}

type Block =
  | { readonly type: "system"; readonly messages: Array<SystemMessage> }
  | { readonly type: "assistant"; readonly messages: Array<AssistantMessage> }
  | { readonly type: "user"; readonly messages: Array<UserMessage | ToolMessage> }

const groupIntoBlocks = (prompt: Prompt): Array<Block> => {
  const blocks: Array<Block> = []
  let current: Block | undefined
  const add = (message: PromptMessage) => {
    switch (message.role) {
      case "system":
        if (current?.type !== "system") blocks.push(current = { type: "system", messages: [] })
        current.messages.push(message)
        return
      case "assistant":
        if (current?.type !== "assistant") blocks.push(current = { type: "assistant", messages: [] })
        current.messages.push(message)
        return
      case "user":
      case "tool":
        if (current?.type !== "user") blocks.push(current = { type: "user", messages: [] })
        current.messages.push(message)
        return
    }
  }
  for (const message of prompt) add(message)
  return blocks
}

// A trailing assistant tool result and the following user content share one
// user message so that roles keep alternating.
const appendToUserMessage = (messages: Array<Message>, content: Array<ContentBlock>) => {
  const last = messages[messages.length - 1]
  if (last?.role === "user" && last.content.some((block) => "toolResult" in block)) last.content.push(...content)
  else messages.push({ role: "user", content })
}

const convertUserPart = Effect.fnUntraced(function*(
  part: UserMessage["content"][number],
  content: Array<ContentBlock>,
  documentName: DocumentNamer
) {
  if (part.type === "text") {
    const textOptions = yield* bedrockOptions(part.providerOptions, TextPartOptions)
    content.push(
      textOptions?.guardContent
        ? { guardContent: { text: { text: part.text, qualifiers: textOptions.guardContentQualifiers } } }
        : { text: part.text }
    )
    return
  }
  const data = part.data
  switch (data.type) {
    case "reference":
      return yield* new UnsupportedFunctionalityError({ functionality: "file parts with provider references" })
    case "url": {
      if (data.url.protocol !== "s3:") return yield* new UnsupportedFunctionalityError({ functionality: "File URL data" })
      const fullMediaType = yield* resolveFullMediaType(part)
      switch (getTopLevelMediaType(fullMediaType)) {
        case "image":
          content.push({ image: { format: yield* imageFormat(fullMediaType), source: yield* mediaSource(data, "File URL data") } })
          return
        case "video":
          content.push({ video: { format: yield* videoFormat(fullMediaType), source: yield* mediaSource(data, "File URL data") } })
          return
        default:
          return yield* new UnsupportedFunctionalityError({ functionality: "File URL data" })
      }
    }
    case "text": {
      const textMediaType = isFullMediaType(part.mediaType) ? part.mediaType : "text/plain"
      const enableCitations = yield* citationsEnabled(part.providerOptions)
      content.push({
        document: {
          format: yield* documentFormat(textMediaType),
          name: documentName(part.filename),
          source: { bytes: convertToBase64(new TextEncoder().encode(data.text)) },
          ...(enableCitations && { citations: { enabled: true } })
        }
      })
      return
    }
    case "data": {
      const fullMediaType = yield* resolveFullMediaType(part)
      switch (getTopLevelMediaType(fullMediaType)) {
        case "image": {
          const imageOptions = yield* bedrockOptions(part.providerOptions, ImagePartOptions)
          const imageBlock = {
            image: { format: yield* imageFormat(fullMediaType), source: yield* mediaSource(data, "File URL data") }
          }
          content.push(imageOptions?.guardContent ? { guardContent: imageBlock } : imageBlock)
          return
        }
        case "video":
          content.push({ video: { format: yield* videoFormat(fullMediaType), source: yield* mediaSource(data, "File URL data") } })
          return
        default: {
          const enableCitations = yield* citationsEnabled(part.providerOptions)
          content.push({
            document: {
              format: yield* documentFormat(fullMediaType),
              name: documentName(part.filename),
              source: { bytes: convertToBase64(data.data) },
              ...(enableCitations && { citations: { enabled: true } })
            }
          })
          return
        }
      }
    }
  }
})

const convertUserBlock = Effect.fnUntraced(function*(
  block: Array<UserMessage | ToolMessage>,
  messages: Array<Message>,
  documentName: DocumentNamer,
  isMistral: boolean
) {
  const content: Array<ContentBlock> = []
  for (const message of block) {
    if (message.role === "user") {
      for (const part of message.content) {
        yield* convertUserPart(part, content, documentName)
        pushCachePoint(content, part.providerOptions)
      }
    } else {
      for (const part of message.content) {
        if (part.type === "tool-approval-response") continue
        content.push({
          toolResult: {
            toolUseId: normalizeToolCallId(part.toolCallId, isMistral),
            content: yield* convertToolResultOutput(part.output, documentName)
          }
        })
        pushCachePoint(content, part.providerOptions)
      }
    }
    pushCachePoint(content, message.providerOptions)
  }
  appendToUserMessage(messages, content)
})

const convertAssistantBlock = Effect.fnUntraced(function*(
  block: Array<AssistantMessage>,
  messages: Array<Message>,
  documentName: DocumentNamer,
  isMistral: boolean,
  isLastBlock: boolean
) {
  let assistantContent: Array<ContentBlock> = []
  let toolResultContent: Array<ContentBlock> = []
  const flushAssistantContent = () => {
    if (assistantContent.some((item) => !("cachePoint" in item))) {
      messages.push({ role: "assistant", content: assistantContent })
    }
    assistantContent = []
  }
  const flushToolResultContent = () => {
    if (toolResultContent.length > 0) {
      appendToUserMessage(messages, toolResultContent)
      toolResultContent = []
    }
  }
  for (let j = 0; j < block.length; j++) {
    const message = block[j]
    const isLastMessage = j === block.length - 1
    const content = message.content
    const hasReasoningBlocks = content.some((part) => part.type === "reasoning")
    for (let k = 0; k < content.length; k++) {
      const part = content[k]
      const isLastContentPart = k === content.length - 1
      if (part.type !== "tool-result") flushToolResultContent()
      switch (part.type) {
        case "text": {
          // Empty text is skipped unless reasoning is present; the very last
          // text is trimmed (Bedrock rejects trailing whitespace in a prefill).
          if (!part.text.trim() && !hasReasoningBlocks) break
          assistantContent.push({
            text: isLastBlock && isLastMessage && isLastContentPart ? part.text.trim() : part.text
          })
          break
        }
        case "reasoning": {
          const metadata = yield* bedrockOptions(part.providerOptions, ReasoningMetadata)
          if (metadata?.signature != null) {
            // not trimmed: the signature covers the exact original text
            assistantContent.push({ reasoningContent: { reasoningText: { text: part.text, signature: metadata.signature } } })
          } else if (metadata?.redactedContent != null) {
            assistantContent.push({ reasoningContent: { redactedContent: metadata.redactedContent } })
          } else if (metadata?.redactedData != null) {
            assistantContent.push({ reasoningContent: { redactedReasoning: { data: metadata.redactedData } } })
          }
          break
        }
        case "tool-call":
          assistantContent.push({
            toolUse: {
              toolUseId: normalizeToolCallId(part.toolCallId, isMistral),
              name: sanitizeToolName(part.toolName),
              input: toBedrockToolInput(part.input)
            }
          })
          break
        case "tool-result":
          flushAssistantContent()
          toolResultContent.push({
            toolResult: {
              toolUseId: normalizeToolCallId(part.toolCallId, isMistral),
              content: yield* convertToolResultOutput(part.output, documentName)
            }
          })
          break
      }
      pushCachePoint(part.type === "tool-result" ? toolResultContent : assistantContent, part.providerOptions)
    }
    pushCachePoint(
      content[content.length - 1]?.type === "tool-result" ? toolResultContent : assistantContent,
      message.providerOptions
    )
  }
  flushToolResultContent()
  flushAssistantContent()
})

/** Upstream `convertToAmazonBedrockChatMessages`. */
export const convertMessages = Effect.fnUntraced(function*(prompt: Prompt, isMistral: boolean) {
  const blocks = groupIntoBlocks(prompt)
  const system: Array<SystemBlock> = []
  const messages: Array<Message> = []
  let documentCounter = 0
  const documentName: DocumentNamer = (filename) =>
    (filename && sanitizeDocumentName(filename)) || `document-${++documentCounter}`
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]
    switch (block.type) {
      case "system": {
        if (messages.length > 0) {
          return yield* new UnsupportedFunctionalityError({
            functionality: "Multiple system messages that are separated by user/assistant messages"
          })
        }
        for (const message of block.messages) {
          system.push({ text: message.content })
          const cachePoint = cachePointOf(message.providerOptions)
          if (cachePoint) system.push(cachePoint)
        }
        break
      }
      case "user":
        yield* convertUserBlock(block.messages, messages, documentName, isMistral)
        break
      case "assistant":
        yield* convertAssistantBlock(block.messages, messages, documentName, isMistral, i === blocks.length - 1)
        break
    }
  }
  return { system, messages }
})
