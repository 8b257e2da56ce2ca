/**
 * `toUIMessageStream` (upstream `ai/src/ui-message-stream/to-ui-message-stream.ts` and
 * `to-ui-message-chunk.ts`): streamText's full stream as UI message chunks, a `Stream` combinator.
 * Conversion is synchronous per batch of parts; callbacks are Effects.
 *
 * @since 0.3.0
 */
import { Effect, Stream } from "effect"
import { isJsonObject, type JsonObject } from "../contract/Json.ts"
import type { ProviderMetadata } from "../contract/ProviderMetadata.ts"
import { getErrorMessage } from "../contract/errors/getErrorMessage.ts"
import type { UIMessageStreamError } from "../contract/errors/UIMessageStreamError.ts"
import type { TextStreamPart } from "../core/TextStreamPart.ts"
import { getInputSchemaInput } from "../core/ToolCallParser.ts"
import { isDeepEqualData } from "../core/approval/ToolApproval.ts"
import * as Toolkit from "../core/Toolkit.ts"
import { type Callback, mapBatches, withFinish } from "./internal/finish.ts"
import * as SteeringMessage from "./SteeringMessage.ts"
import type * as UIMessage from "./UIMessage.ts"
import type { UIMessageChunk } from "./UIMessageChunk.ts"

/**
 * Options of the conversion of one part (upstream `ToUIMessageChunkOptions`).
 *
 * @since 0.3.0
 * @category models
 */
export interface ChunkOptions {
  readonly tools?: Toolkit.Any | undefined
  /** Send reasoning parts (default true). */
  readonly sendReasoning?: boolean | undefined
  /** Send sources (default false). */
  readonly sendSources?: boolean | undefined
  /** Send the `start` chunk (default true). */
  readonly sendStart?: boolean | undefined
  /** Send the `finish` chunk (default true). */
  readonly sendFinish?: boolean | undefined
  /** The error text of `error` chunks (default: `An error occurred.`), and of tool errors when redacted. */
  readonly onError?: ((error: unknown) => string) | undefined
  /** Replace tool errors' text with `onError`'s (default: true exactly when `onError` is given). */
  readonly redactToolErrors?: boolean | undefined
}

/**
 * Options of {@link toUIMessageStream} (upstream `UIMessageStreamOptions` + `stream`, `tools`).
 *
 * @since 0.3.0
 * @category models
 */
export interface Options<E, R> extends ChunkOptions {
  readonly stream: Stream.Stream<TextStreamPart, E, R>
  /** Message metadata for a part; sent with `start`/`finish` or as a `message-metadata` chunk. */
  readonly messageMetadata?: ((options: { readonly part: TextStreamPart }) => unknown) | undefined
  /** The chat so far: persistence mode (the response message gets an id; a last assistant message is continued). */
  readonly originalMessages?: ReadonlyArray<UIMessage.UIMessage> | undefined
  /** Generates the response message id (persistence mode). */
  readonly generateMessageId?: (() => string) | undefined
  /** After each step (before its `finish-step` chunk is emitted); a failure goes to `onError`. */
  readonly onStepEnd?: Callback<UIMessage.StepEndEvent>
  /** Deprecated upstream alias of `onStepEnd`. */
  readonly onStepFinish?: Callback<UIMessage.StepEndEvent>
  /** Once, when the stream ends, fails or is interrupted; a failure is ignored. */
  readonly onEnd?: Callback<UIMessage.FinishEvent>
  /** Deprecated upstream alias of `onEnd`. */
  readonly onFinish?: Callback<UIMessage.FinishEvent>
}

const defaultOnError = () => "An error occurred."

/**
 * The error text the model receives for a failed tool call (upstream `getModelToolErrorText`),
 * or `undefined` when the error cannot be serialized.
 *
 * @since 0.3.0
 * @category conversion
 */
export const modelToolErrorText = (error: unknown): string | undefined => {
  try {
    return getErrorMessage(error)
  } catch {
    return undefined
  }
}

