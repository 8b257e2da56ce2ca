/**
 * Response metadata (`LanguageModelV4ResponseMetadata`). `timestamp` is a `Date` in memory and an
 * ISO-8601 string in JSON form.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * Response metadata fields.
 *
 * @since 0.1.0
 */
export const ResponseMetadataFields = {
  id: Schema.optional(Schema.String),
  timestamp: Schema.optional(Schema.Date),
  modelId: Schema.optional(Schema.String)
}

/**
 * Response metadata.
 *
 * @since 0.1.0
 */
export const ResponseMetadata = Schema.Struct(ResponseMetadataFields)

/**
 * Response metadata.
 *
 * @since 0.1.0
 */
export type ResponseMetadata = typeof ResponseMetadata.Type
