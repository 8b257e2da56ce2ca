/**
 * The HTTP status and retryability an in-stream error frame's type name or
 * explicit status code implies, as the OpenAI-family chat providers infer
 * them (upstream Groq's `getGroqStreamErrorMetadata` switch, which DeepSeek's
 * stream-error metadata applies to `error.code` and then `error.type`, after
 * an explicit HTTP status in `error.code`).
 *
 * @since 0.1.0
 */

/**
 * What an error type name implies for a `ProviderStreamError` payload.
 *
 * @since 0.1.0
 * @category models
 */
export interface ErrorTypeMetadata {
  readonly statusCode: number
  readonly isRetryable: boolean
}

const rateLimited: ErrorTypeMetadata = { statusCode: 429, isRetryable: true }
const serverError: ErrorTypeMetadata = { statusCode: 500, isRetryable: true }
const unavailable: ErrorTypeMetadata = { statusCode: 503, isRetryable: true }
const timedOut: ErrorTypeMetadata = { statusCode: 504, isRetryable: true }
const unauthorized: ErrorTypeMetadata = { statusCode: 401, isRetryable: false }
const forbidden: ErrorTypeMetadata = { statusCode: 403, isRetryable: false }
const notFound: ErrorTypeMetadata = { statusCode: 404, isRetryable: false }
const badRequest: ErrorTypeMetadata = { statusCode: 400, isRetryable: false }

/**
 * The metadata of a known error type name (`rate_limit_error` 429,
 * `api_error` / `internal_server_error` / `server_error` 500,
 * `overloaded_error` / `service_unavailable` 503, `timeout` / `timeout_error`
 * 504: retryable; `authentication_error` / `invalid_api_key` 401,
 * `permission_error` 403, `not_found_error` / `model_not_found` 404,
 * `bad_request` / `context_length_exceeded` / `invalid_request_error` 400:
 * not retryable), or `undefined` for any other value.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromErrorType = (type: unknown): ErrorTypeMetadata | undefined => {
  switch (type) {
    case "rate_limit_error":
      return rateLimited
    case "api_error":
    case "internal_server_error":
    case "server_error":
      return serverError
    case "overloaded_error":
    case "service_unavailable":
      return unavailable
    case "timeout":
    case "timeout_error":
      return timedOut
    case "authentication_error":
    case "invalid_api_key":
      return unauthorized
    case "permission_error":
      return forbidden
    case "not_found_error":
    case "model_not_found":
      return notFound
    case "bad_request":
    case "context_length_exceeded":
    case "invalid_request_error":
      return badRequest
    default:
      return undefined
  }
}

const threeDigits = /^\d{3}$/

/**
 * An explicit HTTP error status (a number, or a three-digit string, from 400
 * to 599) with the status-based retry rule (408, 409, 429 and 5xx retryable),
 * or `undefined` for any other value.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromStatusCode = (code: unknown): ErrorTypeMetadata | undefined => {
  const statusCode = typeof code === "string" && threeDigits.test(code) ? Number(code) : code
  return typeof statusCode === "number" && Number.isInteger(statusCode) && statusCode >= 400 && statusCode <= 599
    ? {
      statusCode,
      isRetryable: statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500
    }
    : undefined
}
