/**
 * UI messages (upstream `ai/src/ui/ui-messages.ts`): what a chat client holds and sends back, as
 * types and as Effect Schemas. The Schemas are upstream's validation schemas
 * (`validate-ui-messages.ts`): each part type with its fields, tool parts by `state`, unknown keys
 * dropped; `ValidateUIMessages` applies them with upstream's extra rules and errors.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { Citation } from "../contract/Content.ts"
import { type JsonObject, JsonObject as JsonObjectSchema, UnknownValue } from "../contract/Json.ts"
import { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { FinishReason } from "./UIMessageChunk.ts"

const opt = Schema.optional
const ProviderReference = Schema.Record(Schema.String, Schema.String)
const metadata = { providerMetadata: opt(ProviderMetadata) }
const StreamingState = Schema.Literals(["streaming", "done"])

/**
 * A text part.
 *
 * @since 0.3.0
 * @category schemas
 */
export const TextUIPart = Schema.Struct({
  type: Schema.Literal("text"),
  text: Schema.String,
  citations: opt(Schema.Array(Citation)),
  state: opt(StreamingState),
  ...metadata
})

/**
 * A reasoning part.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ReasoningUIPart = Schema.Struct({
  type: Schema.Literal("reasoning"),
  id: opt(Schema.String),
  text: Schema.String,
  state: opt(StreamingState),
  ...metadata
})

/**
 * A provider-specific custom part.
 *
 * @since 0.3.0
 * @category schemas
 */
export const CustomUIPart = Schema.Struct({
  type: Schema.Literal("custom"),
  kind: Schema.String,
  ...metadata
})

/**
 * A URL source.
 *
 * @since 0.3.0
 * @category schemas
 */
export const SourceUrlUIPart = Schema.Struct({
  type: Schema.Literal("source-url"),
  sourceId: Schema.String,
  url: Schema.String,
  title: opt(Schema.String),
  ...metadata
})

/**
 * A document source.
 *
 * @since 0.3.0
 * @category schemas
 */
export const SourceDocumentUIPart = Schema.Struct({
  type: Schema.Literal("source-document"),
  sourceId: Schema.String,
  mediaType: Schema.String,
  title: Schema.String,
  filename: opt(Schema.String),
  ...metadata
})

/**
 * A file: a hosted or data URL, or an empty URL with a provider reference.
 *
 * @since 0.3.0
 * @category schemas
 */
export const FileUIPart = Schema.Struct({
  type: Schema.Literal("file"),
  mediaType: Schema.String,
  filename: opt(Schema.String),
  url: Schema.String,
  providerReference: opt(ProviderReference),
  ...metadata
})

/**
 * A file generated in reasoning.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ReasoningFileUIPart = Schema.Struct({
  type: Schema.Literal("reasoning-file"),
  mediaType: Schema.String,
  url: Schema.String,
  ...metadata
})

/**
 * A steering message added while the message was generated (experimental).
 *
 * @since 0.3.0
 * @category schemas
 */
export const SteeringMessageUIPart = Schema.Struct({
  type: Schema.Literal("steering-message"),
  id: Schema.String,
  parts: Schema.Array(Schema.Union([
    Schema.Struct({ type: Schema.Literal("text"), text: Schema.String, ...metadata }),
    Schema.Struct({
      type: Schema.Literal("file"),
      mediaType: Schema.String,
      filename: opt(Schema.String),
      url: Schema.String,
      providerReference: opt(ProviderReference),
      ...metadata
    })
  ]))
})

/**
 * A step boundary.
 *
 * @since 0.3.0
 * @category schemas
 */
export const StepStartUIPart = Schema.Struct({ type: Schema.Literal("step-start") })

/**
 * A `data-<name>` part of any name.
 *
 * @since 0.3.0
 * @category schemas
 */
export const DataUIPart = Schema.Struct({
  type: Schema.TemplateLiteral(["data-", Schema.String]),
  id: opt(Schema.String),
  data: UnknownValue
})

/**
 * A typed `data-<name>` part: its `data` decoded by the given Schema.
 *
 * @since 0.3.0
 * @category schemas
 */
export const dataPart = <const Name extends string, S extends Schema.Top>(name: Name, data: S) =>
  Schema.Struct({ type: Schema.Literal(`data-${name}`), id: opt(Schema.String), data })

const approvalRequested = {
  id: Schema.String,
  approved: opt(Schema.Never),
  descriptor: opt(UnknownValue),
  requestReason: opt(Schema.String),
  reason: opt(Schema.Never),
  isAutomatic: opt(Schema.Boolean),
  signature: opt(Schema.String),
  inputSchemaInput: opt(UnknownValue)
}
const approvalResponded = { ...approvalRequested, approved: Schema.Boolean, reason: opt(Schema.String) }
const ApprovalRequested = Schema.Struct(approvalRequested)
const ApprovalResponded = Schema.Struct(approvalResponded)
const ApprovalGranted = Schema.Struct({ ...approvalResponded, approved: Schema.Literal(true) })
const ApprovalDenied = Schema.Struct({ ...approvalResponded, approved: Schema.Literal(false) })

