/**
 * User-facing messages (the `ModelMessage` shapes of `ai`, common cases) and their conversion to
 * the V4 prompt, as upstream `convertToLanguageModelPrompt` does for text, images/files given as
 * data or URL, and tool calls/results; `downloadAssets` fetches the file URLs the model does not
 * support through the `Download` service, as upstream does per step.
 *
 * @internal
 */
import { Effect } from "effect"
import type { SupportedUrls } from "../LanguageModel.ts"
import * as Download from "../runtime/DownloadService.ts"
import type { DownloadError } from "../contract/errors/DownloadError.ts"
import type { FileData } from "../contract/FileData.ts"
import type * as Prompt from "../contract/Prompt.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { ResponseAssistantPart, ResponseFilePart } from "./ResponseMessages.ts"
import type { ResponsePart as ToolApprovalResponsePart } from "./approval/ToolApprovalParts.ts"

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
    readonly content: string | ReadonlyArray<Prompt.AssistantContentPart | ResponseAssistantPart>
    readonly providerOptions?: ProviderOptions | undefined
  }
  | {
    readonly role: "tool"
    readonly content: ReadonlyArray<Prompt.ToolResultPart | ToolApprovalResponsePart>
    readonly providerOptions?: ProviderOptions | undefined
  }

// approval parts never reach the model, except provider-executed approval responses (upstream)
const isResponseFile = (part: Prompt.AssistantContentPart | ResponseAssistantPart): part is ResponseFilePart =>
  (part.type === "file" || part.type === "reasoning-file") && typeof part.data === "string"

const toPromptAssistantParts = (
  parts: ReadonlyArray<Prompt.AssistantContentPart | ResponseAssistantPart>
): Array<Prompt.AssistantContentPart> => {
  const out: Array<Prompt.AssistantContentPart> = []
  for (const part of parts) {
    if (part.type === "tool-approval-request") continue
    // a response message's file holds base64 text (upstream ModelMessage data); the prompt a file data object
    if (isResponseFile(part)) {
      out.push({ type: part.type, data: { type: "data", data: part.data }, mediaType: part.mediaType, providerOptions: part.providerOptions })
      continue
    }
    out.push(part)
  }
  return out
}
const isPromptToolPart = (part: Prompt.ToolResultPart | ToolApprovalResponsePart): boolean =>
  part.type !== "tool-approval-response" || part.providerExecuted === true

// a provider-executed approval response reaches the model with its id, decision and reason only (upstream)
const toPromptToolPart = (part: Prompt.ToolResultPart | ToolApprovalResponsePart): Prompt.ToolMessage["content"][number] =>
  part.type === "tool-approval-response"
    ? { type: "tool-approval-response", approvalId: part.approvalId, approved: part.approved, reason: part.reason }
    : part

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
            : toPromptAssistantParts(message.content).filter((p) => p.type !== "text" || p.text !== "" || p.providerOptions != null),
          ...po
        })
        break
      case "tool": {
        const content = message.content.filter(isPromptToolPart).map(toPromptToolPart)
        const last = out[out.length - 1]
        if (last !== undefined && last.role === "tool") {
          out[out.length - 1] = { ...last, content: [...last.content, ...content] }
        } else if (content.length > 0) {
          out.push({ ...message, content })
        }
        break
      }
    }
  }
  return out
}

/**
 * Upstream `isUrlSupported` (`@ai-sdk/provider-utils` 5.0.81): a pattern under the media type,
 * its `type/*` prefix, or `*`, matches the URL from the start (global/sticky patterns evaluated
 * from index 0 without changing their state).
 *
 * @internal
 */
export const isUrlSupported = (options: {
  readonly mediaType: string
  readonly url: string
  readonly supportedUrls: SupportedUrls
}): boolean => {
  const mediaType = options.mediaType.toLowerCase()
  const isTopLevelOnly = !mediaType.includes("/")
  for (const key of Object.keys(options.supportedUrls)) {
    const lower = key.toLowerCase()
    const prefix = lower === "*" || lower === "*/*" ? "" : lower.replace(/\*/, "")
    const matches = prefix === ""
      ? true
      : isTopLevelOnly
      ? `${mediaType}/` === prefix
      : prefix.endsWith("/")
      ? mediaType.startsWith(prefix)
      : mediaType === prefix
    if (!matches) continue
    for (const pattern of options.supportedUrls[key] ?? []) {
      if (!pattern.global && !pattern.sticky) {
        if (pattern.test(options.url)) return true
        continue
      }
      const lastIndex = pattern.lastIndex
      pattern.lastIndex = 0
      const hit = pattern.test(options.url)
      pattern.lastIndex = lastIndex
      if (hit) return true
    }
  }
  return false
}

const isFullMediaType = (mediaType: string): boolean => {
  const slash = mediaType.indexOf("/")
  if (slash === -1) return false
  const subtype = mediaType.substring(slash + 1)
  return subtype.length > 0 && subtype !== "*"
}

