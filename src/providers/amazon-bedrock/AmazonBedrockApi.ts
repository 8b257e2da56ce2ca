/**
 * Wire Schemas of the Bedrock Converse API: the request body (what aimux
 * writes), the `/converse` response, the ConverseStream events and the
 * error body. The response and stream Schemas port upstream's zod schemas in
 * `amazon-bedrock-chat-language-model.ts`; like them they are limited to
 * what the model reads, undeclared keys are dropped on decode (zod
 * `z.object`), and `usage` keeps every key (`.catchall(z.json())`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullishKey } from "../../contract/Fields.ts"


const loose = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Json)])

/**
 * The stop reasons upstream names (any other string is accepted too).
 *
 * @since 0.1.0
 * @category constants
 */
export const BEDROCK_STOP_REASONS = [
  "stop",
  "stop_sequence",
  "end_turn",
  "length",
  "max_tokens",
  "content-filter",
  "content_filtered",
  "guardrail_intervened",
  "tool-calls",
  "tool_use"
] as const

/**
 * Image media types → Converse image formats.
 *
 * @since 0.1.0
 * @category constants
 */
export const BEDROCK_IMAGE_MIME_TYPES: Readonly<Record<string, string>> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp"
}

/**
 * Document media types → Converse document formats.
 *
 * @since 0.1.0
 * @category constants
 */
export const BEDROCK_DOCUMENT_MIME_TYPES: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "text/csv": "csv",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html",
  "text/plain": "txt",
  "text/markdown": "md"
}

/**
 * Video media types → Converse video formats.
 *
 * @since 0.1.0
 * @category constants
 */
export const BEDROCK_VIDEO_MIME_TYPES: Readonly<Record<string, string>> = {
  "video/x-matroska": "mkv",
  "video/quicktime": "mov",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/x-flv": "flv",
  "video/mpeg": "mpeg",
  "video/mpg": "mpg",
  "video/wmv": "wmv",
  "video/x-ms-wmv": "wmv",
  "video/3gpp": "three_gp"
}

/**
 * A cache point block (`{ cachePoint: { type: "default", ttl? } }`).
 *
 * @since 0.1.0
 * @category models
 */
export interface CachePoint {
  readonly cachePoint: unknown
}

/**
 * A media source: inline base64 bytes or an S3 location.
 *
 * @since 0.1.0
 * @category models
 */
export type MediaSource = { readonly bytes: string } | { readonly s3Location: { readonly uri: string } }

/**
 * A document block.
 *
 * @since 0.1.0
 * @category models
 */
export interface DocumentBlock {
  readonly document: {
    readonly format: string
    readonly name: string
    readonly source: { readonly bytes: string }
    readonly citations?: { readonly enabled: boolean }
  }
}

/**
 * An image block.
 *
 * @since 0.1.0
 * @category models
 */
export interface ImageBlock {
  readonly image: { readonly format: string; readonly source: MediaSource }
}

/**
 * A video block.
 *
 * @since 0.1.0
 * @category models
 */
export interface VideoBlock {
  readonly video: { readonly format: string; readonly source: MediaSource }
}

/**
 * A tool result's content item.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolResultContent = { readonly text: string } | ImageBlock | DocumentBlock | VideoBlock

/**
 * One content block of a Converse message (upstream `AmazonBedrockContentBlock`).
 *
 * @since 0.1.0
 * @category models
 */
export type ContentBlock =
  | DocumentBlock
  | ImageBlock
  | VideoBlock
  | { readonly text: string }
  | {
    readonly guardContent:
      | { readonly text: { readonly text: string; readonly qualifiers?: ReadonlyArray<string> | undefined } }
      | ImageBlock
  }
  | {
    readonly toolResult: { readonly toolUseId: string; readonly content: ReadonlyArray<ToolResultContent> }
  }
  | { readonly toolUse: { readonly toolUseId: string; readonly name: string; readonly input: unknown } }
  | {
    readonly reasoningContent:
      | { readonly reasoningText: { readonly text: string; readonly signature?: string } }
      | { readonly redactedReasoning: { readonly data: string } }
      | { readonly redactedContent: string }
  }
  | CachePoint

/**
 * A Converse message.
 *
 * @since 0.1.0
 * @category models
 */
export interface Message {
  readonly role: "user" | "assistant"
  readonly content: Array<ContentBlock>
}

/**
 * A system content block.
 *
 * @since 0.1.0
 * @category models
 */
export type SystemBlock = { readonly text: string } | CachePoint

/**
 * A tool definition of `toolConfig.tools`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Tool {
  readonly toolSpec: {
    readonly name: string
    readonly description?: string | undefined
    readonly strict?: boolean | undefined
    readonly inputSchema: { readonly json: unknown }
  }
}

/**
 * `toolConfig`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolConfiguration {
  readonly tools?: ReadonlyArray<Tool> | undefined
  readonly toolChoice?:
    | { readonly tool: { readonly name: string } }
    | { readonly auto: {} }
    | { readonly any: {} }
    | undefined
}

/**
 * The Converse request body (upstream `AmazonBedrockConverseInput`, plus the
 * provider options upstream spreads into it verbatim).
 *
 * @since 0.1.0
 * @category models
 */
