/**
 * Steering messages in UI messages (upstream `ai` 7.0.173, experimental): the `steering-message`
 * UI message chunk a `steering-message` stream part becomes (`to-ui-message-chunk.ts`), the UI
 * part it adds to the assistant message (`process-ui-message-stream.ts`), that part's Schemas
 * (`ui-message-chunks.ts`, `validate-ui-messages.ts`) and the user model message it becomes again
 * (`convert-to-model-messages.ts`: a steering part ends the block before it, as a step boundary
 * does, and is sent as a user message there).
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import * as Base64 from "effect/encoding/Base64"
import type { UserModelMessage } from "../core/Steering.ts"
import type { SteeringMessagePart } from "../core/TextStreamPart.ts"
import { InvalidPromptError } from "../contract/errors/InvalidPromptError.ts"
import { ProviderMetadata } from "../contract/ProviderMetadata.ts"

const ProviderReference = Schema.Record(Schema.String, Schema.String)

/**
 * A text part of a steering message (upstream `TextUIPart`, as a steering message carries it).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TextUIPart = Schema.Struct({
  type: Schema.Literal("text"),
  text: Schema.String,
  providerMetadata: Schema.optional(ProviderMetadata)
})

/**
 * A text part of a steering message.
 *
 * @since 0.1.0
 * @category models
 */
export type TextUIPart = typeof TextUIPart.Type

/**
 * A file part of a steering message (upstream `FileUIPart`): a hosted URL or a data URL, or an
 * empty URL with a provider reference.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileUIPart = Schema.Struct({
  type: Schema.Literal("file"),
  mediaType: Schema.String,
  filename: Schema.optional(Schema.String),
  url: Schema.String,
  providerReference: Schema.optional(ProviderReference),
  providerMetadata: Schema.optional(ProviderMetadata)
})

/**
 * A file part of a steering message.
 *
 * @since 0.1.0
 * @category models
 */
export type FileUIPart = typeof FileUIPart.Type

/**
 * The `steering-message` UI message chunk (upstream `UIMessageChunk`, experimental).
 *
 * @since 0.1.0
 * @category schemas
 */
export const SteeringMessageChunk = Schema.Struct({
  type: Schema.Literal("steering-message"),
  id: Schema.String,
  parts: Schema.Array(Schema.Union([TextUIPart, FileUIPart]))
})

/**
 * The `steering-message` UI message chunk.
 *
 * @since 0.1.0
 * @category models
 */
export type SteeringMessageChunk = typeof SteeringMessageChunk.Type

/**
 * The `steering-message` part of an assistant UI message (upstream `SteeringMessageUIPart`): a
 * user message added with steering while the message was generated, before the output of the
 * step that received it. Same shape as the chunk.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SteeringMessageUIPart = SteeringMessageChunk

/**
 * The `steering-message` part of an assistant UI message.
 *
 * @since 0.1.0
 * @category models
 */
export type SteeringMessageUIPart = SteeringMessageChunk

type UserPart = Exclude<UserModelMessage["content"], string>[number]

/** Where a user file's data points: a URL, or inline base64 (with a data URL's media type). */
type FileData =
  | { readonly _tag: "url"; readonly url: string }
  | { readonly _tag: "inline"; readonly base64: string; readonly mediaType?: string | undefined }

// upstream `splitDataUrl`
const splitDataUrl = (url: string): { readonly mediaType: string | undefined; readonly base64: string | undefined } => {
  const [header, base64] = url.split(",")
  return { mediaType: header?.split(";")[0]?.split(":")[1], base64 }
}

const fromUrl = (url: URL): FileData => {
  if (url.protocol !== "data:") return { _tag: "url", url: url.toString() }
  const { base64, mediaType } = splitDataUrl(url.toString())
  // an unparsable data URL: upstream throws InvalidDataContentError; it stays as given here
  return mediaType === undefined || base64 === undefined ? { _tag: "url", url: url.toString() } : { _tag: "inline", base64, mediaType }
}