const pm = (part: { readonly providerMetadata?: ProviderMetadata | undefined }): { readonly providerMetadata?: ProviderMetadata } =>
  part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}

type ToolStreamPart = Extract<
  TextStreamPart,
  { readonly type: "tool-input-start" | "tool-input-delta" | "tool-call" | "tool-approval-request" | "tool-approval-response" | "tool-result" | "tool-error" | "tool-output-denied" }
>

/** The tool parts' chunks (see {@link toUIMessageChunk}). */
const toolChunk = (
  part: ToolStreamPart,
  tools: Toolkit.Any | undefined,
  onError: (error: unknown) => string,
  redact: boolean
): UIMessageChunk => {
  const toolErrorText = (error: unknown) => redact ? onError(error) : (modelToolErrorText(error) ?? onError(error))
  const isDynamic = (p: { readonly toolName: string; readonly dynamic?: boolean | undefined }) => {
    const tool = Toolkit.getTool(tools, p.toolName)
    // provider-executed dynamic tools are not in the toolkit
    if (tool === undefined) return p.dynamic
    return tool.type === "dynamic" ? true : undefined
  }
  const dyn = (p: { readonly toolName: string; readonly dynamic?: boolean | undefined }) => {
    const dynamic = isDynamic(p)
    return dynamic != null ? { dynamic } : {}
  }
  const exec = (p: { readonly providerExecuted?: boolean | undefined }) =>
    p.providerExecuted != null ? { providerExecuted: p.providerExecuted } : {}
  const toolMeta = (p: { readonly toolMetadata?: unknown }): { readonly toolMetadata?: JsonObject } =>
    p.toolMetadata != null && isJsonObject(p.toolMetadata) ? { toolMetadata: p.toolMetadata } : {}
  const title = (p: { readonly title?: string | undefined }) => p.title != null ? { title: p.title } : {}
  switch (part.type) {
    case "tool-input-start":
      return {
        type: "tool-input-start",
        toolCallId: part.id,
        toolName: part.toolName,
        ...exec(part),
        ...pm(part),
        ...toolMeta(part),
        ...dyn(part),
        ...title(part)
      }
    case "tool-input-delta":
      return { type: "tool-input-delta", toolCallId: part.id, inputTextDelta: part.delta }
    case "tool-call":
      if (part.invalid === true) {
        return {
          type: "tool-input-error",
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
          ...exec(part),
          ...pm(part),
          ...toolMeta(part),
          ...dyn(part),
          // streamText sends the model a result for an invalid call only when it is not provider-executed
          errorText: part.providerExecuted === true ? onError(part.error) : toolErrorText(part.error),
          ...title(part)
        }
      }
      return {
        type: "tool-input-available",
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        ...exec(part),
        ...pm(part),
        ...toolMeta(part),
        ...dyn(part),
        ...title(part)
      }
    case "tool-approval-request": {
      const schemaInput = getInputSchemaInput(part.toolCall)
      return {
        type: "tool-approval-request",
        approvalId: part.approvalId,
        toolCallId: part.toolCall.toolCallId,
        ...(schemaInput != null && !isDeepEqualData(schemaInput.value, part.toolCall.input)
          ? { inputSchemaInput: schemaInput.value }
          : {}),
        ...(part.reason != null ? { reason: part.reason } : {}),
        ...(part.isAutomatic != null ? { isAutomatic: part.isAutomatic } : {}),
        ...(part.signature != null ? { signature: part.signature } : {})
      }
    }
    case "tool-approval-response":
      return {
        type: "tool-approval-response",
        approvalId: part.approvalId,
        approved: part.approved,
        ...(part.reason != null ? { reason: part.reason } : {}),
        ...exec(part)
      }
    case "tool-result":
      return {
        type: "tool-output-available",
        toolCallId: part.toolCallId,
        // JSON drops undefined keys: null keeps the output field
        output: part.output === undefined ? null : part.output,
        ...exec(part),
        ...pm(part),
        ...toolMeta(part),
        ...("preliminary" in part && part.preliminary != null ? { preliminary: part.preliminary } : {}),
        ...dyn(part)
      }
    case "tool-error":
      return {
        type: "tool-output-error",
        toolCallId: part.toolCallId,
        // provider error codes survive model-message round trips
        errorText: part.providerExecuted === true
          ? typeof part.error === "string" ? part.error : String(JSON.stringify(part.error))
          : toolErrorText(part.error),
        ...exec(part),
        ...pm(part),
        ...toolMeta(part),
        ...dyn(part)
      }
    case "tool-output-denied":
      return { type: "tool-output-denied", toolCallId: part.toolCallId }
  }
}

