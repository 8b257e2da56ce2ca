/**
 * User and tool messages of the Anthropic prompt: one `user` message of text, image, document
 * and file-reference parts and `tool_result` blocks.
 *
 * @since 0.2.0
 */
import { Effect } from "effect"
import { convertToBase64 } from "../../../../provider-utils/Base64.ts"
import { getTopLevelMediaType } from "../../../../provider-utils/DetectMediaType.ts"
import { resolveFullMediaType } from "../../../../provider-utils/ResolveFullMediaType.ts"
import { stringifyWithBigIntAndCycles } from "../../../../provider-utils/StringifyWithBigIntAndCycles.ts"
import { UnsupportedFunctionalityError } from "../../../../contract/errors/UnsupportedFunctionalityError.ts"
import { toolsetNameOf } from "./Toolset.ts"
import type { RequestBlock } from "../AnthropicApi.ts"
import {
  type Block,
  bytesToString,
  type Context,
  convertToolResultContentItem,
  resolveReference
} from "./PromptParts.ts"

/**
 * The user and tool messages of one block, as one `user` message.
 *
 * @since 0.2.0
 */
export const convertUserBlock = Effect.fnUntraced(function*(
  block: Extract<Block, { readonly type: "user" }>,
  ctx: Context
) {
  const { betas, fileOptions, toolsetNames, validator, warnings } = ctx
  const content: Array<RequestBlock> = []
  for (const message of block.messages) {
    if (message.role === "user") {
      if (message.content.length > 0) ctx.lastUserMessageIndex = ctx.messages.length
      for (let j = 0; j < message.content.length; j++) {
        const part = message.content[j]!
        const isLastPart = j === message.content.length - 1
        const cache_control = validator.get(part.providerOptions, { type: "user message part", canCache: true }) ??
          (isLastPart
            ? validator.get(message.providerOptions, { type: "user message", canCache: true })
            : undefined)
        if (part.type === "text") {
          content.push({ type: "text", text: part.text, cache_control })
          continue
        }
        const data = part.data
        switch (data.type) {
          case "reference": {
            const fileId = yield* resolveReference(data.reference)
            betas.add("files-api-2025-04-14")
            const opts = yield* fileOptions(part.providerOptions)
            if (opts?.containerUpload ?? false) {
              content.push({ type: "container_upload", file_id: fileId })
            } else if (getTopLevelMediaType(part.mediaType) === "image") {
              content.push({ type: "image", source: { type: "file", file_id: fileId }, cache_control })
            } else {
              content.push({ type: "document", source: { type: "file", file_id: fileId }, cache_control })
            }
            break
          }
          case "text": {
            const opts = yield* fileOptions(part.providerOptions)
            content.push({
              type: "document",
              source: { type: "text", media_type: "text/plain", data: data.text },
              title: opts?.title ?? part.filename,
              ...(opts?.context && { context: opts.context }),
              ...((opts?.citations?.enabled ?? false) && { citations: { enabled: true } }),
              cache_control
            })
            break
          }
          case "url":
          case "data": {
            const topLevel = getTopLevelMediaType(part.mediaType)
            if (topLevel === "image") {
              content.push({
                type: "image",
                source: data.type === "url"
                  ? { type: "url", url: data.url.toString() }
                  : {
                    type: "base64",
                    media_type: yield* resolveFullMediaType(part),
                    data: convertToBase64(data.data)
                  },
                cache_control
              })
            } else if (
              topLevel === "application" &&
              (data.type === "url"
                ? part.mediaType === "application/pdf"
                : (yield* resolveFullMediaType(part)) === "application/pdf")
            ) {
              betas.add("pdfs-2024-09-25")
              const opts = yield* fileOptions(part.providerOptions)
              content.push({
                type: "document",
                source: data.type === "url"
                  ? { type: "url", url: data.url.toString() }
                  : { type: "base64", media_type: "application/pdf", data: convertToBase64(data.data) },
                title: opts?.title ?? part.filename,
                ...(opts?.context && { context: opts.context }),
                ...((opts?.citations?.enabled ?? false) && { citations: { enabled: true } }),
                cache_control
              })
            } else if (part.mediaType === "text/plain") {
              const opts = yield* fileOptions(part.providerOptions)
              content.push({
                type: "document",
                source: data.type === "url"
                  ? { type: "url", url: data.url.toString() }
                  : { type: "text", media_type: "text/plain", data: bytesToString(data.data) },
                title: opts?.title ?? part.filename,
                ...(opts?.context && { context: opts.context }),
                ...((opts?.citations?.enabled ?? false) && { citations: { enabled: true } }),
                cache_control
              })
            } else {
              return yield* new UnsupportedFunctionalityError({ functionality: `media type: ${part.mediaType}` })
            }
            break
          }
        }
      }
    } else {
      for (let j = 0; j < message.content.length; j++) {
        const part = message.content[j]!
        if (part.type === "tool-approval-response") continue
        const output = part.output
        const outputProviderOptions = "providerOptions" in output
          ? output.providerOptions
          : output.type === "content"
          ? output.value.find((c) => c.providerOptions != null)?.providerOptions
          : undefined
        const isLastPart = j === message.content.length - 1
        const cache_control = validator.get(part.providerOptions, { type: "tool result part", canCache: true }) ??
          validator.get(outputProviderOptions, { type: "tool result output", canCache: true }) ??
          (isLastPart
            ? validator.get(message.providerOptions, { type: "tool result message", canCache: true })
            : undefined)
        let contentValue: unknown
        switch (output.type) {
          case "content": {
            const items: Array<RequestBlock> = []
            for (const item of output.value) {
              const converted = yield* convertToolResultContentItem(item, betas, warnings)
              if (converted !== undefined) items.push(converted)
            }
            contentValue = items
            break
          }
          case "text":
          case "error-text":
            contentValue = output.value
            break
          case "execution-denied":
            contentValue = output.reason ?? "Tool call execution denied."
            break
          default:
            contentValue = stringifyWithBigIntAndCycles(output.value)
        }
        const toolsetName = toolsetNameOf(part.toolName, part.providerOptions, toolsetNames)
        content.push({
          type: "tool_result",
          tool_use_id: part.toolCallId,
          ...(toolsetName != null && { toolset_name: toolsetName }),
          content: contentValue,
          is_error: output.type === "error-text" || output.type === "error-json" ? true : undefined,
          cache_control
        })
      }
    }
  }
  ctx.messages.push({ role: "user", content })
})
