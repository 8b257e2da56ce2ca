/**
 * Core content parts (upstream `ContentPart` of `ai`) and the conversion of provider output into
 * them: `convertLanguageModelContent` for `generate` results and the per-part conversion of
 * `stream-language-model-call.ts` for stream parts.
 *
 * This module and the stream conversion in {@link toTextStreamToolResult} are the only places where
 * a provider (V4) tool result becomes a core result; both go through `ToolResult.fromProviderResult`,
 * the one function that writes `providerExecuted: true`.
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import type * as Content from "../contract/Content.ts"
import { ToolCallNotFoundForApprovalError } from "../contract/errors/ToolCallNotFoundForApprovalError.ts"
import type { FileDataDataOrUrl } from "../contract/FileData.ts"
import type { JsonObject } from "../contract/Json.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { ToolResultOutput } from "../contract/Prompt.ts"
import type * as ToolApprovalParts from "./approval/ToolApprovalParts.ts"
import type * as Toolkit from "./Toolkit.ts"
import type * as ToolResultModel from "./ToolResult.ts"
import { fromProviderResult } from "./ToolResult.ts"
import type { TypedToolCall } from "./TypedToolCall.ts"

/**
 * What core needs to know of a tool to convert and execute around it (a structural view of the
 * tool definitions of `Tool.ts`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolInfo {
  readonly type?: "function" | "dynamic" | "provider" | undefined
  readonly title?: string | undefined
  readonly metadata?: JsonObject | undefined
  readonly supportsDeferredResults?: boolean | undefined
  readonly toModelOutput?:
    | ((options: { readonly toolCallId: string; readonly input: unknown; readonly output: unknown }) =>
      Effect.Effect<ToolResultOutput> | ToolResultOutput)
    | undefined
}

/**
 * Tools by name, as core looks them up (own properties only).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolInfoSet = Readonly<Record<string, ToolInfo>>

/**
 * Looks up a tool by own property (upstream `getOwn`: `toString`, `__proto__` are never tools).
 *
 * @since 0.1.0
 * @category getters
 */
export const getTool = (tools: ToolInfoSet | undefined, name: string): ToolInfo | undefined =>
  tools !== undefined && Object.hasOwn(tools, name) ? tools[name] : undefined

/**
 * A parsed tool call (upstream `TypedToolCall`) of any toolkit; `invalid` calls keep what could be
 * parsed of the input and carry the parse error.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCall = TypedToolCall<Toolkit.Any>

/**
 * A tool result of step content: a client result (the tool ran in core) or a provider result
 * (`providerExecuted: true`), as modelled in `ToolResult.ts`.
 *
 * @since 0.1.0
 * @category models
 */
export type ToolResult = ToolResultModel.ClientToolResult | ToolResultModel.ProviderToolResult

/**
 * A tool error of step content: a client error (`error` is the raw failure, or the error message
 * string for invalid calls) or a provider error (`providerExecuted: true`), as modelled in
 * `ToolResult.ts`.
 *
 * @since 0.1.0
 * @category errors
 */
export type ToolError = ToolResultModel.ClientToolError | ToolResultModel.ProviderToolError

/**
 * A generated file (upstream `GeneratedFile`): base64 and bytes views of the same data.
 *
 * @since 0.1.0
 * @category models
 */
export interface GeneratedFile {
  readonly base64: string
  readonly uint8Array: Uint8Array
  readonly mediaType: string
}

/**
 * A file part of core content.
 *
 * @since 0.1.0
 * @category models
 */
export interface FilePart {
  readonly type: "file" | "reasoning-file"
  readonly file: GeneratedFile
  readonly providerMetadata?: ProviderMetadata | undefined
}

/**
 * A content part of a step (upstream `ContentPart`).
 *
 * @since 0.1.0
 * @category models
 */
export type ContentPart =
  | Content.Text
  | Content.Reasoning
  | Content.CustomContent
  | Content.UrlSource
  | Content.DocumentSource
  | FilePart
  | ToolCall
  | ToolResult
  | ToolError
  | ToolApprovalRequestOutput
  | ToolApprovalResponseOutput

/**
 * A step's approval request (see `ToolApproval.ts`).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolApprovalRequestOutput = ToolApprovalParts.RequestOutput

/**
 * A step's automatic approval decision (see `ToolApproval.ts`).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolApprovalResponseOutput = ToolApprovalParts.ResponseOutput

/**
 * A tool output of a step (result or error).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolOutput = ToolResult | ToolError

/**
 * The stream-side conversion of a provider tool result (upstream `stream-language-model-call.ts`
 * L822-864): `dynamic` from the provider part, `input` from the call seen earlier in the stream
 * (undefined for orphans); provider `preliminary` is dropped.
 *
 * @since 0.1.0
 * @category converting
 */
