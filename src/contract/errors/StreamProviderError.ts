/**
 * `StreamProviderError`: a provider reported an error after the response
 * stream started, and `normalizeStreamProviderError`, core's mapping of raw
 * `error` part payloads onto it.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { baseMarker, hasMarker, isRetryableStatusCode, omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"
import { isProviderStreamError } from "./ProviderStreamError.ts"

const name = "AI_StreamProviderError"

/**
 * Constructor options, named as upstream's.
 *
 * @since 0.1.0
 * @category models
 */
export interface StreamProviderErrorOptions {
  readonly message: string
  readonly type?: string | undefined
  readonly code?: string | number | undefined
  readonly statusCode?: number | undefined
  readonly isRetryable?: boolean | undefined
  readonly data?: unknown
  readonly cause?: unknown
}

/**
 * An in-stream provider error with optional provider `type`/`code`, an
 * HTTP-equivalent `statusCode` and `isRetryable` (default: upstream's
 * 408/409/429/>=500 rule).
 *
 * @since 0.1.0
 * @category errors
 */
export class StreamProviderError extends UpstreamError<StreamProviderError>(name)("StreamProviderError", {
  message: Schema.String,
  type: Schema.optional(Schema.String),
  code: Schema.optional(Schema.Union([Schema.String, Schema.Number])),
  statusCode: Schema.optional(Schema.Number),
  isRetryable: Schema.Boolean,
  data: Schema.optional(Schema.Unknown),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: StreamProviderErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message,
      type: options.type,
      code: options.code,
      statusCode: options.statusCode,
      isRetryable: options.isRetryable ?? isRetryableStatusCode(options.statusCode),
      data: options.data,
      cause: options.cause
    }), makeOptions)
  }
}

/**
 * What `StreamProviderError.isInstance` narrows to.
 *
 * @since 0.1.0
 * @category models
 */
export type StreamProviderErrorLike = UpstreamLike<StreamProviderError>

// `instanceof` misses Error instances created in another realm.
const isError = (u: unknown): u is Error =>
  u instanceof Error || Object.prototype.toString.call(u) === "[object Error]"

const asRecord = (u: unknown): object | undefined => (typeof u === "object" && u != null ? u : undefined)

const field = (o: object, key: string): unknown => Reflect.get(o, key)

const getString = (u: unknown): string | undefined => (typeof u === "string" ? u : undefined)

const getStringOrNumber = (u: unknown): string | number | undefined =>
  typeof u === "string" || typeof u === "number" ? u : undefined

const getBoolean = (u: unknown): boolean | undefined => (typeof u === "boolean" ? u : undefined)

const threeDigits = /^\d{3}$/

const getHttpStatusCode = (u: unknown): number | undefined => {
  const statusCode = typeof u === "string" && threeDigits.test(u) ? Number(u) : u
  return typeof statusCode === "number" && Number.isInteger(statusCode) && statusCode >= 400 && statusCode <= 599
    ? statusCode
    : undefined
}

const inferExactMessageMetadata = (message: string): { statusCode: number; isRetryable: true } | undefined => {
  switch (message.trim().toLowerCase()) {
    case "overloaded":
    case "overloaded error":
    case "model overloaded":
      return { statusCode: 503, isRetryable: true }
    case "internal server error":
      return { statusCode: 500, isRetryable: true }
    case "service unavailable":
      return { statusCode: 503, isRetryable: true }
    default:
      return undefined
  }
}

/**
 * Core's normalisation of an `error` stream part's payload (upstream
 * `normalizeStreamProviderError`): Errors and AI SDK errors pass through
 * unchanged; a provider stream error payload, or an object with a string
 * `message` (directly, under `error`, or under `response.error`), becomes a
 * `StreamProviderError` with type/code/status/retryability read from the
 * payload; anything else passes through unchanged.
 *
 * @since 0.1.0
 * @category errors
 */
export const normalizeStreamProviderError = (error: unknown): unknown => {
  if (isError(error) || hasMarker(error, baseMarker) || StreamProviderError.isInstance(error)) {
    return error
  }
  const outer = asRecord(error)
  if (outer === undefined) {
    return error
  }
  const providerStreamError = isProviderStreamError(error)
  const response = asRecord(field(outer, "response"))
  const details = providerStreamError
    ? outer
    : ((response === undefined ? undefined : asRecord(field(response, "error"))) ??
      asRecord(field(outer, "error")) ??
      outer)
  const message = field(details, "message")
  if (typeof message !== "string") {
    return error
  }
  const type = getString(field(details, "type")) ?? getString(field(outer, "type"))
  const code = getStringOrNumber(field(details, "code")) ?? getStringOrNumber(field(outer, "code"))
  const explicitStatusCode = getHttpStatusCode(field(details, "statusCode")) ??
    getHttpStatusCode(field(outer, "statusCode")) ??
    getHttpStatusCode(field(details, "status_code")) ??
    getHttpStatusCode(field(outer, "status_code")) ??
    getHttpStatusCode(field(details, "status")) ??
    getHttpStatusCode(field(outer, "status")) ??
    getHttpStatusCode(field(details, "code")) ??
    getHttpStatusCode(field(outer, "code"))
  const messageMetadata = inferExactMessageMetadata(message)
  const statusCode = explicitStatusCode ?? messageMetadata?.statusCode
  const explicitRetryability = getBoolean(field(details, "isRetryable")) ??
    getBoolean(field(outer, "isRetryable")) ??
    getBoolean(field(details, "is_retryable")) ??
    getBoolean(field(outer, "is_retryable"))
  return new StreamProviderError({
    message,
    type,
    code,
    statusCode,
    isRetryable: explicitRetryability ?? messageMetadata?.isRetryable ?? isRetryableStatusCode(statusCode),
    data: providerStreamError ? error.data : error
  })
}
