/**
 * POST a JSON body with effect's HttpClient and map failures as upstream
 * `postJsonToApi` with Anthropic's `anthropicFailedResponseHandler`:
 * a non-2xx status is an `APICallError` whose message is the error body's
 * `error.message` (or the status text when the body does not decode),
 * a transport failure is a retryable `APICallError`.
 */
import { Effect, Result, Schema } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import { APICallError } from "../../../spec/errors/APICallError.ts"
import { ErrorBody } from "../AnthropicApi.ts"
import { statusTextOf } from "../../../provider-utils/Http.ts"
import { secureJsonParse } from "./SecureJson.ts"

/**
 * The started response and its headers as a plain record.
 */
export interface Posted {
  readonly response: HttpClientResponse.HttpClientResponse
  readonly responseHeaders: Record<string, string>
}

const decodeErrorBody = Schema.decodeUnknownResult(ErrorBody)

const headersRecord = (response: HttpClientResponse.HttpClientResponse): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(response.headers)) out[key] = value
  return out
}

/**
 * Posts `body` as JSON to `url`.
 */
export const postJson = Effect.fnUntraced(function*(options: {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: unknown
}) {
  const client = yield* HttpClient.HttpClient
  const request = HttpClientRequest.post(options.url).pipe(
    HttpClientRequest.setHeaders(options.headers),
    HttpClientRequest.bodyText(JSON.stringify(options.body), "application/json")
  )
  const response = yield* client.execute(request).pipe(
    Effect.mapError((error) =>
      new APICallError({
        message: `Cannot connect to API: ${error.message}`,
        url: options.url,
        requestBodyValues: options.body,
        cause: error,
        isRetryable: true
      })
    )
  )
  const responseHeaders = headersRecord(response)
  if (response.status >= 200 && response.status < 300) {
    const posted: Posted = { response, responseHeaders }
    return posted
  }
  const responseBody = yield* response.text.pipe(
    Effect.mapError((error) =>
      new APICallError({
        message: "Failed to process error response",
        url: options.url,
        requestBodyValues: options.body,
        statusCode: response.status,
        responseHeaders,
        cause: error
      })
    )
  )
  const parsed = responseBody.trim() === "" ? undefined : secureJsonParse(responseBody)
  const decoded = parsed?.ok ? decodeErrorBody(parsed.value) : undefined
  return yield* new APICallError({
    message: decoded !== undefined && Result.isSuccess(decoded) ? decoded.success.error.message : statusTextOf(response),
    url: options.url,
    requestBodyValues: options.body,
    statusCode: response.status,
    responseHeaders,
    responseBody,
    ...(decoded !== undefined && Result.isSuccess(decoded) ? { data: decoded.success } : {})
  })
})
