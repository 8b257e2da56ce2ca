/**
 * Results of `generate` and the metadata that comes with `stream`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Content } from "./Content.ts"
import { FinishReason } from "./FinishReason.ts"
import { Headers, ProviderMetadata } from "./ProviderMetadata.ts"
import { ResponseMetadataFields } from "./ResponseMetadata.ts"
import { Usage } from "./Usage.ts"
import { Warning } from "./Warning.ts"

/**
 * What was sent: the URL and the request body (the parsed JSON body, as upstream reports it).
 *
 * @since 0.1.0
 */
export const RequestInfo = Schema.Struct({
  url: Schema.optional(Schema.String),
  body: Schema.optional(Schema.Unknown)
})

/**
 * What was sent.
 *
 * @since 0.1.0
 */
export type RequestInfo = typeof RequestInfo.Type

/**
 * The result of `generate`.
 *
 * @since 0.1.0
 */
export const GenerateResult = Schema.Struct({
  content: Schema.Array(Content),
  structuredOutputText: Schema.optional(Schema.String),
  finishReason: FinishReason,
  usage: Usage,
  providerMetadata: Schema.optional(ProviderMetadata),
  request: Schema.optional(RequestInfo),
  response: Schema.optional(Schema.Struct({
    ...ResponseMetadataFields,
    headers: Schema.optional(Headers),
    body: Schema.optional(Schema.Unknown)
  })),
  warnings: Schema.Array(Warning)
})

/**
 * The result of `generate`.
 *
 * @since 0.1.0
 */
export type GenerateResult = typeof GenerateResult.Type

/**
 * The metadata known when a stream starts: the request and the response headers.
 *
 * @since 0.1.0
 */
export const StreamMetadata = Schema.Struct({
  request: Schema.optional(RequestInfo),
  response: Schema.optional(Schema.Struct({ headers: Schema.optional(Headers) }))
})

/**
 * The metadata known when a stream starts.
 *
 * @since 0.1.0
 */
export type StreamMetadata = typeof StreamMetadata.Type
