/**
 * The error payload of OpenAI-style APIs, as an error response body and as an
 * in-stream error frame (upstream `openaiCompatibleErrorDataSchema` and
 * `deepSeekErrorSchema`, the same zod object), and the failed-response
 * handler of payloads whose message is `error.message`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type * as HttpClientError from "effect/http/HttpClientError"
import type { APICallError } from "../../../contract/errors/APICallError.ts"
import * as Http from "../../../provider-utils/Http.ts"
import { nullish } from "../../../contract/Fields.ts"


/**
 * `{ error: { message, type?, param?, code? } }`, loose in everything but the
 * message (unknown keys dropped, as zod's `object`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpenAIFamilyErrorData = Schema.Struct({
  error: Schema.Struct({
    message: Schema.String,
    type: nullish(Schema.String),
    param: Schema.optional(Schema.Unknown),
    code: nullish(Schema.Union([Schema.String, Schema.Number]))
  })
})

/**
 * The decoded error payload.
 *
 * @since 0.1.0
 * @category models
 */
export type OpenAIFamilyErrorData = typeof OpenAIFamilyErrorData.Type

/**
 * The message of a payload shaped `{ error: { message } }`.
 *
 * @since 0.1.0
 * @category errors
 */
export const errorToMessage = (data: { readonly error: { readonly message: string } }): string => data.error.message

/**
 * The failed-response handler for a provider's error schema whose message
 * is `error.message` (status-based retryability).
 *
 * @since 0.1.0
 * @category requests
 */
export const failedResponseHandler = <T extends { readonly error: { readonly message: string } }>(
  errorSchema: Schema.ConstraintDecoder<T>
): Http.ResponseHandler<APICallError, HttpClientError.HttpClientError> =>
  Http.jsonErrorResponseHandler<T>({ errorSchema, errorToMessage })
