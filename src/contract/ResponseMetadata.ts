/**
 * Response metadata (`LanguageModelV4ResponseMetadata`). `timestamp` is a `Date` in memory and an
 * ISO-8601 string in JSON form.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"

/**
 * Response metadata fields.
 *
 * @since 0.1.0
 * @category field builders
 */
export const ResponseMetadataFields = {
  id: optional(Schema.String),
  timestamp: optional(Schema.Date),
  modelId: optional(Schema.String)
}

/**
 * Response metadata.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ResponseMetadata = Schema.Struct(ResponseMetadataFields)

/**
 * Response metadata.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseMetadata = typeof ResponseMetadata.Type
