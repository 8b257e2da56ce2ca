/**
 * The V4 prompt → DeepSeek chat messages (upstream
 * `convert-to-deepseek-chat-messages.ts`): JSON-mode system messages,
 * message names and assistant prefix completion, images (URL, data, file
 * references, `fileData`), reasoning kept for V4 models, plain
 * `JSON.stringify` of tool-call inputs.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type { ResponseFormat } from "../../../contract/CallOptions.ts"
import type { FileData } from "../../../contract/FileData.ts"
import { InvalidPromptError } from "../../../contract/errors/InvalidPromptError.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type {
  AssistantMessage,
  FilePart,
  Prompt,
  ToolMessage,
  ToolResultOutput,
  UserMessage
} from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { toolOutputText } from "../../../provider-utils/ToolOutputText.ts"
import { resolveProviderReference } from "../../../provider-utils/ResolveProviderReference.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

/**
 * Message-level provider options (`name` on every role, `prefix` on assistant messages).
 *
 * @since 0.1.0
 */
export const MessageOptions = Schema.Struct({
  name: Schema.optional(Schema.String),
  prefix: Schema.optional(Schema.Literal(true))
})

/**
 * File-part provider options.
 *
 * @since 0.1.0
 */
export const FilePartOptions = Schema.Struct({
  imageDetail: Schema.optional(Schema.Literals(["low", "high", "original", "auto"])),
  fileData: Schema.optional(Schema.Literal(true))
})

/**
 * Whether a model id is a DeepSeek V4-generation model (upstream `isDeepSeekV4Model`).
 *
 * @since 0.1.0
 */
export const isDeepSeekV4Model = (modelId: string): boolean =>
  modelId.includes("deepseek-v4") || modelId.startsWith("deepseek-flash") || modelId.startsWith("deepseek-pro")

/**
 * A message of the request body.
 *
 * @since 0.1.0
 */
export type DeepSeekMessage = Record<string, unknown>

const supportedImageMediaTypes: ReadonlySet<string> = new Set([
  "image/gif",
  "image/jpeg",
  "image/jpg",
  "image/png",
  "image/webp"
])

const resolveImageMediaType = (part: FilePart) =>
  Effect.flatMap(resolveFullMediaType(part), (mediaType) =>
    supportedImageMediaTypes.has(mediaType)
      ? Effect.succeed(mediaType)
      : Effect.fail(
        new UnsupportedFunctionalityError({
          functionality: `DeepSeek image media type ${mediaType}`,
          message: "DeepSeek supports JPEG, PNG, GIF, and WebP image inputs."
        })
      ))

const validateImageUrl = (url: string, prompt: Prompt) =>
  url.length > 8192
    ? Effect.fail(new InvalidPromptError({ prompt, message: "DeepSeek image URLs must not exceed 8192 characters." }))
    : Effect.void

const dataUrlOf = (mediaType: string, data: string | Uint8Array) =>
  `data:${mediaType === "image/jpg" ? "image/jpeg" : mediaType};base64,${convertToBase64(data)}`

/**
 * What the conversion needs.
 *
 * @since 0.1.0
 */
export interface ConvertOptions {
  readonly prompt: Prompt
  readonly responseFormat: ResponseFormat | undefined
  readonly modelId: string
  readonly providerOptionsName: string
  readonly supportsAssistantPrefixCompletion: boolean
  readonly supportsStructuredOutputs: boolean
}

interface Context {
  readonly prompt: Prompt
  readonly providerOptionsName: string
  readonly warnings: Array<Warning>
}

type ToolContentItem = Extract<ToolResultOutput, { readonly type: "content" }>["value"][number]

const isImageFile = (part: UserMessage["content"][number] | ToolContentItem): boolean =>
  part.type === "file" && part.data.type !== "text" && getTopLevelMediaType(part.mediaType) === "image"

// JSON mode: a system message asking for JSON, with the schema where it cannot go as structured output.
const jsonModeMessage = (options: ConvertOptions, warnings: Array<Warning>): DeepSeekMessage | undefined => {
  const responseFormat = options.responseFormat
  if (responseFormat?.type !== "json") return undefined
  if (responseFormat.schema == null) return { role: "system", content: "Return JSON." }
  if (options.supportsStructuredOutputs) return undefined
  warnings.push({
    type: "compatibility",
    feature: "responseFormat JSON schema",
    details: "JSON response schema is injected into the system message."
  })
  return {
    role: "system",
    content: "Return JSON that conforms to the following schema: " + WireJson.render(responseFormat.schema)
  }
}

