/**
 * The V4 transcription model contract (`TranscriptionModelV4`, `@ai-sdk/provider@4.0.38`): call
 * options and result. (The experimental streaming contract is not ported.)
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { JsonObject, UnknownValue } from "./Json.ts"
import { Headers, ProviderOptions } from "./ProviderMetadata.ts"
import { Warning } from "./Warning.ts"

/**
 * A timing detail to request (`TranscriptionModelV4TimestampGranularity`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TimestampGranularity = Schema.Literals(["word", "segment"])

/**
 * A timing detail to request.
 *
 * @since 0.1.0
 * @category models
 */
export type TimestampGranularity = typeof TimestampGranularity.Type

/**
 * Call options of `doGenerate` (`TranscriptionModelV4CallOptions`): the audio as bytes or base64.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionCallOptions = Schema.Struct({
  audio: Schema.Union([Schema.Uint8Array, Schema.String]),
  mediaType: Schema.String,
  timestampGranularities: optional(Schema.Array(TimestampGranularity)),
  providerOptions: optional(ProviderOptions),
  headers: optional(Schema.Record(Schema.String, Schema.UndefinedOr(Schema.String)))
})

/**
 * Call options of `doGenerate`.
 *
 * @since 0.1.0
 * @category models
 */
export type TranscriptionCallOptions = typeof TranscriptionCallOptions.Type

/**
 * Call options of `doGenerateFromUrl`: the audio as a URL the provider fetches itself.
 *
 * @since 0.1.0
 * @category models
 */
export type TranscriptionUrlCallOptions = Omit<TranscriptionCallOptions, "audio" | "mediaType"> & {
  readonly audio: URL
}

/**
 * A timed piece of the transcript (segment or word).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TimedText = Schema.Struct({
  text: Schema.String,
  startSecond: Schema.Number,
  endSecond: Schema.Number
})

/**
 * A timed piece of the transcript.
 *
 * @since 0.1.0
 * @category models
 */
export type TimedText = typeof TimedText.Type

/**
 * The response information of a transcription call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionResponse = Schema.Struct({
  timestamp: Schema.Date,
  modelId: Schema.String,
  headers: optional(Headers),
  body: optional(UnknownValue)
})

/**
 * The response information of a transcription call.
 *
 * @since 0.1.0
 * @category models
 */
export type TranscriptionResponse = typeof TranscriptionResponse.Type

/**
 * The result of `doGenerate` (`TranscriptionModelV4Result`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TranscriptionResult = Schema.Struct({
  text: Schema.String,
  segments: Schema.Array(TimedText),
  words: optional(Schema.Array(TimedText)),
  language: Schema.UndefinedOr(Schema.String),
  durationInSeconds: Schema.UndefinedOr(Schema.Number),
  warnings: Schema.Array(Warning),
  usage: optional(JsonObject),
  request: optional(Schema.Struct({ body: optional(Schema.String) })),
  response: TranscriptionResponse,
  providerMetadata: optional(Schema.Record(Schema.String, JsonObject))
})

/**
 * The result of `doGenerate`.
 *
 * @since 0.1.0
 * @category models
 */
export type TranscriptionResult = typeof TranscriptionResult.Type
