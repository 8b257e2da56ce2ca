/**
 * The chunks of a UI message stream (upstream `ai/src/ui-message-stream/ui-message-chunks.ts`,
 * `uiMessageChunkSchema`): one Schema per chunk type and their union. Decoding keeps the known
 * fields of a chunk (upstream's loose objects also keep unknown ones; no consumer reads them).
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { Citation } from "../contract/Content.ts"
import { JsonObject, UnknownValue } from "../contract/Json.ts"
import { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import { SteeringMessageChunk } from "./SteeringMessage.ts"

const opt = Schema.optional
const metadata = { providerMetadata: opt(ProviderMetadata) }
const toolFields = {
  providerExecuted: opt(Schema.Boolean),
  ...metadata,
  toolMetadata: opt(JsonObject),
  dynamic: opt(Schema.Boolean)
}

/**
 * The finish reasons a `finish` chunk may carry (upstream's enum).
 *
 * @since 0.3.0
 * @category schemas
 */
export const FinishReason = Schema.Literals(["stop", "length", "content-filter", "tool-calls", "error", "interrupted", "other"])

/**
 * `text-start`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const TextStart = Schema.Struct({ type: Schema.Literal("text-start"), id: Schema.String, ...metadata })

/**
 * `text-delta`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const TextDelta = Schema.Struct({ type: Schema.Literal("text-delta"), id: Schema.String, delta: Schema.String, ...metadata })

/**
 * `text-end` (with the text's citations).
 *
 * @since 0.3.0
 * @category schemas
 */
export const TextEnd = Schema.Struct({
  type: Schema.Literal("text-end"),
  id: Schema.String,
  citations: opt(Schema.Array(Citation)),
  ...metadata
})

/**
 * `error`: the error text (what `onError` made of the error).
 *
 * @since 0.3.0
 * @category schemas
 */
export const ErrorChunk = Schema.Struct({ type: Schema.Literal("error"), errorText: Schema.String })

/**
 * `tool-input-start`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolInputStart = Schema.Struct({
  type: Schema.Literal("tool-input-start"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  inputEncoding: opt(Schema.Literals(["json", "text"])),
  ...toolFields,
  title: opt(Schema.String)
})

/**
 * `tool-input-delta`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolInputDelta = Schema.Struct({
  type: Schema.Literal("tool-input-delta"),
  toolCallId: Schema.String,
  inputTextDelta: Schema.String
})

/**
 * `tool-input-available`: the parsed input of a tool call.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolInputAvailable = Schema.Struct({
  type: Schema.Literal("tool-input-available"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  input: UnknownValue,
  ...toolFields,
  title: opt(Schema.String)
})

/**
 * `tool-input-error`: an invalid tool call.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolInputError = Schema.Struct({
  type: Schema.Literal("tool-input-error"),
  toolCallId: Schema.String,
  toolName: Schema.String,
  input: UnknownValue,
  ...toolFields,
  errorText: Schema.String,
  title: opt(Schema.String)
})

/**
 * `tool-approval-request`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolApprovalRequest = Schema.Struct({
  type: Schema.Literal("tool-approval-request"),
  approvalId: Schema.String,
  toolCallId: Schema.String,
  approvalDescriptor: opt(UnknownValue),
  inputSchemaInput: opt(UnknownValue),
  reason: opt(Schema.String),
  isAutomatic: opt(Schema.Boolean),
  signature: opt(Schema.String)
})

/**
 * `tool-approval-response`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolApprovalResponse = Schema.Struct({
  type: Schema.Literal("tool-approval-response"),
  approvalId: Schema.String,
  approved: Schema.Boolean,
  reason: opt(Schema.String),
  providerExecuted: opt(Schema.Boolean),
  ...metadata
})

/**
 * `tool-output-available` (`preliminary` for a streaming tool's intermediate results).
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolOutputAvailable = Schema.Struct({
  type: Schema.Literal("tool-output-available"),
  toolCallId: Schema.String,
  output: UnknownValue,
  ...toolFields,
  preliminary: opt(Schema.Boolean)
})

/**
 * `tool-output-error`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolOutputError = Schema.Struct({
  type: Schema.Literal("tool-output-error"),
  toolCallId: Schema.String,
  errorText: Schema.String,
  ...toolFields
})

/**
 * `tool-output-denied`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolOutputDenied = Schema.Struct({ type: Schema.Literal("tool-output-denied"), toolCallId: Schema.String })

/**
 * `reasoning-start`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ReasoningStart = Schema.Struct({ type: Schema.Literal("reasoning-start"), id: Schema.String, ...metadata })

/**
 * `reasoning-delta`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ReasoningDelta = Schema.Struct({
  type: Schema.Literal("reasoning-delta"),
  id: Schema.String,
  delta: Schema.String,
  ...metadata
})

/**
 * `reasoning-end`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ReasoningEnd = Schema.Struct({ type: Schema.Literal("reasoning-end"), id: Schema.String, ...metadata })

/**
 * `custom`: provider-specific content (`kind` is `provider.name`).
 *
 * @since 0.3.0
 * @category schemas
 */
