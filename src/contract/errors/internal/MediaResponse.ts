/**
 * The response metadata the media errors keep (upstream `ImageModelResponseMetadata`,
 * `SpeechModelResponseMetadata`, `TranscriptionModelResponseMetadata`): JSON-encodable, the
 * timestamp as a `Date`.
 *
 * @internal
 */
import { Schema } from "effect"
import { optional } from "../../Fields.ts"

/** @internal */
export const MediaResponse = Schema.Struct({
  timestamp: Schema.Date,
  modelId: Schema.String,
  headers: optional(Schema.Record(Schema.String, Schema.String)),
  body: optional(Schema.Defect())
})

/** @internal */
export type MediaResponse = typeof MediaResponse.Type
