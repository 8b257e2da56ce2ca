/**
 * Message-level events of the Anthropic stream: `message_start` (metadata, usage, a second open
 * message is an error part, content carried by the start message), `message_delta` (usage, stop
 * reason, container, context management), `message_stop` (held-back text, the `finish` part with
 * the provider metadata) and `error` frames.
 *
 * @internal
 */
import { InvalidResponseDataError } from "../../../../contract/errors/InvalidResponseDataError.ts"
import { createProviderStreamError } from "../../../../contract/errors/ProviderStreamError.ts"
import type { JsonObject } from "../../../../contract/Json.ts"
import type { ProviderMetadata } from "../../../../contract/ProviderMetadata.ts"
import type { StreamEvent } from "../AnthropicApi.ts"
import { convertUsage, mapIterations } from "./Usage.ts"
import { mapContextManagement, mapStopDetails } from "./Metadata.ts"
import { callerInfo } from "./ServerToolResults.ts"
import { isContinuationStopReason, mapStopReason } from "./FinishReason.ts"
import { emit, type StreamState } from "./StreamState.ts"
import { flushHeldBack } from "./TextBlocks.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

type EventOf<K extends StreamEvent["type"]> = Extract<StreamEvent, { readonly type: K }>

/**
 * `message_start`.
 *
 * @internal
 */
export const messageStart = (state: StreamState, value: EventOf<"message_start">): void => {
  const message = value.message
  if (state.isMessageOpen) {
    if (state.activeMessageId === message.id) return
    state.hasInvalidMessageSequence = true
    emit(state, {
      type: "error",
      error: new InvalidResponseDataError({
        data: value,
        message: `Received message_start for message ${WireJson.render(message.id)} ` +
          `while message ${WireJson.render(state.activeMessageId)} is still open.`
      })
    })
    return
  }
  const usage = state.usage
  state.serviceTier = message.usage.service_tier ?? message.service_tier ?? null
  state.isMessageOpen = true
  state.activeMessageId = message.id
  state.heldBackTextByIndex.clear()
  usage.input_tokens = message.usage.input_tokens
  usage.cache_read_input_tokens = message.usage.cache_read_input_tokens ?? 0
  usage.cache_creation_input_tokens = message.usage.cache_creation_input_tokens ?? 0
  const rawUsage = { ...message.usage }
  state.rawUsage = rawUsage
  if (message.input_transformations != null) state.inputTransformations = message.input_transformations
  if (message.container != null) {
    state.container = { expiresAt: message.container.expires_at, id: message.container.id, skills: null }
  }
  if (message.stop_reason != null) {
    state.finishReason = {
      unified: mapStopReason(message.stop_reason, state.isJsonResponseFromTool),
      raw: message.stop_reason
    }
  }
  emit(state, { type: "response-metadata", id: message.id ?? undefined, modelId: message.model ?? undefined })
  emit(state, {
    type: "custom",
    kind: "anthropic.message_start",
    providerMetadata: { anthropic: { id: message.id ?? null, model: message.model ?? null, usage: rawUsage } }
  })
  if (message.content != null) {
    for (const part of message.content) {
      const caller = callerInfo(part.caller)
      emit(state, { type: "tool-input-start", id: part.id, toolName: part.name })
      const inputStr = WireJson.render(part.input ?? {})
      emit(state, { type: "tool-input-delta", id: part.id, delta: inputStr })
      emit(state, { type: "tool-input-end", id: part.id })
      emit(state, {
        type: "tool-call",
        toolCallId: part.id,
        toolName: part.name,
        input: inputStr,
        ...(caller && { providerMetadata: { anthropic: { caller } } })
      })
    }
  }
}

/**
 * `message_delta`.
 *
 * @internal
 */
