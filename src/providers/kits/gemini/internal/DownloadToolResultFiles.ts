/**
 * Vertex's downloads of tool-result file URLs (upstream `@ai-sdk/google`
 * `downloadToolResultFiles`): before the prompt is converted, every file URL
 * in a `content` tool result (tool messages and assistant messages) that the
 * function response cannot reference is fetched and sent as inline data.
 * Core's download step does not fetch them on Vertex: its `supportedUrls`
 * claim every HTTP(S) and `gs://` URL.
 *
 * @since 0.2.0
 */
import { Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import { detectMediaType, isFullMediaType } from "../../../../provider-utils/DetectMediaType.ts"
import { isUrlSupported } from "../../../../provider-utils/IsUrlSupported.ts"
import * as Download from "../../../../runtime/DownloadService.ts"
import type { DownloadError } from "../../../../contract/errors/DownloadError.ts"
import type { AssistantContentPart, Message, Prompt, ToolMessage, ToolResultOutput, ToolResultPart } from "../../../../contract/Prompt.ts"

/**
 * The settings upstream's Vertex provider passes (`toolResultDownloads`).
 *
 * @since 0.2.0
 */
export interface Options {
  /** Per file; Vertex's default is 7 MiB. */
  readonly maxBytes: number
  /** URLs a function response may reference as they are (Vertex, Gemini 3: `gs://` of some types). */
  readonly supportedUrls: Readonly<Record<string, ReadonlyArray<RegExp>>>
}

/**
 * The `type` of `new Blob([...], { type })`: lower-cased, or empty when it
 * holds a character outside U+0020..U+007E (what upstream's `blob.type` reads).
 */
const blobType = (contentType: string | undefined): string =>
  contentType === undefined || !/^[\x20-\x7e]*$/.test(contentType) ? "" : contentType.toLowerCase()

const downloadOutput = (
  client: HttpClient.HttpClient,
  output: ToolResultOutput,
  options: Options
): Effect.Effect<ToolResultOutput, DownloadError> => {
  if (output.type !== "content") return Effect.succeed(output)
  // one file after the other, as upstream awaits each in turn
  return Effect.map(
    Effect.forEach(output.value, (part) => {
      if (part.type !== "file" || part.data.type !== "url") return Effect.succeed(part)
      const url = part.data.url.toString()
      if (isUrlSupported({ url, mediaType: part.mediaType, supportedUrls: options.supportedUrls })) return Effect.succeed(part)
      return Effect.map(
        // provider-utils `downloadBlob`: no request header, the URL guard on every hop
        Download.fetchFile(client, part.data.url, { maxBytes: options.maxBytes, userAgent: false }),
        (downloaded) => {
          const type = blobType(downloaded.mediaType)
          return {
            ...part,
            data: { type: "data" as const, data: downloaded.data },
            mediaType: detectMediaType({ data: downloaded.data, topLevelType: "image" }) ??
              (type !== "" && !isFullMediaType(part.mediaType) ? type : part.mediaType)
          }
        }
      )
    }),
    (value) => ({ ...output, value })
  )
}

const downloadResult = (client: HttpClient.HttpClient, part: ToolResultPart, options: Options): Effect.Effect<ToolResultPart, DownloadError> =>
  Effect.map(downloadOutput(client, part.output, options), (output) => ({ ...part, output }))

const downloadMessage = (client: HttpClient.HttpClient, message: Message, options: Options): Effect.Effect<Message, DownloadError> => {
  if (message.role === "assistant") {
    return Effect.map(
      Effect.forEach(message.content, (part): Effect.Effect<AssistantContentPart, DownloadError> =>
        part.type === "tool-result" ? downloadResult(client, part, options) : Effect.succeed(part)),
      (content) => ({ ...message, content })
    )
  }
  if (message.role === "tool") {
    return Effect.map(
      Effect.forEach(message.content, (part): Effect.Effect<ToolMessage["content"][number], DownloadError> =>
        part.type === "tool-result" ? downloadResult(client, part, options) : Effect.succeed(part)),
      (content) => ({ ...message, content })
    )
  }
  return Effect.succeed(message)
}

/**
 * The prompt with the tool-result file URLs the model cannot reference
 * downloaded (through the `HttpClient` of the environment), in prompt order.
 *
 * @since 0.2.0
 */
export const downloadToolResultFiles = (
  prompt: Prompt,
  options: Options
): Effect.Effect<Prompt, DownloadError, HttpClient.HttpClient> =>
  prompt.some(hasUrlFile)
    ? Effect.flatMap(HttpClient.HttpClient, (client) => Effect.forEach(prompt, (message) => downloadMessage(client, message, options)))
    : Effect.succeed(prompt)

const outputHasUrlFile = (output: ToolResultOutput): boolean =>
  output.type === "content" && output.value.some((part) => part.type === "file" && part.data.type === "url")

// Most prompts have no URL in a tool result: they pass as they are.
const hasUrlFile = (message: Message): boolean =>
  (message.role === "assistant" || message.role === "tool") &&
  message.content.some((part) => part.type === "tool-result" && outputHasUrlFile(part.output))
