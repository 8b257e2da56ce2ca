/**
 * The V4 prompt as the xAI Responses `input` array (upstream
 * `convert-to-xai-responses-input.ts`): system messages, user text and
 * files (images inline or by URL, documents by URL or file id), assistant
 * text, client tool calls and reasoning, and tool outputs.
 */
import { Effect } from "effect"
import { convertToBase64 } from "../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../provider-utils/DetectMediaType.ts"
import { parseProviderOptions } from "../../../provider-utils/ParseProviderOptions.ts"
import { resolveFullMediaType } from "../../../provider-utils/ResolveFullMediaType.ts"
import { resolveProviderReference } from "../../../provider-utils/ResolveProviderReference.ts"
import type { InvalidArgumentError } from "../../../contract/errors/InvalidArgumentError.ts"
import type { NoSuchProviderReferenceError } from "../../../contract/errors/NoSuchProviderReferenceError.ts"
import { UnsupportedFunctionalityError } from "../../../contract/errors/UnsupportedFunctionalityError.ts"
import type { ProviderOptions } from "../../../contract/ProviderMetadata.ts"
import type { FilePart, Prompt, ToolResultOutput } from "../../../contract/Prompt.ts"
import type { Warning } from "../../../contract/Warning.ts"
import { FilePartOptions } from "../XAIOptions.ts"
import * as WireJson from "../../../runtime/WireJson.ts"

type OutputContent = Array<{ type: "input_text"; text: string } | { type: "input_image"; image_url: string }>

/**
 * One item of the `input` array; key order is upstream's (the body is compared byte for byte).
 *
 * @since 0.1.0
 */
export type InputItem = Record<string, unknown>

type ConvertError = InvalidArgumentError | NoSuchProviderReferenceError | UnsupportedFunctionalityError

const xaiOption = (options: ProviderOptions | undefined, key: string): string | undefined => {
  const value = options?.["xai"]?.[key]
  return typeof value === "string" ? value : undefined
}

const dataUrl = (part: FilePart, data: string | Uint8Array) =>
  Effect.map(resolveFullMediaType(part), (mediaType) => `data:${mediaType};base64,${convertToBase64(data)}`)

const userFile = Effect.fnUntraced(function*(part: FilePart) {
  const data = part.data
  switch (data.type) {
    case "reference":
      return { type: "input_file", file_id: yield* resolveProviderReference(data.reference, "xai") }
    case "text":
      return yield* new UnsupportedFunctionalityError({ functionality: "text file parts" })
    case "url":
    case "data": {
      if (getTopLevelMediaType(part.mediaType) === "image") {
        const imageUrl = data.type === "url" ? data.url.toString() : yield* dataUrl(part, data.data)
        const options = yield* parseProviderOptions("xai", part.providerOptions, FilePartOptions)
        return {
          type: "input_image",
          image_url: imageUrl,
          ...(options?.imageDetail != null && { detail: options.imageDetail })
        }
      }
      if (data.type === "url") return { type: "input_file", file_url: data.url.toString() }
      return yield* new UnsupportedFunctionalityError({
        functionality:
          `file part media type ${part.mediaType} as inline data (xAI Responses requires a URL or a Files API reference for non-image files)`
      })
    }
  }
})

const toolOutput = Effect.fnUntraced(function*(output: ToolResultOutput) {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value
    case "execution-denied":
      return output.reason ?? "tool execution denied"
    case "json":
    case "error-json":
      return WireJson.render(output.value)
    case "content": {
      const items: OutputContent = []
      for (const item of output.value) {
        if (item.type === "text") items.push({ type: "input_text", text: item.text })
        else if (
          item.type === "file" && getTopLevelMediaType(item.mediaType) === "image" &&
          (item.data.type === "data" || item.data.type === "url")
        ) {
          const filePart: FilePart = { type: "file", data: item.data, mediaType: item.mediaType }
          items.push({
            type: "input_image",
            image_url: item.data.type === "url" ? item.data.url.toString() : yield* dataUrl(filePart, item.data.data)
          })
        }
      }
      return items
    }
  }
})

/**
 * Converts the prompt; warnings for parts xAI cannot take back.
  *
  * @since 0.1.0
 */
export const convertToInput = Effect.fnUntraced(function*(prompt: Prompt) {
  const input: Array<InputItem> = []
  const warnings: Array<Warning> = []
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        input.push({ role: "system", content: message.content })
        break
      case "user": {
        const content: Array<unknown> = []
        for (const block of message.content) {
          if (block.type === "text") content.push({ type: "input_text", text: block.text })
          else content.push(yield* userFile(block))
        }
        input.push({ role: "user", content })
        break
      }
      case "assistant": {
        for (const part of message.content) {
          switch (part.type) {
            case "text":
              input.push({ role: "assistant", content: part.text, id: xaiOption(part.providerOptions, "itemId") })
              break
            case "tool-call": {
              if (part.providerExecuted) break
              input.push({
                type: "function_call",
                id: xaiOption(part.providerOptions, "itemId") ?? part.toolCallId,
                call_id: part.toolCallId,
                name: part.toolName,
                arguments: WireJson.render(part.input),
                status: "completed"
              })
              break
            }
            case "tool-result":
              break
            case "reasoning": {
              const itemId = xaiOption(part.providerOptions, "itemId")
              const encryptedContent = xaiOption(part.providerOptions, "reasoningEncryptedContent")
              if (itemId != null || encryptedContent != null) {
                input.push({
                  type: "reasoning",
                  id: itemId ?? "",
                  summary: part.text.length > 0 ? [{ type: "summary_text", text: part.text }] : [],
                  status: "completed",
                  ...(encryptedContent != null && { encrypted_content: encryptedContent })
                })
              } else {
                warnings.push({
                  type: "other",
                  message: "Reasoning parts without itemId or encrypted content cannot be sent back to xAI. Skipping."
                })
              }
              break
            }
            case "reasoning-file":
            case "custom":
            case "file":
              warnings.push({ type: "other", message: `xAI Responses API does not support ${part.type} in assistant messages` })
              break
          }
        }
        break
      }
      case "tool": {
        for (const part of message.content) {
          if (part.type === "tool-approval-response") continue
          input.push({ type: "function_call_output", call_id: part.toolCallId, output: yield* toolOutput(part.output) })
        }
        break
      }
    }
  }
  const result: { input: Array<InputItem>; warnings: Array<Warning> } = { input, warnings }
  return result
}) satisfies (prompt: Prompt) => Effect.Effect<unknown, ConvertError>