const toolStates = <const Head extends Schema.Struct.Fields>(head: Head) => {
  const common = {
    ...head,
    toolCallId: Schema.String,
    title: opt(Schema.String),
    toolMetadata: opt(JsonObjectSchema),
    providerExecuted: opt(Schema.Boolean),
    callProviderMetadata: opt(ProviderMetadata)
  }
  const noResult = { output: opt(Schema.Never), errorText: opt(Schema.Never) }
  return Schema.Union([
    Schema.Struct({
      ...common,
      ...noResult,
      state: Schema.Literal("input-streaming"),
      input: opt(UnknownValue),
      rawInput: opt(Schema.String),
      inputEncoding: opt(Schema.Literals(["json", "text"])),
      approval: opt(Schema.Never)
    }),
    Schema.Struct({ ...common, ...noResult, state: Schema.Literal("input-available"), input: UnknownValue, approval: opt(Schema.Never) }),
    Schema.Struct({ ...common, ...noResult, state: Schema.Literal("approval-requested"), input: UnknownValue, approval: ApprovalRequested }),
    Schema.Struct({ ...common, ...noResult, state: Schema.Literal("approval-responded"), input: UnknownValue, approval: ApprovalResponded }),
    Schema.Struct({
      ...common,
      state: Schema.Literal("output-available"),
      input: UnknownValue,
      output: UnknownValue,
      errorText: opt(Schema.Never),
      resultProviderMetadata: opt(ProviderMetadata),
      preliminary: opt(Schema.Boolean),
      approval: opt(ApprovalGranted)
    }),
    Schema.Struct({
      ...common,
      state: Schema.Literal("output-error"),
      input: opt(UnknownValue),
      rawInput: opt(UnknownValue),
      output: opt(Schema.Never),
      errorText: Schema.String,
      resultProviderMetadata: opt(ProviderMetadata),
      approval: opt(ApprovalGranted)
    }),
    Schema.Struct({ ...common, ...noResult, state: Schema.Literal("output-denied"), input: UnknownValue, approval: ApprovalDenied })
  ])
}

/**
 * A static tool's part, `tool-<name>`, in each of its states.
 *
 * @since 0.3.0
 * @category schemas
 */
export const ToolUIPart = toolStates({ type: Schema.TemplateLiteral(["tool-", Schema.String]) })

/**
 * A dynamic tool's part (`dynamic: false` marks a static tool's part whose tool is unavailable).
 *
 * @since 0.3.0
 * @category schemas
 */
export const DynamicToolUIPart = toolStates({
  type: Schema.Literal("dynamic-tool"),
  dynamic: opt(Schema.Literal(false)),
  toolName: Schema.String
})

/**
 * The parts without a name in their type (upstream's static part schema).
 *
 * @since 0.3.0
 * @category schemas
 */
export const StaticUIPart = Schema.Union([
  TextUIPart,
  ReasoningUIPart,
  CustomUIPart,
  SourceUrlUIPart,
  SourceDocumentUIPart,
  FileUIPart,
  ReasoningFileUIPart,
  SteeringMessageUIPart,
  StepStartUIPart
])

/**
 * Any part of a UI message.
 *
 * @since 0.3.0
 * @category schemas
 */
export const UIMessagePart = Schema.Union([StaticUIPart, DataUIPart, ToolUIPart, DynamicToolUIPart])

/**
 * A UI message.
 *
 * @since 0.3.0
 * @category schemas
 */
export const UIMessage = Schema.Struct({
  id: Schema.String,
  role: Schema.Literals(["system", "user", "assistant"]),
  metadata: opt(UnknownValue),
  parts: Schema.Array(UIMessagePart)
})

/**
 * A UI message whose metadata and data parts are typed by the given Schemas.
 *
 * @since 0.3.0
 * @category schemas
 */
export const make = <M extends Schema.Top, D extends ReadonlyArray<Schema.Top>>(options: {
  readonly metadata: M
  readonly dataParts: D
}) =>
  Schema.Struct({
    id: Schema.String,
    role: Schema.Literals(["system", "user", "assistant"]),
    metadata: opt(options.metadata),
    parts: Schema.Array(Schema.Union([StaticUIPart, ToolUIPart, DynamicToolUIPart, ...options.dataParts]))
  })

/**
 * The states of a tool part.
 *
 * @since 0.3.0
 * @category models
 */
export type ToolState =
  | "input-streaming"
  | "input-available"
  | "approval-requested"
  | "approval-responded"
  | "output-available"
  | "output-error"
  | "output-denied"

/**
 * A tool part's approval.
 *
 * @since 0.3.0
 * @category models
 */
export interface ToolApproval {
  readonly id: string
  readonly approved?: boolean | undefined
  readonly descriptor?: unknown
  readonly requestReason?: string | undefined
  readonly reason?: string | undefined
  readonly isAutomatic?: boolean | undefined
  readonly signature?: string | undefined
  readonly inputSchemaInput?: unknown
}

