/**
 * `toResponseMessages`: step content → the messages to append to the conversation (upstream
 * `to-response-messages.ts`, ai 7.0.173): one assistant message, then one tool message.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { getErrorMessage } from "../contract/errors/getErrorMessage.ts"
import type { JsonValue } from "../contract/Json.ts"
import type { AssistantContentPart, AssistantMessage, ToolMessage, ToolResultOutput, ToolResultPart } from "../contract/Prompt.ts"
import type { ProviderOptions } from "../contract/ProviderMetadata.ts"
import type { ContentPart, ToolInfoSet } from "./StepContent.ts"
import type { RequestPart as ToolApprovalRequestPart, ResponsePart as ToolApprovalResponsePart } from "./approval/ToolApprovalParts.ts"
import { getTool } from "./StepContent.ts"
import { getInputSchemaInput } from "./ToolCallParser.ts"
import { isDeepEqualData } from "./internal/IsDeepEqualData.ts"
import * as WireJson from "../runtime/WireJson.ts"

/**
 * A generated file in a response message, as upstream writes it: its data is the base64 text
 * (upstream `to-response-messages.ts`), not a V4 file-data object.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponseFilePart {
  readonly type: "file" | "reasoning-file"
  readonly data: string
  readonly mediaType: string
  readonly providerOptions?: ProviderOptions | undefined
}

/**
 * A content part of a response assistant message.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseAssistantPart =
  | Exclude<AssistantContentPart, { readonly type: "file" | "reasoning-file" }>
  | ResponseFilePart
  | ToolApprovalRequestPart

/**
 * The assistant message of a step's response (upstream `AssistantModelMessage`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponseAssistantMessage {
  readonly role: "assistant"
  readonly content: ReadonlyArray<ResponseAssistantPart>
  readonly providerOptions?: ProviderOptions | undefined
}

/**
 * The tool message of a step's response: tool results and approval responses (upstream
 * `ToolModelMessage`).
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponseToolMessage {
  readonly role: "tool"
  readonly content: ReadonlyArray<ToolResultPart | ToolApprovalResponsePart>
  readonly providerOptions?: ProviderOptions | undefined
}

/**
 * A response message: the assistant's or the tool results'.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseMessage = ResponseAssistantMessage | ResponseToolMessage

const isNotApprovalRequest = (part: ResponseAssistantPart): part is Exclude<ResponseAssistantPart, ToolApprovalRequestPart> =>
  part.type !== "tool-approval-request"

const isProviderExecuted = (part: object): boolean => "providerExecuted" in part && part.providerExecuted === true

/**
 * A provider-executed approval response as the model receives it (upstream
 * `convertToLanguageModelMessage`: approval id, decision and reason only).
 *
 * @since 0.1.0
 * @category utils
 */
export const approvalResponseForModel = (part: ToolApprovalResponsePart): ToolMessage["content"][number] => ({
  type: "tool-approval-response",
  approvalId: part.approvalId,
  approved: part.approved,
  reason: part.reason
})

const isResponseFile = (part: ResponseAssistantPart): part is ResponseFilePart =>
  part.type === "file" || part.type === "reasoning-file"

/**
 * A response message as the next step's V4 prompt carries it (upstream
 * `convertToLanguageModelPrompt`: base64 file data becomes `{type: "data", data}`).
 *
 * @since 0.1.0
 * @category converting
 */
