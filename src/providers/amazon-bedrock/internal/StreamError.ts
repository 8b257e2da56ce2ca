/**
 * The in-stream exceptions of a ConverseStream body (upstream `doStream`'s exception branches):
 * their status codes and retryability, and the `error` part of an exception event.
 *
 * @internal
 */
import { createProviderStreamError } from "../../../contract/errors/ProviderStreamError.ts"
import type { StreamPart } from "../../../contract/StreamPart.ts"
import type { StreamEvent } from "../AmazonBedrockApi.ts"

/** The in-stream exception types and upstream's status and retryability for each. */
export const streamErrorMetadata = (type: string): { statusCode?: number; isRetryable?: boolean } => {
  switch (type) {
    case "internalServerException":
    case "InternalServerException":
      return { statusCode: 500, isRetryable: true }
    case "modelStreamErrorException":
    case "ModelStreamErrorException":
      return { statusCode: 424, isRetryable: true }
    case "serviceUnavailableException":
    case "ServiceUnavailableException":
      return { statusCode: 503, isRetryable: true }
    case "throttlingException":
    case "ThrottlingException":
      return { statusCode: 429, isRetryable: true }
    case "validationException":
    case "ValidationException":
      return { statusCode: 400, isRetryable: false }
    default:
      return {}
  }
}

const exceptionTypes = [
  "internalServerException",
  "modelStreamErrorException",
  "serviceUnavailableException",
  "throttlingException",
  "validationException"
] as const

/** The `error` part of the event's exception, if it carries one (upstream checks them in this order). */
export const exceptionPart = (value: StreamEvent, rawValue: unknown): StreamPart | undefined => {
  for (const type of exceptionTypes) {
    const exception = value[type]
    if (exception) {
      const message = exception["message"]
      return {
        type: "error",
        error: createProviderStreamError({
          message: typeof message === "string" ? message : `Amazon Bedrock stream failed with ${type}`,
          type,
          ...streamErrorMetadata(type),
          data: rawValue
        })
      }
    }
  }
  return undefined
}