/**
 * The fields of a tool part in any state.
 *
 * @since 0.3.0
 * @category models
 */
export interface ToolInvocation {
  readonly toolCallId: string
  readonly state: ToolState
  readonly title?: string | undefined
  readonly toolMetadata?: JsonObject | undefined
  readonly providerExecuted?: boolean | undefined
  readonly input?: unknown
  readonly output?: unknown
  readonly errorText?: string | undefined
  readonly rawInput?: unknown
  readonly inputEncoding?: "json" | "text" | undefined
  readonly callProviderMetadata?: ProviderMetadata | undefined
  readonly resultProviderMetadata?: ProviderMetadata | undefined
  readonly preliminary?: boolean | undefined
  readonly approval?: ToolApproval | undefined
}

/**
 * A static tool's part.
 *
 * @since 0.3.0
 * @category models
 */
export interface ToolPart extends ToolInvocation {
  readonly type: `tool-${string}`
}

/**
 * A dynamic tool's part.
 *
 * @since 0.3.0
 * @category models
 */
export interface DynamicToolPart extends ToolInvocation {
  readonly type: "dynamic-tool"
  readonly toolName: string
  readonly dynamic?: false | undefined
}

/**
 * A `data-<name>` part.
 *
 * @since 0.3.0
 * @category models
 */
export interface DataPart {
  readonly type: `data-${string}`
  readonly id?: string | undefined
  readonly data: unknown
}

/**
 * A part of a UI message.
 *
 * @since 0.3.0
 * @category models
 */
export type Part =
  | typeof TextUIPart.Type
  | typeof ReasoningUIPart.Type
  | typeof CustomUIPart.Type
  | typeof SourceUrlUIPart.Type
  | typeof SourceDocumentUIPart.Type
  | typeof FileUIPart.Type
  | typeof ReasoningFileUIPart.Type
  | typeof SteeringMessageUIPart.Type
  | typeof StepStartUIPart.Type
  | DataPart
  | ToolPart
  | DynamicToolPart

/**
 * A UI message (upstream `UIMessage`).
 *
 * @since 0.3.0
 * @category models
 */
export interface UIMessage {
  readonly id: string
  readonly role: "system" | "user" | "assistant"
  readonly metadata?: unknown
  readonly parts: ReadonlyArray<Part>
}

/**
 * Whether a part is a static tool's part (upstream `isStaticToolUIPart`).
 *
 * @since 0.3.0
 * @category guards
 */
export const isStaticToolPart = (part: Part): part is ToolPart => part.type.startsWith("tool-")

/**
 * Whether a part is a tool part, static or dynamic (upstream `isToolUIPart`).
 *
 * @since 0.3.0
 * @category guards
 */
export const isToolPart = (part: Part): part is ToolPart | DynamicToolPart =>
  part.type === "dynamic-tool" || part.type.startsWith("tool-")

/**
 * Whether a part is a data part (upstream `isDataUIPart`).
 *
 * @since 0.3.0
 * @category guards
 */
export const isDataPart = (part: Part): part is DataPart => part.type.startsWith("data-")

/**
 * The tool name of a tool part (upstream `getToolName`).
 *
 * @since 0.3.0
 * @category accessors
 */
export const getToolName = (part: ToolPart | DynamicToolPart): string =>
  "toolName" in part ? part.toolName : part.type.slice(5)

/**
 * What a UI stream's end reports (upstream `UIMessageStreamOnEndCallback`'s event).
 *
 * @since 0.3.0
 * @category models
 */
export interface FinishEvent {
  /** The original messages with the response message (replacing the last one on a continuation). */
  readonly messages: ReadonlyArray<UIMessage>
  /** Whether the response message continues the last original (assistant) message. */
  readonly isContinuation: boolean
  /** Whether the run was aborted (an `abort` chunk, or the consumer interrupted the stream). */
  readonly isAborted: boolean
  /** Present (true) when the consumer interrupted the stream (e.g. the client disconnected). */
  readonly isCancelled?: true | undefined
  /** The operation-level outcome. */
  readonly outcome: Outcome
  readonly responseMessage: UIMessage
  readonly finishReason?: typeof FinishReason.Type | undefined
}

/**
 * The outcome of a UI message stream (upstream `UIMessageStreamOutcome`).
 *
 * @since 0.3.0
 * @category models
 */
export type Outcome =
  | { readonly status: "completed" }
  | { readonly status: "failed"; readonly error?: unknown }
  | { readonly status: "aborted" }
  | { readonly status: "unknown" }

/**
 * What the end of a step reports (upstream `UIMessageStreamOnStepEndCallback`'s event).
 *
 * @since 0.3.0
 * @category models
 */
export interface StepEndEvent {
  readonly messages: ReadonlyArray<UIMessage>
  readonly isContinuation: boolean
  readonly responseMessage: UIMessage
}
