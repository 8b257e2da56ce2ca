/**
 * The Hugging Face Responses stream as V4 parts (upstream `doStream`'s
 * TransformStream). Kept as upstream: an unparsable event or an in-band
 * error sets the finish reason to `error`; function-call argument deltas
 * are dropped (the arguments come with `output_item.done`); text and
 * reasoning blocks are keyed by the item id; the finish always carries
 * `providerMetadata.huggingface.responseId` (`null` when no response id
 * was seen).
 *
 * Upstream reads a known event that fails its typed schema from the raw
 * object (its union's catch-all member). aimux reads the same fields with
 * lenient Schemas; where a field it needs has the wrong type (upstream then
 * emits an ill-typed part or throws), the event becomes an `error` part
 * (see `docs/divergences.md`).
 */
import { Predicate, Result, Schema } from "effect"
import type { ParseResult } from "../../../runtime/ParseJson.ts"
import { createProviderStreamError, type ProviderStreamError } from "../../../contract/errors/ProviderStreamError.ts"
import type { JSONParseError } from "../../../contract/errors/JSONParseError.ts"
import { TypeValidationError } from "../../../contract/errors/TypeValidationError.ts"
import { makeSafeValidate } from "../../../runtime/ParseJson.ts"
import type { FinishReason } from "../../../contract/FinishReason.ts"
import type { JsonValue } from "../../../contract/Json.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { Warning } from "../../../contract/Warning.ts"
import {
  CompletedChunk,
  Created,
  Delta,
  DeltaDone,
  type Envelope,
  FunctionCallDone,
  FunctionCallStart,
  ItemEvent,
  ItemId,
  RawCompleted,
  RawUsage
} from "../HuggingFaceApi.ts"
import { convertUsage, type UsageInput } from "./Usage.ts"
import { mapFinishReason } from "./FinishReason.ts"

type Out = Array<StreamPart>

/**
 * A stateful transducer: `push` per parsed event (errors become `error` parts, never a failure), `end` once.
 *
 * @since 0.1.0
 */