// upstream `convertToLanguageModelV4FilePart` for the data aimux's user parts take: a string is a
// URL when it parses as one, else base64 data
const fileDataOf = (data: string | Uint8Array | URL): FileData =>
  data instanceof URL
    ? fromUrl(data)
    : typeof data === "string"
    ? URL.canParse(data) ? fromUrl(new URL(data)) : { _tag: "inline", base64: data }
    : { _tag: "inline", base64: Base64.encode(data) }

const toUIPart = (part: UserPart): TextUIPart | FileUIPart => {
  const providerMetadata = part.providerOptions != null ? { providerMetadata: part.providerOptions } : {}
  if (part.type === "text") return { type: "text", text: part.text, ...providerMetadata }
  const data = fileDataOf(part.type === "image" ? part.image : part.data)
  const mediaType = (data._tag === "inline" ? data.mediaType : undefined) ?? part.mediaType ?? "image"
  const filename = part.type === "file" ? part.filename : undefined
  return {
    type: "file",
    mediaType,
    ...(filename != null ? { filename } : {}),
    ...providerMetadata,
    url: data._tag === "url" ? data.url : `data:${mediaType};base64,${data.base64}`
  }
}

/**
 * The UI message chunk of a `steering-message` stream part (upstream `toUIMessageChunk`): the
 * user message's text and files as UI parts (a string content is one text part; files become data
 * URLs unless they are hosted URLs; provider options become provider metadata).
 *
 * @since 0.1.0
 * @category converting
 */
export const toUIMessageChunk = (part: SteeringMessagePart): SteeringMessageChunk => ({
  type: "steering-message",
  id: part.id,
  parts: typeof part.message.content === "string"
    ? [{ type: "text", text: part.message.content }]
    : part.message.content.map(toUIPart)
})

/**
 * The assistant message's part for a `steering-message` chunk (upstream
 * `processUIMessageStream` appends it to the message's parts).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromChunk = (chunk: SteeringMessageChunk): SteeringMessageUIPart => ({
  type: "steering-message",
  id: chunk.id,
  parts: chunk.parts
})

/**
 * The user model message of a steering part (`convertToModelMessages`, which emits the assistant
 * content before the part first).
 *
 * @since 0.1.0
 * @category models
 */
export interface SteeringUserMessage {
  readonly role: "user"
  readonly content: ReadonlyArray<
    | { readonly type: "text"; readonly text: string; readonly providerOptions?: ProviderMetadata | undefined }
    | {
      readonly type: "file"
      readonly mediaType: string
      readonly filename: string | undefined
      readonly data:
        | { readonly type: "url"; readonly url: URL }
        | { readonly type: "reference"; readonly reference: Readonly<Record<string, string>> }
      readonly providerOptions?: ProviderMetadata | undefined
    }
  >
}

/**
 * The user model message of a steering part (upstream `convertToModelMessages`): text parts with
 * their provider metadata as provider options, file parts as URL data (or the provider reference
 * when there is one). A file URL that does not parse is an `InvalidPromptError` (upstream's
 * `new URL` throws a `TypeError`).
 *
 * @since 0.1.0
 * @category converting
 */
export const toModelMessage = (part: SteeringMessageUIPart): Effect.Effect<SteeringUserMessage, InvalidPromptError> =>
  Effect.suspend(() => {
    const content: Array<SteeringUserMessage["content"][number]> = []
    for (const p of part.parts) {
      const providerOptions = p.providerMetadata != null ? { providerOptions: p.providerMetadata } : {}
      if (p.type === "text") {
        content.push({ type: "text", text: p.text, ...providerOptions })
        continue
      }
      if (p.providerReference == null && !URL.canParse(p.url)) {
        return Effect.fail(new InvalidPromptError({ prompt: part, message: `Invalid URL: ${p.url}` }))
      }
      content.push({
        type: "file",
        mediaType: p.mediaType,
        filename: p.filename,
        data: p.providerReference != null
          ? { type: "reference", reference: p.providerReference }
          : { type: "url", url: new URL(p.url) },
        ...providerOptions
      })
    }
    return Effect.succeed({ role: "user", content })
  })
