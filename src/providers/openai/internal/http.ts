/**
 * The HTTP calls of the chat model over effect's `HttpClient`, with
 * upstream's `postJsonToApi` error mapping: a transport failure or an error
 * status becomes an `APICallError` (the OpenAI error body's message, as
 * `openaiFailedResponseHandler`), a bad JSON body an `APICallError` "Invalid
 * JSON response".
 *
 * @internal
 */
import { Effect, Option, Schema, Stream } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import { makeSafeParseJson } from "../../../provider-utils/ParseJson.ts"
import { APICallError } from "../../../spec/errors/APICallError.ts"
import { OpenAIErrorData } from "../OpenAIChatApi.ts"

/** @internal */
export interface PostOptions {
  readonly url: string
  readonly headers: Record<string, string | undefined>
  readonly body: unknown
}

const parseErrorBody = makeSafeParseJson(OpenAIErrorData)

const definedHeaders = (headers: Record<string, string | undefined>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const key in headers) {
    const value = headers[key]
    if (value !== undefined) out[key] = value
  }
  return out
}

const statusText = (response: HttpClientResponse.HttpClientResponse): string =>
  Option.match(HttpClientResponse.toWeb(response), { onNone: () => "", onSome: (web) => web.statusText })

const responseHeadersOf = (response: HttpClientResponse.HttpClientResponse): Record<string, string> => ({
  ...response.headers
})

const failedResponse = (
  options: PostOptions,
  response: HttpClientResponse.HttpClientResponse
): Effect.Effect<never, APICallError> =>
  Effect.flatMap(
    Effect.orElseSucceed(response.text, () => ""),
    (responseBody) => {
      const responseHeaders = responseHeadersOf(response)
      const base = {
        url: options.url,
        requestBodyValues: options.body,
        statusCode: response.status,
        responseHeaders,
        responseBody
      }
      if (responseBody.trim() === "") return Effect.fail(new APICallError({ ...base, message: statusText(response) }))
      const parsed = parseErrorBody(responseBody)
      return Effect.fail(
        parsed.success
          ? new APICallError({ ...base, message: parsed.value.error.message, data: parsed.value })
          : new APICallError({ ...base, message: statusText(response), cause: parsed.error })
      )
    }
  )

const post = (client: HttpClient.HttpClient, options: PostOptions) =>
  HttpClientRequest.post(options.url).pipe(
    HttpClientRequest.setHeaders(definedHeaders(options.headers)),
    HttpClientRequest.bodyText(JSON.stringify(options.body), "application/json"),
    client.execute,
    Effect.mapError((cause) =>
      new APICallError({
        message: `Cannot connect to API: ${cause.message}`,
        url: options.url,
        requestBodyValues: options.body,
        cause,
        isRetryable: true
      })
    ),
    Effect.flatMap((response) =>
      response.status >= 200 && response.status < 300 ? Effect.succeed(response) : failedResponse(options, response)
    )
  )

/**
 * POSTs JSON and decodes the JSON response with `schema`.
 *
 * @internal
 */
export const postJson = <S extends Schema.ConstraintDecoder<unknown>>(
  client: HttpClient.HttpClient,
  options: PostOptions,
  schema: S
) => {
  const parse = makeSafeParseJson(schema)
  return Effect.flatMap(post(client, options), (response) =>
    Effect.flatMap(
      Effect.mapError(response.text, (cause) =>
        new APICallError({
          message: "Failed to process successful response",
          url: options.url,
          requestBodyValues: options.body,
          statusCode: response.status,
          responseHeaders: responseHeadersOf(response),
          cause
        })),
      (text) => {
        const responseHeaders = responseHeadersOf(response)
        const parsed = parse(text)
        return parsed.success
          ? Effect.succeed({ responseHeaders, value: parsed.value, rawValue: parsed.rawValue })
          : Effect.fail(
            new APICallError({
              message: "Invalid JSON response",
              cause: parsed.error,
              statusCode: response.status,
              responseHeaders,
              responseBody: text,
              url: options.url,
              requestBodyValues: options.body
            })
          )
      }
    ))
}

/**
 * POSTs JSON and returns the response headers and the body bytes; a failure
 * while reading the body is an `APICallError` "Failed to process successful
 * response" (upstream `wrapResponseBodyStream`).
 *
 * @internal
 */
export const postStream = (client: HttpClient.HttpClient, options: PostOptions) =>
  Effect.map(post(client, options), (response) => {
    const responseHeaders = responseHeadersOf(response)
    return {
      responseHeaders,
      body: Stream.mapError(response.stream, (cause) =>
        new APICallError({
          message: "Failed to process successful response",
          url: options.url,
          requestBodyValues: options.body,
          statusCode: response.status,
          responseHeaders,
          cause
        }))
    }
  })