export const toPromptMessage = (message: ResponseMessage): AssistantMessage | ToolMessage => {
  // approval parts are not sent to the model; provider-executed approval responses are, without
  // their `providerExecuted` and `providerOptions` (upstream `convertToLanguageModelMessage`)
  if (message.role === "tool") {
    const content: Array<ToolMessage["content"][number]> = []
    for (const part of message.content) {
      if (part.type !== "tool-approval-response") content.push(part)
      else if (isProviderExecuted(part)) content.push(approvalResponseForModel(part))
    }
    return { ...message, content }
  }
  return {
    ...message,
    content: message.content.filter(isNotApprovalRequest).map((part): AssistantContentPart => {
      if (!isResponseFile(part)) return part
      const data = { type: "data" as const, data: part.data }
      return part.type === "file"
        ? { type: "file", data, mediaType: part.mediaType, providerOptions: part.providerOptions }
        : { type: "reasoning-file", data, mediaType: part.mediaType, providerOptions: part.providerOptions }
    })
  }
}

/**
 * An in-process value as plain JSON (upstream `toJSONValue`: a JSON round trip, `undefined` →
 * `null`). `JSON.parse` is safe here: the text comes from `JSON.stringify` in this process; a value
 * `WireJson` cannot print becomes its placeholder string.
 *
 * @since 0.1.0
 * @category converting
 */
export const toJsonValue = (value: unknown): JsonValue => {
  if (value === undefined) return null
  const serialized = WireJson.render(value)
  if (serialized === undefined) return null
  // a value too deep or too large to print (tool output from the wire) stays a JSON string
  if (serialized === WireJson.unprintable) return serialized
  const parsed: JsonValue = JSON.parse(serialized)
  return parsed
}

/**
 * The output sent back to the model for a tool output (upstream `createToolModelOutput`).
 *
 * @since 0.1.0
 * @category utils
 */
export const toolModelOutput = (options: {
  readonly toolCallId: string
  readonly input: unknown
  readonly output: unknown
  readonly tools: ToolInfoSet | undefined
  readonly toolName: string
  readonly errorMode: "none" | "text" | "json"
}): Effect.Effect<ToolResultOutput> => {
  if (options.errorMode === "text") return Effect.succeed({ type: "error-text", value: getErrorMessage(options.output) })
  if (options.errorMode === "json") return Effect.succeed({ type: "error-json", value: toJsonValue(options.output) })
  const tool = getTool(options.tools, options.toolName)
  if (tool?.toModelOutput !== undefined) {
    const out = tool.toModelOutput({ toolCallId: options.toolCallId, input: options.input, output: options.output })
    return Effect.isEffect(out) ? out : Effect.succeed(out)
  }
  return Effect.succeed(
    typeof options.output === "string"
      ? { type: "text", value: options.output }
      : { type: "json", value: toJsonValue(options.output) }
  )
}

/** Results sorted into tool-call order in the result slots; other parts keep their places (upstream). */
const sortByCallOrder = <P extends ToolResultPart | ToolApprovalResponsePart>(
  parts: ReadonlyArray<P>,
  order: ReadonlyMap<string, number>
): Array<P> => {
  const results = parts
    .map((part, index) => ({ part, index }))
    .filter(({ part }) => part.type === "tool-result")
    .sort((a, b) => {
      const ao = order.get(toolCallIdOf(a.part))
      const bo = order.get(toolCallIdOf(b.part))
      if (ao == null && bo == null) return a.index - b.index
      if (ao == null) return 1
      if (bo == null) return -1
      return ao - bo || a.index - b.index
    })
  let next = 0
  return parts.map((part) => (part.type === "tool-result" ? results[next++]!.part : part))
}

const toolCallIdOf = (part: ToolResultPart | ToolApprovalResponsePart): string =>
  part.type === "tool-result" ? part.toolCallId : ""

/**
 * Converts step content to response messages, by upstream's rules: sources and client tool
 * outputs are left out of the assistant message; an invalid call whose input is not an object is
 * written with input `{}`; provider-executed results go in the assistant message (errors as
 * `error-json`); client results go in the tool message (errors as `error-text`), sorted into
 * tool-call order; empty text without provider metadata is dropped.
 *
 * @since 0.1.0
 * @category converting
 */