export interface Transducer {
  readonly push: (chunk: ParseResult<Envelope>, out: Out) => undefined
  readonly end: (out: Out) => void
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  Predicate.isObject(value) && !Predicate.isFunction(value) ? { ...value } : undefined

// Upstream `createHuggingFaceResponsesStreamError`, on the raw event.
const streamErrorOf = (event: Envelope): ProviderStreamError | undefined => {
  if (event.type !== "error" && event.type !== "response.failed") return undefined
  const details = event.type === "response.failed"
    ? asRecord(asRecord(event["response"])?.["error"])
    : (asRecord(event["error"]) ?? event)
  if (details === undefined || typeof details["message"] !== "string") return undefined
  const code = details["code"]
  return createProviderStreamError({
    message: details["message"],
    type: event.type,
    code: typeof code === "string" || typeof code === "number" ? code : undefined,
    data: event
  })
}

/** A field that failed: a validation error, or a value nested too deep to validate or print (issue 31). */
type Failure = TypeValidationError | JSONParseError

// Through the runtime's depth-safe validation: a value nested too deep to validate or to print in
// the TypeValidationError message is a typed JSONParseError, never a RangeError.
const decoder = <A>(schema: Schema.Decoder<A>) => {
  const validate = makeSafeValidate(schema)
  return (value: unknown): Result.Result<A, Failure> => {
    const decoded = validate(value)
    return decoded.success ? Result.succeed(decoded.value) : Result.fail(decoded.error)
  }
}

const decodeCompleted = decoder(CompletedChunk)
const decodeRawCompleted = decoder(RawCompleted)
const decodeRawUsage = decoder(RawUsage)
const decodeCreated = decoder(Created)
const decodeItemEvent = decoder(ItemEvent)
const decodeItemId = decoder(ItemId)
const decodeFunctionStart = decoder(FunctionCallStart)
const decodeFunctionDone = decoder(FunctionCallDone)
const decodeDelta = decoder(Delta)
const decodeDeltaDone = decoder(DeltaDone)

// The reason of `incomplete_details` as upstream reads it (`?.reason`).
const reasonOf = (details: unknown): unknown => {
  const record = asRecord(details)
  return record === undefined ? undefined : record["reason"]
}

/**
 * A fresh transducer for one stream (the caller sends `stream-start`).
 *
 * @since 0.1.0
 */
export const makeTransducer = (): Transducer => {
  let finishReason: FinishReason = { unified: "other", raw: undefined }
  let responseId: JsonValue | undefined = null
  let usage: UsageInput | undefined = undefined

  const completed = (value: Envelope): Failure | undefined => {
    const typed = decodeCompleted(value)
    if (Result.isSuccess(typed)) {
      const response = typed.success.response
      responseId = response.id
      const reason = response.incomplete_details?.reason
      finishReason = { unified: mapFinishReason(reason ?? "stop"), raw: reason ?? undefined }
      if (response.usage) usage = response.usage
      return undefined
    }
    const raw = decodeRawCompleted(value)
    if (Result.isFailure(raw)) return raw.failure
    const response = raw.success.response
    const reason = reasonOf(response.incomplete_details)
    if (reason != null && typeof reason !== "string") return typed.failure
    let rawUsage: UsageInput | undefined = undefined
    if (response.usage) {
      const decoded = decodeRawUsage(response.usage)
      if (Result.isFailure(decoded)) return decoded.failure
      rawUsage = decoded.success
    }
    responseId = response.id
    finishReason = { unified: mapFinishReason(reason ?? "stop"), raw: reason ?? undefined }
    if (rawUsage !== undefined) usage = rawUsage
    return undefined
  }

  const item = (value: Envelope, added: boolean, out: Out): Failure | undefined => {
    const event = decodeItemEvent(value)
    if (Result.isFailure(event)) return event.failure
    const part = event.success.item
    if (part.type === "message" && part.role === "assistant") {
      const id = decodeItemId(part)
      if (Result.isFailure(id)) return id.failure
      out.push(
        added
          ? { type: "text-start", id: id.success.id, providerMetadata: { huggingface: { itemId: id.success.id } } }
          : { type: "text-end", id: id.success.id }
      )
    } else if (part.type === "function_call") {
      if (added) {
        const call = decodeFunctionStart(part)
        if (Result.isFailure(call)) return call.failure
        out.push({ type: "tool-input-start", id: call.success.call_id, toolName: call.success.name })
      } else {
        const call = decodeFunctionDone(part)
        if (Result.isFailure(call)) return call.failure
        const { arguments: input, call_id, name, output } = call.success
        out.push({ type: "tool-input-end", id: call_id })
        out.push({ type: "tool-call", toolCallId: call_id, toolName: name, input })
        if (output) out.push({ type: "tool-result", toolCallId: call_id, toolName: name, result: output })
      }
    } else if (part.type === "reasoning" && added) {
      const id = decodeItemId(part)
      if (Result.isFailure(id)) return id.failure
      out.push({ type: "reasoning-start", id: id.success.id, providerMetadata: { huggingface: { itemId: id.success.id } } })
    }
    return undefined
  }

  const event = (value: Envelope, out: Out): Failure | undefined => {
    switch (value.type) {
      case "response.created": {
        const created = decodeCreated(value)
        if (Result.isFailure(created)) return created.failure
        const response = created.success.response
        responseId = response.id
        out.push({
          type: "response-metadata",
          id: response.id,
          timestamp: new Date(response.created_at * 1000),
          modelId: response.model
        })
        return undefined
      }
      case "response.output_item.added":
        return item(value, true, out)
      case "response.output_item.done":
        return item(value, false, out)
      case "response.completed":
        return completed(value)
      case "response.reasoning_text.delta":
      case "response.output_text.delta": {
        const delta = decodeDelta(value)
        if (Result.isFailure(delta)) return delta.failure
        out.push({
          type: value.type === "response.output_text.delta" ? "text-delta" : "reasoning-delta",
          id: delta.success.item_id,
          delta: delta.success.delta
        })
        return undefined
      }
      case "response.reasoning_text.done": {
        const done = decodeDeltaDone(value)
        if (Result.isFailure(done)) return done.failure
        out.push({ type: "reasoning-end", id: done.success.item_id })
        return undefined
      }
      default:
        return undefined
    }
  }

  return {
    push: (chunk, out) => {
      if (!chunk.success) {
        finishReason = { unified: "error", raw: undefined }
        out.push({ type: "error", error: chunk.error })
        return undefined
      }
      const value = chunk.value
      const streamError = streamErrorOf(value)
      if (streamError !== undefined) {
        finishReason = {
          unified: "error",
          raw: streamError.code != null ? String(streamError.code) : streamError.type
        }
        out.push({ type: "error", error: streamError })
        return undefined
      }
      const failure = event(value, out)
      // Reported against the whole event, whichever of its fields failed.
      if (failure !== undefined) {
        out.push({
          type: "error",
          error: failure instanceof TypeValidationError ? new TypeValidationError({ value, cause: failure.cause }) : failure
        })
      }
      return undefined
    },
    end: (out) => {
      out.push({
        type: "finish",
        finishReason,
        usage: convertUsage(usage),
        providerMetadata: { huggingface: { responseId } }
      })
    }
  }
}
