/**
 * File data as the V4 contract carries it (`SharedV4FileData`).
 *
 * JSON form (what `Schema.toCodecJson` of these schemas produces and what the fixtures hold):
 * - `data`: a base64 string. In memory it is a `Uint8Array` or a base64 string; a `Uint8Array`
 *   encodes to base64 and decodes back as that base64 string (the string branch is tried first),
 *   which every provider accepts exactly as it accepts the bytes.
 * - `url`: the URL's `href` string; decoded into a `URL`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"

/**
 * Binary content: a base64 string or raw bytes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BinaryData = Schema.Union([Schema.String, Schema.Uint8Array])

/**
 * Binary content: a base64 string or raw bytes.
 *
 * @since 0.1.0
 * @category models
 */
export type BinaryData = typeof BinaryData.Type

/**
 * Inline file content.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileDataData = Schema.Struct({
  type: Schema.Literal("data"),
  data: BinaryData
})

/**
 * File content at a URL.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileDataUrl = Schema.Struct({
  type: Schema.Literal("url"),
  url: Schema.URL,
  originalUrl: optional(Schema.String)
})

/**
 * A reference to a file already uploaded to a provider (`Record<providerName, fileId>`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileDataReference = Schema.Struct({
  type: Schema.Literal("reference"),
  reference: Schema.Record(Schema.String, Schema.String)
})

/**
 * File content given as text.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileDataText = Schema.Struct({
  type: Schema.Literal("text"),
  text: Schema.String
})

/**
 * Any file data of the V4 contract.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileData = Schema.Union([FileDataData, FileDataUrl, FileDataReference, FileDataText])

/**
 * Any file data of the V4 contract.
 *
 * @since 0.1.0
 * @category models
 */
export type FileData = typeof FileData.Type

/**
 * File data that is inline bytes or a URL (generated files, reasoning files).
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileDataDataOrUrl = Schema.Union([FileDataData, FileDataUrl])

/**
 * File data that is inline bytes or a URL.
 *
 * @since 0.1.0
 * @category models
 */
export type FileDataDataOrUrl = typeof FileDataDataOrUrl.Type
