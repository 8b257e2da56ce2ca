/**
 * User-facing messages (the `ModelMessage` shapes of `ai`, common cases) and their conversion to
 * the V4 prompt, as upstream `convertToLanguageModelPrompt` does for text, images/files given as
 * data or URL, and tool calls/results.
 *
 * @internal
 */
import type { FileData } from "../../spec/FileData.ts"
import type * as Prompt from "../../spec/Prompt.ts"
import type { ProviderOptions } from "../../spec/ProviderMetadata.ts"

/** A file or image given as base64, bytes, or a URL. @internal */
export type DataContent = string | Uint8Array | URL

/** @internal */
export interface ImagePart {
  readonly type: "image"
  readonly image: DataContent
  readonly mediaType?: string | undefined
  readonly providerOptions?: ProviderOptions | undefined
}

/** @internal */
export interface UserFilePart {
  readonly type: "file"
  readonly data: DataContent
  readonly mediaType: string
  readonly filename?: string | undefined
  readonly providerOptions?: ProviderOptions | undefined
}

/** @internal */
export type UserContent = string | ReadonlyArray<Prompt.TextPart | ImagePart | UserFilePart>

/** @internal */
export type ModelMessage =
  | Prompt.SystemMessage
  | { readonly role: "user"; readonly content: UserContent; readonly providerOptions?: ProviderOptions | undefined }
  | {
    readonly role: "assistant"
    readonly content: string | Prompt.AssistantMessage["content"]
    readonly providerOptions?: ProviderOptions | undefined
  }
  | Prompt.ToolMessage

const toFileData = (data: DataContent): FileData => {
  if (data instanceof URL) {
    if (data.protocol === "data:") {
      const comma = data.href.indexOf(",")
      return { type: "data", data: data.href.slice(comma + 1) }
    }
    return { type: "url", url: data }
  }
  return { type: "data", data }
}

const convertUser = (content: UserContent): Array<Prompt.TextPart | Prompt.FilePart> => {
  if (typeof content === "string") return [{ type: "text", text: content }]
  const parts: Array<Prompt.TextPart | Prompt.FilePart> = []
  for (const part of content) {
    const po = part.providerOptions !== undefined ? { providerOptions: part.providerOptions } : {}
    switch (part.type) {
      case "text":
        if (part.text !== "") parts.push(part)
        break
      case "image":
        parts.push({ type: "file", data: toFileData(part.image), mediaType: part.mediaType ?? "image", ...po })
        break
      case "file":
        parts.push({
          type: "file",
          data: toFileData(part.data),
          mediaType: part.mediaType,
          ...(part.filename !== undefined ? { filename: part.filename } : {}),
          ...po
        })
        break
    }
  }
  return parts
}

/**
 * Builds the V4 prompt from `system` + (`prompt` | `messages`); consecutive tool messages are
 * merged, as upstream.
 *
 * @internal
 */
export const toPrompt = (options: {
  readonly system?: string | undefined
  readonly prompt?: string | ReadonlyArray<ModelMessage> | undefined
  readonly messages?: ReadonlyArray<ModelMessage> | undefined
}): Array<Prompt.Message> => {
  const out: Array<Prompt.Message> = []
  if (options.system !== undefined) out.push({ role: "system", content: options.system })
  const messages: ReadonlyArray<ModelMessage> = typeof options.prompt === "string"
    ? [{ role: "user", content: options.prompt }]
    : options.prompt ?? options.messages ?? []
  for (const message of messages) {
    const po = message.providerOptions !== undefined ? { providerOptions: message.providerOptions } : {}
    switch (message.role) {
      case "system":
        out.push(message)
        break
      case "user":
        out.push({ role: "user", content: convertUser(message.content), ...po })
        break
      case "assistant":
        out.push({
          role: "assistant",
          content: typeof message.content === "string"
            ? [{ type: "text", text: message.content }]
            : message.content.filter((p) => p.type !== "text" || p.text !== "" || p.providerOptions != null),
          ...po
        })
        break
      case "tool": {
        const last = out[out.length - 1]
        if (last !== undefined && last.role === "tool") {
          out[out.length - 1] = { ...last, content: [...last.content, ...message.content] }
        } else if (message.content.length > 0) {
          out.push(message)
        }
        break
      }
    }
  }
  return out
}
