/**
 * `convertToModelMessages` (upstream `ai/src/ui/convert-to-model-messages.ts`): UI messages (what
 * `useChat` sends) as the model messages `streamText` takes. Assistant messages are split at
 * step boundaries: each block gives an assistant message and, for its client tool parts, a tool
 * message with the results, approval responses and denials.
 *
 * @since 0.3.0
 */
import { Effect } from "effect"
import { InvalidPromptError } from "../contract/errors/InvalidPromptError.ts"
import type * as Prompt from "../contract/Prompt.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import type { ModelMessage, UserFilePart } from "../core/ModelMessage.ts"
import { type ResponseAssistantPart, toolModelOutput } from "../core/ResponseMessages.ts"
import type { ToolInfo, ToolInfoSet } from "../core/StepContent.ts"
import type * as Toolkit from "../core/Toolkit.ts"
import type { RequestPart, ResponsePart } from "../core/approval/ToolApprovalParts.ts"
import * as UIMessage from "./UIMessage.ts"

/**
 * A text or file part a data part may become (upstream `convertDataPart`'s result).
 *
 * @since 0.3.0
 * @category models
 */
export type DataPartConversion = Prompt.TextPart | UserFilePart

/**
 * Options of {@link convertToModelMessages}.
 *
 * @since 0.3.0
 * @category models
 */
export interface Options<T extends Toolkit.Any = Toolkit.Any> {
  /** The tools (their `toModelOutput` shapes the results). */
  readonly tools?: T | undefined
  /** Drop tool parts without a final state (input streaming/available, approval requested, preliminary output). */
  readonly ignoreIncompleteToolCalls?: boolean | undefined
  /** Converts data parts to text or file parts; absent or `undefined`: the part is dropped. */
  readonly convertDataPart?: ((part: UIMessage.DataPart) => DataPartConversion | undefined) | undefined
}

type ToolPart = UIMessage.ToolPart | UIMessage.DynamicToolPart
type UserPart = Prompt.TextPart | UserFilePart
type AssistantPart = Prompt.AssistantContentPart | ResponseAssistantPart
type ToolMessagePart = Prompt.ToolResultPart | ResponsePart

const po = (metadata: ProviderMetadata | undefined) => metadata != null ? { providerOptions: metadata } : {}

const urlOf = (url: string): Effect.Effect<URL, InvalidPromptError> =>
  URL.canParse(url)
    ? Effect.succeed(new URL(url))
    : Effect.fail(new InvalidPromptError({ prompt: url, message: `Invalid URL: ${url}` }))

/** A text or file part of a user (or steering) message. */
const userPart = (
  part: { readonly type: "text"; readonly text: string; readonly providerMetadata?: ProviderMetadata | undefined } | {
    readonly type: "file"
    readonly mediaType: string
    readonly filename?: string | undefined
    readonly url: string
    readonly providerReference?: Readonly<Record<string, string>> | undefined
    readonly providerMetadata?: ProviderMetadata | undefined
  }
): Effect.Effect<UserPart, InvalidPromptError> => {
  if (part.type === "text") return Effect.succeed({ type: "text", text: part.text, ...po(part.providerMetadata) })
  if (part.providerReference != null) {
    // aimux's user file parts hold a URL or bytes (docs/divergences.md)
    return Effect.fail(new InvalidPromptError({ prompt: part, message: "A provider reference in a user file part is not supported." }))
  }
  return Effect.map(urlOf(part.url), (url) => ({
    type: "file",
    mediaType: part.mediaType,
    filename: part.filename,
    data: url,
    ...po(part.providerMetadata)
  }))
}

const isComplete = (part: ToolPart): boolean =>
  part.state === "approval-responded" || (part.state === "output-available" && part.preliminary !== true) ||
  part.state === "output-error" || part.state === "output-denied"

/** Upstream's filter: a later user message supersedes open approval requests; optionally incomplete calls go. */
const filterParts = (messages: ReadonlyArray<Omit<UIMessage.UIMessage, "id">>, ignoreIncomplete: boolean) => {
  let lastUser = -1
  messages.forEach((m, i) => {
    if (m.role === "user") lastUser = i
  })
  if (!ignoreIncomplete && lastUser <= 0) return messages
  return messages.map((message, index) => ({
    ...message,
    parts: message.parts.filter((part) =>
      !UIMessage.isToolPart(part) ||
      ((part.state !== "approval-requested" || index >= lastUser) && (!ignoreIncomplete || isComplete(part)))
    )
  }))
}

interface Resolved {
  readonly tools: ToolInfoSet | undefined
  readonly convertDataPart: Options["convertDataPart"]
}