export const toTextStreamToolResult = (
  part: Content.ToolResult,
  call: ToolCall | undefined
): ToolResult | ToolError =>
  fromProviderResult(part, { input: call?.input, dynamic: part.dynamic, toolMetadata: call?.toolMetadata })

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64")

const fromBase64 = (base64: string): Uint8Array => {
  return new Uint8Array(Buffer.from(base64, "base64"))
}

/**
 * A generated file from base64 or bytes; the other view is computed on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeGeneratedFile = (data: string | Uint8Array, mediaType: string): GeneratedFile => {
  let base64: string | undefined = typeof data === "string" ? data : undefined
  let bytes: Uint8Array | undefined = typeof data === "string" ? undefined : data
  return {
    mediaType,
    get base64() {
      return base64 ??= toBase64(bytes ?? new Uint8Array())
    },
    get uint8Array() {
      return bytes ??= fromBase64(base64 ?? "")
    }
  }
}

/**
 * File data of a generated file: inline data is used as is; a URL is kept as its text (aimux does
 * not download generated file URLs, see docs/divergences.md).
 *
 * @since 0.1.0
 * @category getters
 */
export const generatedFileOf = (data: FileDataDataOrUrl, mediaType: string): GeneratedFile =>
  data.type === "data"
    ? makeGeneratedFile(data.data, mediaType)
    : makeGeneratedFile(new TextEncoder().encode(data.url.href), mediaType)

/**
 * Error raised when provider content references a tool call that is not in the step.
 *
 * @since 0.1.0
 * @category errors
 */
export class ToolCallNotFound extends Schema.TaggedError<ToolCallNotFound>()("ToolCallNotFound", {
  toolCallId: Schema.String
}) {
  /** Upstream's message text. */
  override get message(): string {
    return `Tool call ${this.toolCallId} not found.`
  }
}

/**
 * Converts the content of a `generate` result into step content (upstream
 * `convertLanguageModelContent`): provider parts in order, then the client tool outputs. Fails
 * with {@link ToolCallNotFound} when a call or an orphan provider result (whose tool does not
 * support deferred results) has no parsed call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromGenerateContent = (options: {
  readonly content: ReadonlyArray<Content.Content>
  readonly toolCalls: ReadonlyArray<ToolCall>
  readonly toolOutputs: ReadonlyArray<ToolOutput>
  readonly tools: ToolInfoSet | undefined
}): Effect.Effect<Array<ContentPart>, ToolCallNotFound | ToolCallNotFoundForApprovalError> =>
  Effect.suspend((): Effect.Effect<Array<ContentPart>, ToolCallNotFound | ToolCallNotFoundForApprovalError> => {
    const parts: Array<ContentPart> = []
    const findCall = (id: string) => options.toolCalls.find((call) => call.toolCallId === id)
    for (const part of options.content) {
      switch (part.type) {
        case "text":
        case "reasoning":
        case "custom":
        case "source":
          parts.push(part)
          break
        case "file":
        case "reasoning-file":
          parts.push({
            type: part.type,
            file: generatedFileOf(part.data, part.mediaType),
            ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {})
          })
          break
        case "tool-call": {
          const call = findCall(part.toolCallId)
          if (call === undefined) return Effect.fail(new ToolCallNotFound({ toolCallId: part.toolCallId }))
          parts.push(call)
          break
        }
        case "tool-result": {
          const call = findCall(part.toolCallId)
          if (call === undefined) {
            const tool = getTool(options.tools, part.toolName)
            if (!(tool?.type === "provider" && tool.supportsDeferredResults === true)) {
              return Effect.fail(new ToolCallNotFound({ toolCallId: part.toolCallId }))
            }
            parts.push(fromProviderResult(part, { input: undefined, dynamic: part.dynamic, toolMetadata: tool.metadata }))
            break
          }
          parts.push(fromProviderResult(part, { input: call.input, dynamic: call.dynamic, toolMetadata: call.toolMetadata }))
          break
        }
        case "tool-approval-request": {
          // a provider-side approval request (e.g. an MCP call) names a call of this step (upstream)
          const call = findCall(part.toolCallId)
          if (call === undefined) {
            return Effect.fail(new ToolCallNotFoundForApprovalError({ toolCallId: part.toolCallId, approvalId: part.approvalId }))
          }
          parts.push({ type: "tool-approval-request", approvalId: part.approvalId, toolCall: call })
          break
        }
      }
    }
    return Effect.succeed([...parts, ...options.toolOutputs])
  })

/**
 * The text of a step: all text parts joined.
 *
 * @since 0.1.0
 * @category getters
 */
export const textOf = (content: ReadonlyArray<ContentPart>): string => {
  let text = ""
  for (const part of content) if (part.type === "text") text += part.text
  return text
}
