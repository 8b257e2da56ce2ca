/**
 * The V4 prompt: messages and their parts (`LanguageModelV4Prompt`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { FileData, FileDataDataOrUrl } from "./FileData.ts"
import { JsonValue, UnknownValue } from "./Json.ts"
import { ProviderOptions } from "./ProviderMetadata.ts"

const providerOptions = optional(ProviderOptions)

/**
 * A text part.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TextPart = Schema.Struct({
  type: Schema.Literal("text"),
  text: Schema.String,
  providerOptions
})

/**
 * A reasoning part (assistant only).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningPart = Schema.Struct({
  type: Schema.Literal("reasoning"),
  text: Schema.String,
  providerOptions
})

/**
 * A reasoning file part (assistant only).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningFilePart = Schema.Struct({
  type: Schema.Literal("reasoning-file"),
  data: FileDataDataOrUrl,
  mediaType: Schema.String,
  providerOptions
})

/**
 * A provider-specific custom part (`kind` is `provider.type`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CustomPart = Schema.Struct({
  type: Schema.Literal("custom"),
  kind: Schema.TemplateLiteral([Schema.String, ".", Schema.String]),
  providerOptions
})

/**
 * A file part.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FilePart = Schema.Struct({
  type: Schema.Literal("file"),
  filename: optional(Schema.String),
  data: FileData,
  mediaType: Schema.String,
  providerOptions
})

/**
 * A tool call made by the assistant; `input` is the parsed value (or, for invalid calls, what core kept).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCallPart = Schema.Struct({
  type: Schema.Literal("tool-call"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  input: UnknownValue,
  providerExecuted: optional(Schema.Boolean),
  providerOptions
})

/**
 * A content item of a `content` tool-result output.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResultContentItem = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text"), text: Schema.String, providerOptions }),
  Schema.Struct({
    type: Schema.Literal("file"),
    data: FileData,
    mediaType: Schema.String,
    filename: optional(Schema.String),
    providerOptions
  }),
  Schema.Struct({ type: Schema.Literal("custom"), providerOptions })
])

/**
 * The output of a tool as sent back to the model.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResultOutput = Schema.Union([
  Schema.Struct({ type: Schema.Literal("text"), value: Schema.String, providerOptions }),
  Schema.Struct({ type: Schema.Literal("json"), value: JsonValue, providerOptions }),
  Schema.Struct({ type: Schema.Literal("execution-denied"), reason: optional(Schema.String), providerOptions }),
  Schema.Struct({ type: Schema.Literal("error-text"), value: Schema.String, providerOptions }),
  Schema.Struct({ type: Schema.Literal("error-json"), value: JsonValue, providerOptions }),
  Schema.Struct({ type: Schema.Literal("content"), value: Schema.Array(ToolResultContentItem) })
])

/**
 * The output of a tool as sent back to the model.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolResultOutput = typeof ToolResultOutput.Type

/**
 * A tool result part of the prompt.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResultPart = Schema.Struct({
  type: Schema.Literal("tool-result"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  output: ToolResultOutput,
  providerOptions
})

/**
 * A user's answer to a tool approval request.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolApprovalResponsePart = Schema.Struct({
  type: Schema.Literal("tool-approval-response"),
  approvalId: Schema.String,
  approved: Schema.Boolean,
  reason: optional(Schema.String),
  providerOptions
})

/**
 * A system message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemMessage = Schema.Struct({
  role: Schema.Literal("system"),
  content: Schema.String,
  providerOptions
})

/**
 * A user message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UserMessage = Schema.Struct({
  role: Schema.Literal("user"),
  content: Schema.Array(Schema.Union([TextPart, FilePart])),
  providerOptions
})

/**
 * A part of an assistant message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AssistantContentPart = Schema.Union([
  TextPart,
  FilePart,
  CustomPart,
  ReasoningPart,
  ReasoningFilePart,
  ToolCallPart,
  ToolResultPart
])

/**
 * An assistant message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AssistantMessage = Schema.Struct({
  role: Schema.Literal("assistant"),
  content: Schema.Array(AssistantContentPart),
  providerOptions
})

/**
 * A tool message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolMessage = Schema.Struct({
  role: Schema.Literal("tool"),
  content: Schema.Array(Schema.Union([ToolResultPart, ToolApprovalResponsePart])),
  providerOptions
})

/**
 * A prompt message.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Message = Schema.Union([SystemMessage, UserMessage, AssistantMessage, ToolMessage])

/**
 * A prompt message.
 *
 * @since 0.1.0
 * @category models
 */
export type Message = typeof Message.Type

/**
 * The V4 prompt: a list of messages.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Prompt = Schema.Array(Message)

/**
 * The V4 prompt: a list of messages.
 *
 * @since 0.1.0
 * @category models
 */
export type Prompt = typeof Prompt.Type

/**
 * @since 0.1.0
 * @category models
 */
export type TextPart = typeof TextPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ReasoningPart = typeof ReasoningPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ReasoningFilePart = typeof ReasoningFilePart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type CustomPart = typeof CustomPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type FilePart = typeof FilePart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolCallPart = typeof ToolCallPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolResultPart = typeof ToolResultPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolApprovalResponsePart = typeof ToolApprovalResponsePart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type SystemMessage = typeof SystemMessage.Type
/**
 * @since 0.1.0
 * @category models
 */
export type UserMessage = typeof UserMessage.Type
/**
 * @since 0.1.0
 * @category models
 */
export type AssistantMessage = typeof AssistantMessage.Type
/**
 * @since 0.1.0
 * @category models
 */
export type AssistantContentPart = typeof AssistantContentPart.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolMessage = typeof ToolMessage.Type