const assistantBlock = (
  block: ReadonlyArray<UIMessage.Part>,
  options: Resolved,
  out: Array<ModelMessage>
): Effect.Effect<void, InvalidPromptError> =>
  Effect.gen(function*() {
    if (block.length === 0) return
    const modelOutput = (part: ToolPart, toolName: string, output: unknown, errorMode: "none" | "text" | "json") => {
      const tool = options.tools !== undefined && Object.hasOwn(options.tools, toolName) ? options.tools[toolName] : undefined
      if (errorMode === "none" && tool === undefined && part.type === "dynamic-tool" && part.dynamic === false) {
        return Effect.succeed<Prompt.ToolResultOutput>({ type: "text", value: "Tool output omitted because the tool is no longer available." })
      }
      return toolModelOutput({ toolCallId: part.toolCallId, input: part.input, output, tools: options.tools, toolName, errorMode })
    }
    const content: Array<AssistantPart> = []
    for (const part of block) {
      if (part.type === "text") content.push({ type: "text", text: part.text, ...po(part.providerMetadata) })
      else if (part.type === "custom") {
        // the contract's kind is `provider.name`; a kind without a dot has no custom part to become
        const dot = part.kind.indexOf(".")
        if (dot >= 0) {
          const kind: `${string}.${string}` = `${part.kind.slice(0, dot)}.${part.kind.slice(dot + 1)}`
          content.push({ type: "custom", kind, ...po(part.providerMetadata) })
        }
      } else if (part.type === "file") {
        content.push({
          type: "file",
          mediaType: part.mediaType,
          filename: part.filename,
          data: part.providerReference != null
            ? { type: "reference", reference: part.providerReference }
            : { type: "url", url: yield* urlOf(part.url) },
          ...po(part.providerMetadata)
        })
      } else if (part.type === "reasoning-file") {
        content.push({ type: "reasoning-file", data: { type: "url", url: yield* urlOf(part.url) }, mediaType: part.mediaType, providerOptions: part.providerMetadata })
      } else if (part.type === "reasoning") {
        content.push({ type: "reasoning", text: part.text, providerOptions: part.providerMetadata })
      } else if (UIMessage.isToolPart(part)) {
        if (part.state === "input-streaming") continue
        const toolName = UIMessage.getToolName(part)
        const callMetadata = part.callProviderMetadata ?? (part.state === "output-error" ? part.resultProviderMetadata : undefined)
        content.push({
          type: "tool-call",
          toolCallId: part.toolCallId,
          toolName,
          input: part.state === "output-error" ? (part.input ?? part.rawInput) : part.input,
          providerExecuted: part.providerExecuted,
          ...po(callMetadata)
        })
        const approval = part.approval
        if (approval != null) {
          const request: RequestPart = {
            type: "tool-approval-request",
            approvalId: approval.id,
            toolCallId: part.toolCallId,
            isAutomatic: approval.isAutomatic,
            ...(approval.requestReason != null ? { reason: approval.requestReason } : {}),
            ...(Object.hasOwn(approval, "inputSchemaInput") ? { inputSchemaInput: approval.inputSchemaInput } : {}),
            ...(approval.signature != null ? { signature: approval.signature } : {})
          }
          content.push(request)
        }
        if (part.providerExecuted === true && (part.state === "output-available" || part.state === "output-error")) {
          const resultMetadata = part.resultProviderMetadata ?? part.callProviderMetadata
          const isError = part.state === "output-error"
          content.push({
            type: "tool-result",
            toolCallId: part.toolCallId,
            toolName,
            output: yield* modelOutput(part, toolName, isError ? part.errorText : part.output, isError ? "json" : "none"),
            ...po(resultMetadata)
          })
        }
      } else if (UIMessage.isDataPart(part)) {
        const converted = options.convertDataPart?.(part)
        if (converted != null) {
          // a data part converted to a file in assistant content: the file data as the prompt holds it
          content.push(converted.type === "text" ? converted : { ...converted, data: fileDataOf(converted.data) })
        }
      }
    }
    if (content.length > 0) out.push({ role: "assistant", content })
    const toolParts = block.filter((part): part is ToolPart =>
      UIMessage.isToolPart(part) && (part.providerExecuted !== true || part.approval?.approved != null)
    )
    const tool: Array<ToolMessagePart> = []
    for (const part of toolParts) {
      const approved = part.approval?.approved
      if (part.approval != null && approved != null) {
        tool.push({
          type: "tool-approval-response",
          approvalId: part.approval.id,
          approved,
          reason: part.approval.reason,
          providerExecuted: part.providerExecuted
        })
      }
      const toolName = UIMessage.getToolName(part)
      if (part.state === "approval-responded" && approved === false) {
        tool.push({
          type: "tool-result",
          toolCallId: part.toolCallId,
          toolName,
          output: { type: "execution-denied", reason: part.approval?.reason },
          ...po(part.callProviderMetadata)
        })
      }
      // a provider-executed result is in the assistant content already
      if (part.providerExecuted === true) continue
      if (part.state === "output-denied") {
        tool.push({
          type: "tool-result",
          toolCallId: part.toolCallId,
          toolName,
          output: { type: "error-text", value: part.approval?.reason ?? "Tool call execution denied." },
          ...po(part.callProviderMetadata)
        })
      } else if (part.state === "output-error" || part.state === "output-available") {
        const isError = part.state === "output-error"
        tool.push({
          type: "tool-result",
          toolCallId: part.toolCallId,
          toolName,
          output: yield* modelOutput(part, toolName, isError ? part.errorText : part.output, isError ? "text" : "none"),
          ...po(part.callProviderMetadata)
        })
      }
    }
    if (tool.length > 0) out.push({ role: "tool", content: tool })
  })

