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
import { InvalidPromptError } from "../../../contract/errors/InvalidPromptError.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt } from "../../../contract/Prompt.ts"
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

/**
 * Converts a V4 prompt into DeepSeek chat messages, with warnings.
 *
 * @since 0.1.0
 */
export const convertToDeepSeekMessages = Effect.fnUntraced(function*(options: ConvertOptions) {
  const { prompt, providerOptionsName, responseFormat } = options
  const isV4 = isDeepSeekV4Model(options.modelId)
  const messages: Array<DeepSeekMessage> = []
  const warnings: Array<Warning> = []

  if (responseFormat?.type === "json") {
    if (responseFormat.schema == null) {
      messages.push({ role: "system", content: "Return JSON." })
    } else if (!options.supportsStructuredOutputs) {
      messages.push({
        role: "system",
        content: "Return JSON that conforms to the following schema: " + WireJson.render(responseFormat.schema)
      })
      warnings.push({
        type: "compatibility",
        feature: "responseFormat JSON schema",
        details: "JSON response schema is injected into the system message."
      })
    }
  }

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
      case "system": {
        messages.push({ role: "system", content: message.content, ...name })
        break
      }
      case "user": {
        const content = message.content
        const hasImagePart = content.some((part) =>
          part.type === "file" && part.data.type !== "text" && getTopLevelMediaType(part.mediaType) === "image"
        )
        if (!hasImagePart) {
          let userContent = ""
          for (const part of content) {
            if (part.type === "text") userContent += part.text
            else warnings.push({ type: "unsupported", feature: `user message part type: ${part.type}` })
          }
          messages.push({ role: "user", content: userContent, ...name })
          break
        }
        const userContent: Array<Record<string, unknown>> = []
        for (const part of content) {
          if (part.type === "text") {
            userContent.push({ type: "text", text: part.text })
          } else if (getTopLevelMediaType(part.mediaType) === "image") {
            const fileOptions = yield* parseProviderOptions(providerOptionsName, part.providerOptions, FilePartOptions)
            const data = part.data
            if (data.type === "reference") {
              userContent.push({ type: "file", file_id: yield* resolveProviderReference(data.reference, "deepseek") })
            } else if (data.type === "url" || data.type === "data") {
              const mediaType = yield* resolveImageMediaType(part)
              const detail = fileOptions?.imageDetail != null ? { detail: fileOptions.imageDetail } : {}
              if (data.type === "url") {
                const url = data.url.toString()
                yield* validateImageUrl(url, prompt)
                if (fileOptions?.fileData === true) {
                  return yield* new InvalidPromptError({
                    prompt,
                    message: "DeepSeek `fileData` image parts require inline data, not a URL."
                  })
                }
                userContent.push({ type: "image_url", image_url: { url, ...detail } })
              } else {
                const url = dataUrlOf(mediaType, data.data)
                if (fileOptions?.fileData === true) {
                  if (fileOptions.imageDetail != null) {
                    return yield* new InvalidPromptError({
                      prompt,
                      message: "DeepSeek `imageDetail` cannot be combined with `fileData`."
                    })
                  }
                  userContent.push({
                    type: "file",
                    file_data: url,
                    ...(part.filename != null ? { filename: part.filename } : {})
                  })
                } else {
                  userContent.push({ type: "image_url", image_url: { url, ...detail } })
                }
              }
            } else {
              warnings.push({ type: "unsupported", feature: `user message part type: ${part.type}` })
            }
          } else {
            warnings.push({ type: "unsupported", feature: `user message part type: ${part.type}` })
          }
        }
        messages.push({ role: "user", content: userContent, ...name })
        break
      }
      case "assistant": {
        if (messageOptions?.prefix === true) {
          if (index !== prompt.length - 1) {
            return yield* new InvalidPromptError({
              prompt,
              message:
                "DeepSeek assistant prefix completion requires the prefixed assistant message to be the final message."
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
        messages.push({
          role: "assistant",
          content: text,
          ...name,
          ...(messageOptions?.prefix === true ? { prefix: true } : {}),
          reasoning_content: reasoning ?? (isV4 ? "" : undefined),
          tool_calls: toolCalls.length > 0 ? toolCalls : undefined
        })
        break
      }
      case "tool": {
        if (messageOptions?.name != null) {
          warnings.push({ type: "unsupported", feature: "message name on tool messages" })
        }
        for (const toolResponse of message.content) {
          if (toolResponse.type === "tool-approval-response") continue
          const output = toolResponse.output
          // Content with an image is sent as parts; every other output as text (plain JSON.stringify).
          if (
            output.type !== "content" ||
            !output.value.some((part) =>
              part.type === "file" && part.data.type !== "text" && getTopLevelMediaType(part.mediaType) === "image"
            )
          ) {
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
              const data = part.data
              if (data.type === "reference") {
                parts.push({ type: "file", file_id: yield* resolveProviderReference(data.reference, "deepseek") })
                continue
              }
              const fileOptions = yield* parseProviderOptions(
                providerOptionsName,
                part.providerOptions,
                FilePartOptions
              )
              const filePart: FilePart = { ...part, type: "file" }
              const mediaType = yield* resolveImageMediaType(filePart)
              let url: string
              if (data.type === "url") {
                url = data.url.toString()
                yield* validateImageUrl(url, prompt)
              } else {
                url = dataUrlOf(mediaType, data.data)
              }
              parts.push({
                type: "image_url",
                image_url: { url, ...(fileOptions?.imageDetail != null ? { detail: fileOptions.imageDetail } : {}) }
              })
            } else {
              warnings.push({ type: "unsupported", feature: `tool result content part type: ${part.type}` })
            }
          }
          messages.push({ role: "tool", tool_call_id: toolResponse.toolCallId, content: parts })
        }
        break
      }
    }
  }
  return { messages, warnings }
})
