/**
 * The V4 prompt as Mistral chat messages (upstream `convertToMistralChatMessages`
 * of `@ai-sdk/mistral` 4.0.87): user parts as `text`, `image_url` (images, a URL
 * or a data URL) and `document_url` (PDFs only); an assistant message is its
 * joined text, or a part array with `thinking` chunks when it holds reasoning,
 * `prefix: true` when it is the last message, its tool calls as `tool_calls`;
 * each tool result is a `tool` message (approval responses dropped).
 *
 * Upstream throws a plain `Error` for an assistant part other than text,
 * reasoning and tool calls; aimux fails with `InvalidPromptError` carrying the
 * same text (docs/divergences.md). Values too deep for `JSON.stringify` fail
 * with `JSONParseError` where upstream throws a `RangeError`.
 */
import { Effect, Result } from "effect"
import { convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { stringifyWithBigIntAndCycles } from "../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { InvalidPromptError } from "../../../contract/errors/InvalidPromptError.ts"
import { JSONParseError } from "../../../contract/errors/JSONParseError.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt, ToolResultOutput } from "../../../contract/Prompt.ts"
import { secureJsonParse } from "../../../runtime/ParseJson.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

type UserContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image_url"; readonly image_url: string }
  | { readonly type: "document_url"; readonly document_url: string }

type AssistantContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly thinking: ReadonlyArray<{ readonly type: "text"; readonly text: string }>; readonly closed: true }

interface WireToolCall {
  readonly id: string
  readonly type: "function"
  readonly function: { readonly name: string; readonly arguments: string | undefined }
}

/**
 * One wire message.
 *
 * @since 0.1.0
 */
export type Message =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user"; readonly content: ReadonlyArray<UserContent> }
  | {
    readonly role: "assistant"
    readonly content: string | ReadonlyArray<AssistantContent>
    readonly prefix: true | undefined
    readonly tool_calls: ReadonlyArray<WireToolCall> | undefined
  }
  | { readonly role: "tool"; readonly name: string; readonly tool_call_id: string; readonly content: string | undefined }

// `stringifyWithBigIntAndCycles`, bounded: a value nested too deep is a typed failure, not a RangeError.
const stringify = (value: unknown) =>
  Effect.try({
    try: () => stringifyWithBigIntAndCycles(value),
    catch: (cause) => new JSONParseError({ text: "[value nested too deeply to print]", cause })
  })

// upstream `serializeMistralToolCallArguments`: a string that parses as JSON is sent as it is
const serializeArguments = (input: unknown) =>
  typeof input === "string"
    ? Effect.succeed(Result.isSuccess(secureJsonParse(input)) ? input : WireJson.render(input))
    : stringify(input)

const fileUrl = Effect.fnUntraced(function*(part: FilePart, data: FilePart["data"] & { readonly type: "url" | "data" }) {
  if (data.type === "url") return data.url.toString()
  return `data:${yield* resolveFullMediaType(part)};base64,${convertToBase64(data.data)}`
})

const userFile = Effect.fnUntraced(function*(part: FilePart) {
  const data = part.data
  switch (data.type) {
    case "reference":
      return yield* new UnsupportedFunctionalityError({ functionality: "file parts with provider references" })
    case "text":
      return yield* new UnsupportedFunctionalityError({ functionality: "text file parts" })
    case "url":
    case "data": {
      if (getTopLevelMediaType(part.mediaType) === "image") {
        return { type: "image_url" as const, image_url: yield* fileUrl(part, data) }
      }
      const mediaType = data.type === "data" ? yield* resolveFullMediaType(part) : part.mediaType
      if (mediaType !== "application/pdf") {
        return yield* new UnsupportedFunctionalityError({ functionality: "Only images and PDF file parts are supported" })
      }
      return { type: "document_url" as const, document_url: yield* fileUrl(part, data) }
    }
  }
})

const toolContent = (output: ToolResultOutput) => {
  switch (output.type) {
    case "text":
    case "error-text":
      return Effect.succeed(output.value)
    case "execution-denied":
      return Effect.succeed(output.reason ?? "Tool call execution denied.")
    case "content":
    case "json":
    case "error-json":
      return stringify(output.value)
  }
}

/**
 * The wire messages of a prompt.
 *
 * @since 0.1.0
 */
export const convertPrompt = Effect.fnUntraced(function*(prompt: Prompt) {
  const messages: Array<Message> = []
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i]
    const isLastMessage = i === prompt.length - 1
    switch (message.role) {
      case "system":
        messages.push({ role: "system", content: message.content })
        break
      case "user": {
        const content: Array<UserContent> = []
        for (const part of message.content) {
          content.push(part.type === "text" ? { type: "text", text: part.text } : yield* userFile(part))
        }
        messages.push({ role: "user", content })
        break
      }
      case "assistant": {
        let text = ""
        let hasReasoning = false
        const parts: Array<AssistantContent> = []
        const toolCalls: Array<WireToolCall> = []
        for (const part of message.content) {
          switch (part.type) {
            case "text":
              text += part.text
              parts.push({ type: "text", text: part.text })
              break
            case "tool-call":
              toolCalls.push({
                id: part.toolCallId,
                type: "function",
                function: { name: part.toolName, arguments: yield* serializeArguments(part.input) }
              })
              break
            case "reasoning":
              hasReasoning = true
              parts.push({ type: "thinking", thinking: [{ type: "text", text: part.text }], closed: true })
              break
            default:
              return yield* new InvalidPromptError({
                prompt,
                message: `Unsupported content type in assistant message: ${part.type}`
              })
          }
        }
        messages.push({
          role: "assistant",
          content: hasReasoning ? parts : text,
          prefix: isLastMessage ? true : undefined,
          tool_calls: toolCalls.length > 0 ? toolCalls : undefined
        })
        break
      }
      case "tool":
        for (const part of message.content) {
          if (part.type === "tool-approval-response") continue
          messages.push({
            role: "tool",
            name: part.toolName,
            tool_call_id: part.toolCallId,
            content: yield* toolContent(part.output)
          })
        }
        break
    }
  }
  return messages
})