const fileDataOf = (data: UserFilePart["data"]): Prompt.FilePart["data"] =>
  data instanceof URL ? { type: "url", url: data } : { type: "data", data }

/**
 * The model messages of UI messages (upstream `convertToModelMessages`). A file part's URL that
 * does not parse is an `InvalidPromptError` (upstream: `new URL` throws a `TypeError`).
 *
 * @since 0.3.0
 * @category conversion
 */
export function convertToModelMessages<T extends Toolkit.Any = {}>(
  messages: ReadonlyArray<Omit<UIMessage.UIMessage, "id">>,
  options?: Options<T>
): Effect.Effect<Array<ModelMessage>, InvalidPromptError, Toolkit.Services<T>>
// the tools' services are the caller's (the signature above); their toModelOutput runs in them
export function convertToModelMessages(
  messages: ReadonlyArray<Omit<UIMessage.UIMessage, "id">>,
  input: Options = {}
): Effect.Effect<Array<ModelMessage>, InvalidPromptError, unknown> {
  return Effect.gen(function*() {
    const context = yield* Effect.context<unknown>()
    const infoOf = (tool: Toolkit.Any[string]): ToolInfo => {
      const toModelOutput = tool.toModelOutput
      return {
        type: tool.type,
        toModelOutput: toModelOutput === undefined
          ? undefined
          // upstream: a throwing toModelOutput rejects the conversion; here it is a defect
          : (o) => Effect.orDie(Effect.provideContext(Effect.suspend(() => toModelOutput.call(tool, o)), context))
      }
    }
    const tools = input.tools
    const options: Resolved = {
      tools: tools === undefined ? undefined : Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, infoOf(tool)])),
      convertDataPart: input.convertDataPart
    }
    const out: Array<ModelMessage> = []
    for (const message of filterParts(messages, input.ignoreIncompleteToolCalls === true)) {
      switch (message.role) {
        case "system": {
          let providerOptions: Record<string, ProviderMetadata[string]> = {}
          let text = ""
          for (const part of message.parts) {
            if (part.type !== "text") continue
            text += part.text
            if (part.providerMetadata != null) providerOptions = { ...providerOptions, ...part.providerMetadata }
          }
          out.push({ role: "system", content: text, ...(Object.keys(providerOptions).length > 0 ? { providerOptions } : {}) })
          break
        }
        case "user": {
          const content: Array<UserPart> = []
          for (const part of message.parts) {
            if (part.type === "text" || part.type === "file") content.push(yield* userPart(part))
            else if (UIMessage.isDataPart(part)) {
              const converted = options.convertDataPart?.(part)
              if (converted != null) content.push(converted)
            }
          }
          out.push({ role: "user", content })
          break
        }
        case "assistant": {
          let block: Array<UIMessage.Part> = []
          for (const part of message.parts) {
            if (part.type === "step-start") {
              yield* assistantBlock(block, options, out)
              block = []
            } else if (part.type === "steering-message") {
              // a steering message joined the run between two steps: the block before it ends there
              yield* assistantBlock(block, options, out)
              block = []
              const content: Array<UserPart> = []
              for (const p of part.parts) content.push(yield* userPart(p))
              out.push({ role: "user", content })
            } else if (part.type !== "source-url" && part.type !== "source-document") {
              block.push(part)
            }
          }
          yield* assistantBlock(block, options, out)
          break
        }
      }
    }
    return out
  })
}
