/**
 * The V4 speech model contract (`SpeechModelV4`, `@ai-sdk/provider@4.0.38`): call options and
 * result. (The experimental streaming contract, `StreamingSpeechModelV4`, is not ported.)
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { JsonObject, UnknownValue } from "./Json.ts"
import { Headers, ProviderOptions } from "./ProviderMetadata.ts"
import { Warning } from "./Warning.ts"

/**
 * Call options of `doGenerate` (`SpeechModelV4CallOptions`; no `abortSignal`: interruption cancels).
 *
 * @since 0.1.0
 * @category schemas
 */
export const SpeechCallOptions = Schema.Struct({
  text: Schema.String,
  voice: optional(Schema.String),
  outputFormat: optional(Schema.String),
  instructions: optional(Schema.String),
  speed: optional(Schema.Number),
  language: optional(Schema.String),
  providerOptions: optional(ProviderOptions),
  headers: optional(Schema.Record(Schema.String, Schema.UndefinedOr(Schema.String)))
})

/**
 * Call options of `doGenerate`.
 *
 * @since 0.1.0
 * @category models
 */
export type SpeechCallOptions = typeof SpeechCallOptions.Type

/**
 * The response information of a speech call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SpeechResponse = Schema.Struct({
  timestamp: Schema.Date,
  modelId: Schema.String,
  headers: optional(Headers),
  body: optional(UnknownValue)
})

/**
 * The response information of a speech call.
 *
 * @since 0.1.0
 * @category models
 */
export type SpeechResponse = typeof SpeechResponse.Type

/**
 * The result of `doGenerate` (`SpeechModelV4Result`): the audio as base64 text or bytes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SpeechResult = Schema.Struct({
  audio: Schema.Union([Schema.String, Schema.Uint8Array]),
  warnings: Schema.Array(Warning),
  usage: optional(JsonObject),
  request: optional(Schema.Struct({ body: optional(UnknownValue) })),
  response: SpeechResponse,
  providerMetadata: optional(Schema.Record(Schema.String, JsonObject))
})

/**
 * The result of `doGenerate`.
 *
 * @since 0.1.0
 * @category models
 */
export type SpeechResult = typeof SpeechResult.Type
