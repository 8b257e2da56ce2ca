/**
 * The V4 prompt as Cohere v2 chat messages and RAG documents (upstream
 * `convertToCohereChatPrompt` of `@ai-sdk/cohere` 4.0.52): a user message is
 * a string unless it holds an image (then a part array); a non-image file
 * becomes a document (`{ data: { text, title } }`) and adds nothing to the
 * message; an assistant message with tool calls sends no text; tool results
 * are stringified (bounded: a value nested too deep is a `JSONParseError`),
 * approval responses dropped.
 */
import { Effect } from "effect"
import { convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { FilePart, Prompt, ToolResultOutput } from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"
import * as WireJson from "../../../runtime/WireJson.ts"
import { ImagePartOptions } from "../CohereOptions.ts"

/**
 * One RAG document of the request.
 *
 * @since 0.1.0
 */
export interface Document {
  readonly data: { readonly text: string; readonly title: string | undefined }
}

const imageUrl = Effect.fnUntraced(function*(part: FilePart) {
  const data = part.data
  switch (data.type) {
    case "url":
      return data.url.toString()
    case "data":
      return `data:${yield* resolveFullMediaType(part)};base64,${convertToBase64(data.data)}`
    case "reference":
      return yield* new UnsupportedFunctionalityError({ functionality: "image file parts with provider references" })
    case "text":
      return yield* new UnsupportedFunctionalityError({ functionality: "image file parts with text data" })
  }
})

const documentText = (part: FilePart) => {
  const data = part.data
  switch (data.type) {
    case "reference":
      return Effect.fail(new UnsupportedFunctionalityError({ functionality: "file parts with provider references" }))
    case "url":
      return Effect.fail(
        new UnsupportedFunctionalityError({
          functionality: "File URL data",
          message:
            "URLs should be downloaded by the AI SDK and not reach this point. This indicates a configuration issue."
        })
      )
    case "text":
      return Effect.succeed(data.text)
    case "data":
      return Effect.succeed(typeof data.data === "string" ? data.data : new TextDecoder().decode(data.data))
  }
}

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
      return Effect.fromResult(WireJson.stringify(output.value))
  }
}

/**
 * The messages, the documents and the (always empty, as upstream) warnings.
 *
 * @since 0.1.0
 */
export const convertPrompt = Effect.fnUntraced(function*(prompt: Prompt) {
  const messages: Array<unknown> = []
  const documents: Array<Document> = []
  const warnings: Array<Warning> = []
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        messages.push({ role: "system", content: message.content })
        break
      case "user": {
        const parts: Array<{ readonly type: "text"; readonly text: string } | { readonly type: "image_url"; readonly image_url: unknown }> = []
        let hasImage = false
        for (const part of message.content) {
          if (part.type === "text") {
            if (part.text.length > 0) parts.push({ type: "text", text: part.text })
            continue
          }
          if (getTopLevelMediaType(part.mediaType) === "image") {
            hasImage = true
            const url = yield* imageUrl(part)
            const options = (yield* parseProviderOptions("cohere", part.providerOptions, ImagePartOptions)) ?? {}
            parts.push({ type: "image_url", image_url: { url, ...(options.detail ? { detail: options.detail } : {}) } })
            continue
          }
          documents.push({ data: { text: yield* documentText(part), title: part.filename } })
        }
        messages.push({
          role: "user",
          content: hasImage ? parts : parts.map((p) => (p.type === "text" ? p.text : "")).join("")
        })
        break
      }
      case "assistant": {
        let text = ""
        const toolCalls: Array<unknown> = []
        for (const part of message.content) {
          if (part.type === "text") text += part.text
          else if (part.type === "tool-call") {
            toolCalls.push({
              id: part.toolCallId,
              type: "function",
              function: { name: part.toolName, arguments: yield* Effect.fromResult(WireJson.stringify(part.input)) }
            })
          }
        }
        messages.push({
          role: "assistant",
          content: toolCalls.length > 0 ? undefined : text,
          tool_calls: toolCalls.length > 0 ? toolCalls : undefined,
          tool_plan: undefined
        })
        break
      }
      case "tool":
        for (const part of message.content) {
          if (part.type === "tool-approval-response") continue
          messages.push({ role: "tool", content: yield* toolContent(part.output), tool_call_id: part.toolCallId })
        }
        break
    }
  }
  return { messages, documents, warnings }
})