export const Custom = Schema.Struct({
  type: Schema.Literal("custom"),
  kind: Schema.TemplateLiteral([Schema.String, ".", Schema.String]),
  ...metadata
})

/**
 * `source-url`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const SourceUrl = Schema.Struct({
  type: Schema.Literal("source-url"),
  sourceId: Schema.String,
  url: Schema.String,
  title: opt(Schema.String),
  ...metadata
})

/**
 * `source-document`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const SourceDocument = Schema.Struct({
  type: Schema.Literal("source-document"),
  sourceId: Schema.String,
  mediaType: Schema.String,
  title: Schema.String,
  filename: opt(Schema.String),
  ...metadata
})

/**
 * `file`: a generated file as a data URL.
 *
 * @since 0.3.0
 * @category schemas
 */
export const File = Schema.Struct({ type: Schema.Literal("file"), url: Schema.String, mediaType: Schema.String, ...metadata })

/**
 * `reasoning-file`: a file generated in reasoning.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ReasoningFile = Schema.Struct({
  type: Schema.Literal("reasoning-file"),
  url: Schema.String,
  mediaType: Schema.String,
  ...metadata
})

/**
 * `steering-message` (experimental).
 *
 * @since 0.3.0
 * @category schemas
 */
export const SteeringMessage = SteeringMessageChunk

/**
 * A `data-<name>` chunk of any name (untyped data; see {@link dataChunk} for a typed one).
 * `transient` chunks reach the client's `onData` but are not added to the message.
 *
 * @since 0.3.0
 * @category schemas
 */
export const Data = Schema.Struct({
  type: Schema.TemplateLiteral(["data-", Schema.String]),
  id: opt(Schema.String),
  data: UnknownValue,
  transient: opt(Schema.Boolean)
})

/**
 * A typed `data-<name>` chunk: its `data` decoded by the given Schema.
 *
 * @since 0.3.0
 * @category schemas
 */
export const dataChunk = <const Name extends string, S extends Schema.Top>(name: Name, data: S) =>
  Schema.Struct({
    type: Schema.Literal(`data-${name}`),
    id: opt(Schema.String),
    data,
    transient: opt(Schema.Boolean)
  })

/**
 * `start-step`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const StartStep = Schema.Struct({ type: Schema.Literal("start-step") })

/**
 * `finish-step`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const FinishStep = Schema.Struct({ type: Schema.Literal("finish-step") })

/**
 * `reset-step`: removes the parts the current step added.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ResetStep = Schema.Struct({ type: Schema.Literal("reset-step") })

/**
 * `start` (with the response message id in persistence mode).
 *
 * @since 0.3.0
 * @category schemas
 */
export const Start = Schema.Struct({
  type: Schema.Literal("start"),
  messageId: opt(Schema.String),
  messageMetadata: opt(UnknownValue)
})

/**
 * `finish` (no usage).
 *
 * @since 0.3.0
 * @category schemas
 */
export const Finish = Schema.Struct({
  type: Schema.Literal("finish"),
  finishReason: opt(FinishReason),
  messageMetadata: opt(UnknownValue)
})

/**
 * `abort`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const Abort = Schema.Struct({ type: Schema.Literal("abort"), reason: opt(Schema.String) })

/**
 * `message-metadata`.
 *
 * @since 0.3.0
 * @category schemas
 */
export const MessageMetadata = Schema.Struct({ type: Schema.Literal("message-metadata"), messageMetadata: UnknownValue })

/**
 * Every chunk of a UI message stream (upstream `uiMessageChunkSchema`).
 *
 * @since 0.3.0
 * @category schemas
 */
export const UIMessageChunk = Schema.Union([
  TextStart,
  TextDelta,
  TextEnd,
  ErrorChunk,
  ToolInputStart,
  ToolInputDelta,
  ToolInputAvailable,
  ToolInputError,
  ToolApprovalRequest,
  ToolApprovalResponse,
  ToolOutputAvailable,
  ToolOutputError,
  ToolOutputDenied,
  ReasoningStart,
  ReasoningDelta,
  ReasoningEnd,
  Custom,
  SourceUrl,
  SourceDocument,
  File,
  ReasoningFile,
  SteeringMessage,
  Data,
  StartStep,
  FinishStep,
  ResetStep,
  Start,
  Finish,
  Abort,
  MessageMetadata
])

/**
 * A chunk of a UI message stream.
 *
 * @since 0.3.0
 * @category models
 */
export type UIMessageChunk = typeof UIMessageChunk.Type

/**
 * A `data-<name>` chunk.
 *
 * @since 0.3.0
 * @category models
 */
export type DataChunk = typeof Data.Type

/**
 * Whether a chunk is a `data-<name>` chunk (upstream `isDataUIMessageChunk`).
 *
 * @since 0.3.0
 * @category guards
 */
export const isDataChunk = (chunk: UIMessageChunk): chunk is DataChunk => chunk.type.startsWith("data-")

/**
 * Decodes an untrusted chunk (e.g. a parsed SSE `data:` line); a failure is a `SchemaError`.
 *
 * @since 0.3.0
 * @category decoding
 */
export const decode = Schema.decodeUnknownEffect(UIMessageChunk)