export const messageDelta = (state: StreamState, value: EventOf<"message_delta">): void => {
  const usage = state.usage
  const u = value.usage
  if (u.input_tokens != null && usage.input_tokens !== u.input_tokens) usage.input_tokens = u.input_tokens
  usage.output_tokens = u.output_tokens
  if (u.output_tokens_details != null) usage.output_tokens_details = u.output_tokens_details
  if (u.cache_read_input_tokens != null) usage.cache_read_input_tokens = u.cache_read_input_tokens
  if (u.cache_creation_input_tokens != null) usage.cache_creation_input_tokens = u.cache_creation_input_tokens
  if (u.iterations != null) usage.iterations = u.iterations
  state.finishReason = {
    unified: mapStopReason(value.delta.stop_reason, state.isJsonResponseFromTool),
    raw: value.delta.stop_reason ?? undefined
  }
  state.stopSequence = value.delta.stop_sequence ?? null
  state.stopDetails = mapStopDetails(value.delta.stop_details)
  const c = value.delta.container
  state.container = c != null
    ? {
      expiresAt: c.expires_at,
      id: c.id,
      skills: c.skills?.map((skill) => ({ type: skill.type, skillId: skill.skill_id, version: skill.version })) ??
        null
    }
    : null
  if (value.context_management) state.contextManagement = mapContextManagement(value.context_management)
  if (value.input_transformations != null) state.inputTransformations = value.input_transformations
  if (value.delta.safeguard_results != null) state.safeguardResults = value.delta.safeguard_results
  state.serviceTier = u.service_tier ?? state.serviceTier
  state.rawUsage = { ...state.rawUsage, ...u }
}

/**
 * `message_stop`.
 *
 * @internal
 */
export const messageStop = (state: StreamState): void => {
  state.isMessageOpen = false
  state.activeMessageId = undefined
  const { container, contextManagement, inputTransformations, rawUsage, safeguardResults, serviceTier, stopDetails } = state
  const anthropicMetadata: JsonObject = {
    usage: rawUsage ?? null,
    stopSequence: state.stopSequence,
    ...(serviceTier != null ? { serviceTier } : {}),
    ...(stopDetails != null ? { stopDetails } : {}),
    ...(inputTransformations != null ? { inputTransformations } : {}),
    ...(safeguardResults != null ? { safeguardResults } : {}),
    iterations: mapIterations(state.usage.iterations),
    container,
    contextManagement
  }
  const providerMetadata: ProviderMetadata = { anthropic: anthropicMetadata }
  flushHeldBack(state, isContinuationStopReason(state.finishReason.raw))
  emit(state, {
    type: "finish",
    finishReason: state.finishReason,
    usage: convertUsage(state.usage, rawUsage ?? {}),
    providerMetadata
  })
}

/**
 * An `error` frame: an `error` part with the provider stream error (status code and retryability
 * inferred from the error type where the frame has none).
 *
 * @internal
 */
export const streamError = (state: StreamState, value: EventOf<"error">): void => {
  const error = value.error
  const inferred = streamErrorMetadata(error.type)
  emit(state, {
    type: "error",
    error: createProviderStreamError({
      message: error.message,
      type: error.type,
      code: error.code ?? undefined,
      statusCode: error.statusCode ?? inferred.statusCode,
      isRetryable: error.isRetryable ?? inferred.isRetryable,
      data: "data" in error ? error.data : error
    })
  })
}

const streamErrorMetadata = (type: string): { statusCode?: number; isRetryable?: boolean } => {
  switch (type) {
    case "api_error":
      return { statusCode: 500, isRetryable: true }
    case "overloaded_error":
      return { statusCode: 529, isRetryable: true }
    case "rate_limit_error":
      return { statusCode: 429, isRetryable: true }
    case "request_too_large":
      return { statusCode: 413, isRetryable: false }
    case "authentication_error":
      return { statusCode: 401, isRetryable: false }
    case "permission_error":
      return { statusCode: 403, isRetryable: false }
    case "not_found_error":
      return { statusCode: 404, isRetryable: false }
    case "billing_error":
    case "invalid_request_error":
      return { statusCode: 400, isRetryable: false }
    default:
      return {}
  }
}