// upstream imageMediaTypeSignatures (`detectMediaType({ topLevelType: "image" })`)
const imageSignatures: ReadonlyArray<{ readonly mediaType: string; readonly prefix: ReadonlyArray<number | null> }> = [
  { mediaType: "image/gif", prefix: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { mediaType: "image/gif", prefix: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
  { mediaType: "image/png", prefix: [0x89, 0x50, 0x4e, 0x47] },
  { mediaType: "image/jpeg", prefix: [0xff, 0xd8] },
  { mediaType: "image/webp", prefix: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { mediaType: "image/bmp", prefix: [0x42, 0x4d, null, null, null, null, 0x00, 0x00, 0x00, 0x00] },
  { mediaType: "image/tiff", prefix: [0x49, 0x49, 0x2a, 0x00] },
  { mediaType: "image/tiff", prefix: [0x4d, 0x4d, 0x00, 0x2a] },
  { mediaType: "image/avif", prefix: [0x00, 0x00, 0x00, null, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66] },
  { mediaType: "image/heic", prefix: [0x00, 0x00, 0x00, null, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63] }
]

const detectImageMediaType = (bytes: Uint8Array): string | undefined => {
  for (const signature of imageSignatures) {
    if (bytes.length >= signature.prefix.length && signature.prefix.every((b, i) => b === null || bytes[i] === b)) {
      return signature.mediaType
    }
  }
  return undefined
}

/**
 * A file of a prompt that may name a URL (a user file part, a file of a `content` tool result).
 *
 * @internal
 */
export interface UrlFile {
  readonly data: FileData
  readonly mediaType: string
}

const urlOf = (file: UrlFile): URL | undefined => file.data.type === "url" ? file.data.url : undefined

/**
 * Appends the downloadable files of `prompt[from..]` to `files`, in upstream's order
 * (`downloadAssets`): the files of a prompt are those of its messages one after the other, so a
 * prompt that grew is scanned from where the last scan ended.
 *
 * @internal
 */
export const collectFiles = (prompt: Prompt.Prompt, from: number, files: Array<UrlFile>): void => {
  const fromOutput = (output: Prompt.ToolResultOutput) => {
    if (output.type !== "content") return
    for (const item of output.value) if (item.type === "file") files.push(item)
  }
  for (let i = from; i < prompt.length; i++) {
    const message = prompt[i]
    if (message.role === "user") {
      for (const part of message.content) if (part.type === "file") files.push(part)
    } else if (message.role === "tool" || message.role === "assistant") {
      for (const part of message.content) if (part.type === "tool-result") fromOutput(part.output)
    }
  }
}

// the downloadable files of a prompt, in upstream's order (`downloadAssets`)
const downloadableFiles = (prompt: Prompt.Prompt): Array<UrlFile> => {
  const files: Array<UrlFile> = []
  collectFiles(prompt, 0, files)
  return files
}

// upstream `convertPartToLanguageModelPart` for a file whose URL was downloaded
const inline = <F extends UrlFile>(file: F, assets: ReadonlyMap<string, Download.Downloaded>): F => {
  const url = urlOf(file)
  const asset = url === undefined ? undefined : assets.get(url.toString())
  if (asset === undefined) return file
  let mediaType = file.mediaType
  if (asset.mediaType != null && !isFullMediaType(mediaType)) mediaType = asset.mediaType
  mediaType = detectImageMediaType(asset.data) ?? mediaType
  return { ...file, data: { type: "data", data: asset.data }, mediaType }
}

const inlineOutput = (
  output: Prompt.ToolResultOutput,
  assets: ReadonlyMap<string, Download.Downloaded>
): Prompt.ToolResultOutput =>
  output.type !== "content"
    ? output
    : { ...output, value: output.value.map((item) => item.type === "file" ? inline(item, assets) : item) }

/**
 * Upstream `downloadAssets` + the URL part of `convertPartToLanguageModelPart`: every file URL of
 * the prompt (user file parts, `content` tool results) goes to the `Download` service with
 * whether the model's `supportedUrls` match it; each URL the service returns a file for is sent
 * as data (media type: the response's when the part's is not a full `type/subtype`, then image
 * signatures, as upstream). Without file URLs the service is not asked. `files`: the prompt's
 * downloadable files when the caller already knows them (the step loop keeps them per message
 * added, see `ConversationFiles`); otherwise the prompt is scanned.
 *
 * @internal
 */
export const downloadAssets = (
  prompt: Prompt.Prompt,
  supportedUrls: SupportedUrls,
  files?: ReadonlyArray<UrlFile>
): Effect.Effect<Prompt.Prompt, DownloadError> =>
  Effect.suspend(() => {
    const planned: Array<Download.Request> = []
    for (const file of files ?? downloadableFiles(prompt)) {
      const url = urlOf(file)
      if (url === undefined) continue
      planned.push({
        url,
        isUrlSupportedByModel: isUrlSupported({ url: url.toString(), mediaType: file.mediaType, supportedUrls })
      })
    }
    if (planned.length === 0) return Effect.succeed(prompt)
    return Effect.flatMap(Download.current, (service) => service.download(planned)).pipe(
      Effect.map((files) => {
        const assets = new Map<string, Download.Downloaded>()
        files.forEach((file, i) => {
          if (file != null) assets.set(planned[i].url.toString(), file)
        })
        if (assets.size === 0) return prompt
        return prompt.map((message): Prompt.Message => {
          switch (message.role) {
            case "user":
              return { ...message, content: message.content.map((part) => part.type === "file" ? inline(part, assets) : part) }
            case "assistant":
              return {
                ...message,
                content: message.content.map((part) =>
                  part.type === "tool-result" ? { ...part, output: inlineOutput(part.output, assets) } : part
                )
              }
            case "tool":
              return {
                ...message,
                content: message.content.map((part) =>
                  part.type === "tool-result" ? { ...part, output: inlineOutput(part.output, assets) } : part
                )
              }
            default:
              return message
          }
        })
      })
    )
  })