// An image of a user message: a file reference, a URL, or inline data (as a data URL or `fileData`).
const userImagePart = Effect.fnUntraced(function*(part: FilePart, ctx: Context) {
  const { prompt } = ctx
  const fileOptions = yield* parseProviderOptions(ctx.providerOptionsName, part.providerOptions, FilePartOptions)
  const data = part.data
  if (data.type === "reference") {
    const reference: Record<string, unknown> = {
      type: "file",
      file_id: yield* resolveProviderReference(data.reference, "deepseek")
    }
    return reference
  }
  if (data.type !== "url" && data.type !== "data") {
    ctx.warnings.push({ type: "unsupported", feature: `user message part type: ${part.type}` })
    return undefined
  }
  const mediaType = yield* resolveImageMediaType(part)
  const detail = fileOptions?.imageDetail != null ? { detail: fileOptions.imageDetail } : {}
  if (data.type === "url") {
    const url = data.url.toString()
    yield* validateImageUrl(url, prompt)
    if (fileOptions?.fileData === true) {
      return yield* new InvalidPromptError({ prompt, message: "DeepSeek `fileData` image parts require inline data, not a URL." })
    }
    return { type: "image_url", image_url: { url, ...detail } }
  }
  const url = dataUrlOf(mediaType, data.data)
  if (fileOptions?.fileData !== true) return { type: "image_url", image_url: { url, ...detail } }
  if (fileOptions.imageDetail != null) {
    return yield* new InvalidPromptError({ prompt, message: "DeepSeek `imageDetail` cannot be combined with `fileData`." })
  }
  return { type: "file", file_data: url, ...(part.filename != null ? { filename: part.filename } : {}) }
})

// A user message: its text as a string, or (with an image) a list of text and image parts.
const userMessage = Effect.fnUntraced(function*(message: UserMessage, name: { name?: string }, ctx: Context) {
  const content = message.content
  const unsupported = (type: string) => ctx.warnings.push({ type: "unsupported", feature: `user message part type: ${type}` })
  if (!content.some(isImageFile)) {
    let userContent = ""
    for (const part of content) {
      if (part.type === "text") userContent += part.text
      else unsupported(part.type)
    }
    const text: DeepSeekMessage = { role: "user", content: userContent, ...name }
    return text
  }
  const userContent: Array<Record<string, unknown>> = []
  for (const part of content) {
    if (part.type === "text") {
      userContent.push({ type: "text", text: part.text })
    } else if (getTopLevelMediaType(part.mediaType) === "image") {
      const image = yield* userImagePart(part, ctx)
      if (image !== undefined) userContent.push(image)
    } else {
      unsupported(part.type)
    }
  }
  const parts: DeepSeekMessage = { role: "user", content: userContent, ...name }
  return parts
})

// An assistant message: text, reasoning (kept for V4; for R1 only after the last user message), tool calls, prefix.
const assistantMessage = Effect.fnUntraced(function*(
  message: AssistantMessage,
  name: { name?: string },
  prefix: boolean,
  index: number,
  lastUserMessageIndex: number,
  options: ConvertOptions
) {
  const isV4 = isDeepSeekV4Model(options.modelId)
  if (prefix) {
    if (index !== options.prompt.length - 1) {
      return yield* new InvalidPromptError({
        prompt: options.prompt,
        message: "DeepSeek assistant prefix completion requires the prefixed assistant message to be the final message."
      })
    }
    if (!options.supportsAssistantPrefixCompletion) {
      return yield* new UnsupportedFunctionalityError({
        functionality: "DeepSeek assistant prefix completion",
        message: "DeepSeek assistant prefix completion requires a beta base URL ending in `/beta`."
      })
    }
  }
  let text = ""
  let reasoning: string | undefined
  const toolCalls: Array<Record<string, unknown>> = []
  for (const part of message.content) {
    switch (part.type) {
      case "text":
        text += part.text
        break
      case "reasoning":
        // R1 must not receive prior reasoning; V4 requires it.
        if (index <= lastUserMessageIndex && !isV4) break
        reasoning = reasoning == null ? part.text : reasoning + part.text
        break
      case "tool-call":
        toolCalls.push({
          id: part.toolCallId,
          type: "function",
          function: { name: part.toolName, arguments: WireJson.render(part.input) }
        })
        break
    }
  }
  const converted: DeepSeekMessage = {
    role: "assistant",
    content: text,
    ...name,
    ...(prefix ? { prefix: true } : {}),
    reasoning_content: reasoning ?? (isV4 ? "" : undefined),
    tool_calls: toolCalls.length > 0 ? toolCalls : undefined
  }
  return converted
})

