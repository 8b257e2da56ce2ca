/**
 * The V4 image model contract (`ImageModelV4`, `@ai-sdk/provider@4.0.38`): call options, input
 * files, results, usage and provider metadata.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./Fields.ts"
import { JsonObject } from "./Json.ts"
import { Headers, ProviderOptions } from "./ProviderMetadata.ts"
import { Warning } from "./Warning.ts"

/**
 * An input image given as data (`ImageModelV4File` of type `file`): base64 text or bytes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageDataFile = Schema.Struct({
  type: Schema.Literal("file"),
  mediaType: Schema.String,
  data: Schema.Union([Schema.String, Schema.Uint8Array]),
  providerOptions: optional(ProviderOptions)
})

/**
 * An input image given by URL (`ImageModelV4File` of type `url`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageUrlFile = Schema.Struct({
  type: Schema.Literal("url"),
  url: Schema.String,
  providerOptions: optional(ProviderOptions)
})

/**
 * An input image for editing or variations (`ImageModelV4File`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageFile = Schema.Union([ImageDataFile, ImageUrlFile])

/**
 * An input image for editing or variations (`ImageModelV4File`).
 *
 * @since 0.1.0
 * @category models
 */
export type ImageFile = typeof ImageFile.Type

/**
 * Call options of `doGenerate` (`ImageModelV4CallOptions`; no `abortSignal`: interruption cancels).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageCallOptions = Schema.Struct({
  prompt: Schema.UndefinedOr(Schema.String),
  n: Schema.Number,
  size: Schema.UndefinedOr(Schema.TemplateLiteral([Schema.Number, "x", Schema.Number])),
  aspectRatio: Schema.UndefinedOr(Schema.TemplateLiteral([Schema.Number, ":", Schema.Number])),
  seed: Schema.UndefinedOr(Schema.Number),
  files: Schema.UndefinedOr(Schema.Array(ImageFile)),
  mask: Schema.UndefinedOr(ImageFile),
  providerOptions: ProviderOptions,
  headers: optional(Schema.Record(Schema.String, Schema.UndefinedOr(Schema.String)))
})

/**
 * Call options of `doGenerate`.
 *
 * @since 0.1.0
 * @category models
 */
export type ImageCallOptions = typeof ImageCallOptions.Type

/**
 * Token usage of an image call (`ImageModelV4Usage`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageUsage = Schema.Struct({
  inputTokens: Schema.UndefinedOr(Schema.Number),
  outputTokens: Schema.UndefinedOr(Schema.Number),
  totalTokens: Schema.UndefinedOr(Schema.Number)
})

/**
 * Token usage of an image call.
 *
 * @since 0.1.0
 * @category models
 */
export type ImageUsage = typeof ImageUsage.Type

/**
 * Provider metadata of an image call (`ImageModelV4ProviderMetadata`): per provider a JSON object
 * that always has an `images` array (one entry per image).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageProviderMetadata = Schema.Record(Schema.String, JsonObject)

/**
 * Provider metadata of an image call.
 *
 * @since 0.1.0
 * @category models
 */
export type ImageProviderMetadata = typeof ImageProviderMetadata.Type

/**
 * The response information of an image call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageResponse = Schema.Struct({
  timestamp: Schema.Date,
  modelId: Schema.String,
  headers: Schema.UndefinedOr(Headers)
})

/**
 * The response information of an image call.
 *
 * @since 0.1.0
 * @category models
 */
export type ImageResponse = typeof ImageResponse.Type

/**
 * The result of `doGenerate` (`ImageModelV4Result`): images as base64 strings or bytes, whichever
 * the API returned.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ImageResult = Schema.Struct({
  images: Schema.Union([Schema.Array(Schema.String), Schema.Array(Schema.Uint8Array)]),
  isRetryable: optional(Schema.Boolean),
  warnings: Schema.Array(Warning),
  providerMetadata: optional(ImageProviderMetadata),
  response: ImageResponse,
  usage: optional(ImageUsage)
})

/**
 * The result of `doGenerate`.
 *
 * @since 0.1.0
 * @category models
 */
export type ImageResult = typeof ImageResult.Type