/**
 * One part as a UI chunk (upstream `toUIMessageChunk`), or `undefined` for parts that send none.
 *
 * @since 0.3.0
 * @category conversion
 */
export const toUIMessageChunk = (
  part: TextStreamPart,
  options: ChunkOptions & { readonly messageMetadata?: unknown; readonly responseMessageId?: string | undefined } = {}
): UIMessageChunk | undefined => {
  const { sendFinish = true, sendReasoning = true, sendSources = false, sendStart = true, tools } = options
  const onError = options.onError ?? defaultOnError
  const redact = options.redactToolErrors ?? options.onError != null
  switch (part.type) {
    case "text-start":
      return { type: "text-start", id: part.id, ...pm(part) }
    case "text-delta":
      return { type: "text-delta", id: part.id, delta: part.text, ...pm(part) }
    case "text-end":
      return { type: "text-end", id: part.id, ...(part.citations != null ? { citations: part.citations } : {}), ...pm(part) }
    case "reasoning-start":
      return sendReasoning ? { type: "reasoning-start", id: part.id, ...pm(part) } : undefined
    case "reasoning-end":
      return sendReasoning ? { type: "reasoning-end", id: part.id, ...pm(part) } : undefined
    case "reasoning-delta":
      return sendReasoning ? { type: "reasoning-delta", id: part.id, delta: part.text, ...pm(part) } : undefined
    case "file":
    case "reasoning-file":
      if (part.type === "reasoning-file") {
        if (!sendReasoning) return undefined
        return { type: "reasoning-file", mediaType: part.file.mediaType, url: `data:${part.file.mediaType};base64,${part.file.base64}`, ...pm(part) }
      }
      return { type: "file", mediaType: part.file.mediaType, url: `data:${part.file.mediaType};base64,${part.file.base64}`, ...pm(part) }
    case "source":
      if (!sendSources) return undefined
      return part.sourceType === "url"
        ? { type: "source-url", sourceId: part.id, url: part.url, title: part.title, ...pm(part) }
        : { type: "source-document", sourceId: part.id, mediaType: part.mediaType, title: part.title, filename: part.filename, ...pm(part) }
    case "custom":
      return { type: "custom", kind: part.kind, ...pm(part) }
    case "tool-input-start":
    case "tool-input-delta":
    case "tool-call":
    case "tool-approval-request":
    case "tool-approval-response":
    case "tool-result":
    case "tool-error":
    case "tool-output-denied":
      return toolChunk(part, tools, onError, redact)
    case "error":
      return { type: "error", errorText: onError(part.error) }
    case "steering-message":
      return SteeringMessage.toUIMessageChunk(part)
    case "start-step":
      return { type: "start-step" }
    case "finish-step":
      return { type: "finish-step" }
    case "start":
      if (!sendStart) return undefined
      return {
        type: "start",
        ...(options.messageMetadata != null ? { messageMetadata: options.messageMetadata } : {}),
        ...(options.responseMessageId != null ? { messageId: options.responseMessageId } : {})
      }
    case "finish":
      if (!sendFinish) return undefined
      return {
        type: "finish",
        finishReason: part.finishReason,
        ...(options.messageMetadata != null ? { messageMetadata: options.messageMetadata } : {})
      }
    case "abort":
      return part.reason !== undefined ? { type: "abort", reason: part.reason } : { type: "abort" }
    case "tool-input-end":
    case "ping":
    case "raw":
      return undefined
  }
}

