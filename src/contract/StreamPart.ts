/**
 * Stream parts emitted by `stream` (`LanguageModelV4StreamPart`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import {
  Citation,
  CustomContent,
  DocumentSource,
  File,
  ReasoningFile,
  ToolApprovalRequest,
  ToolCall,
  ToolResult,
  UrlSource
} from "./Content.ts"
import { FinishReason } from "./FinishReason.ts"
import { UnknownValue } from "./Json.ts"
import { ProviderMetadata } from "./ProviderMetadata.ts"
import { ResponseMetadataFields } from "./ResponseMetadata.ts"
import { Usage } from "./Usage.ts"
import { Warning } from "./Warning.ts"

const providerMetadata = optional(ProviderMetadata)

/**
 * @since 0.1.0
 * @category schemas
 */
export const TextStart = Schema.Struct({ type: Schema.Literal("text-start"), id: Schema.String, providerMetadata })
/**
 * @since 0.1.0
 * @category schemas
 */
export const TextDelta = Schema.Struct({
  type: Schema.Literal("text-delta"),
  id: Schema.String,
  delta: Schema.String,
  providerMetadata
})
/**
 * @since 0.1.0
 * @category schemas
 */
export const TextEnd = Schema.Struct({
  type: Schema.Literal("text-end"),
  id: Schema.String,
  citations: optional(Schema.Array(Citation)),
  providerMetadata
})
/**
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningStart = Schema.Struct({
  type: Schema.Literal("reasoning-start"),
  id: Schema.String,
  providerMetadata
})
/**
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningDelta = Schema.Struct({
  type: Schema.Literal("reasoning-delta"),
  id: Schema.String,
  delta: Schema.String,
  providerMetadata
})
/**
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningEnd = Schema.Struct({
  type: Schema.Literal("reasoning-end"),
  id: Schema.String,
  providerMetadata
})

/**
 * Start of a streamed tool input. `inputEncoding` defaults to `json`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolInputStart = Schema.Struct({
  type: Schema.Literal("tool-input-start"),
  id: Schema.String,
  toolName: Schema.String,
  inputEncoding: optional(Schema.Literals(["json", "text"])),
  providerMetadata,
  providerExecuted: optional(Schema.Boolean),
  dynamic: optional(Schema.Boolean),
  title: optional(Schema.String)
})
/**
 * @since 0.1.0
 * @category schemas
 */
export const ToolInputDelta = Schema.Struct({
  type: Schema.Literal("tool-input-delta"),
  id: Schema.String,
  delta: Schema.String,
  providerMetadata
})
/**
 * @since 0.1.0
 * @category schemas
 */
export const ToolInputEnd = Schema.Struct({
  type: Schema.Literal("tool-input-end"),
  id: Schema.String,
  providerMetadata
})

/**
 * The warnings of the call, first part of every stream.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StreamStart = Schema.Struct({
  type: Schema.Literal("stream-start"),
  warnings: Schema.Array(Warning)
})

/**
 * Response metadata as a stream part.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponseMetadataPart = Schema.Struct({
  type: Schema.Literal("response-metadata"),
  ...ResponseMetadataFields
})

/**
 * The end of the model call: usage and finish reason.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Finish = Schema.Struct({
  type: Schema.Literal("finish"),
  usage: Usage,
  finishReason: FinishReason,
  providerMetadata
})

/**
 * Keep-alive.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Ping = Schema.Struct({ type: Schema.Literal("ping") })

/**
 * A raw provider chunk (only when `includeRawChunks`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Raw = Schema.Struct({ type: Schema.Literal("raw"), rawValue: UnknownValue })

/**
 * An in-stream error; not terminal (the stream may go on and finish).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ErrorPart = Schema.Struct({ type: Schema.Literal("error"), error: UnknownValue })

/**
 * A stream part of the V4 contract.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StreamPart = Schema.Union([
  TextStart,
  TextDelta,
  TextEnd,
  ReasoningStart,
  ReasoningDelta,
  ReasoningEnd,
  ToolInputStart,
  ToolInputDelta,
  ToolInputEnd,
  ToolApprovalRequest,
  ToolCall,
  ToolResult,
  CustomContent,
  File,
  ReasoningFile,
  UrlSource,
  DocumentSource,
  StreamStart,
  ResponseMetadataPart,
  Finish,
  Ping,
  Raw,
  ErrorPart
])

/**
 * A stream part of the V4 contract.
 *
 * @since 0.1.0
 * @category models
 */
export type StreamPart = typeof StreamPart.Type

/**
 * @since 0.1.0
 * @category models
 */
export type TextStart = typeof TextStart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type TextDelta = typeof TextDelta.Type
/**
 * @since 0.1.0
 * @category models
 */
export type TextEnd = typeof TextEnd.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ReasoningStart = typeof ReasoningStart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ReasoningDelta = typeof ReasoningDelta.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ReasoningEnd = typeof ReasoningEnd.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolInputStart = typeof ToolInputStart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolInputDelta = typeof ToolInputDelta.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolInputEnd = typeof ToolInputEnd.Type
/**
 * @since 0.1.0
 * @category models
 */
export type StreamStart = typeof StreamStart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ResponseMetadataPart = typeof ResponseMetadataPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type Finish = typeof Finish.Type
/**
 * @since 0.1.0
 * @category models
 */
export type Ping = typeof Ping.Type
/**
 * @since 0.1.0
 * @category models
 */
export type Raw = typeof Raw.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ErrorPart = typeof ErrorPart.Type
