/**
 * The V4 prompt → Groq chat messages (upstream `convert-to-groq-chat-messages.ts`).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { Prompt } from "../../../contract/Prompt.ts"
import { convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { stringifyWithBigIntAndCycles } from "../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { toolOutputText } from "../../../provider-utils/ToolOutputText.ts"
import { serializeToolCallArguments } from "../../../provider-utils/SerializeToolCallArguments.ts"

/**
 * A message of the request body.
 *
 * @since 0.1.0
 */
export type GroqMessage = Record<string, unknown>

const unsupported = (functionality: string) => Effect.fail(new UnsupportedFunctionalityError({ functionality }))

/**
 * Converts a V4 prompt into Groq chat messages; only image files are accepted.
 *
 * @since 0.1.0
 */
export const convertToGroqMessages = Effect.fnUntraced(function*(prompt: Prompt) {
  const messages: Array<GroqMessage> = []
  for (const message of prompt) {
    switch (message.role) {
      case "system": {
        messages.push({ role: "system", content: message.content })
        break
      }
      case "user": {
        const content = message.content
        if (content.length === 1 && content[0].type === "text") {
          messages.push({ role: "user", content: content[0].text })
          break
        }
        const parts: Array<GroqMessage> = []
        for (const part of content) {
          if (part.type === "text") {
            parts.push({ type: "text", text: part.text })
            continue
          }
          const data = part.data
          switch (data.type) {
            case "reference":
              return yield* unsupported("file parts with provider references")
            case "text":
              return yield* unsupported("text file parts")
            case "url":
            case "data": {
              if (getTopLevelMediaType(part.mediaType) !== "image") {
                return yield* unsupported("Non-image file content parts")
              }
              const url = data.type === "url"
                ? data.url.toString()
                : `data:${yield* resolveFullMediaType(part)};base64,${convertToBase64(data.data)}`
              parts.push({ type: "image_url", image_url: { url } })
            }
          }
        }
        messages.push({ role: "user", content: parts })
        break
      }
      case "assistant": {
        let text = ""
        let reasoning = ""
        const toolCalls: Array<GroqMessage> = []
        for (const part of message.content) {
          switch (part.type) {
            case "reasoning":
              reasoning += part.text
              break
            case "text":
              text += part.text
              break
            case "tool-call":
              toolCalls.push({
                id: part.toolCallId,
                type: "function",
                function: { name: part.toolName, arguments: serializeToolCallArguments(part.input) }
              })
              break
          }
        }
        messages.push({
          role: "assistant",
          content: text,
          ...(reasoning.length > 0 ? { reasoning } : null),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : null)
        })
        break
      }
      case "tool": {
        for (const toolResponse of message.content) {
          if (toolResponse.type === "tool-approval-response") {
            continue
          }
          const content = toolOutputText(toolResponse.output, stringifyWithBigIntAndCycles)
          messages.push({ role: "tool", tool_call_id: toolResponse.toolCallId, content })
        }
        break
      }
    }
  }
  return messages
})
