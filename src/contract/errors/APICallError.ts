/**
 * `APICallError`: an HTTP call to a provider failed (transport or status).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { isRetryableStatusCode, omitUndefined, type UpstreamLike } from "./internal/marker.ts"
import { UpstreamError } from "./internal/UpstreamError.ts"

const name = "AI_APICallError"

/**
 * Constructor options, named as upstream's. Request headers are deliberately
 * not part of the error (they may carry the API key).
 *
 * @since 0.1.0
 * @category models
 */
export interface APICallErrorOptions {
  readonly message: string
  readonly url: string
  readonly requestBodyValues: unknown
  readonly statusCode?: number | undefined
  readonly responseHeaders?: Record<string, string> | undefined
  readonly responseBody?: string | undefined
  readonly cause?: unknown
  readonly isRetryable?: boolean | undefined
  readonly data?: unknown
}

/**
 * A failed provider API call; `isRetryable` defaults to upstream's rule
 * (408, 409, 429, >= 500).
 *
 * @since 0.1.0
 * @category errors
 */
export class APICallError extends UpstreamError<APICallError>(name)("APICallError", {
  message: Schema.String,
  url: Schema.String,
  requestBodyValues: Schema.optional(Schema.Unknown),
  statusCode: Schema.optional(Schema.Number),
  responseHeaders: Schema.optional(Schema.Record(Schema.String, Schema.String)),
  responseBody: Schema.optional(Schema.String),
  isRetryable: Schema.Boolean,
  data: Schema.optional(Schema.Unknown),
  cause: Schema.optional(Schema.Defect())
}) {
  constructor(options: APICallErrorOptions, makeOptions?: Schema.MakeOptions) {
    super(omitUndefined({
      message: options.message,
      url: options.url,
      requestBodyValues: options.requestBodyValues,
      statusCode: options.statusCode,
      responseHeaders: options.responseHeaders,
      responseBody: options.responseBody,
      isRetryable: options.isRetryable ?? isRetryableStatusCode(options.statusCode),
      data: options.data,
      cause: options.cause
    }), makeOptions)
  }
}

/**
 * What `APICallError.isInstance` narrows to: the fields shared with upstream.
 *
 * @since 0.1.0
 * @category models
 */
export type APICallErrorLike = UpstreamLike<APICallError>
