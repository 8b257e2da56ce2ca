/**
 * In-stream errors (`error` events and `response.failed`) as provider
 * stream errors with status and retry metadata (upstream
 * `createXaiResponsesStreamError`): a 4xx/5xx code gives its status, other
 * known codes map to a status, unknown codes carry none.
 */
import { createProviderStreamError, type ProviderStreamError } from "../../../contract/errors/ProviderStreamError.ts"

const metadataOf = (code: string | null | undefined): { statusCode?: number; isRetryable?: boolean } => {
  switch (code) {
    case "rate_limit_exceeded":
    case "rate_limit_error":
      return { statusCode: 429, isRetryable: true }
    case "insufficient_quota":
      return { statusCode: 429, isRetryable: false }
    case "api_error":
    case "internal_server_error":
    case "server_error":
      return { statusCode: 500, isRetryable: true }
    case "overloaded_error":
    case "service_unavailable":
      return { statusCode: 503, isRetryable: true }
    case "timeout":
    case "timeout_error":
      return { statusCode: 504, isRetryable: true }
    case "authentication_error":
    case "invalid_api_key":
      return { statusCode: 401, isRetryable: false }
    case "permission_error":
      return { statusCode: 403, isRetryable: false }
    case "not_found_error":
    case "model_not_found":
      return { statusCode: 404, isRetryable: false }
    case "bad_request":
    case "context_length_exceeded":
    case "invalid_request_error":
      return { statusCode: 400, isRetryable: false }
    default:
      return {}
  }
}

const httpStatusOf = (code: string | null | undefined): number | undefined => {
  if (code == null || !/^\d{3}$/.test(code)) return undefined
  const status = Number(code)
  return status >= 400 && status <= 599 ? status : undefined
}

const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500

/**
 * The error payload of an `error` or `response.failed` event.
 *
 * @since 0.2.0
 */
export const streamError = (options: {
  readonly message: string
  readonly code: string | null | undefined
  readonly eventType: "error" | "response.failed"
  readonly data: unknown
}): ProviderStreamError => {
  const status = httpStatusOf(options.code)
  return createProviderStreamError({
    message: options.message,
    type: options.eventType,
    code: options.code ?? undefined,
    ...(status != null ? { statusCode: status, isRetryable: isRetryableStatus(status) } : metadataOf(options.code)),
    data: options.data
  })
}