export const toResponseMessages = Effect.fnUntraced(function*(
  content: ReadonlyArray<ContentPart>,
  tools: ToolInfoSet | undefined
) {
  const messages: Array<ResponseMessage> = []
  const order = new Map<string, number>()
  const assistant: Array<ResponseAssistantPart> = []
  for (const part of content) {
    switch (part.type) {
      case "source":
        break
      case "text":
        if (part.text.length === 0 && part.providerMetadata == null) break
        assistant.push({ type: "text", text: part.text, providerOptions: part.providerMetadata })
        break
      case "custom":
        assistant.push({ type: "custom", kind: part.kind, providerOptions: part.providerMetadata })
        break
      case "reasoning":
        assistant.push({ type: "reasoning", text: part.text, providerOptions: part.providerMetadata })
        break
      case "file":
        assistant.push({
          type: "file",
          data: part.file.base64,
          mediaType: part.file.mediaType,
          providerOptions: part.providerMetadata
        })
        break
      case "reasoning-file":
        assistant.push({
          type: "reasoning-file",
          data: part.file.base64,
          mediaType: part.file.mediaType,
          providerOptions: part.providerMetadata
        })
        break
      case "tool-call":
        if (!order.has(part.toolCallId)) order.set(part.toolCallId, order.size)
        assistant.push({
          type: "tool-call",
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.invalid === true && typeof part.input !== "object" ? {} : part.input,
          providerExecuted: part.providerExecuted,
          providerOptions: part.providerMetadata
        })
        break
      case "tool-approval-request": {
        const inputSchemaInput = getInputSchemaInput(part.toolCall)
        assistant.push({
          type: "tool-approval-request",
          approvalId: part.approvalId,
          toolCallId: part.toolCall.toolCallId,
          ...(part.reason != null ? { reason: part.reason } : {}),
          isAutomatic: part.isAutomatic,
          ...(part.signature != null ? { signature: part.signature } : {}),
          ...(inputSchemaInput !== undefined && !isDeepEqualData(inputSchemaInput.value, part.toolCall.input)
            ? { inputSchemaInput: inputSchemaInput.value }
            : {})
        })
        break
      }
      case "tool-result":
      case "tool-error": {
        if (part.providerExecuted !== true) break
        const output = yield* toolModelOutput({
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
          output: part.type === "tool-result" ? part.output : part.error,
          tools,
          errorMode: part.type === "tool-result" ? "none" : "json"
        })
        assistant.push({
          type: "tool-result",
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output,
          providerOptions: part.providerMetadata
        })
        break
      }
    }
  }
  if (assistant.length > 0) messages.push({ role: "assistant", content: assistant })

  // the tool message in content order: approval responses (a denied one followed by its
  // `execution-denied` result) and client results, the results sorted into tool-call order
  const toolContent: Array<ToolResultPart | ToolApprovalResponsePart> = []
  for (const part of content) {
    if (part.type === "tool-approval-response") {
      toolContent.push({
        type: "tool-approval-response",
        approvalId: part.approvalId,
        approved: part.approved,
        reason: part.reason,
        providerExecuted: part.providerExecuted
      })
      if (!part.approved) {
        toolContent.push({
          type: "tool-result",
          toolCallId: part.toolCall.toolCallId,
          toolName: part.toolCall.toolName,
          output: { type: "execution-denied", reason: part.reason }
        })
      }
      continue
    }
    if (part.type !== "tool-result" && part.type !== "tool-error") continue
    if (part.providerExecuted === true) continue
    const output = yield* toolModelOutput({
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      input: part.input,
      output: part.type === "tool-result" ? part.output : part.error,
      tools,
      errorMode: part.type === "tool-error" ? "text" : "none"
    })
    toolContent.push({
      type: "tool-result",
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      output,
      ...(part.providerMetadata != null ? { providerOptions: part.providerMetadata } : {})
    })
  }
  if (toolContent.length > 0) messages.push({ role: "tool", content: sortByCallOrder(toolContent, order) })
  return messages
})
