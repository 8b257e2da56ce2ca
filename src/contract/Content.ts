/**
 * Content parts returned by `generate` (`LanguageModelV4Content`, 9 kinds), plus sources and citations.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { FileDataDataOrUrl } from "./FileData.ts"
import { NonNullJsonValue } from "./Json.ts"
import { ProviderMetadata } from "./ProviderMetadata.ts"

const providerMetadata = optional(ProviderMetadata)

/**
 * A URL source.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UrlSource = Schema.Struct({
  type: Schema.Literal("source"),
  sourceType: Schema.Literal("url"),
  id: Schema.String,
  url: Schema.String,
  title: optional(Schema.String),
  providerMetadata
})

/**
 * A document source.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DocumentSource = Schema.Struct({
  type: Schema.Literal("source"),
  sourceType: Schema.Literal("document"),
  id: Schema.String,
  mediaType: Schema.String,
  title: Schema.String,
  filename: optional(Schema.String),
  providerMetadata
})

/**
 * A source used to generate the response.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Source = Schema.Union([UrlSource, DocumentSource])

/**
 * A source used to generate the response.
 *
 * @since 0.1.0
 * @category models
 */
export type Source = typeof Source.Type

/**
 * A citation of a source within text (`endIndex` exclusive).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Citation = Schema.Struct({
  source: Source,
  startIndex: optional(Schema.Number),
  endIndex: optional(Schema.Number),
  citedText: optional(Schema.String)
})

/**
 * A citation of a source within text.
 *
 * @since 0.1.0
 * @category models
 */
export type Citation = typeof Citation.Type

/**
 * Generated text.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Text = Schema.Struct({
  type: Schema.Literal("text"),
  text: Schema.String,
  citations: optional(Schema.Array(Citation)),
  providerMetadata
})

/**
 * Generated reasoning.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Reasoning = Schema.Struct({
  type: Schema.Literal("reasoning"),
  text: Schema.String,
  providerMetadata
})

/**
 * Provider-specific content (`kind` is `provider.type`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CustomContent = Schema.Struct({
  type: Schema.Literal("custom"),
  kind: Schema.TemplateLiteral([Schema.String, ".", Schema.String]),
  providerMetadata
})

/**
 * A generated file.
 *
 * @since 0.1.0
 * @category schemas
 */
export const File = Schema.Struct({
  type: Schema.Literal("file"),
  mediaType: Schema.String,
  data: FileDataDataOrUrl,
  providerMetadata
})

/**
 * A file generated as part of reasoning.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReasoningFile = Schema.Struct({
  type: Schema.Literal("reasoning-file"),
  mediaType: Schema.String,
  data: FileDataDataOrUrl,
  providerMetadata
})

/**
 * A request for the user to approve a provider-executed tool call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolApprovalRequest = Schema.Struct({
  type: Schema.Literal("tool-approval-request"),
  approvalId: Schema.String,
  toolCallId: Schema.String,
  providerMetadata
})

/**
 * A tool call as the provider reports it: `input` is the JSON text (even for string inputs).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolCall = Schema.Struct({
  type: Schema.Literal("tool-call"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  input: Schema.String,
  providerExecuted: optional(Schema.Boolean),
  dynamic: optional(Schema.Boolean),
  providerMetadata
})

/**
 * The result of a provider-executed tool, as the provider layer reports it.
 * It has no `providerExecuted` field (as `@ai-sdk/provider` 4.0.38); core marks it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ToolResult = Schema.Struct({
  type: Schema.Literal("tool-result"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  result: NonNullJsonValue,
  isError: optional(Schema.Boolean),
  preliminary: optional(Schema.Boolean),
  dynamic: optional(Schema.Boolean),
  providerMetadata
})

/**
 * A content part returned by `generate`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Content = Schema.Union([
  Text,
  Reasoning,
  CustomContent,
  ReasoningFile,
  File,
  ToolApprovalRequest,
  UrlSource,
  DocumentSource,
  ToolCall,
  ToolResult
])

/**
 * A content part returned by `generate`.
 *
 * @since 0.1.0
 * @category models
 */
export type Content = typeof Content.Type

/**
 * @since 0.1.0
 * @category models
 */
export type Text = typeof Text.Type
/**
 * @since 0.1.0
 * @category models
 */
export type Reasoning = typeof Reasoning.Type
/**
 * @since 0.1.0
 * @category models
 */
export type CustomContent = typeof CustomContent.Type
/**
 * @since 0.1.0
 * @category models
 */
export type File = typeof File.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ReasoningFile = typeof ReasoningFile.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolApprovalRequest = typeof ToolApprovalRequest.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolCall = typeof ToolCall.Type
/**
 * @since 0.1.0
 * @category models
 */
export type ToolResult = typeof ToolResult.Type
/**
 * @since 0.1.0
 * @category models
 */
export type UrlSource = typeof UrlSource.Type
/**
 * @since 0.1.0
 * @category models
 */
export type DocumentSource = typeof DocumentSource.Type