// An image of a tool result: a file reference, or an image URL (a URL or a data URL).
const toolImagePart = Effect.fnUntraced(function*(
  part: Extract<ToolContentItem, { readonly type: "file" }>,
  data: Exclude<FileData, { readonly type: "text" }>,
  ctx: Context
) {
  if (data.type === "reference") {
    const reference: Record<string, unknown> = {
      type: "file",
      file_id: yield* resolveProviderReference(data.reference, "deepseek")
    }
    return reference
  }
  const fileOptions = yield* parseProviderOptions(ctx.providerOptionsName, part.providerOptions, FilePartOptions)
  const filePart: FilePart = { ...part, type: "file" }
  const mediaType = yield* resolveImageMediaType(filePart)
  let url: string
  if (data.type === "url") {
    url = data.url.toString()
    yield* validateImageUrl(url, ctx.prompt)
  } else {
    url = dataUrlOf(mediaType, data.data)
  }
  const image: Record<string, unknown> = {
    type: "image_url",
    image_url: { url, ...(fileOptions?.imageDetail != null ? { detail: fileOptions.imageDetail } : {}) }
  }
  return image
})

// A tool message: a `tool` message per result; content with an image is sent as parts, every other
// output as text (plain JSON.stringify).
const toolMessages = Effect.fnUntraced(function*(message: ToolMessage, ctx: Context) {
  const messages: Array<DeepSeekMessage> = []
  for (const toolResponse of message.content) {
    if (toolResponse.type === "tool-approval-response") continue
    const output = toolResponse.output
    if (output.type !== "content" || !output.value.some(isImageFile)) {
      const content = toolOutputText(output, JSON.stringify)
      messages.push({ role: "tool", tool_call_id: toolResponse.toolCallId, content })
      continue
    }
    const parts: Array<Record<string, unknown>> = []
    for (const part of output.value) {
      if (part.type === "text") {
        parts.push({ type: "text", text: part.text })
      } else if (
        part.type === "file" && part.data.type !== "text" && getTopLevelMediaType(part.mediaType) === "image"
      ) {
        parts.push(yield* toolImagePart(part, part.data, ctx))
      } else {
        ctx.warnings.push({ type: "unsupported", feature: `tool result content part type: ${part.type}` })
      }
    }
    messages.push({ role: "tool", tool_call_id: toolResponse.toolCallId, content: parts })
  }
  return messages
})

/**
 * Converts a V4 prompt into DeepSeek chat messages, with warnings.
 *
 * @since 0.1.0
 */
export const convertToDeepSeekMessages = Effect.fnUntraced(function*(options: ConvertOptions) {
  const { prompt, providerOptionsName } = options
  const messages: Array<DeepSeekMessage> = []
  const warnings: Array<Warning> = []
  const ctx: Context = { prompt, providerOptionsName, warnings }

  const jsonMode = jsonModeMessage(options, warnings)
  if (jsonMode !== undefined) messages.push(jsonMode)

  let lastUserMessageIndex = -1
  for (let i = prompt.length - 1; i >= 0; i--) {
    if (prompt[i].role === "user") {
      lastUserMessageIndex = i
      break
    }
  }

  let index = -1
  for (const message of prompt) {
    index++
    const messageOptions = yield* parseProviderOptions(providerOptionsName, message.providerOptions, MessageOptions)
    if (messageOptions?.prefix === true && message.role !== "assistant") {
      return yield* new InvalidPromptError({
        prompt,
        message: "DeepSeek assistant prefix completion requires `prefix: true` on an assistant message."
      })
    }
    const name = messageOptions?.name != null ? { name: messageOptions.name } : {}

    switch (message.role) {
      case "system":
        messages.push({ role: "system", content: message.content, ...name })
        break
      case "user":
        messages.push(yield* userMessage(message, name, ctx))
        break
      case "assistant":
        messages.push(
          yield* assistantMessage(message, name, messageOptions?.prefix === true, index, lastUserMessageIndex, options)
        )
        break
      case "tool":
        if (messageOptions?.name != null) {
          warnings.push({ type: "unsupported", feature: "message name on tool messages" })
        }
        messages.push(...yield* toolMessages(message, ctx))
        break
    }
  }
  return { messages, warnings }
})
