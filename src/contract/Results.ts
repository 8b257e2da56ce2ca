/**
 * Results of `generate` and the metadata that comes with `stream`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { Content } from "./Content.ts"
import { UnknownValue } from "./Json.ts"
import { FinishReason } from "./FinishReason.ts"
import { Headers, ProviderMetadata } from "./ProviderMetadata.ts"
import { ResponseMetadataFields } from "./ResponseMetadata.ts"
import { Usage } from "./Usage.ts"
import { Warning } from "./Warning.ts"

/**
 * What was sent: the URL and the request body (the parsed JSON body, as upstream reports it).
 *
 * @since 0.1.0
 * @category schemas
 */
export const RequestInfo = Schema.Struct({
  url: optional(Schema.String),
  body: optional(UnknownValue)
})

/**
 * What was sent.
 *
 * @since 0.1.0
 * @category models
 */
export type RequestInfo = typeof RequestInfo.Type

/**
 * The result of `generate`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const GenerateResult = Schema.Struct({
  content: Schema.Array(Content),
  structuredOutputText: optional(Schema.String),
  finishReason: FinishReason,
  usage: Usage,
  providerMetadata: optional(ProviderMetadata),
  request: optional(RequestInfo),
  response: optional(Schema.Struct({
    ...ResponseMetadataFields,
    headers: optional(Headers),
    body: optional(UnknownValue)
  })),
  warnings: Schema.Array(Warning)
})

/**
 * The result of `generate`.
 *
 * @since 0.1.0
 * @category models
 */
export type GenerateResult = typeof GenerateResult.Type

/**
 * The metadata known when a stream starts: the request and the response headers.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StreamMetadata = Schema.Struct({
  request: optional(RequestInfo),
  response: optional(Schema.Struct({ headers: optional(Headers) }))
})

/**
 * The metadata known when a stream starts.
 *
 * @since 0.1.0
 * @category models
 */
export type StreamMetadata = typeof StreamMetadata.Type
