/**
 * Port of upstream `openai-stream-error.ts`: the payload of an in-stream
 * error frame (a `ProviderStreamError` with an inferred HTTP status and retry
 * flag) and the `APICallError` raised when an error frame arrives before any
 * output.
 *
 * @internal
 */
import { fromStatusCode } from "../ErrorTypeMetadata.ts"
import { APICallError } from "../../../../contract/errors/APICallError.ts"
import { createProviderStreamError, type ProviderStreamError } from "../../../../contract/errors/ProviderStreamError.ts"
import * as WireJson from "../../../../runtime/WireJson.ts"

interface StreamError {
  readonly message: string
  readonly code: string | number | undefined
  readonly type: string | undefined
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value != null ? { ...value } : undefined

const getStringOrNumber = (value: unknown): string | number | undefined =>
  typeof value === "string" || typeof value === "number" ? value : undefined

const parseStreamError = (frame: unknown): StreamError | undefined => {
  const value = asRecord(frame)
  if (value == null) return undefined
  if (value.type === "response.failed") {
    const responseError = asRecord(asRecord(value.response)?.error)
    return typeof responseError?.message === "string"
      ? { message: responseError.message, code: getStringOrNumber(responseError.code), type: "response.failed" }
      : undefined
  }
  const nested = asRecord(value.error)
  const error = nested ?? value
  return typeof error.message === "string" &&
      (nested != null || typeof error.type === "string" || "code" in error || "param" in error)
    ? {
      message: error.message,
      code: getStringOrNumber(error.code),
      type: typeof error.type === "string" ? error.type : undefined
    }
    : undefined
}

const getStatusCode = (error: StreamError): number => {
  // Only the explicit status is shared: OpenAI matches type names by substring and never retries `insufficient_quota`.
  const explicit = fromStatusCode(error.code)?.statusCode
  if (explicit != null) return explicit
  const discriminator = [error.code, error.type]
    .filter((value) => typeof value === "string" || typeof value === "number")
    .join(" ")
    .toLowerCase()
  if (["insufficient_quota", "rate_limit"].some((term) => discriminator.includes(term))) return 429
  if (discriminator.includes("authentication")) return 401
  if (discriminator.includes("permission")) return 403
  if (discriminator.includes("not_found")) return 404
  if (["invalid", "bad_request", "context_length"].some((term) => discriminator.includes(term))) return 400
  if (discriminator.includes("overload")) return 503
  if (discriminator.includes("timeout")) return 504
  return 500
}

const isRetryableStreamError = (error: StreamError, statusCode: number): boolean => {
  if (error.code === "insufficient_quota" || error.type === "insufficient_quota") return false
  return statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500
}

/**
 * The payload of an error part for an OpenAI error frame, or `undefined` when
 * the frame does not look like an error.
 *
 * @internal
 */
export const createOpenAIProviderStreamError = (frame: unknown): ProviderStreamError | undefined => {
  const streamError = parseStreamError(frame)
  if (streamError == null) return undefined
  const statusCode = getStatusCode(streamError)
  return createProviderStreamError({
    message: streamError.message,
    type: streamError.type,
    code: streamError.code,
    statusCode,
    isRetryable: isRetryableStreamError(streamError, statusCode),
    data: frame
  })
}

/**
 * The `APICallError` for an error frame that arrived before any output.
 *
 * @internal
 */
export const createOpenAIStreamError = (options: {
  readonly frame: unknown
  readonly url: string
  readonly requestBodyValues: unknown
  readonly responseHeaders?: Record<string, string> | undefined
}): APICallError => {
  const streamError = createOpenAIProviderStreamError(options.frame)
  return new APICallError({
    message: streamError?.message ?? "OpenAI stream failed before any output was generated",
    url: options.url,
    requestBodyValues: options.requestBodyValues,
    statusCode: streamError?.statusCode ?? 500,
    responseHeaders: options.responseHeaders,
    responseBody: WireJson.render(options.frame),
    data: options.frame,
    isRetryable: streamError?.isRetryable
  })
}