export interface ConverseInput {
  readonly [key: string]: unknown
  readonly system: ReadonlyArray<SystemBlock>
  readonly messages: ReadonlyArray<Message>
}

const StopReason = Schema.String

const AdditionalModelResponseFields = Schema.StructWithRest(
  Schema.Struct({ delta: nullishKey(Schema.Struct({ stop_sequence: nullishKey(Schema.String) })) }),
  [Schema.Record(Schema.String, Schema.Unknown)]
)

const ToolUse = Schema.Struct({
  toolUseId: Schema.String,
  name: Schema.String,
  input: Schema.optionalKey(Schema.Unknown)
})

const CacheDetail = loose({ inputTokens: Schema.Number, ttl: Schema.String })

/**
 * The `/converse` response (the part upstream reads).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ConverseResponse = Schema.Struct({
  metrics: nullishKey(Schema.Struct({ latencyMs: Schema.Number })),
  output: Schema.Struct({
    message: Schema.Struct({
      content: Schema.Array(Schema.Struct({
        text: nullishKey(Schema.String),
        citationsContent: nullishKey(Schema.Struct({
          content: nullishKey(Schema.Array(Schema.Struct({ text: nullishKey(Schema.String) })))
        })),
        toolUse: nullishKey(ToolUse),
        reasoningContent: nullishKey(Schema.Union([
          Schema.Struct({ reasoningText: Schema.Struct({ signature: nullishKey(Schema.String), text: Schema.String }) }),
          Schema.Struct({ redactedReasoning: Schema.Struct({ data: Schema.String }) }),
          Schema.Struct({ redactedContent: Schema.String })
        ]))
      })),
      role: Schema.String
    })
  }),
  stopReason: StopReason,
  additionalModelResponseFields: nullishKey(AdditionalModelResponseFields),
  trace: nullishKey(Schema.Json),
  performanceConfig: nullishKey(Schema.Struct({ latency: Schema.String })),
  serviceTier: nullishKey(Schema.Struct({ type: Schema.String })),
  usage: loose({
    inputTokens: Schema.Number,
    outputTokens: Schema.Number,
    totalTokens: Schema.Number,
    cacheReadInputTokens: nullishKey(Schema.Number),
    cacheWriteInputTokens: nullishKey(Schema.Number),
    cacheDetails: nullishKey(Schema.Array(CacheDetail))
  })
})

/**
 * The `/converse` response.
 *
 * @since 0.1.0
 * @category models
 */
export type ConverseResponse = typeof ConverseResponse.Type

const Exception = nullishKey(Schema.Record(Schema.String, Schema.Unknown))

/**
 * One ConverseStream event, wrapped by its event or exception type
 * (`{ contentBlockDelta: {...} }`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const StreamEvent = Schema.Struct({
  contentBlockDelta: nullishKey(Schema.Struct({
    contentBlockIndex: Schema.Number,
    delta: nullishKey(Schema.Union([
      Schema.Struct({ text: Schema.String }),
      Schema.Struct({ citation: Schema.Record(Schema.String, Schema.Unknown) }),
      Schema.Struct({ toolUse: Schema.Struct({ input: Schema.String }) }),
      Schema.Struct({ reasoningContent: Schema.Struct({ text: Schema.String }) }),
      Schema.Struct({ reasoningContent: Schema.Struct({ signature: Schema.String }) }),
      Schema.Struct({ reasoningContent: Schema.Struct({ data: Schema.String }) }),
      Schema.Struct({ reasoningContent: Schema.Struct({ redactedContent: Schema.String }) })
    ]))
  })),
  contentBlockStart: nullishKey(Schema.Struct({
    contentBlockIndex: Schema.Number,
    start: nullishKey(Schema.Struct({ toolUse: nullishKey(ToolUse) }))
  })),
  contentBlockStop: nullishKey(Schema.Struct({ contentBlockIndex: Schema.Number })),
  internalServerException: Exception,
  messageStop: nullishKey(Schema.Struct({
    additionalModelResponseFields: nullishKey(AdditionalModelResponseFields),
    stopReason: StopReason
  })),
  metadata: nullishKey(Schema.Struct({
    trace: nullishKey(Schema.Json),
    performanceConfig: nullishKey(Schema.Struct({ latency: Schema.String })),
    serviceTier: nullishKey(Schema.Struct({ type: Schema.String })),
    usage: nullishKey(loose({
      cacheReadInputTokens: nullishKey(Schema.Number),
      cacheWriteInputTokens: nullishKey(Schema.Number),
      cacheDetails: nullishKey(Schema.Array(CacheDetail)),
      inputTokens: Schema.Number,
      outputTokens: Schema.Number,
      totalTokens: Schema.optionalKey(Schema.Number)
    }))
  })),
  modelStreamErrorException: Exception,
  serviceUnavailableException: Exception,
  throttlingException: Exception,
  validationException: Exception
})

/**
 * One ConverseStream event.
 *
 * @since 0.1.0
 * @category models
 */
export type StreamEvent = typeof StreamEvent.Type

/**
 * Bedrock's error body (`{ message, type? }`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorBody = Schema.Struct({
  message: Schema.String,
  type: nullishKey(Schema.String)
})

/**
 * Bedrock's error body.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorBody = typeof ErrorBody.Type