/**
 * The response message id in persistence mode (upstream `getResponseUIMessageId`): the last
 * original message's id when it is an assistant message, else a generated one; `undefined`
 * without original messages (the client makes the id).
 *
 * @since 0.3.0
 * @category conversion
 */
export const responseMessageId = (
  originalMessages: ReadonlyArray<UIMessage.UIMessage> | undefined,
  generate: string | (() => string)
): string | undefined => {
  if (originalMessages === undefined) return undefined
  const last = originalMessages.at(-1)
  return last?.role === "assistant" ? last.id : typeof generate === "function" ? generate() : generate
}

/**
 * streamText's full stream as a UI message stream (upstream `toUIMessageStream`). The stream
 * fails only if the source fails or, with `onStepEnd`/`onEnd`, with a `UIMessageStreamError`
 * for an out-of-sequence chunk. Interrupting it interrupts the source (the generation, its
 * tools) and `onEnd` runs with `isAborted` and `isCancelled`.
 *
 * @since 0.3.0
 * @category constructors
 */
export const toUIMessageStream = <E, R>(options: Options<E, R>): Stream.Stream<UIMessageChunk, E | UIMessageStreamError, R> =>
  Stream.suspend(() => {
    let outcome: UIMessage.Outcome = { status: "unknown" }
    let fatal = false
    const setSourceOutcome = (next: UIMessage.Outcome) => {
      if (
        !fatal && outcome.status !== "completed" && outcome.status !== "aborted" && next.status !== "unknown" &&
        (outcome.status === "unknown" || next.status !== "failed")
      ) outcome = next
    }
    // streamText follows an invalid call with a tool-error: the tool-input-error already reports it
    const invalidToolCallIds = new Set<string>()
    const generate = options.generateMessageId
    const messageId = generate !== undefined ? responseMessageId(options.originalMessages, generate) : undefined
    const chunkOptions = { ...options, responseMessageId: messageId }
    const metadataOf = options.messageMetadata
    const convert = (batch: ReadonlyArray<TextStreamPart>): ReadonlyArray<UIMessageChunk> => {
      const out: Array<UIMessageChunk> = []
      for (const part of batch) {
        if (part.type === "tool-call" && part.invalid === true) invalidToolCallIds.add(part.toolCallId)
        const skip = part.type === "tool-error" && part.providerExecuted !== true && invalidToolCallIds.delete(part.toolCallId)
        const messageMetadata = metadataOf?.({ part })
        const chunk = skip
          ? undefined
          : toUIMessageChunk(part, messageMetadata !== undefined ? { ...chunkOptions, messageMetadata } : chunkOptions)
        if (chunk !== undefined && part.type !== "finish-step") out.push(chunk)
        // start and finish carry the metadata themselves
        if (messageMetadata != null && part.type !== "start" && part.type !== "finish") {
          out.push({ type: "message-metadata", messageMetadata })
        }
        // step metadata applies before the step boundary
        if (chunk !== undefined && part.type === "finish-step") out.push(chunk)
        if (part.type === "finish") setSourceOutcome({ status: "completed" })
        else if (part.type === "abort") setSourceOutcome({ status: "aborted" })
        else if (part.type === "error") setSourceOutcome({ status: "failed", error: part.error })
      }
      return out
    }
    const chunks = mapBatches(options.stream, (batch) => Effect.succeed(convert(batch))).pipe(
      Stream.tapError((error) =>
        Effect.sync(() => {
          fatal = true
          outcome = { status: "failed", error }
        })
      )
    )
    return withFinish(chunks, {
      messageId: messageId ?? generate?.(),
      originalMessages: options.originalMessages,
      onStepEnd: options.onStepEnd ?? options.onStepFinish,
      onEnd: options.onEnd ?? options.onFinish,
      onError: options.onError ?? defaultOnError,
      getOutcome: () => outcome
    })
  })
